"""The results table: what one saved game contributes to the statistics of its group.

A complete game (every city entered, the document valid) gives one ``result`` row per player
(the Free City of the two-player variant is not a player) with its total, rank, wonder and
points in every score-pad row (``pad`` names the rows, ``p0``, ``p1``, ... hold the points).
The rows are derived from the engine's score report and written in the same transaction as the
save that completes or changes the game, or moves it to another group (:func:`write`,
:func:`move`), so the statistics, which are SQL aggregates over them, never disagree with the
saved games; a game that is not complete has none. ``flask stats rebuild`` recomputes them all.

Players are compared by :func:`player_key`: the name after Unicode NFC normalisation, case
folding and collapsing runs of white space ("Ada", "ada ", "ADA" are one player).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache, lru_cache

from sqlalchemy import Connection, Engine, delete, insert, select, update

from ..documents.player_ids import is_entered
from ..documents.upgrades import upgrade
from ..engine.city import Game
from ..engine.scoring import score_game
from ..engine.sides import standings
from ..engine.validation import parse_game
from . import driver
from .engine import writer
from .revisions import touch_game_results, touch_groups, touch_results
from .schema import PAD_SLOTS, game, result


@lru_cache(maxsize=4096)
def player_key(name: str) -> str:
    """The name a player is known by across a group's games."""
    folded = unicodedata.normalize("NFC", name).casefold()
    return unicodedata.normalize("NFC", " ".join(folded.split()))


@dataclass(frozen=True)
class Result:
    seat: int
    name: str
    wonder: str
    side: str
    total: int
    rank: int
    coins: int
    winners: int
    seats: int
    edition: str
    expansions: str
    rows: tuple[tuple[str, int], ...]  # (row, points) in the pad's order


@dataclass(frozen=True)
class Checked:
    """A game document with the game the engine parsed from it when it checked it: a save
    hands both to :func:`write`, which then need not parse the document a second time."""

    document: dict
    game: Game


def complete(document: object) -> bool:
    """Whether every city of the game is entered (the score pad then names a winner)."""
    players = document.get("players") if isinstance(document, dict) else None
    return (isinstance(players, list) and bool(players)
            and all(isinstance(p, dict) and is_entered(p) for p in players))


HEAD_COLUMNS = ("seat", "name", "name_key", "wonder", "side", "total", "rank", "coins", "winners",
                "seats", "edition", "expansions", "played_on", "group_id", "margin", "pad",
                *(f"p{slot}" for slot in range(PAD_SLOTS)), "team", "own_rank")


def rows_of(document: object, created_at: datetime, group_pk: int | None,
            game: Game | None = None) -> list[tuple]:
    """What the results table holds for ``document``: a tuple of HEAD_COLUMNS per player (the
    Free City is none), by seat; none for a game that is not complete and valid.

    The statistics count sides (:func:`scorer.engine.sides.standings`): in team play a player's
    ``rank`` is their team's (C14), ``winners`` how many teams share rank 1 and ``margin`` the
    winning team's lead over the next team; ``own_rank`` keeps the player's own rank (C15) and
    ``team`` the team's names joined by " + " ("" outside team play).

    ``game``: the game the engine parsed from ``document`` (parsed again when None). Tuples,
    not dicts: a save compares them with the stored rows, and most are equal.
    """
    if not complete(document):
        return []
    if game is None:
        game, problems = parse_game(document)
        if problems:
            return []
    report = score_game(game)
    categories = report.categories
    if len(categories) > PAD_SLOTS:
        raise ValueError(f"a score pad of {len(categories)} rows: the results hold {PAD_SLOTS}")
    sides = standings(report)
    side_of = {seat: side for side in sides for seat in side.seats}
    totals = sorted((side.total for side in sides), reverse=True)
    lead = totals[0] - totals[1] if len(totals) > 1 else 0
    game_wide = (sum(1 for side in sides if side.rank == 1), len(report.players),
                 report.edition, ",".join(sorted(game.ruleset.expansions)),
                 created_at.date().isoformat(), group_pk)
    pad = ",".join(categories)
    blanks = (None,) * (PAD_SLOTS - len(categories))
    cities = document["players"]
    teams = {side: " + ".join(report.players[seat].name for seat in side.seats)
             for side in sides} if report.sides else {}
    # the winner's lead is on the winners' rows only (0 on the others): the closest games are
    # read from those, and a save that changes the lead then rewrites one row, not every one
    rows = []
    for seat, player in enumerate(report.players):
        side = side_of.get(seat)
        if side is None:  # the Free City
            continue
        rows.append((seat, player.name, player_key(player.name), str(cities[seat].get("wonder")),
                     str(cities[seat].get("side")), player.total, side.rank, player.coins,
                     *game_wide, lead if side.rank == 1 else 0, pad,
                     *(player.scores[row] for row in categories), *blanks,
                     teams.get(side, ""), player.rank))
    return rows


