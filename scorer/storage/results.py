"""The results table: what one saved game contributes to the statistics of its group.

A complete game (every city entered, the document valid) gives one ``result`` row per player
(the Free City of the two-player variant is not a player) with its total, rank and wonder, and
one ``result_row`` per player and score-pad row. The rows are derived from the engine's score
report and written in the same transaction as the save that completes or changes the game
(:func:`write`), so the statistics, which are SQL aggregates over them, never disagree with the
saved games; a game that is not complete has none. ``flask stats rebuild`` recomputes them all.

Players are compared by :func:`player_key`: the name after Unicode NFC normalisation, case
folding and collapsing runs of white space ("Ada", "ada ", "ADA" are one player).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, Engine, delete, insert, select

from ..engine.scoring import score_game
from ..engine.validation import parse_game
from ..games.documents import upgrade
from ..games.player_ids import is_entered
from .engine import writer
from .schema import game, result, result_row


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


def write(connection: Connection, game_pk: int, document: object, created_at: datetime) -> None:
    """Replace the game's results by those of ``document``, inside the caller's transaction."""
    clear(connection, game_pk)
    found = results_of(document)
    if not found:
        return
    played_on = created_at.date().isoformat()
    connection.execute(insert(result), [
        dict(game_id=game_pk, seat=r.seat, name=r.name, name_key=player_key(r.name),
             wonder=r.wonder, side=r.side, total=r.total, rank=r.rank, coins=r.coins,
             winners=r.winners, seats=r.seats, edition=r.edition, expansions=r.expansions,
             played_on=played_on)
        for r in found])
    connection.execute(insert(result_row), [
        dict(game_id=game_pk, seat=r.seat, row=row, position=position, points=points)
        for r in found for position, (row, points) in enumerate(r.rows)])


def clear(connection: Connection, game_pk: int) -> None:
    connection.execute(delete(result_row).where(result_row.c.game_id == game_pk))
    connection.execute(delete(result).where(result.c.game_id == game_pk))


def stored(connection: Connection, game_pk: int) -> list[tuple]:
    """The game's results as stored, comparable with :func:`expected`."""
    rows = connection.execute(
        select(result_row.c.seat, result_row.c.row, result_row.c.position, result_row.c.points)
        .where(result_row.c.game_id == game_pk)).all()
    heads = connection.execute(
        select(result.c.seat, result.c.name, result.c.name_key, result.c.wonder, result.c.side,
               result.c.total, result.c.rank, result.c.coins, result.c.winners, result.c.seats,
               result.c.edition, result.c.expansions, result.c.played_on)
        .where(result.c.game_id == game_pk)).all()
    return sorted(tuple(row) for row in heads) + sorted(tuple(row) for row in rows)


def expected(document: object, created_at: datetime) -> list[tuple]:
    """What :func:`write` stores for ``document``, in the shape of :func:`stored`."""
    found = results_of(document)
    played_on = created_at.date().isoformat()
    heads = [(r.seat, r.name, player_key(r.name), r.wonder, r.side, r.total, r.rank, r.coins,
              r.winners, r.seats, r.edition, r.expansions, played_on) for r in found]
    rows = [(r.seat, row, position, points) for r in found
            for position, (row, points) in enumerate(r.rows)]
    return sorted(heads) + sorted(rows)


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
                select(game.c.document, game.c.format_version, game.c.created_at)
                .where(game.c.id == pk).with_for_update()).first()
            if row is None:
                continue
            try:
                document = upgrade(json.loads(row.document), row.format_version or 1)
            except ValueError:
                document = None
            if stored(connection, pk) != expected(document, row.created_at):
                write(connection, pk, document, row.created_at)
                corrected += 1
    return len(ids), corrected
