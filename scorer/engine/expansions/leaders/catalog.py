"""The Leaders expansion as data: the leader cards, Roma and Abu Simbel, the Leaders guilds.

Every effect is checked against the engine's registry of effect kinds when it loads (the
expansion's own kinds are registered first, :mod:`.effects`): a leader must never score 0
because nobody taught the engine its effect. Wonders and guilds stay raw data here; the
ruleset turns them into its edition's wonders and cards (sides named as that edition names
them, rows as its score pad has them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from ...catalog import make_effects, read_data
from .cards import PLAYABLE_SETS, Leader
from .effects import register_leader_effects

#: the package whose ``data/`` folder holds the expansion's data (made by
#: ``scripts/import_leaders.py``)
PACKAGE = __package__


@dataclass(frozen=True, slots=True)
class LeaderCatalog:
    #: every leader of the box, Cities leaders included (they are refused by name)
    leaders: Mapping[str, Leader]
    #: Roma and Abu Simbel as raw wonder data, sides ``day``/``night`` (``side_effects``: what
    #: each side's board prints)
    wonders: tuple[dict, ...]
    #: the first-edition Leaders box's guilds as raw card data
    guilds: tuple[dict, ...]
    #: the sets whose leaders a city may recruit: the box's own, and the sets of other
    #: expansions played with it (named by expansion id, which ``finish`` adds)
    sets: frozenset[str] = frozenset(PLAYABLE_SETS)

    @property
    def playable(self) -> tuple[Leader, ...]:
        return tuple(leader for leader in self.leaders.values() if leader.set in self.sets)

    def allows(self, leader: Leader) -> bool:
        return leader.set in self.sets


def make_leader(raw: dict) -> Leader:
    effects = make_effects(raw["effects"], f"leader {raw['id']!r}")
    cost = raw["cost"]
    if not (cost == "A" or isinstance(cost, int)):
        raise ValueError(f"leader {raw['id']}: cost {cost!r} is neither coins nor 'A'")
    return Leader(raw["id"], raw["name"], raw["set"], None if cost == "A" else cost, effects,
                  raw["relevance"], MappingProxyType(dict(raw["reference_names"])))


@cache
def load_leaders() -> LeaderCatalog:
    """The expansion's data, read once per process; an unknown effect word raises here."""
    register_leader_effects()
    leaders = {raw["id"]: make_leader(raw) for raw in read_data("", "leaders.json", PACKAGE)}
    return LeaderCatalog(MappingProxyType(leaders), tuple(read_data("", "wonders.json", PACKAGE)),
                         tuple(read_data("", "guilds-first.json", PACKAGE)))


def leader_catalog(ruleset) -> LeaderCatalog | None:
    """The leaders of a ruleset that plays Leaders (None when it does not)."""
    return ruleset.data.get("leaders")
