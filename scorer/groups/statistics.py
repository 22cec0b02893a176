"""A group's statistics: SQL aggregates over the results table, on SQLite and PostgreSQL alike.

Only complete games count (the results table holds nothing else), filtered by edition, the
exact set of expansions and the player count. A player is a normalised name
(:func:`scorer.storage.results.player_key`) after the group's merged names; the Free City is in
no result. Each figure is one aggregate query over the one table ``result`` (which carries the
group, the filters' columns and each player's points per score-pad row), read through a
covering index of the group's rows: the database sums and counts per normalised name, and the
names merged in the group are then added together here (sums, counts, maxima and the
histograms the medians come from all add up). Every mean, rate and median is divided here from
those integers and rounded with ``round(x, 2)``, so both databases give the same figures to the
last digit (the field names are those of the spec's "Groups and statistics"). "Latest" and
"first" follow the order the games were saved in.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from sqlalchemy import Table, and_, case, func, or_, select

from ..storage import get_engine
from ..storage.groups import Group
from ..storage.merges import aliases
from ..storage.schema import PAD_SLOTS, game, result
from .ratings import player_ratings

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


class Counted:
    """Which results count, and whom each name counts as."""

    def __init__(self, group: Group, filters: Filters):
        self.group_pk = group.pk
        self.group_id = group.id  # a database may give a deleted group's pk to a new one
        self.filters = filters

    @cached_property
    def _aliases(self) -> dict[str, tuple[str, str]]:
        """The group's merged names, read when first asked for: what only reads the counted
        rows (the winning totals, the filter choices) never asks."""
        return aliases(self.group_pk)

    @cached_property
    def merged(self) -> dict[str, str]:
        return {key: target for key, (target, _name) in self._aliases.items()}

    @cached_property
    def shown(self) -> dict[str, str]:
        return {target: name for _key, (target, name) in self._aliases.items()}

    def where(self, table: Table) -> list:
        conditions = [table.c.group_id == self.group_pk]
        if self.filters.edition is not None:
            conditions.append(table.c.edition == self.filters.edition)
        if self.filters.expansions is not None:
            conditions.append(table.c.expansions == ",".join(self.filters.expansions))
        if self.filters.players is not None:
            conditions.append(table.c.seats == self.filters.players)
        return conditions

    def select(self, table: Table, *columns):
        return select(*columns).select_from(table).where(*self.where(table))

    def player(self, name_key: str) -> str:
        return self.merged.get(name_key, name_key)


WON = case((result.c.rank == 1, 1), else_=0)
#: 1 for a result of team play (its rank is the team's)
TEAMED = case((result.c.team != "", 1), else_=0)


def recount(group: Group, filters: Filters = Filters()) -> dict:
    """The figures of a group's complete games that match ``filters`` (the API's JSON),
    counted from every result by the database: what :func:`scorer.groups.tallied.statistics`
    makes from its tally must equal this, field for field (the tests compare them)."""
    counted = Counted(group, filters)
    with get_engine().connect() as connection:
        digest = players_digest(connection, counted)
        rulesets = played_rulesets(connection, counted)
        order = row_order(rulesets)
        maxima: dict = {}
        means = row_sums(connection, counted, maxima=maxima)
        players = player_figures(digest, means, order, player_ratings(connection, counted))
        wonders = wonder_figures(connection, counted)
        pad_rows = row_figures(means, rulesets, order)
        record_holders(connection, counted, pad_rows, maxima, digest.names)
        best = best_totals(connection, counted, digest.names)
        closest = closest_games(connection, counted, digest.names)
    return {"group": {"id": group.id, "name": group.name}, "filters": filters.as_dict(),
            "games": sum(games for games, _rows in rulesets), "players": players,
            "wonders": wonders, "rows": pad_rows, "best_totals": best, "closest_games": closest}


class Digest:
    """Per player (after merged names): games, wins, shared wins, sum of totals, best total,
    sum of ranks, team games, team wins, the count of each total (for the median) and the
    name shown."""

    def __init__(self) -> None:
        self.figures: dict[str, list[int]] = {}
        self.totals: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        self.names: dict[str, str] = {}


#: 1 for a win shared with another winner, and for a win in team play
SHARED = case((and_(result.c.rank == 1, result.c.winners > 1), 1), else_=0)
TEAM_WON = case((and_(result.c.rank == 1, result.c.team != ""), 1), else_=0)


def players_digest(connection, counted: Counted) -> Digest:
    """:class:`Digest` of two aggregates: the sums per name typed (a handful of rows), and
    the count of each total per name (what the medians need), added up per player here."""
    digest = players_summed(connection, counted)
    for key, total, count in connection.execute(
            counted.select(result, result.c.name_key, result.c.total, func.count())
            .group_by(result.c.name_key, result.c.total)):
        digest.totals[counted.player(key)][total] += count
    return digest


def players_summed(connection, counted: Counted) -> Digest:
    """:class:`Digest` without the totals' counts: per name typed, its games, wins, shared
    wins, sum of totals, best, sum of ranks, team games, team wins and latest game, added up
    per player; a player is shown by the name typed in their latest game (or the merge's)."""
    digest = Digest()
    latest: dict[str, tuple[int, str]] = {}
    for key, name, last, *sums in connection.execute(
            counted.select(result, result.c.name_key, result.c.name, func.max(result.c.game_id),
                           func.count(), func.sum(WON), func.sum(SHARED),
                           func.sum(result.c.total), func.max(result.c.total),
                           func.sum(result.c.rank), func.sum(TEAMED), func.sum(TEAM_WON))
            .group_by(result.c.name_key, result.c.name)):
        player = counted.player(key)
        found = digest.figures.get(player)
        if found is None:
            digest.figures[player] = [int(value) for value in sums]
        else:
            best = max(found[4], sums[4])
            found[:] = [kept + int(value) for kept, value in zip(found, sums, strict=True)]
            found[4] = best
        if player not in latest or last > latest[player][0]:
            latest[player] = (last, name)
    digest.names = {player: counted.shown.get(player, name) for player, (_last, name) in latest.items()}
    return digest


POINTS = [result.c[f"p{slot}"] for slot in range(PAD_SLOTS)]


def played_rulesets(connection, counted: Counted) -> list[tuple[int, list[str]]]:
    """Each score pad played (its rows, as an edition and its expansions print them), in the
    order of its first game: how many games, and the rows."""
    found = connection.execute(
        counted.select(result, result.c.pad, func.count(func.distinct(result.c.game_id)))
        .group_by(result.c.pad).order_by(func.min(result.c.game_id))).all()
    return [(games, pad.split(",")) for pad, games in found]


def row_order(rulesets: list[tuple[int, list[str]]]) -> list[str]:
    """The rows in the order of first appearance in the counted games' score reports."""
    order: list[str] = []
    for _games, rows in rulesets:
        order.extend(row for row in rows if row not in order)
    return order


def row_sums(connection, counted: Counted, keys: list[str] | None = None,
             maxima: dict | None = None) -> dict[str, dict[str, list[int]]]:
    """``player -> row -> [sum of points, entries, best]``: the database sums each pad's slots
    per name, and the slots are named by their pad's rows here. ``keys``: only these names.
    ``maxima``: filled with each (name, pad)'s best per slot, where the records are found."""
    query = counted.select(result, result.c.name_key, result.c.pad, func.count(),
                           *(func.sum(slot) for slot in POINTS), *(func.max(slot) for slot in POINTS))
    if keys is not None:
        query = query.where(result.c.name_key.in_(keys))
    sums: dict[str, dict[str, list[int]]] = defaultdict(dict)
    for key, pad, count, *figures in connection.execute(query.group_by(result.c.name_key, result.c.pad)):
        rows = pad.split(",")
        if maxima is not None:
            maxima[key, pad] = figures[PAD_SLOTS:PAD_SLOTS + len(rows)]
        for slot, row in enumerate(rows):
            found = sums[counted.player(key)].setdefault(row, [0, 0, figures[PAD_SLOTS + slot]])
            found[0] += figures[slot]
            found[1] += count
            found[2] = max(found[2], figures[PAD_SLOTS + slot])
    return sums


def player_figures(digest: Digest, sums: dict, order: list[str], ratings: dict[str, dict]) -> list[dict]:
    """Every player's entry, by wins, then win rate, then mean total (descending), then name."""
    def rank(player: str) -> tuple:
        games, wins, _shared, total, *_rest = digest.figures[player]
        return -wins, -wins / games, -total / games, digest.names.get(player, player)

    return [player_entry(digest, sums, order, ratings, player)
            for player in sorted(digest.figures, key=rank)]


def player_entry(digest: Digest, sums: dict, order: list[str], ratings: dict[str, dict],
                 player: str) -> dict:
    """One player's entry of ``players`` (``player``: the key after merged names)."""
    games, wins, shared, total, best, ranks, teamed, team_wins = digest.figures[player]
    means = sums.get(player, {})
    return {
        "name": digest.names.get(player, player), "games": games, "wins": wins,
        "shared_wins": shared, "win_rate": two(wins / games),
        "mean_total": two(total / games), "median_total": two(median(digest.totals[player])),
        "best_total": best, "mean_rank": two(ranks / games),
        "mean_scores": {row: two(means[row][0] / means[row][1]) for row in order if row in means},
        "team_games": teamed, "team_wins": team_wins, "rating": ratings[player],
    }


def median(histogram: dict[int, int]) -> float:
    """The middle value of the values counted in ``histogram``, or the mean of the two."""
    size = sum(histogram.values())
    low, high = (size - 1) // 2, size // 2  # the middle positions, 0-based (one when odd)
    seen, first = 0, None
    for value in sorted(histogram):  # up to the middle only (a player's totals: ~80 values)
        seen += histogram[value]
        if first is None and seen > low:
            first = value
        if seen > high:
            return (first + value) / 2
    raise ValueError("the median of nothing")


def wonder_figures(connection, counted: Counted) -> list[dict]:
    found = connection.execute(
        counted.select(result, result.c.wonder, result.c.side, func.count().label("plays"),
                       func.sum(WON).label("wins"), func.sum(result.c.total).label("total"))
        .group_by(result.c.wonder, result.c.side)).all()
    wonders = [{"wonder": entry.wonder, "side": entry.side, "plays": entry.plays,
                "wins": entry.wins, "win_rate": two(entry.wins / entry.plays),
                "mean_total": two(entry.total / entry.plays)} for entry in found]
    wonders.sort(key=lambda w: (-w["plays"], w["wonder"], w["side"]))
    return wonders


def row_figures(sums: dict, rulesets: list[tuple[int, list[str]]], order: list[str]) -> list[dict]:
    figures = []
    for row in order:
        entries = [found[row] for found in sums.values() if row in found]
        figures.append({"row": row, "games": sum(games for games, rows in rulesets if row in rows),
                        "mean": two(sum(e[0] for e in entries) / sum(e[1] for e in entries)),
                        "best": max(e[2] for e in entries)})
    return figures


def record_holders(connection, counted: Counted, pad_rows: list[dict], maxima: dict,
                   names: dict[str, str]) -> None:
    """Each row's ``best_by``: who holds its best, in which game, earliest first.

    One pass over the index of the group's points (``result_points``, which holds each
    result's game, seat and date too, so no row of the table is read) finds the results that
    hold a best in a slot of their pad; ``maxima`` (:func:`row_sums`') says which pads hold a
    best at all. Their games' public ids are then asked for."""
    best = {figure["row"]: figure["best"] for figure in pad_rows}
    pads = {pad for (_key, pad), tops in maxima.items()
            if any(tops[slot] == best[row] for slot, row in enumerate(pad.split(",")))}
    holders: dict[str, list] = {row: [] for row in best}
    if pads:
        wanted = or_(*(and_(result.c.pad == pad,
                            or_(*(POINTS[slot] == best[row]
                                  for slot, row in enumerate(pad.split(",")))))
                       for pad in sorted(pads)))
        for entry in connection.execute(
                counted.select(result, result.c.played_on, result.c.game_id, result.c.seat,
                               result.c.name_key, result.c.pad, *POINTS).where(wanted)):
            for slot, row in enumerate(entry.pad.split(",")):
                if entry[5 + slot] == best[row]:
                    holders[row].append(tuple(entry[:4]))
    ids = public_ids(connection, {entry[1] for found in holders.values() for entry in found})
    for figure in pad_rows:
        figure["best_by"] = [
            {"name": names.get(counted.player(key), counted.player(key)), "game": ids[pk],
             "date": played_on}
            for played_on, pk, _seat, key in sorted(holders[figure["row"]])]


def public_ids(connection, game_pks, chunk: int = 900) -> dict[int, str]:
    """The public ids of games, asked ``chunk`` at a time (a database bounds a statement's
    parameters)."""
    pks, found = sorted(game_pks), {}
    for start in range(0, len(pks), chunk):
        found.update(connection.execute(select(game.c.id, game.c.public_id)
                                        .where(game.c.id.in_(pks[start:start + chunk]))).all())
    return found


def best_totals(connection, counted: Counted, names: dict[str, str], limit: int = BEST_TOTALS) -> list[dict]:
    """The highest totals, ties by earlier date, then name (as shown)."""
    top = connection.execute(
        counted.select(result, result.c.total, result.c.played_on)
        .order_by(result.c.total.desc(), result.c.played_on).limit(limit)).all()
    if not top:
        return []
    last_total, last_date = top[-1]
    candidates = connection.execute(
        counted.select(result, result.c.name_key, result.c.total, result.c.played_on,
                       result.c.game_id, result.c.seat)
        .where(or_(result.c.total > last_total,
                   and_(result.c.total == last_total, result.c.played_on <= last_date)))).all()

    def shown(entry) -> str:
        player = counted.player(entry.name_key)
        return names.get(player, player)

    entries = sorted(candidates, key=lambda e: (-e.total, e.played_on, shown(e), e.game_id, e.seat))
    entries = entries[:limit]
    ids = public_ids(connection, {e.game_id for e in entries})
    return [{"name": shown(e), "total": e.total, "game": ids[e.game_id], "date": e.played_on}
            for e in entries]


def closest_games(connection, counted: Counted, names: dict[str, str],
                  limit: int = CLOSEST_GAMES) -> list[dict]:
    """The games won by the fewest points over the next total (0 for a tie on points), the
    latest first among equals. A team game is measured by the winning team's lead over the
    next team (its rows carry it, C14), and adds ``teams``: each team's players, total and
    rank, the winners first."""
    closest = connection.execute(
        counted.select(result, result.c.game_id, result.c.margin).where(result.c.rank == 1)
        .distinct().order_by(result.c.margin, result.c.game_id.desc()).limit(limit)).all()
    if not closest:
        return []
    ids = public_ids(connection, [game_id for game_id, _margin in closest])
    games = {game_id: {"game": ids[game_id], "date": "", "margin": lead, "winners": [], "totals": []}
             for game_id, lead in closest}
    teams: dict[int, dict[str, dict]] = defaultdict(dict)
    for entry in connection.execute(
            select(result.c.game_id, result.c.played_on, result.c.name_key, result.c.total,
                   result.c.rank, result.c.team)
            .where(result.c.game_id.in_(list(games))).order_by(result.c.seat)):
        found = games[entry.game_id]
        player = counted.player(entry.name_key)
        name = names.get(player, player)
        found["date"] = entry.played_on
        found["totals"].append({"name": name, "total": entry.total, "rank": entry.rank})
        if entry.rank == 1:
            found["winners"].append(name)
        if entry.team:
            team = teams[entry.game_id].setdefault(
                entry.team, {"players": [], "total": 0, "rank": entry.rank})
            team["players"].append(name)
            team["total"] += entry.total
    for game_id, found in games.items():
        found["totals"].sort(key=lambda t: (t["rank"], t["name"]))
        if teams[game_id]:
            found["teams"] = sorted(teams[game_id].values(), key=lambda t: (t["rank"], -t["total"]))
    return list(games.values())


def results_table(group: Group, filters: Filters = Filters()) -> tuple[list[str], list[dict]]:
    """Every counted result with its rows, for the CSV: ``(rows in pad order, results)``, by
    game (in the order saved) and seat. ``name`` is as typed in that game, ``player`` as the
    statistics show the player (merged names applied); ``rank`` is the player's own (the score
    report's), ``team_rank`` their team's in team play (None outside it)."""
    counted = Counted(group, filters)
    with get_engine().connect() as connection:
        names = players_summed(connection, counted).names
        order = row_order(played_rulesets(connection, counted))
        heads = connection.execute(
            counted.select(result, game.c.public_id, result.c.played_on, result.c.seat,
                           result.c.name, result.c.wonder, result.c.side, result.c.total,
                           result.c.own_rank, result.c.pad, result.c.name_key,
                           result.c.edition, result.c.expansions, result.c.team, result.c.rank,
                           *POINTS)
            .join(game, game.c.id == result.c.game_id)
            .order_by(result.c.game_id, result.c.seat)).all()
    table = [{"date": h.played_on, "game": h.public_id, "seat": h.seat + 1, "name": h.name,
              "player": names.get(counted.player(h.name_key), counted.player(h.name_key)),
              "edition": h.edition, "expansions": h.expansions.replace(",", " "),
              "team": h.team, "wonder": h.wonder, "side": h.side,
              "scores": {row: h._mapping[POINTS[slot]] for slot, row in enumerate(h.pad.split(","))},
              "total": h.total, "rank": h.own_rank, "team_rank": h.rank if h.team else None}
             for h in heads]
    return order, table


def timeline(group: Group, filters: Filters, last: int = 20,
             players: int = 4) -> tuple[list[datetime], dict[str, list[int | None]]]:
    """The totals of the players with the most games over the group's last ``last`` counted
    games (for the chart): ``(when each game was saved, {name: [total, or None when
    absent]})``; the moment, not the day, tells one evening's games apart."""
    counted = Counted(group, filters)
    with get_engine().connect() as connection:
        totals, names = games_played(connection, counted)
        recent = connection.execute(
            counted.select(result, result.c.game_id, result.c.played_on).distinct()
            .order_by(result.c.game_id.desc()).limit(last)).all()
        recent.sort()
        found = connection.execute(  # by seat: a player seated twice shows their last seat
            select(result.c.game_id, result.c.name_key, result.c.total)
            .where(result.c.game_id.in_([pk for pk, _date in recent]))
            .order_by(result.c.game_id, result.c.seat)).all()
        saved = dict(connection.execute(
            select(game.c.id, game.c.created_at)
            .where(game.c.id.in_([pk for pk, _date in recent]))).all())
    chosen = sorted(totals, key=lambda p: (-totals[p], names.get(p, p)))[:players]
    column = {pk: index for index, (pk, _date) in enumerate(recent)}
    series = {player: [None] * len(recent) for player in chosen}
    for pk, key, total in found:
        player = counted.player(key)
        if player in series:
            series[player][column[pk]] = total
    return [saved[pk] for pk, _date in recent], {names.get(p, p): values for p, values in series.items()}


def games_played(connection, counted: Counted) -> tuple[dict[str, int], dict[str, str]]:
    """Each player's count of games and name shown, as :func:`players_digest` counts and
    names them, without the counts of totals: what the timeline needs."""
    digest = players_summed(connection, counted)
    return {player: figures[0] for player, figures in digest.figures.items()}, digest.names


def winning_totals(group: Group, filters: Filters) -> list[int]:
    """The winners' totals, one per counted game, lowest first (the spread chart)."""
    counted = Counted(group, filters)
    with get_engine().connect() as connection:
        return sorted(connection.execute(
            counted.select(result, func.max(result.c.total)).group_by(result.c.game_id)).scalars())


def available_filters(group: Group) -> dict:
    """The editions, sets of expansions and player counts of the group's complete games (what
    the page offers to filter by), counted by the database: the reference of
    :func:`scorer.groups.tallied.available_filters`."""
    with get_engine().connect() as connection:
        found = connection.execute(
            select(result.c.edition, result.c.expansions, result.c.seats)
            .where(result.c.group_id == group.pk).distinct()).all()
    return {"editions": sorted({edition for edition, _x, _n in found}),
            "expansions": sorted({tuple(x.split(",")) if x else () for _e, x, _n in found}),
            "players": sorted({seats for _e, _x, seats in found})}
