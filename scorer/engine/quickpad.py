"""The quick pad: totals and winners from points typed row by row, the paper way.

Players who would rather not tap every card still want the sums, the coin tie-break and a
science helper done right; this reuses the full scorer's ranking and science placement so
both pads decide winners and science points identically.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .city import Game
from .problems import Problems
from .rules import DEFAULT_EDITION, get_ruleset
from .science import best_placement
from .scoring import GameScore, PlayerScore, rank_players


@dataclass(frozen=True, slots=True)
class QuickEntry:
    """One column of the paper pad: points per row, and the coins held for the tie-break."""

    name: str
    points: Mapping[str, int]
    coins: int = 0
    free_city: bool = False


def science_helper(compass: int, gear: int, tablet: int, free: int) -> tuple[int, tuple[str, ...]]:
    """Science points of symbol counts with ``free`` wild symbols placed where they score most."""
    if min(compass, gear, tablet, free) < 0:
        raise ValueError("symbol counts cannot be negative")
    return best_placement((compass, gear, tablet), free)


def quick_game_fields(names: Sequence[str], fields: Mapping[str, Any],
                      edition: str = DEFAULT_EDITION,
                      expansions: Iterable[str] = ()) -> tuple[dict, Problems]:
    """The game fields of a paper game (an expansion's teams, by player name) read by the
    expansions played, as a game document's are: what the game holds of them, and the
    problems found (paths as in a game document, ``teams[0]``)."""
    ruleset = get_ruleset(edition, expansions)
    document = {**fields, "players": [{"name": name} for name in names]}
    problems = Problems()
    parts: dict = {}
    for expansion in ruleset.parts:
        parts.update(expansion.parse_game(ruleset, document, None, problems))
    return parts, problems


def quick_score(entries: Sequence[QuickEntry], edition: str = DEFAULT_EDITION,
                expansions: Iterable[str] = (), parts: Mapping[str, Any] | None = None) -> GameScore:
    """Totals, ranks and winners of typed points (missing rows count 0), in the rows of the
    edition's score pad with its expansions; ``parts``: the game fields read by
    :func:`quick_game_fields`, whose results (team totals) the expansions add."""
    ruleset = get_ruleset(edition, expansions)
    categories = ruleset.categories
    players = []
    for entry in entries:
        scores = {row: int(entry.points.get(row, 0)) for row in categories}
        player = PlayerScore(
            name=entry.name, coins=entry.coins, free_city=entry.free_city, scores=scores,
            explanations={row: [] for row in categories},
            science_symbols={}, science_choices=[],
        )
        player.total = sum(scores.values())
        players.append(player)
    result = GameScore(edition, players, categories=categories)
    rank_players(result)
    if parts:
        game = Game(ruleset, (), dict(parts))
        for expansion in ruleset.parts:
            expansion.score_game(game, result)
    return result
