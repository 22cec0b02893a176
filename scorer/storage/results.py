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

from sqlalchemy import Connection, Engine, delete, insert, select, update

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


def complete(document: object) -> bool:
    """Whether every city of the game is entered (the score pad then names a winner)."""
    players = document.get("players") if isinstance(document, dict) else None
    return (isinstance(players, list) and bool(players)
            and all(isinstance(p, dict) and is_entered(p) for p in players))


def results_of(document: object) -> list[Result]:
    """The results of a complete, valid game document (current format); [] for any other."""
    if not complete(document):
        return []
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


def write(connection: Connection, game_pk: int, document: object, created_at: datetime,
          group_pk: int | None) -> None:
    """Replace the game's results by those of ``document``, inside the caller's transaction."""
    clear(connection, game_pk)
    found = results_of(document)
    if found:
        connection.execute(insert(result), heads(game_pk, found, created_at, group_pk))


def move(connection: Connection, game_pks, group_pk: int | None) -> None:
    """The games' results follow them into ``group_pk`` (None: into no group)."""
    connection.execute(update(result).where(result.c.game_id.in_(game_pks))
                       .values(group_id=group_pk))


def clear(connection: Connection, game_pk: int) -> None:
    connection.execute(delete(result).where(result.c.game_id == game_pk))


HEAD_COLUMNS = ("seat", "name", "name_key", "wonder", "side", "total", "rank", "coins", "winners",
                "seats", "edition", "expansions", "played_on", "group_id", "margin", "pad",
                *(f"p{slot}" for slot in range(PAD_SLOTS)))


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
