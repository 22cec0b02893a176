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
from datetime import datetime
from functools import cache

from sqlalchemy import Connection, Engine, Update, bindparam, delete, insert, select, update

from ..engine.city import Game
from ..engine.scoring import score_game
from ..engine.validation import parse_game
from ..games.documents import upgrade
from ..games.player_ids import is_entered
from .engine import writer
from .schema import PAD_SLOTS, game, result


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


def results_of(document: object, game: Game | None = None) -> list[Result]:
    """The results of a complete, valid game document (current format); [] for any other.

    ``game``: the game the engine parsed from ``document`` (parsed again when None).
    """
    if not complete(document):
        return []
    if game is None:
        game, problems = parse_game(document)
        if problems:
            return []
    report = score_game(game)
    expansions = ",".join(sorted(game.ruleset.expansions))
    winners = sum(1 for player in report.players if player.rank == 1)
    seats = len(report.players)
    out = []
    for seat, (player, city) in enumerate(zip(report.players, document["players"], strict=True)):
        if player.free_city:
            continue
        out.append(Result(
            seat=seat, name=player.name, wonder=str(city.get("wonder")), side=str(city.get("side")),
            total=player.total, rank=player.rank, coins=player.coins, winners=winners,
            seats=seats, edition=report.edition, expansions=expansions,
            rows=tuple((row, player.scores[row]) for row in report.categories)))
    return out


def margin(found: list[Result]) -> int:
    """How far the winner's total is ahead of the next one (0 for a tie on points)."""
    totals = sorted((r.total for r in found), reverse=True)
    return totals[0] - totals[1] if len(totals) > 1 else 0


def heads(game_pk: int, found: list[Result], created_at: datetime, group_pk: int | None) -> list[dict]:
    played_on, lead = created_at.date().isoformat(), margin(found)
    return [dict(game_id=game_pk, seat=r.seat, name=r.name, name_key=player_key(r.name),
                 wonder=r.wonder, side=r.side, total=r.total, rank=r.rank, coins=r.coins,
                 winners=r.winners, seats=r.seats, edition=r.edition, expansions=r.expansions,
                 played_on=played_on, group_id=group_pk, margin=lead, **pad_of(r))
            for r in found]


def pad_of(found: Result) -> dict:
    """The result's ``pad`` (its rows' ids) and ``p0``, ``p1``, ... (the points in them)."""
    if len(found.rows) > PAD_SLOTS:
        raise ValueError(f"a score pad of {len(found.rows)} rows: the results hold {PAD_SLOTS}")
    points = {f"p{slot}": None for slot in range(PAD_SLOTS)}
    points.update({f"p{slot}": value for slot, (_row, value) in enumerate(found.rows)})
    return {"pad": ",".join(row for row, _value in found.rows), **points}


HEAD_COLUMNS = ("seat", "name", "name_key", "wonder", "side", "total", "rank", "coins", "winners",
                "seats", "edition", "expansions", "played_on", "group_id", "margin", "pad",
                *(f"p{slot}" for slot in range(PAD_SLOTS)))
#: a game's stored results, in the order of HEAD_COLUMNS (built once: a save runs it)
STORED = select(*(result.c[c] for c in HEAD_COLUMNS)).where(result.c.game_id == bindparam("at_game"))


def write(connection: Connection, game_pk: int, document: object, created_at: datetime,
          group_pk: int | None, *, game: Game | None = None, had_results: bool = True) -> None:
    """Make the game's results those of ``document``, inside the caller's transaction.

    Only what differs is written (a city save changes a player's row or a few, and every row
    written costs an entry in each of the table's indexes): rows are compared with the stored
    ones, changed columns updated, missing seats inserted, seats gone deleted. ``game``: the
    game parsed from ``document`` (see :class:`Checked`). ``had_results``: False when the game
    has no stored results (a new game, or a stored document that was not complete): then
    nothing is read.
    """
    found = results_of(document, game)
    if not found and not had_results:
        return
    wanted = {head["seat"]: head for head in heads(game_pk, found, created_at, group_pk)}
    stored = {}
    if had_results:
        stored = {row[0]: row for row in connection.execute(STORED, {"at_game": game_pk})}
    gone = [seat for seat in stored if seat not in wanted]
    if gone:
        connection.execute(delete(result).where(result.c.game_id == game_pk,
                                                result.c.seat.in_(gone)))
    added = [head for seat, head in wanted.items() if seat not in stored]
    if added:
        connection.execute(insert(result), added)
    changes: dict[tuple[str, ...], list[dict]] = {}
    for seat, row in stored.items():
        head = wanted.get(seat)
        if head is None:
            continue
        changed = tuple(column for column, value in zip(HEAD_COLUMNS, row, strict=True)
                        if value != head[column])
        if changed:
            changes.setdefault(changed, []).append(
                {"at_game": game_pk, "at_seat": seat,
                 **{f"new_{column}": head[column] for column in changed}})
    for changed, rows in changes.items():  # one statement for the rows changed alike
        connection.execute(updating(changed), rows)


@cache
def updating(columns: tuple[str, ...]) -> Update:
    """The statement setting ``columns`` of one result (built once per set of columns)."""
    return (update(result)
            .where(result.c.game_id == bindparam("at_game"), result.c.seat == bindparam("at_seat"))
            .values({column: bindparam(f"new_{column}") for column in columns}))


def move(connection: Connection, game_pks, group_pk: int | None) -> None:
    """The games' results follow them into ``group_pk`` (None: into no group)."""
    connection.execute(update(result).where(result.c.game_id.in_(game_pks))
                       .values(group_id=group_pk))


def clear(connection: Connection, game_pk: int) -> None:
    connection.execute(delete(result).where(result.c.game_id == game_pk))


def stored(connection: Connection, game_pk: int) -> list[tuple]:
    """The game's results as stored, comparable with :func:`expected`."""
    return sorted(tuple(r) for r in connection.execute(
        select(*(result.c[c] for c in HEAD_COLUMNS)).where(result.c.game_id == game_pk)))


def expected(document: object, created_at: datetime, group_pk: int | None) -> list[tuple]:
    """What :func:`write` stores for ``document``, in the shape of :func:`stored`."""
    found = results_of(document)
    return sorted(tuple(h[c] for c in HEAD_COLUMNS) for h in heads(0, found, created_at, group_pk))


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
                corrected += 1
    return len(ids), corrected
