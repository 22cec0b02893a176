"""The card and wonder catalog of an edition, loaded once from the package's data files.

Everything the rules need to know about a card (cost, chains, production, effects, copies per
player count) is data here, so that scoring and trading never branch on a card's name.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType

from .effects import EffectKind, UnknownEffect, allowed_on_board, effect_kind
from .messages import N_, Message, card_name, wonder_name

RAW_MATERIALS = ("wood", "stone", "clay", "ore")
MANUFACTURED_GOODS = ("glass", "loom", "papyrus")
RESOURCES = RAW_MATERIALS + MANUFACTURED_GOODS
SCIENCE_SYMBOLS = ("compass", "gear", "tablet")
COLOURS = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
#: the ages of the base game (compatibility: a ruleset says which ages it has)
AGES = (1, 2, 3)
#: the most players the decks are marked for
MAX_DECK_PLAYERS = 7
#: ``Card.symbol_index`` of a free symbol chosen at the end (Scientists Guild, Babylon)
WILD = len(SCIENCE_SYMBOLS)


@dataclass(frozen=True, slots=True, eq=False)
class Effect:
    """One effect of a card or wonder stage, as a type and its parameters."""

    type: str
    params: Mapping[str, object]
    #: the registry's EffectKind of ``type`` (set by the loader, which refuses unknown kinds)
    kind: EffectKind | None = field(default=None, compare=False, repr=False)

    @property
    def role(self) -> str:
        return self.kind.role

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
    #: the score-pad row its points go to (from the ruleset), None for colours that score none
    row: str | None = None
    # Facts the scorer reads for every card of every city, worked out once at load time.
    #: victory points printed on the card
    vp: int = field(init=False, repr=False, compare=False)
    #: index in SCIENCE_SYMBOLS of its science symbol, WILD for a free one, -1 for none
    symbol_index: int = field(init=False, repr=False, compare=False)
    #: the effects scored at the end by their kind's ``score`` (per item, conditions)
    end_game: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    #: the card's name as a translatable message
    label: Message = field(init=False, repr=False, compare=False)
    #: copies in all decks together, indexed by player count (0 to 7); guilds 0 (drawn)
    deck_copies: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        vp, symbol = _facts(self.effects)
        object.__setattr__(self, "vp", vp)
        object.__setattr__(self, "symbol_index", symbol)
        object.__setattr__(self, "end_game",
                           tuple(e for e in self.effects if e.kind.role == "end_game"))
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
        object.__setattr__(self, "copies_guild",
                           any(e.kind.role == "copy_guild" for e in self.effects))
        object.__setattr__(self, "short_label", Message(N_("stage %(number)d:"),
                                                        {"number": self.number}, memo=True))
        object.__setattr__(self, "label", Message(
            N_("%(wonder)s stage %(number)d"),
            {"wonder": wonder_name(self.wonder_name), "number": self.number}, memo=True))


@dataclass(frozen=True, slots=True, eq=False)
class Wonder:
    id: str
    name: str
    #: the resource printed on the board; None for a board without one (an expansion's)
    resource: str | None
    sides: Mapping[str, tuple[Stage, ...]]
    reference_names: Mapping[str, str]
    #: effects printed on the board itself, in play from the start (production, trade, builds)
    effects: tuple[Effect, ...] = ()
    #: effects printed on one side's half of the board only (an expansion's two-sided boards)
    side_effects: Mapping[str, tuple[Effect, ...]] = field(default_factory=dict)
    label: Message = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", wonder_name(self.name))

    def board(self, side: str) -> tuple[Effect, ...]:
        """Every effect the board prints for a city playing ``side``."""
        return self.effects + self.side_effects.get(side, ())


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

    def extended(self, cards: Iterable[Card] = (), wonders: Iterable[Wonder] = ()) -> Catalog:
        """This catalog with more cards and wonders (an expansion's); the original is unchanged."""
        merged = {**self.cards, **{card.id: card for card in cards}}
        return Catalog(self.edition, MappingProxyType(merged),
                       MappingProxyType({**self.wonders, **{w.id: w for w in wonders}}),
                       _card_ids(merged))

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
        role = effect.kind.role
        if role == "points":
            vp += effect["amount"]
        elif role == "science":
            chosen = effect["symbol"]
            symbol = WILD if chosen == "any" else SCIENCE_SYMBOLS.index(chosen)
    return vp, symbol


def make_effects(raw: list[dict], where: str, sellable: bool = False) -> tuple[Effect, ...]:
    """Effects from catalog data, each checked against the registry of effect kinds.

    ``sellable``: whether a neighbour may buy this item's production (the ruleset decides
    by colour; wonder stages never sell).
    """
    effects = []
    for item in raw:
        kind = effect_kind(item.get("type"), where)
        params = {key: (tuple(value) if isinstance(value, list) else value)
                  for key, value in item.items() if key != "type"}
        if kind.role == "production":
            params["sellable"] = sellable
        kind.check(params, where)
        effects.append(Effect(kind.name, MappingProxyType(params), kind))
    return tuple(effects)


def make_card(raw: dict, row_of_colour: Mapping[str, str],
              sellable_colours: frozenset[str]) -> Card:
    where = f"card {raw['id']!r}"
    effects = make_effects(raw["effects"], where, raw["colour"] in sellable_colours)
    row = row_of_colour.get(raw["colour"])
    if row is None and any(e.role in ("points", "end_game") for e in effects):
        raise UnknownEffect(f"{where}: its colour {raw['colour']!r} feeds no score-pad row")
    return Card(
        id=raw["id"], name=raw["name"], colour=raw["colour"],
        cost=MappingProxyType(dict(raw["cost"])),
        chains_from=tuple(raw["chains_from"]), chains_to=tuple(raw["chains_to"]),
        effects=effects,
        copies=MappingProxyType({int(age): tuple(marks) for age, marks in raw["copies"].items()}),
        aliases=tuple(raw["aliases"]),
        reference_names=MappingProxyType(dict(raw["reference_names"])),
        row=row,
    )


def make_wonder(raw: dict) -> Wonder:
    where = f"wonder {raw['id']!r}"
    sides = {
        side: tuple(Stage(number, MappingProxyType(dict(stage["cost"])),
                          make_effects(stage["effects"], f"{where} {side} stage {number}"),
                          raw["name"])
                    for number, stage in enumerate(stages, start=1))
        for side, stages in raw["sides"].items()
    }
    board = make_effects(raw.get("effects", []), f"{where} board")
    side_boards = {side: make_effects(effects, f"{where} {side} board")
                   for side, effects in raw.get("side_effects", {}).items()}
    for effect in (*board, *(e for effects in side_boards.values() for e in effects)):
        if not allowed_on_board(effect.role):
            raise UnknownEffect(f"{where}: a board effect of role {effect.role!r} is not "
                                "supported")
    return Wonder(id=raw["id"], name=raw["name"], resource=raw.get("resource"),
                  sides=MappingProxyType(sides),
                  reference_names=MappingProxyType(dict(raw["reference_names"])),
                  effects=board, side_effects=MappingProxyType(side_boards))


def read_data(directory: str, name: str, package: str = __package__) -> list[dict]:
    """One JSON list of a package's data files (``data/<directory>/<name>``): the engine's
    editions, or an expansion package's own data (``directory`` ``""``)."""
    text = resources.files(package).joinpath("data", directory, name).read_text("utf-8")
    return json.loads(text)


def _card_ids(cards: Mapping[str, Card]) -> Mapping[str, str]:
    card_ids = {card.id: card.id for card in cards.values()}
    for card in cards.values():
        card_ids.update((alias, card.id) for alias in card.aliases)
    return MappingProxyType(card_ids)


def build_catalog(edition: str, cards_raw: list[dict], wonders_raw: list[dict],
                  row_of_colour: Mapping[str, str], sellable_colours: frozenset[str]) -> Catalog:
    """A catalog from raw data; raises :class:`UnknownEffect` for an effect nobody registered."""
    cards = {raw["id"]: make_card(raw, row_of_colour, sellable_colours) for raw in cards_raw}
    wonders = {raw["id"]: make_wonder(raw) for raw in wonders_raw}
    return Catalog(edition, MappingProxyType(cards), MappingProxyType(wonders), _card_ids(cards))


def load_edition_catalog(spec) -> Catalog:
    """The catalog of an edition spec, read from its data directory (the ruleset calls this)."""
    return build_catalog(spec.id, read_data(spec.data, "cards.json"),
                         read_data(spec.data, "wonders.json"), spec.row_of_colour,
                         spec.trade.sellable_colours)

