"""The card and wonder catalog of an edition, loaded once from the package's data files.

Everything the rules need to know about a card (cost, chains, production, effects, copies per
player count) is data here, so that scoring and trading never branch on a card's name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType

from .messages import N_, Message, card_name, wonder_name

RAW_MATERIALS = ("wood", "stone", "clay", "ore")
MANUFACTURED_GOODS = ("glass", "loom", "papyrus")
RESOURCES = RAW_MATERIALS + MANUFACTURED_GOODS
SCIENCE_SYMBOLS = ("compass", "gear", "tablet")
COLOURS = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
AGES = (1, 2, 3)
EDITIONS = ("first",)
#: Guilds carry no player-count mark: N+2 of them are drawn for N players.
GUILDS_EXTRA = 2
#: the most players the decks are marked for
MAX_DECK_PLAYERS = 7
#: ``Card.symbol_index`` of a free symbol chosen at the end (Scientists Guild, Babylon)
WILD = len(SCIENCE_SYMBOLS)
#: Effects scored at the end per item counted (guilds, Haven, Lighthouse, Chamber, Arena)
PER_ITEM_EFFECTS = ("vp_per", "coins_vp_per")


@dataclass(frozen=True, slots=True, eq=False)
class Effect:
    """One effect of a card or wonder stage, as a type and its parameters."""

    type: str
    params: Mapping[str, object]

    def __getitem__(self, key: str):
        return self.params[key]

    def get(self, key: str, default=None):
        return self.params.get(key, default)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A building: one entry per name (Loom, Glassworks and Press exist in two ages).

    Cards, stages and wonders exist once per process (the catalog is loaded once), so they
    compare and hash by identity, which lets the scorer memoise per-card explanations.
    """

    id: str
    name: str
    colour: str
    cost: Mapping[str, int]
    chains_from: tuple[str, ...]
    chains_to: tuple[str, ...]
    effects: tuple[Effect, ...]
    #: age -> the "N+" marks of the physical copies in that age's deck
    copies: Mapping[int, tuple[int, ...]]
    aliases: tuple[str, ...]
    reference_names: Mapping[str, str]
    # Facts the scorer reads for every card of every city, worked out once at load time.
    #: victory points printed on the card
    vp: int = field(init=False, repr=False, compare=False)
    #: index in SCIENCE_SYMBOLS of its science symbol, WILD for a free one, -1 for none
    symbol_index: int = field(init=False, repr=False, compare=False)
    #: the effects that score per item counted at the end
    per_item: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    #: the card's name as a translatable message
    label: Message = field(init=False, repr=False, compare=False)
    #: copies in all decks together, indexed by player count (0 to 7); guilds 0 (drawn)
    deck_copies: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        vp, symbol = _facts(self.effects)
        object.__setattr__(self, "vp", vp)
        object.__setattr__(self, "symbol_index", symbol)
        object.__setattr__(self, "per_item",
                           tuple(e for e in self.effects if e.type in PER_ITEM_EFFECTS))
        object.__setattr__(self, "label", card_name(self.name))
        object.__setattr__(self, "deck_copies", tuple(
            sum(1 for marks in self.copies.values() for mark in marks if mark <= players)
            for players in range(MAX_DECK_PLAYERS + 1)))

    @property
    def ages(self) -> tuple[int, ...]:
        return tuple(sorted(self.copies))

    @property
    def is_guild(self) -> bool:
        return self.colour == "purple"

    def copies_for(self, players: int, age: int | None = None) -> int:
        """How many copies of this building the decks hold for that many players."""
        if age is None and 0 <= players <= MAX_DECK_PLAYERS:
            return self.deck_copies[players]
        ages = self.copies if age is None else {age: self.copies.get(age, ())}
        return sum(1 for marks in ages.values() for mark in marks if mark <= players)


