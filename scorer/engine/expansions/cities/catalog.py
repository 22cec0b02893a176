"""The Cities expansion as data: black cards, Petra and Byzantium, the first edition's Cities
guilds, per edition (``data/``, made by ``scripts/import_cities.py``), and the table sizes that
play in teams (C14).

Every effect is checked against the engine's registry when the ruleset builds the cards (the
expansion's own kinds are registered first, :mod:`.effects`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...catalog import read_data
from .effects import register_cities_effects

PACKAGE = __package__
#: data files per edition (an edition without a file has none of that kind)
FILES = {
    "first": {"cards": "cards-first.json", "wonders": "wonders-first.json",
              "guilds": "guilds-first.json"},
    "second": {"cards": "cards-second.json", "wonders": "wonders-second.json"},
}
#: team play's table sizes per edition (C14): the first edition's box plays 8 with its
#: 7-player decks, the second edition's at most 7
TEAM_TABLES = {"first": (4, 6, 8), "second": (4, 6)}


@dataclass(frozen=True, slots=True)
class CitiesData:
    """One edition's Cities box as raw data (the ruleset makes cards and wonders of it)."""

    cards: tuple[dict, ...]
    wonders: tuple[dict, ...]
    guilds: tuple[dict, ...]
    #: the numbers of players that may play in teams (none: no team play)
    team_tables: tuple[int, ...] = ()


@cache
def load_cities(edition: str) -> CitiesData:
    register_cities_effects()
    files = FILES.get(edition, {})

    def read(kind: str) -> tuple[dict, ...]:
        return tuple(read_data("", files[kind], PACKAGE)) if kind in files else ()

    return CitiesData(read("cards"), read("wonders"), read("guilds"),
                      TEAM_TABLES.get(edition, ()))
