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

from ...effects import EFFECT_KINDS, EffectKind, register_effect, register_role
from ...end_game import register_counted_noun
from ...messages import N_
from .scoring import SCORERS, per_coins

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
        EffectKind("vp_per_coins", "end_game", {"coins": _INT, "vp": _INT}, score=per_coins),
        EffectKind("vp_per_set", "end_game", {"colours": _TUPLE, "vp": _INT},
                   score=SCORERS["vp_per_set"]),
        EffectKind("vp_if_most", "end_game", {"counts": _STR, "vp": _INT},
                   score=SCORERS["vp_if_most"]),
        EffectKind("vp_if_no_defeat", "end_game", {"vp": _INT}, score=SCORERS["vp_if_no_defeat"]),
        EffectKind("vp_if_only_leader", "end_game", {"vp": _INT},
                   score=SCORERS["vp_if_only_leader"]),
        EffectKind("vp_per_victory_token_pair", "end_game",
                   score=SCORERS["vp_per_victory_token_pair"]),
        # end-game science choices
        EffectKind("science_swap", "science_choice", {"count": _INT}),
        EffectKind("science_copy_most", "science_choice", {"count": _INT}),
        EffectKind("vp_per_science_set", "science_choice", {"vp": _INT}),
        # building and recruiting
        EffectKind("discount", "leader_build", {"target": _STR, "units": _INT}),
        EffectKind("free_build", "leader_build", {"colour": _STR}),
        EffectKind("bank_buy", "leader_build", {"price": _INT, "units": _INT}),
        EffectKind("trade_rebate", "leader_build", {"direction": _STR, "coins": _INT}),
        EffectKind("free_leaders", "recruit"),
        EffectKind("leader_discount", "recruit", {"whose": _STR, "coins": _INT}),
        EffectKind("copy_leader", "copy_leader", {"whose": _STR}),
        EffectKind("recruit_leader_now", "leader_slot"),
        EffectKind("bury_leader", "bury"),
        # already in the coins, tokens and buildings the players enter (rulings item 9)
        EffectKind("coins_on_build", "in_play", {"colour": _STR, "coins": _INT}),
        EffectKind("coins_on_chain", "in_play", {"coins": _INT}),
        EffectKind("coins_on_victory_token", "in_play", {"coins": _INT}),
        EffectKind("coins_on_wonder_stage", "in_play", {"coins": _INT}),
        EffectKind("bank_coin_bonus", "in_play", {"coins": _INT}),
        EffectKind("victory_token_now", "in_play"),
        EffectKind("defeat_tokens_discard", "in_play"),
        EffectKind("others_discard_victory_token", "in_play", {"count": _INT}),
        EffectKind("defeat_to_winner", "in_play"),
        EffectKind("others_lose_coins", "in_play", {"coins": _INT_OR_STR}),
        EffectKind("others_lose_coins_on_wonder_stage", "in_play", {"coins": _INT}),
        EffectKind("free_colour_once_per_age", "in_play", {"colour": _STR}),
        EffectKind("diplomacy", "in_play", {"count": _INT}),
        EffectKind("draw_leaders_from_box", "in_play", {"count": _INT}),
    ]
    for kind in kinds:
        register_effect(kind)
