"""Cities played with Leaders (C4, C12): the Cities leaders become playable, and the token
limits make room for a leader's and a Raider card's extra victory tokens together.

The six ``cities`` leaders of the Leaders box (``leaders.csv``) are refused unless Cities is
played too; with the first edition the Cities box's own leaders (``data/leaders-first.json``)
join them: Semiramis is in no Leaders box. Each expansion widens the ruleset's token limits
for its own extra tokens (Leaders: Nitocris's victory token, Tomyris's defeats; Cities: the
Raider cards'); played together, the extras add up (two conflicts, Nitocris and a Raider card:
four victory tokens of one Age), and the Leaders validation refines the wider limits per city
(it counts the Raider cards as buildings that give a token). The one module that knows both
expansions, so neither package names the other.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from types import MappingProxyType

from ...cards_at_hand.ruling import Ruling
from ...catalog import read_data
from ...messages import N_, Message
from ...rules.ruleset import Ruleset, TokenKind
from ..leaders.catalog import leader_catalog, make_leader
from ..leaders.ruleset import NAME as LEADERS
from ..leaders.validation import AGES, LOOSE_BATTLES, LOOSE_LIMITS
from .catalog import PACKAGE
from .ruleset import NAME, raider_tokens

#: the Cities box's own leaders, per edition (the second edition's are in the Leaders box)
BOX_LEADERS = {"first": "leaders-first.json"}


@cache
def box_leaders(edition: str) -> tuple[dict, ...]:
    name = BOX_LEADERS.get(edition)
    return tuple(read_data("", name, PACKAGE)) if name else ()


def joined(ruleset: Ruleset) -> Ruleset:
    """The ruleset whose leader catalog accepts the Cities leaders and whose token limits hold
    the leaders' and the Raider cards' extra tokens together (unchanged without Leaders)."""
    catalog = leader_catalog(ruleset)
    if catalog is None:
        return ruleset
    added = {raw["id"]: make_leader(raw) for raw in box_leaders(ruleset.edition)
             if raw["id"] not in catalog.leaders}
    together = replace(catalog, leaders=MappingProxyType({**catalog.leaders, **added}),
                       sets=catalog.sets | {NAME})
    return _token_limits(ruleset.with_data(LEADERS, together))


def _token_limits(ruleset: Ruleset) -> Ruleset:
    """Leaders' loose limits plus the Raider cards' victory token of each Age (C12)."""
    extra = raider_tokens(ruleset.catalog.cards.values())
    if not extra:
        return ruleset
    tokens = tuple(kind if kind.value < 0 else
                   TokenKind(kind.id, kind.value,
                             max(kind.limit, LOOSE_LIMITS.get(kind.id, 0) + extra))
                   for kind in ruleset.tokens)
    return ruleset.extended(tokens=tokens, max_battles=max(
        ruleset.max_battles, LOOSE_BATTLES + len(AGES) * extra))


#: the rulings about the two boxes played together (rulings-cities.md C4)
JOINT_RULINGS = (
    Ruling("C4", Message(N_(
        "The Cities leaders are played when both Leaders and Cities are. Darius: 1 point per "
        "black card of his city (leaders row); Aspasia: 2 points, her Diplomacy token scores "
        "nothing; the others score nothing themselves.")),
        ("caligula", "diocletian", "octavia", "arsinoe", "aspasia", "darius", "semiramis",
         "berenice")),
)
