"""What a group did lately: its latest counted games, for its printed report (when each was
saved, who played, their totals and who won), and its players' names, the latest first, for
New game in the group.

The statistics count every game; a report lists only the latest few (a group of thousands of
games would print a book), read with small queries over the results table for the games the
filters count. A game of team play is won by its team (C14): its rows carry the team's names
and rank, so the winners are the team.
"""

from __future__ import annotations

from sqlalchemy import func, select

from ..storage import get_engine
from ..storage.engine import reader
from ..storage.groups import Group
from ..storage.schema import game, result
from .statistics import Counted, Filters

#: how many games the report lists
LISTED = 30
#: how many names New game offers
NAMES_OFFERED = 40


def recent_games(group: Group, filters: Filters, limit: int = LISTED) -> tuple[list[dict], int]:
    """The latest ``limit`` counted games, newest first, each ``{"game", "moment", "totals":
    [{"name", "total", "rank", "team"}] (best first, names as typed in that game), "winners"}``
    (a team game's winners: its winning teams, "Ada + Bo"); and how many games count."""
    counted = Counted(group, filters)
    with reader(get_engine()).connect() as connection:
        count = connection.execute(
            counted.select(result, func.count(func.distinct(result.c.game_id)))).scalar_one()
        latest = connection.execute(
            counted.select(result, result.c.game_id).distinct()
            .order_by(result.c.game_id.desc()).limit(limit)).scalars().all()
        if not latest:
            return [], count
        saved = {pk: (public, moment) for pk, public, moment in connection.execute(
            select(game.c.id, game.c.public_id, game.c.created_at).where(game.c.id.in_(latest)))}
        entries = connection.execute(
            select(result.c.game_id, result.c.name, result.c.total, result.c.rank, result.c.team)
            .where(result.c.game_id.in_(latest)).order_by(result.c.seat)).all()
    games = {pk: {"game": saved[pk][0], "moment": saved[pk][1], "totals": [], "winners": []}
             for pk in latest}
    for entry in entries:
        found = games[entry.game_id]
        found["totals"].append({"name": entry.name, "total": entry.total, "rank": entry.rank,
                                "team": entry.team})
        winner = entry.team or entry.name
        if entry.rank == 1 and winner not in found["winners"]:
            found["winners"].append(winner)
    for found in games.values():
        found["totals"].sort(key=lambda t: (t["rank"], -t["total"]))
    return [games[pk] for pk in latest], count


def recent_names(group: Group, limit: int = NAMES_OFFERED) -> list[str]:
    """The group's players as the statistics show them (merged names under their chosen name,
    else the latest spelling), the one who played most recently first: what New game in the
    group offers to type."""
    counted = Counted(group, Filters())
    with reader(get_engine()).connect() as connection:
        found = connection.execute(
            counted.select(result, result.c.name_key, result.c.name, func.max(result.c.game_id))
            .group_by(result.c.name_key, result.c.name)).all()
    latest: dict[str, tuple[int, str]] = {}
    for key, name, last in found:
        player = counted.player(key)
        if player not in latest or last > latest[player][0]:
            latest[player] = (last, name)
    ordered = sorted(latest.items(), key=lambda item: (-item[1][0], item[1][1]))
    return [counted.shown.get(player, name) for player, (_last, name) in ordered][:limit]
