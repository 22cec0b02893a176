"""Science points, with free (wild) symbols placed where they score most.

At most three wild symbols exist in a first-edition game (Babylon, the Scientists Guild and
Olympia's copy of it), so trying every placement is exact and, cached, costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from .catalog import SCIENCE_SYMBOLS

SET_BONUS = 7


def science_points(counts: tuple[int, ...]) -> int:
    """Sum of the squares of each symbol's count plus 7 per complete set of three."""
    return sum(n * n for n in counts) + SET_BONUS * min(counts)


@lru_cache(maxsize=4096)
def best_placement(counts: tuple[int, int, int], wilds: int) -> tuple[int, tuple[str, ...]]:
    """The best score and the symbols the wilds become (in SCIENCE_SYMBOLS order of choice).

    Ties go to the first placement in symbol order, so the answer is deterministic.
    """
    best_points, best_choice = -1, ()
    for choice in combinations_with_replacement(range(len(SCIENCE_SYMBOLS)), wilds):
        placed = list(counts)
        for symbol in choice:
            placed[symbol] += 1
        points = science_points(tuple(placed))
        if points > best_points:
            best_points, best_choice = points, tuple(SCIENCE_SYMBOLS[i] for i in choice)
    return best_points, best_choice


@dataclass(frozen=True, slots=True, eq=False)
class ExtraSymbols:
    """One way to choose the extra science symbols an expansion gives at the end of the game
    (say, which symbols its copies take): the expansion offers its alternatives
    (``Expansion.science_options``), and whoever places the science choices tries each one
    together with the free symbols and its own choices, keeping the one that scores most.
    Compared by identity (its parts are messages)."""

    #: compasses, gears and tablets added
    added: tuple[int, int, int] = (0, 0, 0)
    #: how the science line names them ("copied tablet (Pigeon Loft, from Bo)")
    parts: tuple = ()
    #: fields the score report adds for the player
    report: tuple[tuple[str, object], ...] = ()

    def on(self, counts: tuple[int, int, int]) -> tuple[int, int, int]:
        added = self.added
        return (counts[0] + added[0], counts[1] + added[1], counts[2] + added[2])

    def __add__(self, other: ExtraSymbols) -> ExtraSymbols:
        return ExtraSymbols(other.on(self.added), self.parts + other.parts,
                            self.report + other.report)


NO_EXTRA = ExtraSymbols()
#: the options of a city no expansion gives extra symbols to: just none
NO_OPTIONS = (NO_EXTRA,)


def combine_options(offered: list[tuple[ExtraSymbols, ...]]) -> tuple[ExtraSymbols, ...]:
    """Every combination of the alternatives several expansions offer, in order."""
    combined = NO_OPTIONS
    for options in offered:
        if options:
            combined = tuple(first + second for first in combined for second in options)
    return combined


def best_with_options(counts: tuple[int, int, int], wilds: int,
                      options: tuple[ExtraSymbols, ...] = NO_OPTIONS,
                      ) -> tuple[int, tuple[str, ...], ExtraSymbols]:
    """:func:`best_placement` of the free symbols on top of the best of the ``options``
    (ties: the first option)."""
    best = None
    for option in options:
        points, choices = best_placement(option.on(counts), wilds)
        if best is None or points > best[0]:
            best = (points, choices, option)
    return best
