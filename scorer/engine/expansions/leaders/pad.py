"""The Leaders part of a city's score pad: the leaders row, science with leaders, buried
leaders in the wonder row, the Courtesans Guild's note in the guilds row, and the report's
extra fields (what Enheduanna copied, what Aganice changed, which leader the Courtesans copy).

The core scorer calls the expansion's ``score_city`` hook, :func:`apply_leaders`, once per
city and plan of its copies (:mod:`scorer.engine.copies`: the Courtesans Guild's leader is
one of them, offered by :func:`leader_offers`), after it has counted the city's own science
symbols and free symbols (Olympia's copy included), so everything the leaders change is
decided here, in one place.
"""

from __future__ import annotations

from ...catalog import SCIENCE_SYMBOLS, Card, Stage
from ...city import Game
from ...copies import GUILD, NO_COPIES, Copy, Plan, neighbours
from ...messages import N_, Message
from ...science import NO_OPTIONS, ExtraSymbols
from ...science_lines import free_symbol_parts, science_sum_line, symbol_counts
from .cards import buried_of, leaders_of
from .ruleset import NAME
from .scoring import LeaderScore, copies_leader, science_parts, score_leaders

NO_SCIENCE = Message(N_("No science symbols: 0"))


def courtesans_of(game: Game, index: int, guild: Copy | None) -> Card | None:
    """The guild that lets the city copy a neighbour's leader: its own, or Olympia's copy
    ``guild``."""
    for card in game.cities[index].cards:
        if copies_leader(card):
            return card
    if guild is not None and copies_leader(guild.item):
        return guild.item
    return None


def leader_offers(game: Game, index: int, guild: Copy | None) -> tuple[Copy, ...] | None:
    """The neighbours' face-up leaders the city's Courtesans Guild (its own, or the one
    Olympia copies: ``guild``) may copy; None without such a guild (rulings item 17)."""
    if courtesans_of(game, index, guild) is None:
        return None
    return tuple(Copy(leader, side, city.name) for side, city in neighbours(game, index)
                 for leader in leaders_of(city))


def apply_leaders(game: Game, index: int, player, counts: tuple[int, int, int],
                  wild_sources: list[tuple[Card | Stage, bool]],
                  options: tuple[ExtraSymbols, ...] = NO_OPTIONS,
                  copies: Plan = NO_COPIES) -> LeaderScore:
    """Fill in the leaders row and the rows the leaders change on ``player`` (a PlayerScore)
    with the leader copy of ``copies`` (the plan being scored); the other expansions'
    extra-symbol ``options`` are chosen together with the leaders'."""
    city = game.cities[index]
    courtesans = courtesans_of(game, index, copies.made(GUILD))
    result = score_leaders(game, index, counts, len(wild_sources), courtesans,
                           copies.get(NAME), options)
    choice = result.science
    shown = (counts[0] + result.symbols[0], counts[1] + result.symbols[1],
             counts[2] + result.symbols[2])
    player.science_symbols = dict(zip(SCIENCE_SYMBOLS, shown, strict=True))
    player.science_choices = list(choice.wilds)
    player.scores["science"] = choice.science
    player.explanations["science"] = [science_line(shown, result, tuple(wild_sources))]
    player.scores["leaders"] = result.points
    player.explanations["leaders"] = list(result.lines)
    if courtesans is not None:
        player.explanations["guilds"].extend(result.copy_lines)
    for buried in buried_of(city):
        player.scores["wonder"] += buried.points
        player.explanations["wonder"].append(buried.line())
    extra = player.extra
    copied = [symbol for symbol in choice.copies if symbol is not None]
    if copied:
        extra["science_copy"] = copied[0]
    swapped = [pair for pair in choice.swaps if pair is not None]
    if swapped:
        extra["science_swap"] = {"from": swapped[0][0], "to": swapped[0][1]}
    if result.copied is not None:
        extra["copied_leader"] = result.copied.id
        extra["copied_leader_from"] = result.copied_from
    extra.update(result.extra.report)
    return result


def science_line(shown: tuple[int, int, int], result: LeaderScore,
                 wild_sources: tuple[tuple[Card | Stage, bool], ...]) -> Message:
    """"5 compasses, free symbol as compass (Babylon stage 2), one more compass (Enheduanna):
    64"; the counts shown include the science leaders' symbols."""
    choice = result.science
    if not any(choice.final):
        return NO_SCIENCE
    parts = (symbol_counts(shown) + list(result.extra.parts)
             + free_symbol_parts(choice.wilds, wild_sources))
    parts.extend(science_parts(result))
    return science_sum_line(tuple(parts), shown, tuple(choice.final), choice.science)
