"""A group's statistics: SQL aggregates over the results table, on SQLite and PostgreSQL alike.

Only complete games count (the results table holds nothing else), filtered by edition, the
exact set of expansions and the player count. A player is a normalised name
(:func:`scorer.storage.results.player_key`) after the group's merged names; the Free City is in
no result. Sums and counts come from the database and every mean, rate and median is divided
here from those integers and rounded with ``round(x, 2)``, so both databases give the same
figures to the last digit (the field names are those of the spec's "Groups and statistics").
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.sql import Select

from ..storage import get_engine
from ..storage.groups import Group
from ..storage.schema import game, group_alias, result, result_row

#: how many highest totals the leaderboard shows, and how many closest games
BEST_TOTALS = 10
CLOSEST_GAMES = 5


@dataclass(frozen=True)
class Filters:
    """Which of the group's complete games count: None for any."""

    edition: str | None = None
    expansions: tuple[str, ...] | None = None  # the exact set, sorted; () for none
    players: int | None = None

    def as_dict(self) -> dict:
        out: dict = {}
        if self.edition is not None:
            out["edition"] = self.edition
        if self.expansions is not None:
            out["expansions"] = ",".join(self.expansions)
        if self.players is not None:
            out["players"] = self.players
        return out


def two(value: float) -> float:
    return round(value, 2)


def counted(group_pk: int, filters: Filters):
    """The results that count, one per player per game, with the player's merged key."""
    alias = group_alias
    query = (
        select(result.c.game_id, result.c.seat, result.c.name, result.c.wonder, result.c.side,
               result.c.total, result.c.rank, result.c.winners, result.c.played_on,
               func.coalesce(alias.c.target_key, result.c.name_key).label("player"),
               game.c.public_id.label("game"), game.c.created_at, game.c.id.label("game_pk"))
        .select_from(result.join(game, game.c.id == result.c.game_id)
                     .outerjoin(alias, and_(alias.c.group_id == game.c.group_id,
                                            alias.c.name_key == result.c.name_key)))
        .where(game.c.group_id == group_pk)
    )
    if filters.edition is not None:
        query = query.where(result.c.edition == filters.edition)
    if filters.expansions is not None:
        query = query.where(result.c.expansions == ",".join(filters.expansions))
    if filters.players is not None:
        query = query.where(result.c.seats == filters.players)
    return query.subquery("counted")


def _wins(rows) -> tuple:
    won = case((rows.c.rank == 1, 1), else_=0)
    shared = case((and_(rows.c.rank == 1, rows.c.winners > 1), 1), else_=0)
    return func.sum(won).label("wins"), func.sum(shared).label("shared")


def statistics(group: Group, filters: Filters = Filters()) -> dict:
    """The figures of a group's complete games that match ``filters`` (the API's JSON)."""
    rows = counted(group.pk, filters)
    with get_engine().connect() as connection:
        games = connection.execute(select(func.count(func.distinct(rows.c.game_id)))).scalar()
        names = display_names(connection, group.pk, rows)
        players = player_figures(connection, rows, names)
        wonders = wonder_figures(connection, rows)
        pad_rows = row_figures(connection, rows)
        best = best_totals(connection, rows, names)
        closest = closest_games(connection, rows, names)
    return {"group": {"id": group.id, "name": group.name}, "filters": filters.as_dict(),
            "games": games, "players": players, "wonders": wonders, "rows": pad_rows,
            "best_totals": best, "closest_games": closest}


def display_names(connection, group_pk: int, rows) -> dict[str, str]:
    """Each player's name as shown: the alias chosen when names were merged, else the spelling
    of their latest game."""
    latest = func.row_number().over(partition_by=rows.c.player,
                                    order_by=(rows.c.created_at.desc(), rows.c.game_pk.desc()))
    ranked = select(rows.c.player, rows.c.name, latest.label("n")).subquery()
    names = dict(connection.execute(select(ranked.c.player, ranked.c.name).where(ranked.c.n == 1)).all())
    chosen = connection.execute(
        select(group_alias.c.target_key, group_alias.c.target_name)
        .where(group_alias.c.group_id == group_pk).distinct()).all()
    for key, name in chosen:
        if key in names:
            names[key] = name
    return names


