"""Science points, with free (wild) symbols placed where they score most.

At most three wild symbols exist in a first-edition game (Babylon, the Scientists Guild and
Olympia's copy of it), so trying every placement is exact and, cached, costs nothing.
"""

from __future__ import annotations

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
