"""Battles across the table: each battle gives its winner a victory token and its loser a
defeat token (a draw gives none), so a table's victory tokens and defeat tokens are as many.

When they are not, some city's tokens were entered wrong; the pad says so as a hint and still
scores the game as entered (a house rule or an expansion may hand out tokens otherwise).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def unpaired(tokens: Iterable[Mapping[str, int]], values: Mapping[str, int]) -> tuple[int, int] | None:
    """``(victory tokens, defeat tokens)`` of every city together when they differ, else None.

    ``tokens`` are the cities' token counts by kind; ``values`` the ruleset's token values (a
    positive kind is a victory, a negative one a defeat).
    """
    victories = defeats = 0
    for city in tokens:
        for kind, count in city.items():
            value = values.get(kind, 0)
            victories += count if value > 0 else 0
            defeats += count if value < 0 else 0
    return (victories, defeats) if victories != defeats else None