def results_of(document: object) -> list[Result]:
    """The results of a complete, valid game document (current format); [] for any other: what
    the migrations that fill the table read (each writes the columns of its revision)."""
    found = []
    for row in rows_of(document, UNDATED, None):
        head = dict(zip(HEAD_COLUMNS, row, strict=True))
        found.append(Result(**{name: head[name] for name in RESULT_FIELDS},
                            rows=tuple(zip(head["pad"].split(","), row[PAD_AT + 1:PAD_END],
                                           strict=False))))
    return found


#: the fields of a :class:`Result` that are columns; where ``pad`` is in a row of HEAD_COLUMNS
RESULT_FIELDS = ("seat", "name", "wonder", "side", "total", "rank", "coins", "winners", "seats",
                 "edition", "expansions")
PAD_AT = HEAD_COLUMNS.index("pad")
GROUP_AT = HEAD_COLUMNS.index("group_id")
PAD_END = PAD_AT + 1 + PAD_SLOTS
#: a creation time for :func:`results_of`, whose results carry no date
UNDATED = datetime(1970, 1, 1, tzinfo=UTC)


def write(connection: Connection, game_pk: int, document: object, created_at: datetime,
          group_pk: int | None, *, game: Game | None = None, had_results: bool = True,
          rows: list[tuple] | None = None, count: bool = True,
          stored: dict[int, tuple] | None = None) -> bool:
    """Make the game's results those of ``document``, inside the caller's transaction.

    Only what differs is written (a city save changes a player's row or a few, and every row
    written costs an entry in each of the table's indexes): rows are compared with the stored
    ones, the changed ones updated in one statement, missing seats inserted, seats gone
    deleted. ``game``: the game parsed from ``document`` (see :class:`Checked`); ``rows``:
    :func:`rows_of` the same arguments, worked out before the transaction (a save scores its
    game before it takes the write lock, so the lock is held for the writes alone).
    ``had_results``: False when the game has no stored results (a new game, or a stored
    document that was not complete): then nothing is read. When anything is written, the
    results revision of the group (and of any other group the stored rows named) is raised.
    Whether anything was written. ``count``: False when the caller raises the game's own
    ``results_revision`` itself, in the one UPDATE of the game row it makes anyway (a save:
    a second UPDATE of the row cost PostgreSQL a second row version and its index entries).
    ``stored``: the stored results, read by the caller in this transaction (:func:`ask_stored`,
    sent with the read that locks the game); None: read here when ``had_results``.
    """
    if rows is None:
        rows = rows_of(document, created_at, group_pk, game)
    wanted = {row[0]: row for row in rows}
    if not wanted and not had_results:
        return False
    with driver.cursor(connection) as cursor:  # plain SQL: see :mod:`.driver`
        if not had_results:
            stored = {}
        elif stored is None:
            ask_stored(cursor, connection, game_pk)
            stored = fetched_stored(cursor)
        gone = [seat for seat in stored if seat not in wanted]
        if gone:
            connection.execute(delete(result).where(result.c.game_id == game_pk,
                                                    result.c.seat.in_(gone)))
        added = [dict(zip(HEAD_COLUMNS, row, strict=True), game_id=game_pk)
                 for seat, row in wanted.items() if seat not in stored]
        if added:
            connection.execute(insert(result), added)
        changed = [row for seat, row in wanted.items() if seat in stored and stored[seat] != row]
        if changed:
            columns = tuple(index for index in range(1, len(HEAD_COLUMNS))
                            if any(stored[row[0]][index] != row[index] for row in changed))
            cursor.executemany(driver.sql(updating(columns), connection),
                               [(*(row[i] for i in columns), game_pk, row[0]) for row in changed])
        if gone or added or changed:  # counted in the group's results revision
            if count:
                touch_game_results(connection, game_pk)
            touch_results(connection, *{row[GROUP_AT] for row in stored.values()} - {group_pk})
    return bool(gone or added or changed)


