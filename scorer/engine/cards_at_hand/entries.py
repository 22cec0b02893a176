"""The entries of the rules at hand: one per building, wonder and expansion card of
each edition, with the facts a card's page shows, read from the rulesets the app plays.

Which expansion a building or wonder belongs to is found by the rulesets themselves (the one
expansion whose ruleset adds it); what an expansion adds beside buildings and wonders comes
from its ``at_hand`` hook. Nothing here names an expansion or an edition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..catalog import Card, Effect, Wonder
from ..expansions import installed
from ..messages import Message
from ..rules import editions, get_ruleset
from ..rules.ruleset import Ruleset
from .sentences import sentences_of

BUILDING, WONDER = "building", "wonder"


@dataclass(frozen=True, slots=True)
class StageEntry:
    number: int
    cost: Mapping[str, int]
    effects: tuple[Message, ...]


@dataclass(frozen=True, slots=True)
class SideEntry:
    id: str
    label: Message
    stages: tuple[StageEntry, ...]
    #: what this side's half of the board prints, in play from the start
    board: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Entry:
    """One card, wonder or expansion card of one edition, as the rules at hand show it."""

    id: str
    kind: str
    name: str
    label: Message
    edition: str
    #: the expansions a game must play for it, the one that brings it first (``()``: base game)
    expansions: tuple[str, ...]
    #: effect sentences, in order (a wonder's are in its sides)
    effects: tuple[Message, ...]
    reference_names: Mapping[str, str]
    cost: Mapping[str, int] = field(default_factory=dict)
    #: the coin cost is the Age's number (a cost of "A")
    cost_is_age: bool = False
    colour: str | None = None
    ages: tuple[int, ...] = ()
    chains_from: tuple[str, ...] = ()
    chains_to: tuple[str, ...] = ()
    #: player counts whose decks hold it (buildings)
    players: tuple[int, ...] = ()
    #: age -> the "N+" marks of its copies; empty marks: drawn at random (guilds ...)
    copies: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    #: a wonder: the board's own resource and effects, and its sides
    resource: str | None = None
    board: tuple[Message, ...] = ()
    sides: tuple[SideEntry, ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        return self.edition, self.id

    @property
    def expansion(self) -> str | None:
        return self.expansions[0] if self.expansions else None

    @property
    def age(self) -> int | None:
        return self.ages[0] if self.ages else None


def building_entry(card: Card, edition: str, expansions: tuple[str, ...],
                   ruleset: Ruleset) -> Entry:
    return Entry(
        id=card.id, kind=BUILDING, name=card.name, label=card.label, edition=edition,
        expansions=expansions, effects=sentences_of(card.effects, f"card {card.id!r}"),
        reference_names=card.reference_names, cost=card.cost, colour=card.colour,
        ages=card.ages, chains_from=card.chains_from, chains_to=card.chains_to,
        players=deck_players(card, ruleset), copies=card.copies)


def deck_players(card: Card, ruleset: Ruleset) -> tuple[int, ...]:
    """The table sizes whose decks hold the building; one drawn at random (no marks) is in
    every table's draw."""
    sizes = range(ruleset.min_players, ruleset.max_players + 1)
    if not any(card.copies.values()):
        return tuple(sizes)
    return tuple(size for size in sizes if card.copies_for(min(size, ruleset.largest_deck)))


def wonder_entry(wonder: Wonder, edition: str, expansions: tuple[str, ...],
                 ruleset: Ruleset) -> Entry:
    where = f"wonder {wonder.id!r}"
    sides = tuple(
        SideEntry(side_id, ruleset.side(side_id).label,
                  tuple(StageEntry(stage.number, stage.cost,
                                   sentences_of(stage.effects, f"{where} {side_id} {stage.number}"))
                        for stage in stages),
                  sentences_of(wonder.side_effects.get(side_id, ()), where))
        for side_id, stages in wonder.sides.items())
    return Entry(id=wonder.id, kind=WONDER, name=wonder.name, label=wonder.label,
                 edition=edition, expansions=expansions, effects=(),
                 reference_names=wonder.reference_names, resource=wonder.resource,
                 board=sentences_of(wonder.effects, where), sides=sides)


def other_entry(kind: str, item, edition: str, expansions: tuple[str, ...]) -> Entry:
    """An expansion's card that is no building or wonder (its ``at_hand`` hook's)."""
    effects: tuple[Effect, ...] = item.effects
    cost = item.cost
    return Entry(id=item.id, kind=kind, name=item.name, label=item.label, edition=edition,
                 expansions=expansions, effects=sentences_of(effects, f"{kind} {item.id!r}"),
                 reference_names=item.reference_names,
                 cost=MappingProxyType({"coins": cost} if cost else {}),
                 cost_is_age=cost is None)


def edition_entries(edition: str) -> list[Entry]:
    """Every entry of one edition: its buildings and wonders, each expansion's, and what the
    expansions' ``at_hand`` hooks add (with every expansion played, so that what two of them
    bring together is there too)."""
    base = get_ruleset(edition)
    everything = get_ruleset(edition, installed())
    owner: dict[tuple[str, str], tuple[str, ...]] = {}
    for name in installed():
        catalog = get_ruleset(edition, (name,)).catalog
        for card_id in catalog.cards.keys() - base.catalog.cards.keys():
            owner.setdefault((BUILDING, card_id), (name,))
        for wonder_id in catalog.wonders.keys() - base.catalog.wonders.keys():
            owner.setdefault((WONDER, wonder_id), (name,))
    entries = []
    for card in everything.catalog.cards.values():
        played = owner.get((BUILDING, card.id), ())
        entries.append(building_entry(card, edition, played, get_ruleset(edition, played)))
    for wonder in everything.catalog.wonders.values():
        played = owner.get((WONDER, wonder.id), ())
        entries.append(wonder_entry(wonder, edition, played, get_ruleset(edition, played)))
    for part in everything.parts:
        for kind, item, played in part.at_hand(everything):
            entries.append(other_entry(kind, item, edition, tuple(played)))
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise ValueError(f"{edition}: two cards of the rules at hand share the id {entry.id!r}")
        seen.add(entry.id)
    return entries


def every_entry() -> tuple[Entry, ...]:
    """Every entry of every edition, editions in their order."""
    return tuple(entry for edition in editions() for entry in edition_entries(edition))
