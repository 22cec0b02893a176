"""The Leaders part of a city's score pad: the leaders row, science with leaders, buried
leaders in the wonder row, the Courtesans Guild's note in the guilds row, and the report's
extra fields (what Enheduanna copied, what Aganice changed, which leader the Courtesans copy).

The core scorer calls the expansion's ``score_city`` hook, :func:`apply_leaders`, once per
city, after it has counted the city's own science symbols and free symbols (Olympia's copy
included), so everything the leaders change is decided here, in one place.
"""

from __future__ import annotations

from ...catalog import SCIENCE_SYMBOLS, WILD, Card, Stage
from ...city import Game
from ...messages import N_, Message
from ...science import NO_OPTIONS, ExtraSymbols
from ...science_lines import free_symbol_parts, science_sum_line, symbol_counts
from .cards import buried_of
from .scoring import LeaderScore, copies_leader, science_parts, score_leaders

NO_SCIENCE = Message(N_("No science symbols: 0"))


def courtesans_of(game: Game, index: int, copied_guild: str | None) -> Card | None:
    """The guild that lets the city copy a neighbour's leader: its own, or Olympia's copy."""
    for card in game.cities[index].cards:
        if copies_leader(card):
            return card
    if copied_guild is not None:
        card = game.catalog.cards[copied_guild]
        if copies_leader(card):
            return card
    return None


def copy_gain(game: Game, index: int, card: Card, counts: tuple[int, int, int],
              wilds: int, options: tuple[ExtraSymbols, ...] = NO_OPTIONS) -> int:
    """What copying a neighbour's guild adds to science and the leaders row (Olympia B): a
    free symbol, or the Courtesans' copy of a leader, valued together with the leaders (and
    the other expansions' extra-symbol ``options``)."""
    before = score_leaders(game, index, counts, wilds, options=options).total
    if copies_leader(card):
        return score_leaders(game, index, counts, wilds, card, options).total - before
    if card.symbol_index == WILD:
        return score_leaders(game, index, counts, wilds + 1, options=options).total - before
    return 0


def apply_leaders(game: Game, index: int, player, counts: tuple[int, int, int],
                  wild_sources: list[tuple[Card | Stage, bool]],
                  options: tuple[ExtraSymbols, ...] = NO_OPTIONS) -> LeaderScore:
    """Fill in the leaders row and the rows the leaders change on ``player`` (a PlayerScore);
    the other expansions' extra-symbol ``options`` are chosen together with the leaders'."""
    city = game.cities[index]
    courtesans = courtesans_of(game, index, player.copied_guild)
    result = score_leaders(game, index, counts, len(wild_sources), courtesans, options)
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
