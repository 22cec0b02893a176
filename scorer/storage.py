"""Saved games in SQLite, in the instance folder.

The history must never lose work, so every write is one transaction and the whole game document
is stored as JSON exactly as it was validated: the engine stays the single source of meaning and a
later version of the scorer can re-read old games. The database is created on first use so a fresh
checkout needs no set-up step. Public ids are random (``secrets.token_urlsafe``) so a game's URL
cannot be guessed from another one's.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from flask import Flask, current_app, g

SCHEMA_FILE = Path(__file__).with_name("schema.sql")


@dataclass(frozen=True)
class SavedGame:
    id: str
    title: str | None
    document: dict
    created_at: datetime
    updated_at: datetime


def get_db() -> sqlite3.Connection:
    """The request's connection, opened (and the schema ensured) on first use."""
    if "scorer_db" not in g:
        path = current_app.config["DATABASE"]
        directory = os.path.dirname(path)
        if directory:
            os.makedirs(directory, exist_ok=True)
        connection = sqlite3.connect(path, isolation_level=None, timeout=10)
        connection.row_factory = sqlite3.Row
        connection.execute("PRAGMA foreign_keys = ON")
        connection.executescript(SCHEMA_FILE.read_text("utf-8"))
        g.scorer_db = connection
    return g.scorer_db


def close_db(_exception: BaseException | None = None) -> None:
    connection = g.pop("scorer_db", None)
    if connection is not None:
        connection.close()


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error: a save is all or nothing."""

    def __init__(self) -> None:
        self.connection = get_db()

    def __enter__(self) -> sqlite3.Connection:
        self.connection.execute("BEGIN IMMEDIATE")
        return self.connection

    def __exit__(self, exc_type, exc, tb) -> bool:
        self.connection.execute("ROLLBACK" if exc_type else "COMMIT")
        return False


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _parse_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _saved(row: sqlite3.Row) -> SavedGame:
    return SavedGame(
        id=row["public_id"],
        title=row["title"],
        document=json.loads(row["document"]),
        created_at=_parse_time(row["created_at"]),
        updated_at=_parse_time(row["updated_at"]),
    )


def _encode(document: dict) -> str:
    if not isinstance(document, dict):
        raise TypeError("a game document is a JSON object")
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def create_game(document: dict, title: str | None = None) -> str:
    """Save a new game and return its unguessable public id."""
    encoded = _encode(document)
    moment = _now()
    with _transaction() as connection:
        while True:
            public_id = secrets.token_urlsafe(16)
            try:
                connection.execute(
                    "INSERT INTO game (public_id, title, document, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (public_id, title, encoded, moment, moment),
                )
            except sqlite3.IntegrityError:  # a collision of 128 random bits: draw again
                continue
            return public_id


def load_game(public_id: str) -> SavedGame | None:
    row = get_db().execute(
        "SELECT public_id, title, document, created_at, updated_at FROM game WHERE public_id = ?",
        (public_id,),
    ).fetchone()
    return _saved(row) if row else None


def update_game(public_id: str, document: dict, title: str | None = None) -> bool:
    """Replace a game's document (and its title when one is given); False if there is no such game."""
    encoded = _encode(document)
    with _transaction() as connection:
        if title is None:
            cursor = connection.execute(
                "UPDATE game SET document = ?, updated_at = ? WHERE public_id = ?",
                (encoded, _now(), public_id),
            )
        else:
            cursor = connection.execute(
                "UPDATE game SET document = ?, title = ?, updated_at = ? WHERE public_id = ?",
                (encoded, title, _now(), public_id),
            )
        return cursor.rowcount == 1


def delete_game(public_id: str) -> bool:
    with _transaction() as connection:
        return connection.execute("DELETE FROM game WHERE public_id = ?", (public_id,)).rowcount == 1


def list_games() -> list[SavedGame]:
    """Every saved game, the most recently created first."""
    rows = get_db().execute(
        "SELECT public_id, title, document, created_at, updated_at FROM game"
        " ORDER BY created_at DESC, rowid DESC"
    ).fetchall()
    return [_saved(row) for row in rows]


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
