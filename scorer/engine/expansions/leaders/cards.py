"""A leader card, and what a city holds of them.

Apart from the catalog that loads them, so that scoring, validation and the build checker
can name a leader without loading (or importing) the expansion's data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ...catalog import SCIENCE_SYMBOLS, Effect
from ...messages import Message

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


def leaders_of(city) -> tuple[Leader, ...]:
    """The leaders a city recruited face up."""
    return city.parts.get("leaders", ())


def buried_of(city) -> tuple:
    """The leaders a city buried under its wonder (:class:`~.scoring.Buried`)."""
    return city.parts.get("buried", ())
