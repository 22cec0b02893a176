"""A group's statistics, timeline, winning totals and filter choices made from its tally
(:mod:`.tally`).

The figures are those :func:`scorer.groups.statistics.recount` counts in SQL from every
result, field for field and in the same order (the tests hold them equal after any sequence of
saves, corrections, moves, deletions and merges), but made from the tally's sums per name,
pad, slot and wonder: after a correction of one game only that game's rows were read again and
summed, and what is left to do is per player, row and wonder, not per result. Only the
moments of the timeline's games are asked for (the games' public ids come with the tally's
stamps).
"""

from __future__ import annotations

from datetime import datetime

from ..storage import driver, get_engine
from ..storage.groups import Group
from ..storage.schema import game
from .ratings import player_ratings
from .statistics import (
    BEST_TOTALS,
    CLOSEST_GAMES,
    Counted,
    Digest,
    Filters,
    player_figures,
    public_ids,
    row_order,
    two,
)
from .tally import (
    EDITION,
    EXPANSIONS,
    GAME,
    KEY,
    PLAYED_ON,
    RANK,
    SEATS,
    TEAM,
    TOTAL,
    Tally,
    counted_rows,
    pad_rows,
)


def statistics(group: Group, filters: Filters | None = None) -> dict:
    """The figures of a group's complete games that match ``filters`` (None: all; the API's
    JSON)."""
    filters = filters or Filters()
    counted = Counted(group, filters)
    with get_engine().connect() as connection, counted_rows(connection, counted) as tally:
        merged_names(tally, counted)
        digest = digest_of(tally, counted)
        rulesets = tally.rulesets()
        order = row_order(rulesets)
        means = means_of(tally, counted)
        # the rankings are the tally's at its results revision: a fold at it is current
        ratings = player_ratings(connection, counted, lambda: tally.rankings(counted.merged),
                                 revision=("results", tally.revision))
        players = player_figures(digest, means, order, ratings)
        rows = row_figures(tally, means, rulesets, order)
        record_holders(connection, tally, counted, rows, digest.names)
        best = best_totals(connection, tally, counted, digest.names)
        closest = closest_games(connection, tally, counted, digest.names)
        return {"group": {"id": group.id, "name": group.name}, "filters": filters.as_dict(),
                "games": sum(games for games, _rows in rulesets), "players": players,
                "wonders": wonder_figures(tally), "rows": rows, "best_totals": best,
                "closest_games": closest}


def merged_names(tally: Tally, counted: Counted) -> None:
    """Give ``counted`` the group's merged names as the tally keeps them: read once, and
    again only after a change of the results that its games' stamps do not explain (a merge,
    or its undoing, raises the group's own results counter: the tally then reads every row
    again and drops them, :data:`.tally.GROUP_KEPT`). The page's statistics and timeline
    each read them before (a query each, a third of the statistics' own time)."""
    found = tally.kept.get("aliases")
    if found is None:
        tally.kept["aliases"] = (counted._aliases,)  # read now (a cached_property)
    else:
        counted.__dict__["_aliases"] = found[0]  # as if read: the cached_property's place


def digest_of(tally: Tally, counted: Counted) -> Digest:
    """:class:`~.statistics.Digest` of the tally: its sums per name typed added up per player
    (in the order the SQL aggregate gives them: by name key, then name), the player shown by
    the name typed in their latest game (or the merge's). Kept with the tally until its rows
    change, per merged names: the page's statistics and its timeline both ask (to be read,
    never changed)."""
    key = (tuple(sorted(counted.merged.items())), tuple(sorted(counted.shown.items())))
    found = tally.kept.get("digest")
    if found is not None and found[0] == key:
        return found[1]
    digest = tally.kept["digest"] = (key, made_digest(tally, counted))
    return digest[1]


def made_digest(tally: Tally, counted: Counted) -> Digest:
    digest = Digest()
    latest: dict[str, tuple[int, str]] = {}
    for named in sorted(tally.named):
        key, name = named
        sums = tally.named[named]
        player = counted.player(key)
        found = digest.figures.get(player)
        if found is None:
            digest.figures[player] = [*sums[:4], 0, *sums[4:]]
        else:
            for index, value in zip((0, 1, 2, 3, 5, 6, 7), sums, strict=True):
                found[index] += value
        last = max(tally.last_games[named])
        if player not in latest or last > latest[player][0]:
            latest[player] = (last, name)
    for key, totals in tally.totals.items():
        counts = digest.totals[counted.player(key)]
        for total, count in totals.items():
            counts[total] += count
    for player, figures in digest.figures.items():
        figures[4] = max(digest.totals[player])
    digest.names = {player: counted.shown.get(player, name) for player, (_last, name) in latest.items()}
    return digest


