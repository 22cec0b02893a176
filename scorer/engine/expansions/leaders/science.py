"""End-game science with leaders: free symbols, Aganice, Enheduanna and Aristotle together.

Every end-game choice is made to score most for science and the leaders row together
(rulings items 7 and 13), in whatever order scores most: Enheduanna may copy before the free
symbols are placed, and Aganice may turn a copied or placed symbol into another. The search
tries every order and every choice, but states repeat a lot (placing a compass then a gear is
placing a gear then a compass), so it is memoised on (symbol counts, choices left): a game
has at most a handful of choices, and every distinct question is answered once per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...catalog import SCIENCE_SYMBOLS
from ...science import best_placement, science_points

Counts = tuple[int, int, int]
#: one resolved choice: ("wild", symbol), ("copy", symbol or -1), ("swap", from, to) or
#: ("swap", -1, -1) for an unused swap
Step = tuple


@dataclass(frozen=True, slots=True)
class ScienceChoice:
    """The best resolution of a city's end-game science choices."""

    #: points of the science row (squares and 7 per set)
    science: int
    #: extra points per complete set (Aristotle), for the leaders row
    bonus: int
    #: the symbol counts once every choice is made
    final: Counts
    #: what each free symbol became, in SCIENCE_SYMBOLS order
    wilds: tuple[str, ...]
    #: Enheduanna's copied symbol, per copy (None when there was nothing to copy)
    copies: tuple[str | None, ...]
    #: Aganice's (from, to) per swap, None when changing nothing scores most
    swaps: tuple[tuple[str, str] | None, ...]
    #: the choices in the order they were made
    steps: tuple[Step, ...]

    @property
    def sets(self) -> int:
        return min(self.final)

    @property
    def total(self) -> int:
        return self.science + self.bonus


def score_of(final: Counts, set_bonus: int) -> int:
    return science_points(final) + set_bonus * min(final)


@lru_cache(maxsize=65536)
def _search(state: Counts, wilds: int, copies: int, swaps: int,
            set_bonus: int) -> tuple[tuple[int, int], tuple[Step, ...]]:
    """The best (points, -swaps used) reachable from ``state`` and the steps that reach it.

    Ties keep the first found, trying free symbols in symbol order first, then a copy, then
    a swap, so the answer is deterministic; among equal points, fewer symbols changed by
    Aganice is better (the explanation stays as plain as the table).
    """
    if not (wilds or copies or swaps):
        return (score_of(state, set_bonus), 0), ()
    best: tuple[int, int] | None = None
    best_steps: tuple[Step, ...] = ()

    def consider(result, step: Step) -> None:
        nonlocal best, best_steps
        value, steps = result
        if step[0] == "swap" and step[1] >= 0:
            value = (value[0], value[1] - 1)
        if best is None or value > best:
            best, best_steps = value, (step, *steps)

    if wilds:
        for symbol in range(3):
            placed = list(state)
            placed[symbol] += 1
            consider(_search(tuple(placed), wilds - 1, copies, swaps, set_bonus),
                     ("wild", symbol))
    if copies:
        most = max(state)
        if most == 0:
            consider(_search(state, wilds, copies - 1, swaps, set_bonus), ("copy", -1))
        else:
            for symbol in range(3):
                if state[symbol] == most:
                    placed = list(state)
                    placed[symbol] += 1
                    consider(_search(tuple(placed), wilds, copies - 1, swaps, set_bonus),
                             ("copy", symbol))
    if swaps:
        consider(_search(state, wilds, copies, swaps - 1, set_bonus), ("swap", -1, -1))
        for source in range(3):
            if not state[source]:
                continue
            for target in range(3):
                if target == source:
                    continue
                placed = list(state)
                placed[source] -= 1
                placed[target] += 1
                consider(_search(tuple(placed), wilds, copies, swaps - 1, set_bonus),
                         ("swap", source, target))
    return best, best_steps


@lru_cache(maxsize=8192)
def best_science(counts: Counts, wilds: int = 0, copies: int = 0, swaps: int = 0,
                 set_bonus: int = 0) -> ScienceChoice:
    """The resolution of the choices that scores most for science and the set bonus.

    Without leaders' choices this is exactly the base game's placement of free symbols.
    """
    if not (copies or swaps or set_bonus):
        points, chosen = best_placement(counts, wilds)
        final = list(counts)
        for symbol in chosen:
            final[SCIENCE_SYMBOLS.index(symbol)] += 1
        steps = tuple(("wild", SCIENCE_SYMBOLS.index(symbol)) for symbol in chosen)
        return ScienceChoice(points, 0, tuple(final), chosen, (), (), steps)
    _, steps = _search(counts, wilds, copies, swaps, set_bonus)
    final = list(counts)
    placed, copied, swapped = [], [], []
    for step in steps:
        if step[0] == "wild":
            final[step[1]] += 1
            placed.append(step[1])
        elif step[0] == "copy":
            if step[1] >= 0:
                final[step[1]] += 1
            copied.append(SCIENCE_SYMBOLS[step[1]] if step[1] >= 0 else None)
        elif step[1] >= 0:
            final[step[1]] -= 1
            final[step[2]] += 1
            swapped.append((SCIENCE_SYMBOLS[step[1]], SCIENCE_SYMBOLS[step[2]]))
        else:
            swapped.append(None)
    final_counts = (final[0], final[1], final[2])
    return ScienceChoice(science_points(final_counts), set_bonus * min(final_counts),
                         final_counts, tuple(SCIENCE_SYMBOLS[s] for s in sorted(placed)),
                         tuple(copied), tuple(swapped), steps)


def clear_memos() -> None:
    _search.cache_clear()
    best_science.cache_clear()
