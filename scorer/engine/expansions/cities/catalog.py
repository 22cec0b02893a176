"""The Cities expansion as data: black cards, Petra and Byzantium, the first edition's Cities
guilds, per edition (``data/``, made by ``scripts/import_cities.py``).

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


@dataclass(frozen=True, slots=True)
class CitiesData:
    """One edition's Cities box as raw data (the ruleset makes cards and wonders of it)."""

    cards: tuple[dict, ...]
    wonders: tuple[dict, ...]
    guilds: tuple[dict, ...]


@cache
def load_cities(edition: str) -> CitiesData:
    register_cities_effects()
    files = FILES.get(edition, {})

    def read(kind: str) -> tuple[dict, ...]:
        return tuple(read_data("", files[kind], PACKAGE)) if kind in files else ()

    return CitiesData(read("cards"), read("wonders"), read("guilds"))