def means_of(tally: Tally, counted: Counted) -> dict[str, dict[str, list[int]]]:
    """``player -> row -> [sum of points, entries]``."""
    means: dict[str, dict[str, list[int]]] = {}
    for (key, pad), sums in tally.sums.items():
        rows = means.setdefault(counted.player(key), {})
        for slot, row in enumerate(pad_rows(pad)):
            found = rows.setdefault(row, [0, 0])
            found[0] += sums[slot + 1]
            found[1] += sums[0]
    return means


def row_figures(tally: Tally, means: dict, rulesets: list[tuple[int, list[str]]],
                order: list[str]) -> list[dict]:
    """Each row's games, mean and best (its holders: :func:`record_holders`)."""
    best: dict[str, int] = {}
    for pad, slot in tally.values:
        row = pad_rows(pad)[slot]
        best[row] = max(best.get(row, tally.best(pad, slot)), tally.best(pad, slot))
    figures = []
    for row in order:
        entries = [found[row] for found in means.values() if row in found]
        figures.append({"row": row, "games": sum(games for games, rows in rulesets if row in rows),
                        "mean": two(sum(e[0] for e in entries) / sum(e[1] for e in entries)),
                        "best": best[row]})
    return figures


def record_holders(connection, tally: Tally, counted: Counted, figures: list[dict],
                   names: dict[str, str]) -> None:
    """Each row's ``best_by``: who holds its best, in which game, earliest first."""
    best = {figure["row"]: figure["best"] for figure in figures}
    holders: dict[str, list] = {row: [] for row in best}
    for pad, slot in tally.values:
        row = pad_rows(pad)[slot]
        holders[row].extend(tally.holders(pad, slot, best[row]))
    ids = public_ids_of(connection, tally, {entry[1] for found in holders.values() for entry in found})
    for figure in figures:
        figure["best_by"] = [
            {"name": names.get(counted.player(key), counted.player(key)), "game": ids[pk],
             "date": played_on}
            for played_on, pk, _seat, key in sorted(holders[figure["row"]])]


def public_ids_of(connection, tally: Tally, game_pks) -> dict[int, str]:
    """The games' public ids, as the tally's stamps (read with its rows) hold them; those of
    games it has no stamp of (a game whose results name the group, not it the group) asked."""
    found = {pk: tally.stamps[pk][0] for pk in game_pks if pk in tally.stamps}
    missing = [pk for pk in game_pks if pk not in found]
    if missing:
        found.update(public_ids(connection, missing))
    return found


def wonder_figures(tally: Tally) -> list[dict]:
    wonders = [{"wonder": wonder, "side": side, "plays": plays, "wins": wins,
                "win_rate": two(wins / plays), "mean_total": two(total / plays)}
               for (wonder, side), (plays, wins, total) in tally.wonders.items()]
    wonders.sort(key=lambda w: (-w["plays"], w["wonder"], w["side"]))
    return wonders


def best_totals(connection, tally: Tally, counted: Counted, names: dict[str, str],
                limit: int = BEST_TOTALS) -> list[dict]:
    """The highest totals, ties by earlier date, then name (as shown)."""
    def shown(key: str) -> str:
        player = counted.player(key)
        return names.get(player, player)

    entries = sorted(tally.highest(limit), key=lambda found: (
        -found[0], found[1][0], shown(found[1][3]), found[1][1], found[1][2]))[:limit]
    ids = public_ids_of(connection, tally, {entry[1] for _total, entry in entries})
    return [{"name": shown(key), "total": total, "game": ids[pk], "date": played_on}
            for total, (played_on, pk, _seat, key) in entries]


