"""The Cities expansion's effect kinds, taught to the engine's one registry of effect kinds.

Every word of ``cities.md``'s new vocabulary is registered here with its role, so a black
card, a Cities guild or a wonder stage of this box whose effect nobody taught the engine fails
when the expansion loads.

- ``in_play``: what the players already entered (coins taken or paid, debt tokens, diplomacy
  tokens, shields, victory tokens taken at once): scores nothing of its own;
- ``neighbour_science`` (a role of its own): the masks, one symbol copied from a neighbour's
  green card at the end (:mod:`.masks`);
- ``black_market`` (a role of its own): what changes how the owner pays for a build (the
  Clandestine Docks, Smuggler's Cache, Secret Warehouse, Black Market, Architect Cabinet);
  the build checker's Cities part reads them.

Words another expansion registers too (``diplomacy``, ``victory_token_now``,
``defeat_tokens_discard``) are registered with the same meaning, so either expansion may load
first.
"""

from __future__ import annotations

from ...effects import EFFECT_KINDS, EffectKind, register_effect, register_role
from ...end_game import register_counted_noun
from ...messages import N_

_INT, _STR, _TUPLE = (int,), (str,), (tuple,)
MASK = "neighbour_science"
TRADE = "black_market"


def register_cities_effects() -> None:
    """Register every Cities effect kind (once; later calls change nothing)."""
    if "copy_neighbour_science" in EFFECT_KINDS:
        return
    register_role(MASK)
    register_role(TRADE)
    register_counted_noun("black", N_("black card"))
    register_counted_noun("victory_1", N_("Age I victory token"))
    register_counted_noun("victory_3", N_("Age II victory token"))
    register_counted_noun("victory_5", N_("Age III victory token"))
    kinds = [
        EffectKind("copy_neighbour_science", MASK),
        EffectKind("trade_discount_once", TRADE, {"direction": _STR, "amount": _INT}),
        EffectKind("trade_discount_board_resource", TRADE, {"direction": _STR, "amount": _INT}),
        EffectKind("produce_owned", TRADE),
        EffectKind("produce_missing", TRADE),
        EffectKind("free_wonder_stages", TRADE),
        # already in the coins, debt, tokens and shields the players enter
        EffectKind("debt_others", "in_play", {"amount": _INT}),
        EffectKind("debt_others_per", "in_play", {"counts": _TUPLE, "amount": _INT}),
        EffectKind("debt_neighbours", "in_play", {"amount": _INT}),
        EffectKind("coins_neighbours", "in_play", {"amount": _INT}),
        EffectKind("coins_others", "in_play", {"amount": _INT}),
        EffectKind("shields_per", "in_play", {"counts": _TUPLE, "whose": _STR, "amount": _INT}),
        EffectKind("diplomacy", "in_play", {"count": _INT}),
        EffectKind("victory_token_now", "in_play"),
        EffectKind("defeat_tokens_discard", "in_play"),
    ]
    for kind in kinds:
        register_effect(kind)
