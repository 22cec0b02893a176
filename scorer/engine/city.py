"""The city model: one player's wonder, stages, buildings, coins and tokens, seated in a game.

Scoring and the trade planner both read cities through this model, so what a city is worth
and what it can build are answered from the same facts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .catalog import Card, Catalog, Effect, Stage, Wonder

if TYPE_CHECKING:
    from .rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class City:
    name: str
    wonder: Wonder
    side: str
    stages_built: int
    cards: tuple[Card, ...]
    coins: int
    tokens: Mapping[str, int]
    free_city: bool = False
    #: what the expansions played add to the city, by document field (each expansion reads
    #: its own)
    parts: Mapping[str, Any] = field(default_factory=dict)
    #: counts the expansions add to ``tallies``
    extra_tallies: Mapping[str, int] = field(default_factory=dict)
    colour_counts: Mapping[str, int] = field(init=False, repr=False, compare=False)
    #: what end-of-game effects count: each colour, ``wonder_stage``, ``defeat_token``,
    #: ``victory_token`` and the expansions' counts
    tallies: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        colours = Counter(card.colour for card in self.cards)
        object.__setattr__(self, "colour_counts", colours)
        tallies = dict(colours)
        tallies["wonder_stage"] = self.stages_built
        tallies["defeat_token"] = self.tokens.get("defeat", 0)
        tallies["victory_token"] = sum(count for kind, count in self.tokens.items()
                                       if kind != "defeat")
        # each kind of token by its id too (``victory_1``: the Age I victories)
        tallies.update(self.tokens)
        tallies.update(self.extra_tallies)
        object.__setattr__(self, "tallies", tallies)

    @property
    def stages(self) -> tuple[Stage, ...]:
        """Every stage of the chosen side, built or not."""
        return self.wonder.sides[self.side]

    @property
    def built_stages(self) -> tuple[Stage, ...]:
        return self.stages[: self.stages_built]

    @property
    def card_ids(self) -> frozenset[str]:
        return frozenset(card.id for card in self.cards)

    @property
    def defeats(self) -> int:
        return self.tokens.get("defeat", 0)

    def effects(self) -> Iterator[tuple[Wonder | Card | Stage, Effect]]:
        """Every effect in play: the board's, the buildings', then the built stages' in order."""
        for effect in self.wonder.board(self.side):
            yield self.wonder, effect
        for card in self.cards:
            for effect in card.effects:
                yield card, effect
        for stage in self.built_stages:
            for effect in stage.effects:
                yield stage, effect

    def count(self, what: str) -> int:
        """How many of ``what`` (a colour, ``wonder_stage`` or ``defeat_token``) the city holds."""
        return self.tallies.get(what, 0)


@dataclass(frozen=True, slots=True)
class Game:
    """Cities in clockwise seating order: the left neighbour is the next one, the right the
    previous one (the Age I hand goes to the left, i.e. clockwise)."""

    ruleset: Ruleset
    cities: tuple[City, ...]
    #: what the expansions played add to the game itself, by document field (``teams``)
    parts: Mapping[str, Any] = field(default_factory=dict)

    @property
    def catalog(self) -> Catalog:
        return self.ruleset.catalog

    @property
    def edition(self) -> str:
        return self.ruleset.edition

    @property
    def deck_players(self) -> int:
        """The player count whose decks are dealt (the two-player variant uses three)."""
        return len(self.cities)

    def left(self, index: int) -> City:
        return self.cities[(index + 1) % len(self.cities)]

    def right(self, index: int) -> City:
        return self.cities[(index - 1) % len(self.cities)]

    def index_of(self, name: str) -> int | None:
        for index, city in enumerate(self.cities):
            if city.name == name:
                return index
        return None

    def cities_for(self, index: int, whose: str) -> tuple[City, ...]:
        """The cities a ``self``/``neighbours``/``self+neighbours`` effect looks at."""
        own, left, right = self.cities[index], self.left(index), self.right(index)
        if whose == "self":
            return (own,)
        if whose == "neighbours":
            return (left, right)
        return (own, left, right)
