"""The Leaders expansion's effect kinds, taught to the engine's one registry of effect kinds.

Every word of ``leaders.md``'s vocabulary is registered here with its role, so a leader, a
Leaders guild or a Roma/Abu Simbel stage whose effect nobody taught the engine fails when the
expansion loads. Base words (``vp``, ``vp_per``, ``science``, ``coins``, ``shields``,
``build_from_discard``) keep their base meaning.

Roles added by the expansion (:func:`scorer.engine.effects.register_role`):
``science_choice`` (Aganice, Enheduanna, Aristotle: resolved with the free symbols),
``leader_build`` (what a build costs: Hammurabi & co., Ramses, Bilkis, Hatshepsut),
``recruit`` (what a leader costs: Maecenas, Roma's boards), ``copy_leader`` (Courtesans
Guild), ``leader_slot`` (Roma night's extra recruits) and ``bury`` (Abu Simbel).
"""

from __future__ import annotations

from ...effect_words import NEIGHBOUR_PHRASES, word, words
from ...effects import (
    DISCARDS_DEFEATS,
    EFFECT_KINDS,
    GAINS_VICTORY,
    OTHERS_DISCARD_VICTORIES,
    EffectKind,
    register_effect,
    register_role,
)
from ...end_game import register_counted_noun
from ...messages import N_, Message, nmessage
from .scoring import COLOUR_NAMES, SCORERS, per_coins

#: what a "most" leader compares
MOST_NOUNS = {
    "brown": N_("brown cards"), "grey": N_("grey cards"), "blue": N_("blue cards"),
    "yellow": N_("yellow cards"), "red": N_("red cards"), "green": N_("green cards"),
    "purple": N_("purple cards"), "coins": N_("coins"),
}
#: what a building effect applies to: a colour's buildings or the wonder stages, in the plural
#: so that the sentences can name them whole in every language ("Builds all blue buildings
#: for free."; Polish "Wszystkie niebieskie budowle buduje za darmo."): a singular noun glued
#: after "each" or "one" would take that word's gender and case in Polish, which a noun
#: translated once cannot
TARGET_NOUNS = {
    "brown": N_("brown buildings"), "grey": N_("grey buildings"), "blue": N_("blue buildings"),
    "yellow": N_("yellow buildings"), "red": N_("red buildings"),
    "green": N_("green buildings"), "purple": N_("guilds"), "black": N_("black buildings"),
    "wonder_stage": N_("wonder stages"),
}


def peace_sentence(params) -> Message:
    """The token that keeps a city out of the next conflict (a word both boxes register)."""
    return Message(N_("Takes a Diplomacy token: the city sits out the conflicts at the end "
                      "of the Age (in the tokens entered)."))

_INT, _STR, _TUPLE = (int,), (str,), (tuple,)
_INT_OR_STR = (int, str)


