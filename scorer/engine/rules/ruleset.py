"""The Ruleset object and the declarative parts an edition (or an expansion) is made of.

An edition module (:mod:`.first`, :mod:`.second`) fills in an :class:`EditionSpec`; the
registry in :mod:`scorer.engine.rules` turns it and the edition's catalog data into one frozen
:class:`Ruleset`. Everything else in the app asks the Ruleset, which is why it holds plain,
immutable facts and translatable labels, and no behaviour beyond lookups.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..messages import Message

if TYPE_CHECKING:
    from ..catalog import Catalog


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the score pad: its id (a score report category) and its translatable label.

    A ``typed`` row holds points the players type (an expansion the app does not score card
    by card yet): the pads and sheets say so, so nobody mistakes it for a computed one."""

    id: str
    label: Message
    typed: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the wonder boards (``A``, ``day`` ...) and its translatable label."""

    id: str
    label: Message


@dataclass(frozen=True, slots=True)
class TokenKind:
    """A kind of conflict token: its points and how many one city can hold."""

    id: str
    value: int
    limit: int


@dataclass(frozen=True, slots=True)
class TradeRules:
    """Prices of the build checker and what a neighbour may sell."""

    base_price: int
    discount_price: int
    #: card colours whose production a neighbour may buy (the board resource always can)
    sellable_colours: frozenset[str]


@dataclass(frozen=True, slots=True)
class SideMessages:
    """The validation texts that name an edition's sides (msgids kept as they always were)."""

    #: the side is not a text
    not_text: str
    #: an unknown side: ``%(side)s``
    unknown: str


@dataclass(frozen=True, slots=True, eq=False, kw_only=True)
class RuleFacts:
    """The facts an edition fixes and its rulesets carry, declared once for both.

    An :class:`EditionSpec` states them; :func:`ruleset_from` copies each of them into the
    edition's :class:`Ruleset`, and an expansion may change them (``Ruleset.extended``).
    """

    label: Message
    #: the score pad's rows, in the pad's order
    rows: tuple[Row, ...]
    #: which row a card's points go to, by the card's colour
    row_of_colour: Mapping[str, str]
    #: the wonder sides a document may name, in the order the box shows them
    sides: tuple[Side, ...]
    side_messages: SideMessages
    #: seats at the table (a Free City game has three entries, one the Free City)
    min_players: int
    max_players: int
    #: whether the two-player variant with the Free City exists
    free_city: bool
    #: the largest table the decks are made for: a larger table plays that table's decks
    #: (its copies, its guilds)
    largest_deck: int
    #: the colours of buildings, in the order the pages list them
    colours: tuple[str, ...]
    #: conflict tokens in score-pad order (victories by age, then defeats) with their limits
    tokens: tuple[TokenKind, ...]
    #: battles a city fights in a game (one token each at most)
    max_battles: int
    starting_coins: int
    #: coins per point in the treasury row
    coins_per_point: int
    #: guilds dealt in Age III beyond one per player
    guilds_extra: int
    ages: tuple[int, ...]
    trade: TradeRules
    #: fields a player of a game document may carry (anything else is refused)
    player_fields: frozenset[str]
    #: fields of the game document itself (a trade question adds its own)
    game_fields: frozenset[str]
    #: the message refusing the Free City when the variant does not exist (msgid; ``%(low)d``
    #: and ``%(high)d`` the player counts)
    no_free_city: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EditionSpec(RuleFacts):
    """The declarative content of an edition module: its :class:`RuleFacts`, its id and the
    folder of its catalog data."""

    id: str
    data: str


@dataclass(frozen=True, slots=True, eq=False, kw_only=True)
class Ruleset(RuleFacts):
    """Everything the engine and the pages need to know about one (edition, expansions).

    Obtain it with :func:`scorer.engine.rules.get_ruleset`; one object exists per
    combination and it never changes. Its facts (:class:`RuleFacts`) come from the edition's
    spec, changed by the expansions played.
    """

    #: the edition id of documents (``"first"``, ``"second"``); its translatable name is ``label``
    edition: str
    #: the expansions played, sorted (``()`` for the base game)
    expansions: tuple[str, ...]
    #: cards and wonders (with their sides' stages)
    catalog: Catalog
    #: the expansions played, as the plug-in objects whose hooks the core calls, in order
    #: (see :mod:`scorer.engine.expansions`)
    parts: tuple = ()
    #: what each expansion played keeps in the ruleset, by expansion id (its own cards ...)
    data: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    #: the score report's categories: the rows' ids in pad order
    categories: tuple[str, ...] = field(init=False)
    #: (token id, value) in pad order, for the scorer's inner loop
    token_values_in_order: tuple[tuple[str, int], ...] = field(init=False, repr=False)
    #: the player fields plus ``free_city``, which validation refuses with its own message
    player_fields_or_free_city: frozenset[str] = field(init=False, repr=False)
    _sides: Mapping[str, Side] = field(init=False, repr=False)
    _tokens: Mapping[str, TokenKind] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "categories", tuple(row.id for row in self.rows))
        object.__setattr__(self, "token_values_in_order",
                           tuple((t.id, t.value) for t in self.tokens))
        object.__setattr__(self, "player_fields_or_free_city", self.player_fields | {"free_city"})
        object.__setattr__(self, "_sides", MappingProxyType({s.id: s for s in self.sides}))
        object.__setattr__(self, "_tokens", MappingProxyType({t.id: t for t in self.tokens}))

    @property
    def side_ids(self) -> tuple[str, ...]:
        return tuple(side.id for side in self.sides)

    def side(self, side_id: str) -> Side | None:
        return self._sides.get(side_id)

    def token(self, kind: str) -> TokenKind | None:
        return self._tokens.get(kind)

    @property
    def token_values(self) -> Mapping[str, int]:
        return MappingProxyType({t.id: t.value for t in self.tokens})

    def row_label(self, row_id: str) -> Message:
        return next(row.label for row in self.rows if row.id == row_id)

    def extended(self, **changes) -> Ruleset:
        """A copy with some facts changed: how an expansion builds on its base ruleset."""
        return replace(self, **changes)

    def with_data(self, expansion: str, value: object, **changes) -> Ruleset:
        """A copy keeping ``value`` as the expansion's own data (``ruleset.data[expansion]``)."""
        return replace(self, data=MappingProxyType({**self.data, expansion: value}), **changes)


def ruleset_from(spec: EditionSpec, catalog: Catalog) -> Ruleset:
    facts = {fact.name: getattr(spec, fact.name) for fact in fields(RuleFacts)}
    facts["row_of_colour"] = MappingProxyType(dict(spec.row_of_colour))
    return Ruleset(edition=spec.id, expansions=(), catalog=catalog, **facts)