@dataclass(frozen=True, slots=True, eq=False)
class Stage:
    number: int
    cost: Mapping[str, int]
    effects: tuple[Effect, ...]
    #: the wonder's name, so that a stage can say whose it is in an explanation
    wonder_name: str = ""
    vp: int = field(init=False, repr=False, compare=False)
    #: WILD when the stage gives a free science symbol, else -1
    symbol_index: int = field(init=False, repr=False, compare=False)
    #: Olympia B stage 3: copy a neighbour's guild at the end
    copies_guild: bool = field(init=False, repr=False, compare=False)
    #: "stage 2" and "<wonder> stage 2" as translatable messages
    short_label: Message = field(init=False, repr=False, compare=False)
    label: Message = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        vp, symbol = _facts(self.effects)
        object.__setattr__(self, "vp", vp)
        object.__setattr__(self, "symbol_index", symbol)
        object.__setattr__(self, "copies_guild", any(e.type == "copy_guild" for e in self.effects))
        object.__setattr__(self, "short_label", Message(N_("stage %(number)d:"),
                                                        {"number": self.number}, memo=True))
        object.__setattr__(self, "label", Message(
            N_("%(wonder)s stage %(number)d"),
            {"wonder": wonder_name(self.wonder_name), "number": self.number}, memo=True))


@dataclass(frozen=True, slots=True, eq=False)
class Wonder:
    id: str
    name: str
    resource: str
    sides: Mapping[str, tuple[Stage, ...]]
    reference_names: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card and wonder of one edition, with the lookups the engine needs."""

    edition: str
    cards: Mapping[str, Card]
    wonders: Mapping[str, Wonder]
    #: every accepted card id (aliases included) -> the building id
    card_ids: Mapping[str, str]
    #: every accepted card id (aliases included) -> the building, for one-step lookups
    by_id: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", MappingProxyType(
            {card_id: self.cards[building] for card_id, building in self.card_ids.items()}))

    def card(self, card_id: str) -> Card | None:
        return self.by_id.get(card_id)

    def deck(self, age: int, players: int) -> list[Card]:
        """The cards dealt in an age for that many players, guilds excluded (drawn at random)."""
        return [card for card in self.cards.values() if not card.is_guild
                for _ in range(card.copies_for(players, age))]

    @property
    def guilds(self) -> list[Card]:
        return [card for card in self.cards.values() if card.is_guild]


def _facts(effects: tuple[Effect, ...]) -> tuple[int, int]:
    """Printed victory points and science symbol index of a card's or stage's effects."""
    vp, symbol = 0, -1
    for effect in effects:
        if effect.type == "vp":
            vp += effect["amount"]
        elif effect.type == "science":
            chosen = effect["symbol"]
            symbol = WILD if chosen == "any" else SCIENCE_SYMBOLS.index(chosen)
    return vp, symbol


def _effects(raw: list[dict]) -> tuple[Effect, ...]:
    effects = []
    for item in raw:
        params = {key: (tuple(value) if isinstance(value, list) else value)
                  for key, value in item.items() if key != "type"}
        effects.append(Effect(item["type"], MappingProxyType(params)))
    return tuple(effects)


def _card(raw: dict) -> Card:
    return Card(
        id=raw["id"], name=raw["name"], colour=raw["colour"],
        cost=MappingProxyType(dict(raw["cost"])),
        chains_from=tuple(raw["chains_from"]), chains_to=tuple(raw["chains_to"]),
        effects=_effects(raw["effects"]),
        copies=MappingProxyType({int(age): tuple(marks) for age, marks in raw["copies"].items()}),
        aliases=tuple(raw["aliases"]),
        reference_names=MappingProxyType(dict(raw["reference_names"])),
    )


def _wonder(raw: dict) -> Wonder:
    sides = {
        side: tuple(Stage(number, MappingProxyType(dict(stage["cost"])), _effects(stage["effects"]),
                          raw["name"])
                    for number, stage in enumerate(stages, start=1))
        for side, stages in raw["sides"].items()
    }
    return Wonder(id=raw["id"], name=raw["name"], resource=raw["resource"],
                  sides=MappingProxyType(sides),
                  reference_names=MappingProxyType(dict(raw["reference_names"])))


def _read(edition: str, name: str) -> list[dict]:
    text = resources.files(__package__).joinpath("data").joinpath(edition).joinpath(name).read_text("utf-8")
    return json.loads(text)


@cache
def load_catalog(edition: str = "first") -> Catalog:
    """The catalog of an edition; read from disk once per process and never changed."""
    if edition not in EDITIONS:
        raise KeyError(edition)
    cards = {raw["id"]: _card(raw) for raw in _read(edition, "cards.json")}
    wonders = {raw["id"]: _wonder(raw) for raw in _read(edition, "wonders.json")}
    card_ids = {card.id: card.id for card in cards.values()}
    for card in cards.values():
        card_ids.update((alias, card.id) for alias in card.aliases)
    return Catalog(edition, MappingProxyType(cards), MappingProxyType(wonders),
                   MappingProxyType(card_ids))
