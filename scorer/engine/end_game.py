"""Effects counted at the end of the game: per item (guilds, Haven, Arena, Ludus ...) and the
Decorators Guild's complete wonder.

Each function here is the ``score`` of an ``end_game`` effect kind in the registry
(:mod:`.effects`; they are registered at the end of this module), so adding such a card is
data plus, at most, one function here.
Every function answers ``(points, explanation)`` from the seat that owns (or copies) the
effect; lines depending on a few small facts are memoised, since a table has few distinct
counts and they are rendered thousands of times.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .effect_words import COUNTED_NOUNS, WHOSE_PHRASES, register_counted_noun
from .effects import PER_ITEM, EffectKind, coins_per_sentence, per_item_words, register_effect
from .messages import N_, Message, Sum, nmessage

if TYPE_CHECKING:
    from .catalog import Card, Effect
    from .city import Game

PER_ITEM_LINE = N_("%(card)s: %(vp)d per %(what)s %(whose)s × %(count)d = %(points)d")
#: a card counting in other cities says how many each holds: "× 9 (Ana 1 + Dirk 8)"
PER_ITEM_SPLIT_LINE = N_("%(card)s: %(vp)d per %(what)s %(whose)s × %(count)d (%(split)s) = "
                         "%(points)d")
WONDER_COMPLETE_LINE = N_("%(card)s: %(built)d of %(stages)d stages of %(wonder)s (%(side)s) "
                          "built: %(points)d")


@lru_cache(maxsize=64)
def counted_words(counts: tuple[str, ...], whose: str) -> tuple[tuple[Message, ...], Message]:
    """The translatable "brown card, grey card" and "in own city" of a per-item effect."""
    return tuple(Message(COUNTED_NOUNS[what]) for what in counts), Message(WHOSE_PHRASES[whose])


def counted(game: Game, index: int, counts: tuple[str, ...], whose: str) -> int:
    """How many of ``counts`` the cities an effect looks at hold, seen from seat ``index``."""
    return sum(count for _name, count in counted_by_city(game, index, counts, whose))


def counted_by_city(game: Game, index: int, counts: tuple[str, ...],
                    whose: str) -> tuple[tuple[str, int], ...]:
    """(city name, how many) for each city an effect looks at: the own city, then the left
    and the right neighbour."""
    cities = game.cities
    seats = len(cities)
    if whose == "self":
        looked = (cities[index],)
    elif whose == "neighbours":
        looked = (cities[(index + 1) % seats], cities[index - 1])
    else:
        looked = (cities[index], cities[(index + 1) % seats], cities[index - 1])
    found = []
    for city in looked:
        tallies = city.tallies
        found.append((city.name, sum(tallies.get(what, 0) for what in counts)))
    return tuple(found)


def score_per_item(game: Game, index: int, card: Card, effect: Effect,
                   copied: bool = False) -> tuple[int, Message]:
    """Points of a per-item card (guild or commercial) from the seat ``index``.

    A copied guild is not in the copier's city, yet counts itself when built (Shipowners),
    so the copy adds the one card it would be.
    """
    params = effect.params
    counts, whose = params["counts"], params["whose"]
    split = counted_by_city(game, index, counts, whose)
    if copied and whose != "neighbours" and card.colour in counts:
        own_name, own_count = split[0]
        split = ((own_name, own_count + 1), *split[1:])
    if whose == "self":
        return per_item_line(card, effect, split[0][1])
    return per_item_split_line(card, effect, split)


@lru_cache(maxsize=2048)
def per_item_line(card: Card, effect: Effect, count: int) -> tuple[int, Message]:
    """"Haven: 1 per brown card in own city × 3 = 3"."""
    params = effect.params
    counts, whose, vp = params["counts"], params["whose"], params["vp"]
    points = count * vp
    what, where = counted_words(counts, whose)
    line = Message(PER_ITEM_LINE, {"card": card.label, "vp": vp, "what": what, "whose": where,
                                   "count": count, "points": points}, memo=True)
    return points, line


@lru_cache(maxsize=2048)
def per_item_split_line(card: Card, effect: Effect,
                        split: tuple[tuple[str, int], ...]) -> tuple[int, Message]:
    """"Spies Guild: 1 per red card in the neighbouring cities × 9 (Ana 1 + Dirk 8) = 9": the
    count of each city looked at, named, so a player can check it against each neighbour."""
    params = effect.params
    counts, whose, vp = params["counts"], params["whose"], params["vp"]
    count = sum(held for _name, held in split)
    points = count * vp
    what, where = counted_words(counts, whose)
    line = Message(PER_ITEM_SPLIT_LINE, {
        "card": card.label, "vp": vp, "what": what, "whose": where, "count": count,
        "split": Sum(split, count, with_total=False), "points": points}, memo=True)
    return points, line


def score_wonder_complete(game: Game, index: int, card: Card, effect: Effect,
                          copied: bool = False) -> tuple[int, Message]:
    """Decorators Guild: its points only when every stage of the owner's side is built."""
    city = game.cities[index]
    side = game.ruleset.side(city.side)
    return wonder_complete_line(card, effect, city.wonder, side.label, city.stages_built,
                                len(city.stages))


@lru_cache(maxsize=256)
def wonder_complete_line(card: Card, effect: Effect, wonder, side_label: Message, built: int,
                         stages: int) -> tuple[int, Message]:
    """"Decorators Guild: 3 of 4 stages of The Pyramids of Giza (Night) built: 0"."""
    points = effect.params["vp"] if built >= stages else 0
    return points, Message(WONDER_COMPLETE_LINE, {
        "card": card.label, "built": built, "stages": stages, "wonder": wonder.label,
        "side": side_label, "points": points}, memo=True)


def clear_memos() -> None:
    for memo in (counted_words, per_item_line, per_item_split_line, wonder_complete_line):
        memo.cache_clear()


__all__ = ["COUNTED_NOUNS", "WHOSE_PHRASES", "register_counted_noun", "per_item_sentence"]


def per_item_sentence(params) -> Message:
    """"1 point per brown card in the neighbouring cities.": a per-item effect's points."""
    return nmessage("%(num)d point per %(what)s %(whose)s.", "%(num)d points per %(what)s %(whose)s.",
                    params["vp"], **per_item_words(params))


def _coins_and_points(params) -> tuple[Message, ...]:
    return coins_per_sentence(params), nmessage(
        "At the end of the game, %(num)d point per %(what)s %(whose)s.",
        "At the end of the game, %(num)d points per %(what)s %(whose)s.",
        params["vp"], **per_item_words(params))


for _kind in (
    EffectKind("vp_per", "end_game", {**PER_ITEM, "vp": (int,)}, score=score_per_item,
               says=per_item_sentence),
    EffectKind("coins_vp_per", "end_game", {**PER_ITEM, "coins": (int,), "vp": (int,)},
               score=score_per_item, says=_coins_and_points),
    EffectKind("vp_if_wonder_complete", "end_game", {"vp": (int,)}, score=score_wonder_complete,
               says=lambda p: nmessage(
                   "%(num)d point when every stage of the owner's wonder side is built.",
                   "%(num)d points when every stage of the owner's wonder side is built.",
                   p["vp"])),
):
    register_effect(_kind)
