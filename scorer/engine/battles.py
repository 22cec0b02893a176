"""Battles across the table: each battle gives its winner a victory token and its loser a
defeat token (a draw gives none), so a table's victory tokens and defeat tokens are as many,
but for the tokens the effects in play give or take outside the battles.

Those effects are the ruleset's data: each effect kind says what it does to the tokens
(:class:`~.effects.TokenChange`): a card or a character may give its owner a victory token,
let its owner discard defeat tokens, or make every other player discard a victory token. With
them the table's tokens are consistent when some number of battles explains them: the
victories held are the battles' plus those gained minus some discarded, the defeats held the
battles' minus some discarded. When no number does, some city's tokens were entered wrong;
the pad says so as a hint and still scores the game as entered (a house rule may hand out
tokens otherwise).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .city import City, Game
from .messages import Message


@dataclass(frozen=True, slots=True)
class TokenMismatch:
    """The table's tokens, which no number of battles and effects explains."""

    victories: int
    defeats: int
    #: what gave or took tokens outside the battles (each holder of such an effect once)
    sources: tuple[Message, ...] = ()


def effects_in_play(game: Game, city: City) -> Iterator[tuple[object, object]]:
    """(holder, effect) of every effect in play in ``city``: its board, buildings and built
    stages, and what the expansions played add (face-up characters)."""
    yield from city.effects()
    for expansion in game.ruleset.parts:
        yield from expansion.effects_in_play(city)


def consistent(victories: int, defeats: int, gained: int, discarded: int,
               defeats_discarded: bool) -> bool:
    """Whether some number of battles B explains the tokens: victories = B + ``gained`` - r
    with 0 <= r <= ``discarded`` (victory tokens others had to discard), and defeats = B, or
    at most B when some city discarded defeat tokens."""
    fewest = max(0, victories - gained)
    most = victories - gained + discarded
    if most < fewest:
        return False
    return defeats <= most if defeats_discarded else fewest <= defeats <= most


def unpaired(game: Game) -> TokenMismatch | None:
    """The table's tokens when no number of battles explains them with the effects in play
    (victory and defeat tokens by the ruleset's token values), else None."""
    values = game.ruleset.token_values
    seats = len(game.cities)
    victories = defeats = gained = discarded = 0
    defeats_discarded = False
    sources: list[Message] = []
    for city in game.cities:
        for kind, count in city.tokens.items():
            value = values.get(kind, 0)
            victories += count if value > 0 else 0
            defeats += count if value < 0 else 0
        for holder, effect in effects_in_play(game, city):
            change = effect.kind.tokens
            if change is None:
                continue
            gained += change.gains
            defeats_discarded |= change.discards_defeats
            if change.others_discard:
                discarded += effect[change.others_discard] * (seats - 1)
            label = holder.label
            if label not in sources:
                sources.append(label)
    if consistent(victories, defeats, gained, discarded, defeats_discarded):
        return None
    return TokenMismatch(victories, defeats, tuple(sources))