def player_figures(connection, rows, names: dict[str, str]) -> list[dict]:
    wins, shared = _wins(rows)
    totals = connection.execute(
        select(rows.c.player, func.count().label("games"), wins, shared,
               func.sum(rows.c.total).label("total"), func.max(rows.c.total).label("best"),
               func.sum(rows.c.rank).label("ranks"))
        .group_by(rows.c.player)).all()
    medians = middle_totals(connection, rows)
    means: dict[str, dict[str, float]] = {}
    for player, row, points, count in connection.execute(
            select(rows.c.player, result_row.c.row, func.sum(result_row.c.points), func.count())
            .select_from(rows.join(result_row, and_(result_row.c.game_id == rows.c.game_id,
                                                    result_row.c.seat == rows.c.seat)))
            .group_by(rows.c.player, result_row.c.row)):
        means.setdefault(player, {})[row] = two(points / count)
    order = row_order(connection, rows)
    players = []
    for entry in totals:
        player_means = means.get(entry.player, {})
        players.append({
            "name": names.get(entry.player, entry.player),
            "games": entry.games, "wins": entry.wins, "shared_wins": entry.shared,
            "win_rate": two(entry.wins / entry.games),
            "mean_total": two(entry.total / entry.games),
            "median_total": two(medians[entry.player]),
            "best_total": entry.best,
            "mean_rank": two(entry.ranks / entry.games),
            "mean_scores": {row: player_means[row] for row in order if row in player_means},
            "_sort": (-entry.wins, -entry.wins / entry.games, -entry.total / entry.games),
        })
    players.sort(key=lambda p: (*p["_sort"], p["name"]))
    for player in players:
        del player["_sort"]
    return players