def closest_games(connection, tally: Tally, counted: Counted, names: dict[str, str],
                  limit: int = CLOSEST_GAMES) -> list[dict]:
    """:func:`scorer.groups.statistics.closest_games`, of the tally's games."""
    margins = sorted({(margin, -pk) for pk, leads in tally.leads.items()
                      for margin in leads})[:limit]
    if not margins:
        return []
    ids = public_ids_of(connection, tally, [-negative for _margin, negative in margins])
    leads: dict[int, int] = {}
    for lead, negative in margins:  # a game's winners share its lead: one entry a game
        leads[-negative] = lead
    answer = []
    for pk, lead in leads.items():
        found = {"game": ids[pk], "date": "", "margin": lead, "winners": [], "totals": []}
        teams: dict[str, dict] = {}
        for row in tally.games[pk]:
            player = counted.player(row[KEY])
            name = names.get(player, player)
            found["date"] = row[PLAYED_ON]
            found["totals"].append({"name": name, "total": row[TOTAL], "rank": row[RANK]})
            if row[RANK] == 1:
                found["winners"].append(name)
            if row[TEAM]:
                team = teams.setdefault(row[TEAM], {"players": [], "total": 0, "rank": row[RANK]})
                team["players"].append(name)
                team["total"] += row[TOTAL]
        found["totals"].sort(key=lambda t: (t["rank"], t["name"]))
        if teams:
            found["teams"] = sorted(teams.values(), key=lambda t: (t["rank"], -t["total"]))
        answer.append(found)
    return answer


def timeline(group: Group, filters: Filters, last: int = 20,
             players: int = 4) -> tuple[list[datetime], dict[str, list[int | None]]]:
    """:func:`scorer.groups.statistics.timeline`, of the tally: the totals of the players with
    the most games over the last ``last`` counted games, by when each game was saved."""
    counted = Counted(group, filters)
    known = group.results_revision  # as the page read it: its statistics' tally serves
    with get_engine().connect() as connection, counted_rows(connection, counted, known) as tally:
        merged_names(tally, counted)
        digest = digest_of(tally, counted)
        recent = sorted(tally.games)[-last:] if last else []
        rows = [row for pk in recent for row in tally.games[pk]]
        saved = created_at(connection, recent)
    totals = {player: figures[0] for player, figures in digest.figures.items()}
    names = digest.names
    chosen = sorted(totals, key=lambda p: (-totals[p], names.get(p, p)))[:players]
    column = {pk: index for index, pk in enumerate(recent)}
    series = {player: [None] * len(recent) for player in chosen}
    for row in rows:  # by seat: a player seated twice (merged names) shows their last seat
        player = counted.player(row[KEY])
        if player in series:
            series[player][column[row[GAME]]] = row[TOTAL]
    return [saved[pk] for pk in recent], {names.get(p, p): values for p, values in series.items()}


def created_at(connection, pks: list[int]) -> dict[int, datetime]:
    """The games' creation moments by pk, read through the driver's cursor (as
    :func:`.moments.saved_at`: SQLAlchemy Core cost several times the read)."""
    if not pks:
        return {}
    statement = f"SELECT id, created_at FROM game WHERE id IN ({', '.join('?' * len(pks))})"
    moment = game.c.created_at.type.process_result_value
    with driver.cursor(connection) as cursor:
        cursor.execute(driver.sql(statement, connection), list(pks))
        return {pk: moment(found, connection.dialect) for pk, found in cursor.fetchall()}


def winning_totals(group: Group, filters: Filters) -> list[int]:
    """The winners' totals, one per counted game, lowest first (the spread chart)."""
    counted = Counted(group, filters)
    known = group.results_revision  # as the page read it: its statistics' tally serves
    with get_engine().connect() as connection, counted_rows(connection, counted, known) as tally:
        return sorted(tally.winning.values())


def available_filters(group: Group) -> dict:
    """:func:`scorer.groups.statistics.available_filters`, of the tally of all the group's
    games: the editions, sets of expansions and player counts the page offers to filter by."""
    counted = Counted(group, Filters())
    known = group.results_revision  # as the page read it: its statistics' tally serves
    with get_engine().connect() as connection, counted_rows(connection, counted, known) as tally:
        found = {(rows[0][EDITION], rows[0][EXPANSIONS], rows[0][SEATS])
                 for rows in tally.rows.values()}
    return {"editions": sorted({edition for edition, _x, _n in found}),
            "expansions": sorted({tuple(x.split(",")) if x else () for _e, x, _n in found}),
            "players": sorted({seats for _e, _x, seats in found})}
