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

from ...effect_words import COUNTED_NOUNS, NEIGHBOUR_PHRASES, word, words
from ...effects import (
    DISCARDS_DEFEATS,
    EFFECT_KINDS,
    GAINS_VICTORY,
    EffectKind,
    per_item_words,
    register_effect,
    register_role,
)
from ...end_game import register_counted_noun
from ...messages import N_, Message, nmessage

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
        EffectKind("copy_neighbour_science", MASK, says=lambda p: Message(N_(
            "At the end of the game, one more science symbol: one printed on a green card of "
            "the left or right neighbour."))),
        EffectKind("trade_discount_once", TRADE, {"direction": _STR, "amount": _INT},
                   says=lambda p: nmessage(
                       "Once per turn, the first resource bought from %(whom)s costs %(num)d "
                       "coin less.",
                       "Once per turn, the first resource bought from %(whom)s costs %(num)d "
                       "coins less.", p["amount"], whom=word(NEIGHBOUR_PHRASES, p["direction"]))),
        EffectKind("trade_discount_board_resource", TRADE, {"direction": _STR, "amount": _INT},
                   says=lambda p: nmessage(
                       "The resource printed on a neighbour's board costs %(num)d coin less "
                       "from that neighbour.",
                       "The resource printed on a neighbour's board costs %(num)d coins less "
                       "from that neighbour.", p["amount"])),
        EffectKind("produce_owned", TRADE, says=lambda p: Message(N_(
            "Once per turn, one more resource of a type the city already produces with its "
            "brown and grey cards or its board (not for sale)."))),
        EffectKind("produce_missing", TRADE, says=lambda p: Message(N_(
            "Once per turn, one resource of a type the city does not produce with its brown "
            "and grey cards or its board (not for sale)."))),
        EffectKind("free_wonder_stages", TRADE, says=lambda p: Message(N_(
            "Later wonder stages cost no resources; their coins are still paid."))),
        # already in the coins, debt, tokens and shields the players enter
        EffectKind("debt_others", "in_play", {"amount": _INT}, says=lambda p: nmessage(
            "Every other player pays %(num)d coin to the bank or takes a debt token for each "
            "coin not paid (in the coins and debt entered).",
            "Every other player pays %(num)d coins to the bank or takes a debt token for each "
            "coin not paid (in the coins and debt entered).", p["amount"])),
        EffectKind("debt_others_per", "in_play", {"counts": _TUPLE, "amount": _INT},
                   says=lambda p: nmessage(
                       "Every other player pays %(num)d coin per %(what)s in own city, or takes "
                       "a debt token for each coin not paid (in the coins and debt entered).",
                       "Every other player pays %(num)d coins per %(what)s in own city, or "
                       "takes a debt token for each coin not paid (in the coins and debt "
                       "entered).", p["amount"], what=words(COUNTED_NOUNS, p["counts"]))),
        EffectKind("debt_neighbours", "in_play", {"amount": _INT}, says=lambda p: nmessage(
            "Each neighbour takes %(num)d debt token (in the debt entered).",
            "Each neighbour takes %(num)d debt tokens (in the debt entered).", p["amount"])),
        EffectKind("coins_neighbours", "in_play", {"amount": _INT}, says=lambda p: nmessage(
            "Each neighbour takes %(num)d coin from the bank (in the coins entered).",
            "Each neighbour takes %(num)d coins from the bank (in the coins entered).",
            p["amount"])),
        EffectKind("coins_others", "in_play", {"amount": _INT}, says=lambda p: nmessage(
            "Every other player takes %(num)d coin from the bank (in the coins entered).",
            "Every other player takes %(num)d coins from the bank (in the coins entered).",
            p["amount"])),
        EffectKind("shields_per", "in_play", {"counts": _TUPLE, "whose": _STR, "amount": _INT},
                   says=lambda p: nmessage(
                       "%(num)d shield per %(what)s %(whose)s in later conflicts (in the tokens "
                       "entered).",
                       "%(num)d shields per %(what)s %(whose)s in later conflicts (in the tokens "
                       "entered).", p["amount"], **per_item_words(p))),
        EffectKind("diplomacy", "in_play", {"count": _INT}, says=lambda p: Message(N_(
            "Takes a Diplomacy token: the city sits out the conflicts at the end of the Age (in "
            "the tokens entered)."))),
        EffectKind("victory_token_now", "in_play", says=lambda p: Message(N_(
            "Takes a victory token of the current Age at once (in the tokens entered).")),
                   tokens=GAINS_VICTORY),
        EffectKind("defeat_tokens_discard", "in_play", says=lambda p: Message(N_(
            "Discards the defeat tokens held (in the tokens entered).")),
                   tokens=DISCARDS_DEFEATS),
    ]
    for kind in kinds:
        register_effect(kind)