def middle_totals(connection, rows) -> dict[str, float]:
    """Each player's median total: the middle one of their totals, or the mean of the two."""
    position = func.row_number().over(partition_by=rows.c.player, order_by=rows.c.total)
    count = func.count().over(partition_by=rows.c.player)
    numbered = select(rows.c.player, rows.c.total, position.label("k"), count.label("n")).subquery()
    n = numbered.c.n
    middle = or_(numbered.c.k == (n + 1) // 2, numbered.c.k == (n + 2) // 2)
    found = connection.execute(
        select(numbered.c.player, func.sum(numbered.c.total), func.count())
        .where(middle).group_by(numbered.c.player)).all()
    return {player: total / count for player, total, count in found}


def wonder_figures(connection, rows) -> list[dict]:
    wins, _shared = _wins(rows)
    found = connection.execute(
        select(rows.c.wonder, rows.c.side, func.count().label("plays"), wins,
               func.sum(rows.c.total).label("total"))
        .group_by(rows.c.wonder, rows.c.side)).all()
    wonders = [{"wonder": entry.wonder, "side": entry.side, "plays": entry.plays,
                "wins": entry.wins, "win_rate": two(entry.wins / entry.plays),
                "mean_total": two(entry.total / entry.plays)} for entry in found]
    wonders.sort(key=lambda w: (-w["plays"], w["wonder"], w["side"]))
    return wonders


def _with_rows(rows) -> Select:
    return (select(rows.c.game_id, rows.c.created_at, rows.c.game_pk, result_row.c.row,
                   result_row.c.position, result_row.c.points)
            .select_from(rows.join(result_row, and_(result_row.c.game_id == rows.c.game_id,
                                                    result_row.c.seat == rows.c.seat))))


def row_order(connection, rows) -> list[str]:
    """The rows in the order of first appearance in the counted games' score reports."""
    joined = _with_rows(rows).subquery()
    first = func.row_number().over(
        partition_by=joined.c.row,
        order_by=(joined.c.created_at, joined.c.game_pk, joined.c.position))
    numbered = select(joined.c.row, joined.c.created_at, joined.c.game_pk, joined.c.position,
                      first.label("n")).subquery()
    return list(connection.execute(
        select(numbered.c.row).where(numbered.c.n == 1)
        .order_by(numbered.c.created_at, numbered.c.game_pk, numbered.c.position)).scalars())


def row_figures(connection, rows) -> list[dict]:
    joined = _with_rows(rows).subquery()
    found = {entry.row: entry for entry in connection.execute(
        select(joined.c.row, func.count(func.distinct(joined.c.game_id)).label("games"),
               func.sum(joined.c.points).label("points"), func.count().label("entries"),
               func.max(joined.c.points).label("best"))
        .group_by(joined.c.row))}
    return [{"row": row, "games": found[row].games,
             "mean": two(found[row].points / found[row].entries), "best": found[row].best}
            for row in row_order(connection, rows)]


def best_totals(connection, rows, names: dict[str, str], limit: int = BEST_TOTALS) -> list[dict]:
    """The highest totals, ties by earlier date, then name (as shown)."""
    top = connection.execute(
        select(rows.c.total, rows.c.played_on)
        .order_by(rows.c.total.desc(), rows.c.played_on).limit(limit)).all()
    if not top:
        return []
    last_total, last_date = top[-1]
    candidates = connection.execute(
        select(rows.c.player, rows.c.total, rows.c.game, rows.c.played_on, rows.c.game_pk,
               rows.c.seat)
        .where(or_(rows.c.total > last_total,
                   and_(rows.c.total == last_total, rows.c.played_on <= last_date)))).all()
    entries = sorted(candidates, key=lambda e: (-e.total, e.played_on, names.get(e.player, e.player),
                                                e.game_pk, e.seat))
    return [{"name": names.get(e.player, e.player), "total": e.total, "game": e.game,
             "date": e.played_on} for e in entries[:limit]]


def closest_games(connection, rows, names: dict[str, str], limit: int = CLOSEST_GAMES) -> list[dict]:
    """The games won by the fewest points over the runner-up (0 for a shared win or a win on
    coins), the latest first among equals."""
    place = func.row_number().over(partition_by=rows.c.game_id,
                                   order_by=(rows.c.total.desc(), rows.c.rank))
    placed = select(rows.c.game_id, rows.c.total, place.label("k")).subquery()
    margins = (select(placed.c.game_id,
                      (func.max(case((placed.c.k == 1, placed.c.total)))
                       - func.max(case((placed.c.k == 2, placed.c.total)))).label("margin"))
               .group_by(placed.c.game_id).having(func.count() > 1).subquery())
    closest = connection.execute(
        select(margins.c.game_id, margins.c.margin)
        .select_from(margins.join(game, game.c.id == margins.c.game_id))
        .order_by(margins.c.margin, game.c.created_at.desc(), game.c.id.desc())
        .limit(limit)).all()
    if not closest:
        return []
    margin_of = {game_id: margin for game_id, margin in closest}
    players = connection.execute(
        select(rows.c.game_id, rows.c.game, rows.c.played_on, rows.c.player, rows.c.total,
               rows.c.rank, rows.c.seat)
        .where(rows.c.game_id.in_(list(margin_of))).order_by(rows.c.seat)).all()
    games: dict[int, dict] = {}
    for entry in players:
        found = games.setdefault(entry.game_id, {
            "game": entry.game, "date": entry.played_on, "margin": margin_of[entry.game_id],
            "winners": [], "totals": []})
        name = names.get(entry.player, entry.player)
        found["totals"].append({"name": name, "total": entry.total, "rank": entry.rank})
        if entry.rank == 1:
            found["winners"].append(name)
    for found in games.values():
        found["totals"].sort(key=lambda t: (t["rank"], t["name"]))
    return [games[game_id] for game_id, _margin in closest]


def results_table(group: Group, filters: Filters = Filters()) -> tuple[list[str], list[dict]]:
    """Every counted result with its rows, for the CSV: ``(rows in pad order, results)``, the
    results by date, game and seat."""
    rows = counted(group.pk, filters)
    with get_engine().connect() as connection:
        order = row_order(connection, rows)
        heads = connection.execute(
            select(rows.c.game_id, rows.c.game, rows.c.played_on, rows.c.seat, rows.c.name,
                   rows.c.wonder, rows.c.side, rows.c.total, rows.c.rank)
            .order_by(rows.c.created_at, rows.c.game_pk, rows.c.seat)).all()
        points: dict[tuple[int, int], dict[str, int]] = {}
        for game_id, seat, row, value in connection.execute(
                select(rows.c.game_id, rows.c.seat, result_row.c.row, result_row.c.points)
                .select_from(rows.join(result_row, and_(result_row.c.game_id == rows.c.game_id,
                                                        result_row.c.seat == rows.c.seat)))):
            points.setdefault((game_id, seat), {})[row] = value
    table = [{"date": h.played_on, "game": h.game, "seat": h.seat + 1, "name": h.name,
              "wonder": h.wonder, "side": h.side, "scores": points.get((h.game_id, h.seat), {}),
              "total": h.total, "rank": h.rank} for h in heads]
    return order, table


def totals_over_time(group: Group, filters: Filters = Filters()) -> dict[str, list[tuple[str, int]]]:
    """Each player's totals in game order (for the chart): ``player key -> [(date, total)]``."""
    rows = counted(group.pk, filters)
    with get_engine().connect() as connection:
        found = connection.execute(
            select(rows.c.player, rows.c.played_on, rows.c.total)
            .order_by(rows.c.created_at, rows.c.game_pk)).all()
    series: dict[str, list[tuple[str, int]]] = {}
    for player, played_on, total in found:
        series.setdefault(player, []).append((played_on, total))
    return series


def winning_totals(group: Group, filters: Filters = Filters()) -> list[int]:
    """The winners' totals, one per counted game (the spread chart)."""
    rows = counted(group.pk, filters)
    with get_engine().connect() as connection:
        return list(connection.execute(
            select(func.max(rows.c.total)).group_by(rows.c.game_id)
            .order_by(func.max(rows.c.total))).scalars())