def register_leader_effects() -> None:
    """Register every Leaders effect kind (once; later calls change nothing)."""
    if "vp_if_most" in EFFECT_KINDS:
        return
    for role in ("science_choice", "leader_build", "copy_leader", "leader_slot", "bury"):
        register_role(role)
    register_role("recruit", on_board=True)
    # Alexander and the Diplomats Guild count the leaders face up
    register_counted_noun("leader", N_("leader"))
    kinds = [
        # the leaders row (``vp``, ``vp_per`` are the base game's kinds)
        EffectKind("vp_per_coins", "end_game", {"coins": _INT, "vp": _INT}, score=per_coins,
                   says=lambda p: nmessage(
                       "%(num)d point per %(coins)d coins held at the end of the game.",
                       "%(num)d points per %(coins)d coins held at the end of the game.",
                       p["vp"], coins=p["coins"])),
        EffectKind("vp_per_set", "end_game", {"colours": _TUPLE, "vp": _INT},
                   score=SCORERS["vp_per_set"], says=lambda p: nmessage(
                       "%(num)d point per set of %(colours)s in own city.",
                       "%(num)d points per set of %(colours)s in own city.", p["vp"],
                       colours=words(COLOUR_NAMES, p["colours"]))),
        EffectKind("vp_if_most", "end_game", {"counts": _STR, "vp": _INT},
                   score=SCORERS["vp_if_most"], says=lambda p: nmessage(
                       "%(num)d point when own city holds more %(what)s than each neighbour.",
                       "%(num)d points when own city holds more %(what)s than each neighbour.",
                       p["vp"], what=word(MOST_NOUNS, p["counts"]))),
        EffectKind("vp_if_no_defeat", "end_game", {"vp": _INT}, score=SCORERS["vp_if_no_defeat"],
                   says=lambda p: nmessage("%(num)d point when the city holds no defeat token.",
                                           "%(num)d points when the city holds no defeat token.",
                                           p["vp"])),
        EffectKind("vp_if_only_leader", "end_game", {"vp": _INT},
                   score=SCORERS["vp_if_only_leader"], says=lambda p: nmessage(
                       "%(num)d point when no other leader is recruited.",
                       "%(num)d points when no other leader is recruited.", p["vp"])),
        EffectKind("vp_per_victory_token_pair", "end_game",
                   score=SCORERS["vp_per_victory_token_pair"], says=lambda p: Message(N_(
                       "For each pair of equal victory tokens, the value of one of them in "
                       "points."))),
        # end-game science choices
        EffectKind("science_swap", "science_choice", {"count": _INT}, says=lambda p: Message(N_(
            "At the end of the game, turns one science symbol of the city into another."))),
        EffectKind("science_copy_most", "science_choice", {"count": _INT},
                   says=lambda p: Message(N_(
                       "At the end of the game, one more science symbol of the kind the city "
                       "holds most of."))),
        EffectKind("vp_per_science_set", "science_choice", {"vp": _INT}, says=lambda p: nmessage(
            "%(num)d point per science set, in the leaders row.",
            "%(num)d points per science set, in the leaders row.", p["vp"])),
        # building and recruiting
        EffectKind("discount", "leader_build", {"target": _STR, "units": _INT},
                   says=lambda p: nmessage(
                       "Each of the %(targets)s costs %(num)d resource less (the owner's "
                       "choice).",
                       "Each of the %(targets)s costs %(num)d resources less (the owner's "
                       "choice).", p["units"], targets=word(TARGET_NOUNS, p["target"]))),
        EffectKind("free_build", "leader_build", {"colour": _STR}, says=lambda p: Message(
            N_("Builds all %(targets)s for free."),
            {"targets": word(TARGET_NOUNS, p["colour"])})),
        EffectKind("bank_buy", "leader_build", {"price": _INT, "units": _INT},
                   says=lambda p: nmessage(
                       "Once per turn, buys one resource from the bank for %(num)d coin.",
                       "Once per turn, buys one resource from the bank for %(num)d coins.",
                       p["price"])),
        EffectKind("trade_rebate", "leader_build", {"direction": _STR, "coins": _INT},
                   says=lambda p: nmessage(
                       "%(num)d coin from the bank for each neighbour bought from in a turn.",
                       "%(num)d coins from the bank for each neighbour bought from in a turn.",
                       p["coins"])),
        EffectKind("free_leaders", "recruit", says=lambda p: Message(N_(
            "Recruits every later leader for free."))),
        EffectKind("leader_discount", "recruit", {"whose": _STR, "coins": _INT},
                   says=lambda p: nmessage(
                       "A leader recruited by %(whom)s costs %(num)d coin less.",
                       "A leader recruited by %(whom)s costs %(num)d coins less.", p["coins"],
                       whom=word(NEIGHBOUR_PHRASES, p["whose"]))),
        EffectKind("copy_leader", "copy_leader", {"whose": _STR}, says=lambda p: Message(N_(
            "Has the effect of one face-up leader of a neighbour: the one that scores most "
            "for this city."))),
        EffectKind("recruit_leader_now", "leader_slot", says=lambda p: Message(N_(
            "Recruits one more leader at once."))),
        EffectKind("bury_leader", "bury", says=lambda p: Message(N_(
            "Places a leader face down under the board: twice its cost in points, in the "
            "wonder row."))),
        # already in the coins, tokens and buildings the players enter (rulings item 9)
        EffectKind("coins_on_build", "in_play", {"colour": _STR, "coins": _INT},
                   says=lambda p: nmessage(
                       "%(num)d coin for each of the %(targets)s built later (in the coins "
                       "entered).",
                       "%(num)d coins for each of the %(targets)s built later (in the coins "
                       "entered).", p["coins"], targets=word(TARGET_NOUNS, p["colour"]))),
        EffectKind("coins_on_chain", "in_play", {"coins": _INT}, says=lambda p: nmessage(
            "%(num)d coin for each building built by a chain (in the coins entered).",
            "%(num)d coins for each building built by a chain (in the coins entered).",
            p["coins"])),
        EffectKind("coins_on_victory_token", "in_play", {"coins": _INT}, says=lambda p: nmessage(
            "%(num)d coin for each victory token taken (in the coins entered).",
            "%(num)d coins for each victory token taken (in the coins entered).", p["coins"])),
        EffectKind("coins_on_wonder_stage", "in_play", {"coins": _INT}, says=lambda p: nmessage(
            "%(num)d coin for each wonder stage built later (in the coins entered).",
            "%(num)d coins for each wonder stage built later (in the coins entered).",
            p["coins"])),
        EffectKind("bank_coin_bonus", "in_play", {"coins": _INT}, says=lambda p: nmessage(
            "Once per turn, %(num)d more coin when taking coins from the bank.",
            "Once per turn, %(num)d more coins when taking coins from the bank.", p["coins"])),
        EffectKind("victory_token_now", "in_play", says=lambda p: Message(N_(
            "Takes a victory token of the current Age at once (in the tokens entered).")),
                   tokens=GAINS_VICTORY),
        EffectKind("defeat_tokens_discard", "in_play", says=lambda p: Message(N_(
            "Discards the defeat tokens held (in the tokens entered).")),
                   tokens=DISCARDS_DEFEATS),
        EffectKind("others_discard_victory_token", "in_play", {"count": _INT},
                   says=lambda p: Message(N_(
                       "Every other player discards one victory token (in the tokens "
                       "entered).")), tokens=OTHERS_DISCARD_VICTORIES),
        EffectKind("defeat_to_winner", "in_play", says=lambda p: Message(N_(
            "A neighbour who beats this city in a conflict takes its defeat token (in the "
            "tokens entered)."))),
        EffectKind("others_lose_coins", "in_play", {"coins": _INT_OR_STR},
                   says=lambda p: Message(N_(
                       "Every other player loses as many coins as the number of the current "
                       "Age (in the coins entered).")) if p["coins"] == "age" else nmessage(
                       "Every other player loses %(num)d coin (in the coins entered).",
                       "Every other player loses %(num)d coins (in the coins entered).",
                       p["coins"])),
        EffectKind("others_lose_coins_on_wonder_stage", "in_play", {"coins": _INT},
                   says=lambda p: nmessage(
                       "Each later wonder stage makes every other player lose %(num)d coin (in "
                       "the coins entered).",
                       "Each later wonder stage makes every other player lose %(num)d coins (in "
                       "the coins entered).", p["coins"])),
        EffectKind("free_colour_once_per_age", "in_play", {"colour": _STR},
                   says=lambda p: Message(
                       N_("Once per Age, builds one of the %(targets)s for free."),
                       {"targets": word(TARGET_NOUNS, p["colour"])})),
        EffectKind("diplomacy", "in_play", {"count": _INT}, says=peace_sentence),
        EffectKind("draw_leaders_from_box", "in_play", {"count": _INT}, says=lambda p: nmessage(
            "Draws %(num)d leader from the box and recruits from them.",
            "Draws %(num)d leaders from the box and recruits from them.", p["count"])),
    ]
    for kind in kinds:
        register_effect(kind)
