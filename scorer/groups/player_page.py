"""One player's page of a group (spec "A player's page"): their entry of the statistics, every
counted game of theirs, their best in each row and how they fare against each other player.

The player is named as the statistics show them, or by any spelling that compares equal
(:func:`scorer.storage.results.player_key`), after the group's merged names. The entry is the
statistics' own (:mod:`.statistics`); the history is the player's results, read once, and
their best per row is taken from it; the head-to-head counts are one aggregate query joining
the player's results with the others' in the same games. A game where the player sat twice
(two of their names merged) counts each of their seats, and every pair of seats once.
"""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import and_, case, func, select

from ..storage import get_engine
from ..storage.groups import Group
from ..storage.results import player_key
from ..storage.schema import game, result
from .ratings import player_ratings
from .statistics import (
    POINTS,
    Counted,
    Digest,
    Filters,
    played_rulesets,
    player_entry,
    players_digest,
    row_order,
    row_sums,
)


def find_player(digest: Digest, counted: Counted, name: str) -> str | None:
    """The player ``name`` names: a spelling of one of their names, or the name shown."""
    wanted = player_key(name)
    player = counted.player(wanted)
    if player in digest.figures:
        return player
    shown = [found for found, spelled in digest.names.items() if player_key(spelled) == wanted]
    return shown[0] if len(shown) == 1 else None


def player_page(group: Group, name: str, filters: Filters | None = None) -> dict | None:
    """The player's page as the API answers it; None when no counted game has them."""
    filters = filters or Filters()
    counted = Counted(group, filters)
    with get_engine().connect() as connection:
        digest = players_digest(connection, counted)
        player = find_player(digest, counted, name)
        if player is None:
            return None
        keys = sorted({player, *(key for key, target in counted.merged.items() if target == player)})
        order = row_order(played_rulesets(connection, counted))
        entry = player_entry(digest, row_sums(connection, counted, keys), order,
                             player_ratings(connection, counted), player)
        history = player_history(connection, counted, keys)
        against = head_to_head(connection, counted, keys, player, digest.names)
    return {"group": {"id": group.id, "name": group.name}, "filters": filters.as_dict(), **entry,
            "history": history, "best_scores": best_scores(history, order),
            "head_to_head": against}


def player_history(connection, counted: Counted, keys: list[str]) -> list[dict]:
    """Every counted result of the player, oldest first (by game as saved, then seat)."""
    found = connection.execute(
        counted.select(result, game.c.public_id, result.c.played_on, result.c.total,
                       result.c.rank, result.c.wonder, result.c.side, result.c.team,
                       result.c.pad, *POINTS)
        .join(game, game.c.id == result.c.game_id)
        .where(result.c.name_key.in_(keys)).order_by(result.c.game_id, result.c.seat)).all()
    return [{"game": entry.public_id, "date": entry.played_on, "total": entry.total,
             "rank": entry.rank, "wonder": entry.wonder, "side": entry.side,
             "scores": {row: entry[8 + slot] for slot, row in enumerate(entry.pad.split(","))},
             "team": entry.team}
            for entry in found]


def best_scores(history: list[dict], order: list[str]) -> list[dict]:
    """The player's best in each row they played, in the rows' order: the earliest game of
    that best."""
    best: dict[str, dict] = {}
    for played in history:
        for row, value in played["scores"].items():
            if row not in best or value > best[row]["value"]:
                best[row] = {"row": row, "value": value, "game": played["game"]}
    return [best[row] for row in order if row in best]


#: the player's results and the others' in the same games (made once: an alias is not cheap)
MINE, THEIRS = result.alias("mine"), result.alias("theirs")


def head_to_head(connection, counted: Counted, keys: list[str], player: str,
                 names: dict[str, str]) -> list[dict]:
    """Each other player sharing a counted game: in how many, and how often the player's total
    was above, below or level with theirs; most games first, then name."""
    mine, theirs = MINE, THEIRS
    found: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for key, games, ahead, behind, level in connection.execute(
            select(theirs.c.name_key, func.count(),
                   func.sum(case((mine.c.total > theirs.c.total, 1), else_=0)),
                   func.sum(case((mine.c.total < theirs.c.total, 1), else_=0)),
                   func.sum(case((mine.c.total == theirs.c.total, 1), else_=0)))
            .select_from(mine.join(theirs, and_(theirs.c.game_id == mine.c.game_id,
                                                theirs.c.seat != mine.c.seat)))
            .where(*counted.where(mine), mine.c.name_key.in_(keys))
            .group_by(theirs.c.name_key)):
        other = counted.player(key)
        if other == player:
            continue
        for position, count in enumerate((games, ahead, behind, level)):
            found[other][position] += count
    entries = [{"name": names.get(other, other), "games": games, "ahead": ahead,
                "behind": behind, "level": level}
               for other, (games, ahead, behind, level) in found.items()]
    entries.sort(key=lambda entry: (-entry["games"], entry["name"]))
    return entries
