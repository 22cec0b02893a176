"""A group's counted results kept in memory per game, with the sums its statistics are made of.

Every correction of a complete game raises its group's results revision, and the group page's
figures were then counted again from the whole results table: eight aggregate queries, the
ratings' rankings, the timeline and the winning totals, over every result of the group (300
games of 7: some 35 ms of a 100 ms page). A correction changes one game's rows. So the counted
rows are read in one plain query (no aggregate: the driver's cursor, a few ms for 2,000 rows),
compared per game with the rows kept, and only the games whose rows differ (new, corrected or
gone) are taken out of the sums and put back in; the figures are then made from sums per name,
pad, slot and wonder, never from the results one by one.

Which games changed is read from the games' own results revisions, which every write of a
game's results raises in its transaction (a save, a rebuild, another process's: no event is
needed), and the group's results revision is their sum plus the group's own counter
(:mod:`scorer.storage.revisions`). Nothing is read when the group's results revision is the one
the tally was last read at (a page's statistics and charts read once); a change its games'
revisions do not account for (a merge, a game moved or deleted) reads every row again. Sums are
kept per name as typed (``name_key``); the group's merged names are applied when the figures
are made, as the SQL aggregates did.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from itertools import groupby
from operator import itemgetter

from flask import current_app
from sqlalchemy import Connection

from ..storage import driver
from ..storage.results import HEAD_COLUMNS

#: the columns read of each counted result: the game's pk, then all a save writes (the
#: storage's own list) but the group
COLUMNS = ("game_id", *(column for column in HEAD_COLUMNS if column != "group_id"))
(GAME, SEAT, NAME, KEY, WONDER, SIDE, TOTAL, RANK, WINNERS, PLAYED_ON, MARGIN, PAD, TEAM, EDITION,
 EXPANSIONS, SEATS) = (COLUMNS.index(column) for column in (
     "game_id", "seat", "name", "name_key", "wonder", "side", "total", "rank", "winners",
     "played_on", "margin", "pad", "team", "edition", "expansions", "seats"))
#: where the points of the pad's slots start (``p0``, ``p1``, ... follow each other)
POINTS_AT = COLUMNS.index("p0")
#: how many games' ids one statement names (a database bounds a statement's parameters)
CHUNK = 900
#: how many (group, filters) tallies a process keeps (a 300-game group's is about 1 MB)
KEPT = 16
#: what :attr:`Tally.kept` holds of the group rather than of its rows: kept through a
#: change of results its games' stamps explain (a merge, or its undoing, is none of those)
GROUP_KEPT = ("aliases",)
#: ``app.extensions`` key of the app's tallies (each app its own: its own database)
EXTENSION = "scorer.group_tallies"

#: one counted result, as :data:`COLUMNS` reads it
Row = tuple
#: one result as the records and highest totals name it: (date, game pk, seat, name key)
Entry = tuple[str, int, int, str]


@cache
def pad_rows(pad: str) -> tuple[str, ...]:
    return tuple(pad.split(","))


def bump(counts: dict, key, sign: int) -> None:
    """Add ``sign`` to ``counts[key]``, dropping it at 0 (a key present is counted)."""
    left = counts.get(key, 0) + sign
    if left:
        counts[key] = left
    else:
        del counts[key]


def file_entry(found: dict[int, set[Entry]], value: int, entry: Entry, sign: int) -> bool:
    """Add ``entry`` to ``found[value]`` (``sign`` 1) or take it out (-1; an emptied set
    goes); whether ``found`` holds anything still."""
    if sign > 0:
        found.setdefault(value, set()).add(entry)
        return True
    held = found[value]
    held.discard(entry)
    if not held:
        del found[value]
    return bool(found)


class Tally:
    """The counted rows of one (group, filters), by game, and their sums.

    - ``named``: per (name key, name typed): results, wins, shared wins, sum of totals, sum of
      ranks, team games, team wins; ``last_games``: the games each was typed in (for the name
      shown: the latest's);
    - ``totals``: per name key, the count of each total (the medians and the best totals);
    - ``pad_games``: per pad, its games (results per game); ``sums``: per (name key, pad),
      results and the sum of each slot; ``values``: per (pad, slot), each value's results
      (the rows' bests and who holds them);
    - ``wonders``: per (wonder, side), plays, wins and sum of totals;
    - ``by_total``: each total's results (the highest totals).
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.revision: int | None = None
        #: raised whenever the rows are brought up to date: what is made of the sums is kept
        #: by it (:func:`scorer.groups.tallied.digest_of`)
        self.version = 0
        self.kept: dict[str, tuple] = {}
        #: each game of the group: (public id, results revision), and its rows (those it has)
        self.stamps: dict[int, tuple[str, int]] = {}
        self.rows: dict[int, tuple[Row, ...]] = {}
        #: the rows the filters count, by game (games counted)
        self.games: dict[int, tuple[Row, ...]] = {}
        #: each counted game's (name key, rank, team) by seat: the ratings' rankings before
        #: the merged names, kept with the rows (every count of a changed group asks for all)
        self.ranked: dict[int, tuple[tuple[str, int, str], ...]] = {}
        #: each counted game's winners' margins (the closest games: one per game, not per row)
        self.leads: dict[int, frozenset[int]] = {}
        #: each counted game's winning total (the spread chart: one per game)
        self.winning: dict[int, int] = {}
        self.named: dict[tuple[str, str], list[int]] = {}
        self.last_games: dict[tuple[str, str], dict[int, int]] = {}
        self.totals: dict[str, dict[int, int]] = {}
        self.pad_games: dict[str, dict[int, int]] = {}
        self.sums: dict[tuple[str, str], list[int]] = {}
        self.values: dict[tuple[str, int], dict[int, set[Entry]]] = {}
        self.wonders: dict[tuple[str, str], list[int]] = {}
        self.by_total: dict[int, set[Entry]] = {}

    def refresh(self, connection: Connection, counted, revision: int | None) -> None:
        """Bring the tally to the rows stored now, unless it was read at ``revision`` (the
        group's results revision, read in the same transaction; None: read everything).

        The games' stamps (public id, results revision) say which games' results were
        written, or joined or left the group, since: only their rows are read. The group's
        results revision sums its games' and its own counter, so when it moved by more (or
        less) than the games' stamps say, something else changed what counts (a merge, a game
        moved or deleted): then every row is read."""
        if revision is not None and revision == self.revision:
            return
        stamps = read_stamps(connection, counted.group_pk)
        # what is kept of the group itself rather than of its rows (its merged names:
        # scorer.groups.tallied.merged_names) outlives a change its games explain
        outlives: dict[str, tuple] = {}
        if revision is None or self.revision is None:
            self.take(read_rows(connection, counted.group_pk), set(self.rows), counted.filters)
        else:
            seen = {pk for pk, stamp in stamps.items() if self.stamps.get(pk) != stamp}
            seen.update(pk for pk in self.stamps if pk not in stamps)
            explained = sum(stamps.get(pk, ("", 0))[1] - self.stamps.get(pk, ("", 0))[1]
                            for pk in seen)
            if revision - self.revision == explained:  # no merge, no game moved
                self.take(read_rows(connection, counted.group_pk, sorted(seen)), seen,
                          counted.filters)
                outlives = {key: self.kept[key] for key in GROUP_KEPT if key in self.kept}
            else:
                self.take(read_rows(connection, counted.group_pk), set(self.rows),
                          counted.filters)
        self.stamps = stamps
        self.revision = revision
        self.version += 1
        self.kept.clear()
        self.kept.update(outlives)

    def take(self, rows: list[Row], games: set[int], filters) -> None:
        """Make the rows of ``games`` (and of any game in ``rows``) those read (``rows``: by
        game and seat; a game named without rows has none)."""
        fresh = {pk: tuple(found) for pk, found in groupby(rows, key=itemgetter(GAME))}
        for pk in games.union(fresh):
            found = fresh.get(pk, ())
            if found == self.rows.get(pk, ()):
                continue
            if found:
                self.rows[pk] = found
            else:
                del self.rows[pk]
            counts = found if found and counted_by(found[0], filters) else ()
            kept = self.games.pop(pk, ())
            self.ranked.pop(pk, None)
            self.leads.pop(pk, None)
            self.winning.pop(pk, None)
            self.apply(kept, -1)
            self.apply(counts, 1)
            if counts:
                self.games[pk] = counts
                self.ranked[pk] = tuple([(row[KEY], row[RANK], row[TEAM]) for row in counts])
                self.leads[pk] = frozenset([row[MARGIN] for row in counts if row[RANK] == 1])
                self.winning[pk] = max([row[TOTAL] for row in counts])

    def apply(self, rows: tuple[Row, ...], sign: int) -> None:
        """Add one game's rows to the sums (``sign`` 1) or take them out (-1)."""
        for row in rows:
            key, total, rank, team, pad = row[KEY], row[TOTAL], row[RANK], row[TEAM], row[PAD]
            named = (key, row[NAME])
            won = rank == 1
            figures = self.named.setdefault(named, [0] * 7)
            for index, value in enumerate((1, won, won and row[WINNERS] > 1, total, rank,
                                           team != "", won and team != "")):
                figures[index] += sign * value
            if not figures[0]:
                del self.named[named]
            bump(self.last_games.setdefault(named, {}), row[GAME], sign)
            if not self.last_games[named]:
                del self.last_games[named]
            bump(self.totals.setdefault(key, {}), total, sign)
            if not self.totals[key]:
                del self.totals[key]
            bump(self.pad_games.setdefault(pad, {}), row[GAME], sign)
            if not self.pad_games[pad]:
                del self.pad_games[pad]
            entry = (row[PLAYED_ON], row[GAME], row[SEAT], key)
            slots = len(pad_rows(pad))
            sums = self.sums.setdefault((key, pad), [0] * (slots + 1))
            sums[0] += sign
            values = self.values
            for slot, value in enumerate(row[POINTS_AT:POINTS_AT + slots]):
                sums[slot + 1] += sign * value
                found = values.get((pad, slot))
                if sign > 0:  # file_entry, inlined: some 70 a game, every game changed
                    if found is None:
                        found = values[pad, slot] = {}
                    held = found.get(value)
                    if held is None:
                        found[value] = {entry}
                    else:
                        held.add(entry)
                else:
                    held = found[value]
                    held.discard(entry)
                    if not held:
                        del found[value]
                        if not found:
                            del values[pad, slot]
            if not sums[0]:
                del self.sums[key, pad]
            wonder = self.wonders.setdefault((row[WONDER], row[SIDE]), [0, 0, 0])
            wonder[0] += sign
            wonder[1] += sign * won
            wonder[2] += sign * total
            if not wonder[0]:
                del self.wonders[row[WONDER], row[SIDE]]
            file_entry(self.by_total, total, entry, sign)

    # -- what the figures read ---------------------------------------------------------------

    def rulesets(self) -> list[tuple[int, list[str]]]:
        """Each pad played: how many games, and its rows, in the order of its first game."""
        return [(len(games), list(pad_rows(pad))) for pad, games in
                sorted(self.pad_games.items(), key=lambda item: (min(item[1]), item[0]))]

    def best(self, pad: str, slot: int) -> int:
        return max(self.values[pad, slot])

    def holders(self, pad: str, slot: int, value: int) -> set[Entry]:
        return self.values[pad, slot].get(value, set())

    def highest(self, limit: int) -> list[Entry]:
        """The results of the highest totals, at least ``limit`` of them (every result of the
        last total taken), with their totals: ``(total, entry)``."""
        found: list = []
        for total in sorted(self.by_total, reverse=True):
            if len(found) >= limit:
                break
            found.extend((total, entry) for entry in self.by_total[total])
        return found

    def rankings(self, merged: dict[str, str]) -> list[tuple]:
        """The games in the order saved, each its players' (player, rank, team) by seat
        (:func:`scorer.groups.ratings.rankings`)."""
        ranked = self.ranked
        if not merged:
            return [ranked[pk] for pk in sorted(ranked)]
        return [tuple([(merged.get(key, key), rank, team) for key, rank, team in ranked[pk]])
                for pk in sorted(ranked)]


def counted_by(row: Row, filters) -> bool:
    """Whether ``filters`` count the game of ``row`` (all its rows alike)."""
    return ((filters.edition is None or row[EDITION] == filters.edition)
            and (filters.expansions is None or row[EXPANSIONS] == ",".join(filters.expansions))
            and (filters.players is None or row[SEATS] == filters.players))


def read_stamps(connection: Connection, group_pk: int) -> dict[int, tuple[str, int]]:
    """Each game of the group: (public id, results revision), which any write of its results
    raises."""
    with driver.cursor(connection) as cursor:
        cursor.execute(driver.sql("SELECT id, public_id, results_revision FROM game "
                                  "WHERE group_id = ?", connection), (group_pk,))
        return {pk: (public_id, revision) for pk, public_id, revision in cursor.fetchall()}


def read_rows(connection: Connection, group_pk: int, games: list[int] | None = None) -> list[Row]:
    """The group's results (of ``games`` only, when given), by game and seat."""
    head = f"SELECT {', '.join(COLUMNS)} FROM result WHERE group_id = ?"
    if games is None:
        parts = [(head + " ORDER BY game_id, seat", (group_pk,))]
    else:
        parts = [(f"{head} AND game_id IN ({', '.join('?' * len(chunk))}) ORDER BY game_id, seat",
                  (group_pk, *chunk))
                 for chunk in (games[start:start + CHUNK] for start in range(0, len(games), CHUNK))]
    found: list[Row] = []
    with driver.cursor(connection) as cursor:
        for statement, values in parts:
            cursor.execute(driver.sql(statement, connection), values)
            found.extend(tuple(row) for row in cursor.fetchall())
    return found


class Tallies:
    """The kept tallies, by (group pk, group id, filters), the least recently used dropped first."""

    def __init__(self, kept: int = KEPT):
        self.kept = kept
        self.tallies: OrderedDict[tuple, Tally] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> Tally:
        with self.lock:
            tally = self.tallies.pop(key, None) or Tally()
            self.tallies[key] = tally
            while len(self.tallies) > self.kept:
                self.tallies.popitem(last=False)
            return tally


def tallies() -> Tallies:
    return current_app.extensions.setdefault(EXTENSION, Tallies())


#: :data:`scorer.storage.revisions.RESULTS_REVISION` of one group, as plain SQL
_RESULTS_REVISION = ("SELECT results_revision + (SELECT coalesce(sum(game.results_revision), 0) "
                     "FROM game WHERE game.group_id = game_group.id) FROM game_group WHERE id = ?")


def results_revision(connection: Connection, group_pk: int) -> int | None:
    """The group's results revision as stored now (None: no such group), in the transaction
    the stamps and rows are read in; through the driver's cursor (every count of changed
    statistics reads it first), the sum as :mod:`scorer.storage.revisions` makes it."""
    with driver.cursor(connection) as cursor:
        cursor.execute(driver.sql(_RESULTS_REVISION, connection), (group_pk,))
        row = cursor.fetchone()
    return int(row[0]) if row is not None else None


@contextmanager
def counted_rows(connection: Connection, counted, known: int | None = None) -> Iterator[Tally]:
    """The tally of ``counted``'s group and filters, brought up to the rows stored now, held
    (its lock) while the caller reads it. ``known``: the group's results revision as the
    caller read it with the group (at the start of its request): a tally read at that
    revision is answered as it is, without a query (as the figures kept per results revision
    are: never older than the revision asked for; the page's charts and filter choices read
    the tally its statistics just brought up to date)."""
    # the public id too: SQLite gives the pk of the group deleted last to the next one made
    tally = tallies().get((counted.group_pk, counted.group_id, counted.filters))
    if connection.dialect.name == "postgresql":  # one snapshot (SQLite's BEGIN is one)
        connection.execution_options(isolation_level="REPEATABLE READ")
    with tally.lock:
        if known is None or known != tally.revision:
            if not connection.in_transaction():  # one snapshot: the revision, stamps and rows
                connection.begin()  # (SQLite: the engine's BEGIN; the driver's reads begin none)
            tally.refresh(connection, counted, results_revision(connection, counted.group_pk))
        yield tally
