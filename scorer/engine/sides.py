"""Who wins or loses together: the sides of a scored game.

Players are scored and ranked one by one (their ``rank`` in the score report); an expansion
that plays in teams (Cities, C14) also forms sides, each the team's seats with its summed total
and its rank among the teams (:attr:`scorer.engine.scoring.GameScore.sides`). Whatever counts
who won a game (the statistics) reads :func:`standings`, and so never names an expansion.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Side:
    """Players who win or lose together: their seats, summed total and rank among the sides."""

    seats: tuple[int, ...]
    total: int
    rank: int


def standings(report) -> list[Side]:
    """The sides of a scored game (a :class:`~scorer.engine.scoring.GameScore`): the teams an
    expansion formed, else each player on their own (the Free City of the two-player variant
    is none)."""
    if report.sides:
        return list(report.sides)
    return [Side((seat,), player.total, player.rank)
            for seat, player in enumerate(report.players) if not player.free_city]