#: a game's stored results, in the order of HEAD_COLUMNS
STORED_SQL = f"SELECT {', '.join(HEAD_COLUMNS)} FROM result WHERE game_id = ?"


def ask_stored(cursor, connection: Connection, game_pk: int) -> None:
    """Send the read of the game's stored results (in a batch, :func:`.driver.save_transaction`, its
    answer is waited for only by :func:`fetched_stored`)."""
    cursor.execute(driver.sql(STORED_SQL, connection), (game_pk,))


def fetched_stored(cursor) -> dict[int, tuple]:
    """The answer to :func:`ask_stored`: each seat's stored row, in the order of HEAD_COLUMNS."""
    return {row[0]: tuple(row) for row in cursor.fetchall()}


@cache
def updating(columns: tuple[int, ...]) -> str:
    """The statement setting ``columns`` (positions in HEAD_COLUMNS) of one result."""
    return (f"UPDATE result SET {', '.join(f'{HEAD_COLUMNS[index]} = ?' for index in columns)} "
            "WHERE game_id = ? AND seat = ?")


def move(connection: Connection, game_pks, group_pk: int | None) -> None:
    """The games' results follow them into ``group_pk`` (None: into no group); the results
    revision of the groups they leave and join is raised (when they have results)."""
    left = groups_of(connection, game_pks)
    if left:
        connection.execute(update(result).where(result.c.game_id.in_(game_pks))
                           .values(group_id=group_pk))
        touch_results(connection, group_pk, *left)


def clear(connection: Connection, game_pk: int) -> None:
    clear_games(connection, [game_pk])


def clear_games(connection: Connection, game_pks) -> None:
    """Delete the games' results, raising the results revision of their groups."""
    left = groups_of(connection, game_pks)
    if left:
        connection.execute(delete(result).where(result.c.game_id.in_(game_pks)))
        touch_results(connection, *left)


def groups_of(connection: Connection, game_pks) -> set:
    """The groups the games' results are in (None for no group): empty when they have none."""
    return set(connection.execute(select(result.c.group_id).where(result.c.game_id.in_(game_pks))
                                  .distinct()).scalars())


def stored(connection: Connection, game_pk: int) -> list[tuple]:
    """The game's results as stored, comparable with :func:`expected`."""
    return sorted(tuple(r) for r in connection.execute(
        select(*(result.c[c] for c in HEAD_COLUMNS)).where(result.c.game_id == game_pk)))


def expected(document: object, created_at: datetime, group_pk: int | None) -> list[tuple]:
    """What :func:`write` stores for ``document``, in the shape of :func:`stored`."""
    return sorted(rows_of(document, created_at, group_pk))


def rebuild(engine: Engine) -> tuple[int, int]:
    """Recompute every game's results from its document: ``(games, games corrected)``.

    Each game is checked in its own transaction holding its write lock, so saves go on.
    """
    with engine.connect() as connection:
        ids = list(connection.execute(select(game.c.id).order_by(game.c.id)).scalars())
    corrected = 0
    for pk in ids:
        with writer(engine).begin() as connection:
            row = connection.execute(
                select(game.c.document, game.c.format_version, game.c.created_at, game.c.group_id)
                .where(game.c.id == pk).with_for_update()).first()
            if row is None:
                continue
            try:
                document = upgrade(json.loads(row.document), row.format_version or 1)
            except ValueError:
                document = None
            if stored(connection, pk) != expected(document, row.created_at, row.group_id):
                write(connection, pk, document, row.created_at, row.group_id)
                touch_groups(connection, row.group_id)  # what was drawn from them is stale
                corrected += 1
    return len(ids), corrected
