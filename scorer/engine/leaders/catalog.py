"""The Leaders expansion as data: the leader cards, Roma and Abu Simbel, the Leaders guilds.

Every effect is checked against the engine's registry of effect kinds when it loads (the
expansion's own kinds are registered first, :mod:`.effects`): a leader must never score 0
because nobody taught the engine its effect. Wonders and guilds stay raw data here; the
ruleset turns them into its edition's wonders and cards (sides named as that edition names
them, rows as its score pad has them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

from ..catalog import SCIENCE_SYMBOLS, Effect, make_effects, read_data
from ..messages import Message
from .effects import register_leader_effects

#: the sets of leaders the project plays; ``cities`` leaders need an unsupported expansion
PLAYABLE_SETS = ("standard", "expert")
#: how many leaders a city holds at most (one per Age), before Roma night's extra recruits
LEADERS_PER_CITY = 3


def leader_name(name: str) -> Message:
    return Message(name, context="leader")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Leader:
    """A leader card. Like cards, leaders exist once per process and compare by identity."""

    id: str
    name: str
    set: str
    #: coins to recruit; None for "A" (the Age it is recruited in)
    cost: int | None
    effects: tuple[Effect, ...]
    relevance: str
    reference_names: Mapping[str, str]
    label: Message = field(init=False, repr=False, compare=False)
    #: index in SCIENCE_SYMBOLS of the symbol it adds to science, -1 for none
    symbol_index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", leader_name(self.name))
        symbol = -1
        for effect in self.effects:
            if effect.type == "science":
                symbol = SCIENCE_SYMBOLS.index(effect["symbol"])
        object.__setattr__(self, "symbol_index", symbol)

    @property
    def colour(self) -> str:
        """Leaders are no card of any colour (a per-item count never counts a leader as one)."""
        return "leader"

    def __repr__(self) -> str:
        return f"Leader({self.id!r})"

    @property
    def age_cost(self) -> bool:
        """Whether the cost is "A": 1 coin in Age I, 2 in Age II, 3 in Age III."""
        return self.cost is None

    def cost_in(self, age: int | None) -> int | None:
        """The printed coin cost when recruited in ``age`` (None: "A" and no age known)."""
        return self.cost if self.cost is not None else age

    @property
    def playable(self) -> bool:
        return self.set in PLAYABLE_SETS

    def kinds(self) -> frozenset[str]:
        return frozenset(effect.type for effect in self.effects)


@dataclass(frozen=True, slots=True)
class LeaderCatalog:
    #: every leader of the box, Cities leaders included (they are refused by name)
    leaders: Mapping[str, Leader]
    #: Roma and Abu Simbel as raw wonder data, sides ``day``/``night`` (``side_effects``: what
    #: each side's board prints)
    wonders: tuple[dict, ...]
    #: the first-edition Leaders box's guilds as raw card data
    guilds: tuple[dict, ...]

    @property
    def playable(self) -> tuple[Leader, ...]:
        return tuple(leader for leader in self.leaders.values() if leader.playable)


def _leader(raw: dict) -> Leader:
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
    leaders = {raw["id"]: _leader(raw) for raw in read_data("leaders", "leaders.json")}
    return LeaderCatalog(MappingProxyType(leaders), tuple(read_data("leaders", "wonders.json")),
                         tuple(read_data("leaders", "guilds-first.json")))
