"""Saved games, in SQLite (the embedded default, in ``instance/``) or PostgreSQL.

The history must never lose work: every write is one transaction, and every change to an
existing game is a read-modify-write under that game's write lock (:func:`modify_game`), so two
phones saving different cities at the same moment both keep their change. The game document is
stored whole as JSON, exactly as it was validated: the engine stays the single source of
meaning, and each row records the document's format version so later versions of the app
upgrade old games on read (:mod:`scorer.documents.upgrades`). Public ids are random
(:mod:`scorer.storage.public_ids`) so a game's URL cannot be guessed from another one's.

Queries are SQLAlchemy Core, written once for both databases; the schema is migrated by
Alembic (:mod:`.migrate`) when the app first touches the database or by ``flask db upgrade``.
"""

from __future__ import annotations

import json
import re
from collections import namedtuple
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from flask import Flask
from sqlalchemy import Connection, Row, bindparam, delete, exc, insert, select, text, update

from ..documents.upgrades import CURRENT_VERSION, upgrade
from . import driver, migrate, results
from .connect import get_engine
from .engine import reader, writer
from .events import announce_game
from .public_ids import new_public_id
from .results import Checked
from .revisions import left_groups, touch_groups
from .schema import game, request_key

__all__ = [
    "SavedGame", "create_game", "create_game_once", "restore_game", "load_game", "modify_game",
    "update_game", "delete_game", "list_games", "ping", "init_app", "get_engine", "PUBLIC_ID",
    "is_public_id", "unstorable", "set_locked", "GameLocked", "KeyReused",
    "request_made", "remember_request", "Checked", "game_stamp", "Stamp", "snapshot",
]


#: what a public id can be (``secrets.token_urlsafe`` makes 22 of these characters); anything
#: else names no game and is never sent to the database (PostgreSQL refuses a NUL in text)
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: the longest ``owner_token_hash`` the column holds
OWNER_HASH_LENGTH = 128


def is_public_id(value: object) -> bool:
    return isinstance(value, str) and PUBLIC_ID.fullmatch(value) is not None


def unstorable(text: str | None, max_length: int | None = None) -> str | None:
    """Why ``text`` cannot be stored in a text column of both databases, or None.

    PostgreSQL refuses a NUL in text, and neither driver encodes a lone surrogate; the layers
    above refuse such text with a message of their own, this is the last line.
    """
    if text is None:
        return None
    if "\x00" in text:
        return "holds a NUL character (U+0000)"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "holds a lone surrogate, which is not text"
    if max_length is not None and len(text) > max_length:
        return f"is longer than {max_length} characters"
    return None


def _check_text(**values: str | None) -> None:
    for name, value in values.items():
        why = unstorable(value, OWNER_HASH_LENGTH if name == "owner_token_hash" else None)
        if why:
            raise ValueError(f"{name} {why}")


@dataclass(frozen=True)
class SavedGame:
    id: str
    title: str | None
    document: dict  # always in the current format (CURRENT_VERSION)
    created_at: datetime
    updated_at: datetime
    revision: int = 1  # 1 when created, +1 on every write: what a stale form is checked against
    owner_token_hash: str | None = None
    format_version: int = CURRENT_VERSION  # the format of `document` as stored
    group_pk: int | None = None  # the internal id of the group the game belongs to
    locked: bool = False  # the owner locked it: its cities can no longer be changed
    #: the row this was read from (a :data:`SaveRow`, when read in the current format): a
    #: save of the game just loaded works its change out from it (``modify_game``'s ``read``)
    stored: tuple | None = field(default=None, compare=False, repr=False)


class GameLocked(Exception):
    """A change to a locked game's cities or set-up, refused (nothing written)."""


#: how long an Idempotency-Key answers the game it made
REQUEST_KEY_LIFETIME = timedelta(hours=24)


_COLUMNS = (game.c.id, game.c.public_id, game.c.title, game.c.document, game.c.created_at, game.c.updated_at,
            game.c.revision, game.c.owner_token_hash, game.c.format_version,
            game.c.group_id, game.c.locked)


def _now() -> datetime:
    return datetime.now(UTC)


def _encode(document: dict) -> str:
    if not isinstance(document, dict):
        raise TypeError("a game document is a JSON object")
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def _saved(row: Row, document: dict | None = None, **changes) -> SavedGame:
    fields = dict(
        id=row.public_id, title=row.title,
        document=json.loads(row.document) if document is None else document,
        created_at=row.created_at, updated_at=row.updated_at, revision=row.revision,
        owner_token_hash=row.owner_token_hash, format_version=row.format_version or 1,
        group_pk=row.group_id,
        locked=bool(row.locked),
    )
    fields.update(changes)
    return SavedGame(**fields)


#: a game by its public id (built once: every read runs it)
_ONE = select(*_COLUMNS).where(game.c.public_id == bindparam("at_public_id"))


def _select_one(connection: Connection, public_id: str) -> Row | None:
    if not is_public_id(public_id):
        return None
    return connection.execute(_ONE, {"at_public_id": public_id}).first()


def _current(row: Row) -> SavedGame:
    """The row's game with its document upgraded to the current format, the upgrade persisted.

    Persisting makes whatever an upgrade step adds (random player ids) the same on every later
    read. The write is conditional on the revision read, so it never overwrites a save made in
    between: then the newer row is read (and upgraded) again.
    """
    while True:
        stored_version = row.format_version or 1
        document = json.loads(row.document)
        if stored_version == CURRENT_VERSION:
            return _saved(row, document, stored=row if isinstance(row, SaveRow) else None)
        document = upgrade(document, stored_version)
        with writer(get_engine()).begin() as connection:
            written = connection.execute(
                update(game)
                .where(game.c.public_id == row.public_id, game.c.revision == row.revision)
                .values(document=_encode(document), format_version=CURRENT_VERSION,
                        revision=row.revision + 1)
            ).rowcount
            if written == 1:  # an upgrade may mark old cities entered: the game completes
                results.write(connection, row.id, document, row.created_at, row.group_id)
        if written == 1:
            announce_game(row.public_id, row.group_id)
            return _saved(row, document, revision=row.revision + 1, format_version=CURRENT_VERSION)
        with reader(get_engine()).connect() as connection:
            row = _select_one(connection, row.public_id)
        if row is None:
            raise LookupError("the game was deleted while its document was being upgraded")


def create_game(document: dict, title: str | None = None, owner_token_hash: str | None = None,
                group_pk: int | None = None) -> str:
    """Save a new game and return its unguessable public id.

    The document must be in the current format (CURRENT_VERSION): it is stored as such. A
    document in an older format goes through :func:`scorer.documents.upgrades.upgrade` first.
    """
    return create_game_once(document, title, owner_token_hash, group_pk=group_pk)[0]


class KeyReused(Exception):
    """An Idempotency-Key sent again within its lifetime with another request."""


def create_game_once(document: dict, title: str | None = None, owner_token_hash: str | None = None,
                     creation_key: str | None = None, group_pk: int | None = None,
                     request: tuple[str, str] | None = None) -> tuple[str, bool]:
    """Save a new game unless ``creation_key`` already made one: ``(public id, created now)``.

    ``group_pk``: the group it belongs to (the ``id`` of a :class:`scorer.storage.groups.Group`).

    The key is unique in the table, so of two requests carrying it at the same moment (a double
    tap reaching two server processes) the database lets one insert; the other finds that game.
    ``request`` is an API client's ``(key digest, request digest)``: the same pair within
    :data:`REQUEST_KEY_LIFETIME` finds the game the first one made (even if deleted since: its
    id, which then answers 404), the same key with another request raises :class:`KeyReused`.
    """
    encoded = _encode(document)
    _check_text(title=title, owner_token_hash=owner_token_hash, creation_key=creation_key)
    moment = _now()
    while True:
        public_id = new_public_id()
        try:
            with writer(get_engine()).begin() as connection:
                made = _made_by(connection, creation_key) or _made_for(connection, request, moment)
                if made is not None:
                    return made, False
                inserted = connection.execute(insert(game).values(
                    public_id=public_id, title=title, document=encoded,
                    format_version=CURRENT_VERSION, revision=1, owner_token_hash=owner_token_hash,
                    creation_key=creation_key, created_at=moment, updated_at=moment,
                    group_id=group_pk,
                ))
                # its revision (1) joins its group's sum: the group's revision rises
                results.write(connection, inserted.inserted_primary_key[0], document, moment,
                              group_pk, had_results=False)
                if request is not None:
                    connection.execute(insert(request_key).values(
                        key=request[0], request=request[1], public_id=public_id, created_at=moment))
        except exc.IntegrityError:
            with writer(get_engine()).begin() as connection:
                made = _made_by(connection, creation_key) or _made_for(connection, request, moment)
            if made is not None:
                return made, False
            continue  # a collision of 128 random bits: draw again
        announce_game(public_id, group_pk)
        return public_id, True


def made_by(creation_key: str | None) -> str | None:
    """The public id of the game ``creation_key`` made, if any."""
    with reader(get_engine()).connect() as connection:
        return _made_by(connection, creation_key)


def request_made(request: tuple[str, str]) -> str | None:
    """What an Idempotency-Key ``(key digest, request digest)`` made within its lifetime (the
    public id), None when nothing; :class:`KeyReused` when it came with another request."""
    with writer(get_engine()).begin() as connection:
        return _made_for(connection, request, _now())


def remember_request(request: tuple[str, str], public_id: str) -> str:
    """Record that ``request`` made ``public_id``; the public id recorded first when another
    request with the key got there in between (the caller then undoes its own)."""
    try:
        with writer(get_engine()).begin() as connection:
            connection.execute(insert(request_key).values(
                key=request[0], request=request[1], public_id=public_id, created_at=_now()))
    except exc.IntegrityError:
        return request_made(request) or public_id
    return public_id


def _made_for(connection: Connection, request: tuple[str, str] | None, moment: datetime) -> str | None:
    """The game a request key made within its lifetime (an older one is forgotten here)."""
    if request is None:
        return None
    connection.execute(delete(request_key).where(request_key.c.created_at < moment - REQUEST_KEY_LIFETIME))
    row = connection.execute(select(request_key.c.request, request_key.c.public_id)
                             .where(request_key.c.key == request[0])).first()
    if row is None:
        return None
    if row.request != request[1]:
        raise KeyReused(request[0])
    return row.public_id


def _made_by(connection: Connection, creation_key: str | None) -> str | None:
    if creation_key is None:
        return None
    return connection.execute(
        select(game.c.public_id).where(game.c.creation_key == creation_key)).scalar()


def restore_game(saved: SavedGame) -> bool:
    """Insert a game as it was (an import from a backup): its id, title, times, revision,
    owner and group (``saved.group_pk``). The document must be in the current format. False,
    writing nothing, when the id is taken: a restore never overwrites a game."""
    if saved.format_version != CURRENT_VERSION:
        raise ValueError("upgrade the document before restoring it")
    if not is_public_id(saved.id):
        raise ValueError("not a public id")
    _check_text(title=saved.title, owner_token_hash=saved.owner_token_hash)
    try:
        with writer(get_engine()).begin() as connection:
            inserted = connection.execute(insert(game).values(
                public_id=saved.id, title=saved.title, document=_encode(saved.document),
                format_version=CURRENT_VERSION, revision=saved.revision,
                owner_token_hash=saved.owner_token_hash, locked=saved.locked,
                created_at=saved.created_at, updated_at=saved.updated_at, group_id=saved.group_pk,
            ))
            results.write(connection, inserted.inserted_primary_key[0], saved.document,
                          saved.created_at, saved.group_pk, had_results=False)
            touch_groups(connection, saved.group_pk)
    except exc.IntegrityError:
        return False
    announce_game(saved.id, saved.group_pk)
    return True


def load_game(public_id: str) -> SavedGame | None:
    """The game, its document in the current format. Read through the driver's cursor as a
    save reads it (:func:`_read_for_save`): every page of a game, and every city save, reads
    it."""
    if not is_public_id(public_id):
        return None
    with reader(get_engine()).connect() as connection, driver.cursor(connection) as cursor:
        row = _read_for_save(cursor, connection, public_id, lock=False)
    if row is None:
        return None
    try:
        return _current(row)
    except LookupError:
        return None


#: the game's row as a save and a load read it through the driver (see :mod:`.driver`)
SaveRow = namedtuple("SaveRow", [column.name for column in _COLUMNS])
_READ_FOR_SAVE = f"SELECT {', '.join(SaveRow._fields)} FROM game WHERE public_id = ?"
#: a save's write of the game row; ``{title}`` is where the title goes when it changes,
#: ``{results}`` where its results revision rises when its results were written
_WRITE_SAVE = ("UPDATE game SET document = ?, format_version = ?, revision = ?, updated_at = ?"
               "{title}{results} WHERE id = ?")


def _read_for_save(cursor, connection: Connection, public_id: str, *,
                   lock: bool = True) -> SaveRow | None:
    """The game's row as a save reads it, its times read as their column type reads them;
    ``lock``: locked for the save (PostgreSQL locks the row; SQLite's BEGIN IMMEDIATE already
    holds the write lock)."""
    _ask_for_save(cursor, connection, public_id, lock=lock)
    return _fetched_for_save(cursor, connection)


def _ask_for_save(cursor, connection: Connection, public_id: str, *, lock: bool = True) -> None:
    """Send the read of :func:`_read_for_save` (in a batch, :func:`.driver.save_transaction`, its
    answer is waited for only when fetched)."""
    locking = " FOR UPDATE" if lock and connection.dialect.name != "sqlite" else ""
    cursor.execute(driver.sql(_READ_FOR_SAVE + locking, connection), (public_id,))


def _fetched_for_save(cursor, connection: Connection) -> SaveRow | None:
    found = cursor.fetchone()
    if found is None:
        return None
    row = SaveRow(*found)
    moment = game.c.created_at.type.process_result_value
    return row._replace(created_at=moment(row.created_at, connection.dialect),
                        updated_at=moment(row.updated_at, connection.dialect))


def _write_save(cursor, connection: Connection, pk: int, encoded: str, revision: int,
                moment: datetime, title: str | None, results_written: bool = False) -> None:
    """Write the saved document (in the current format), its revision and time, and the
    title unless it is None, to the game row ``pk``; ``results_written``: its results were
    written, its results revision rises too (in this one statement)."""
    stored_moment = game.c.updated_at.type.process_bind_param(moment, connection.dialect)
    sql = _WRITE_SAVE.format(
        title="" if title is None else ", title = ?",
        results=", results_revision = results_revision + 1" if results_written else "")
    cursor.execute(driver.sql(sql, connection),
                   (encoded, CURRENT_VERSION, revision, stored_moment,
                    *(() if title is None else (title,)), pk))


@dataclass(frozen=True)
class _Changed:
    """What a save writes, worked out from the row it read: the document, its encoding, its
    results rows, and whether the row had results."""

    document: dict
    encoded: str
    had_results: bool
    rows: list[tuple]


def _changed(row: SaveRow, change: Callable[[dict], dict | Checked]) -> _Changed:
    document = upgrade(json.loads(row.document), row.format_version or 1)
    had_results = results.complete(document)  # before ``change`` may change it in place
    document = change(document)
    game_parsed = None
    if isinstance(document, Checked):
        document, game_parsed = document.document, document.game
    encoded = _encode(document)
    return _Changed(document, encoded, had_results,
                    results.rows_of(document, row.created_at, row.group_id, game_parsed))


def _same_for_save(read: SaveRow, current: SaveRow) -> bool:
    """Whether what a change was worked out from is still what is stored (the lock and the
    owner are checked or kept apart: they are not part of the document)."""
    return (read.id == current.id and read.revision == current.revision
            and read.document == current.document
            and read.format_version == current.format_version
            and read.group_id == current.group_id and read.created_at == current.created_at)


#: how often a save works its change out before the write lock and finds the game changed
#: meanwhile before it works it out under the lock instead (so it always ends)
OPTIMISTIC_TRIES = 3


def modify_game(public_id: str, change: Callable[[dict], dict | Checked], *,
                title: str | None = None, refuse_locked: bool = False,
                loaded: SavedGame | None = None) -> SavedGame | None:
    """Read, change and write one game as if in ONE transaction holding its write lock.

    ``change`` gets the stored document (current format, a fresh copy it may mutate) and returns
    the document to save, or a :class:`Checked` holding it with the game the engine parsed from
    it (the results are then not parsed again). Nobody else can write the game in between, so
    concurrent saves of different players' cities all survive. If ``change`` raises, nothing is
    written and the exception propagates. A ``title`` replaces the title ("" clears it; None
    keeps it).
    ``refuse_locked`` raises :class:`GameLocked` for a locked game, checked under the lock.
    Returns the saved game, or None when there is no such game.

    The change (validation, scoring the results) is worked out from a read made before the
    write lock, and written only if the game is still as read, checked under the lock; else
    it is worked out again from the game as it is now. On SQLite the write lock holds the
    whole database, and a change worked out under it (milliseconds of CPU, more while the
    worker's other threads share the interpreter) made every other save of the server wait.
    ``change`` may so run more than once: it must depend on the document it gets alone.
    ``loaded``: the game as the caller loaded it just before (:func:`load_game`), the first
    read to work the change out from (a city save loads its game to build its form: reading
    the row again before the lock read the same row, document and all, twice).
    """
    _check_text(title=title)
    if not is_public_id(public_id):
        return None
    engine = get_engine()
    first = loaded.stored if loaded is not None and loaded.id == public_id else None
    for _ in range(OPTIMISTIC_TRIES):
        read, first = first, None
        if read is None:
            with reader(engine).connect() as connection, driver.cursor(connection) as cursor:
                read = _read_for_save(cursor, connection, public_id, lock=False)
        if read is None:
            return None
        if refuse_locked and read.locked:
            raise GameLocked(public_id)
        changed = _changed(read, change)
        with (driver.save_transaction(engine) as batch,
              driver.cursor(batch.connection) as results_cursor):
            connection, cursor = batch.connection, batch.cursor
            # one round trip on PostgreSQL: the lock, and the results as they are under it
            _ask_for_save(cursor, connection, public_id)
            if changed.had_results:  # the row's id, checked below: it is the game read
                results.ask_stored(results_cursor, connection, read.id)
            row = _locked_for_save(cursor, connection, public_id, refuse_locked)
            if row is None:
                return None
            if not _same_for_save(read, row):
                continue
            stored = results.fetched_stored(results_cursor) if changed.had_results else None
            revision, moment = _write_changed(cursor, connection, row, changed, title, stored)
            batch.commit()  # a second round trip: the writes and the commit
        break
    else:
        with driver.save_transaction(engine) as batch:
            connection, cursor = batch.connection, batch.cursor
            _ask_for_save(cursor, connection, public_id)
            row = _locked_for_save(cursor, connection, public_id, refuse_locked)
            if row is None:
                return None
            changed = _changed(row, change)
            revision, moment = _write_changed(cursor, connection, row, changed, title)
            batch.commit()
    announce_game(row.public_id, row.group_id)
    # the document as written (the one ``change`` returned), not parsed back from its text
    return _saved(row, changed.document, title=row.title if title is None else title,
                  revision=revision, updated_at=moment, format_version=CURRENT_VERSION)


def _locked_for_save(cursor, connection: Connection, public_id: str,
                     refuse_locked: bool) -> SaveRow | None:
    """The game's row read under the write lock, asked for with :func:`_ask_for_save` (None:
    no such game); a locked game raises :class:`GameLocked` when ``refuse_locked``."""
    row = _fetched_for_save(cursor, connection)
    if row is not None and refuse_locked and row.locked:
        raise GameLocked(public_id)
    return row


def _write_changed(cursor, connection: Connection, row: SaveRow, changed: _Changed,
                   title: str | None, stored: dict | None = None) -> tuple[int, datetime]:
    """Write ``changed`` over ``row`` (read under the write lock): the game and its results
    (``stored``: the results as read under the lock, :func:`.results.fetched_stored`; None:
    read here). Its new revision and time."""
    revision, moment = row.revision + 1, _now()
    # the game's revision (and results revision) are its group's too (:mod:`.revisions`):
    # the group's row is not written, so saves of its other games do not wait for this one.
    # The results first: the game row is then written once, its results revision with it.
    written = results.write(connection, row.id, changed.document, row.created_at, row.group_id,
                            had_results=changed.had_results, rows=changed.rows, count=False,
                            stored=stored)
    _write_save(cursor, connection, row.id, changed.encoded, revision, moment, title, written)
    return revision, moment


def update_game(public_id: str, document: dict, title: str | None = None) -> bool:
    """Replace a game's document (and its title when one is given); False if there is no such game."""
    _encode(document)  # refuse a non-document before taking the lock
    return modify_game(public_id, lambda _stored: document, title=title) is not None


def set_owner(public_id: str, expected: str | None, owner_token_hash: str) -> bool:
    """Hand a game over: replace its owner hash if it is still ``expected`` (False otherwise)."""
    if not is_public_id(public_id):
        return False
    with writer(get_engine()).begin() as connection:
        group_pk = connection.execute(
            update(game).where(game.c.public_id == public_id, game.c.owner_token_hash == expected)
            .values(owner_token_hash=owner_token_hash).returning(game.c.group_id)).first()
        if group_pk is not None:
            touch_groups(connection, group_pk.group_id)
    return _announced(public_id, group_pk)


def set_locked(public_id: str, locked: bool) -> bool:
    """Lock or unlock a game (its owner's choice); False when there is no such game."""
    if not is_public_id(public_id):
        return False
    with writer(get_engine()).begin() as connection:
        group_pk = connection.execute(update(game).where(game.c.public_id == public_id)
                                      .values(locked=locked).returning(game.c.group_id)).first()
        if group_pk is not None:
            touch_groups(connection, group_pk.group_id)
    return _announced(public_id, group_pk)


def _announced(public_id: str, changed: Row | None) -> bool:
    """Tell of a one-statement change that returned the game's group (None: nothing changed)."""
    if changed is None:
        return False
    announce_game(public_id, changed.group_id)
    return True


def delete_game(public_id: str) -> bool:
    """Delete a game and its results (one transaction)."""
    if not is_public_id(public_id):
        return False
    with writer(get_engine()).begin() as connection:
        found = connection.execute(
            select(game.c.id, game.c.group_id, game.c.revision, game.c.results_revision)
            .where(game.c.public_id == public_id).with_for_update()).first()
        if found is None:
            return False
        results.clear(connection, found.id)
        if connection.execute(delete(game).where(game.c.id == found.id)).rowcount != 1:
            return False
        left_groups(connection, [found])
    announce_game(public_id, found.group_id, deleted=True)
    return True


#: what a poll needs to know whether anything changed: one indexed read of four small columns
Stamp = namedtuple("Stamp", ["revision", "owner_token_hash", "locked", "group_pk"])
#: read through the driver's cursor, as a save reads its row (:mod:`.driver`): through Core
#: (its cache key, autobegin, row processing) the read cost four times as much, and it is what
#: every phone's poll costs while nothing changes (0.13 ms against 0.03 ms, SQLite)
_STAMP = "SELECT revision, owner_token_hash, locked, group_id FROM game WHERE public_id = ?"


def game_stamp(public_id: str) -> Stamp | None:
    """The game's revision, owner and lock, without its document (None: no such game).

    A game's revision rises with every write, so a page drawn from revision R is current for as
    long as the stamp says R: the live pad's 304 and every cache of a game's pages key on it.
    """
    if not is_public_id(public_id):
        return None
    engine = get_engine()
    if engine.dialect.name == "sqlite":
        row = _sqlite_stamp(engine, public_id)
    else:
        with reader(engine).connect() as connection, driver.cursor(connection) as cursor:
            cursor.execute(driver.sql(_STAMP, connection), (public_id,))
            row = cursor.fetchone()
    if row is None:
        return None
    revision, owner_token_hash, locked, group_pk = row
    return Stamp(revision, owner_token_hash, bool(locked), group_pk)


def _sqlite_stamp(engine, public_id: str):
    """The stamp's row read on a pooled SQLite connection taken from the pool itself: one
    statement in SQLite's autocommit (the engine never lets pysqlite begin on its own), as
    through a SQLAlchemy ``Connection``, whose making and closing was four fifths of the read
    (callgrind-free timing: 64 -> 13 us; the live pad's 304 reads nothing else)."""
    pooled = engine.pool.connect()
    try:
        with driver.cursor(pooled) as cursor:
            cursor.execute(_STAMP, (public_id,))
            return cursor.fetchone()
    finally:
        pooled.close()


def delete_selected(candidates) -> list[str]:
    """Delete the games a query selects (``game.c.id``, ``public_id`` and ``group_id``, limited
    by the caller: retention's batches) in one transaction, with their results; each group they
    were in gets a new revision (its caches, in every process, are keyed by it). One event per
    game; their public ids."""
    with writer(get_engine()).begin() as connection:
        # the revisions read under the lock: the group rows take them (:mod:`.revisions`)
        candidates = candidates.add_columns(game.c.revision.label("revision"),
                                            game.c.results_revision.label("results_revision"))
        if connection.dialect.name == "postgresql":  # a save meanwhile waits, then finds it gone
            candidates = candidates.with_for_update(of=game)
        rows = connection.execute(candidates).all()
        if not rows:
            return []
        pks = [row.id for row in rows]
        results.clear_games(connection, pks)
        connection.execute(delete(game).where(game.c.id.in_(pks)))
        left_groups(connection, rows)
    for row in rows:
        announce_game(row.public_id, row.group_id, deleted=True)
    return [row.public_id for row in rows]


#: every game, the most recently created first
_ALL = select(*_COLUMNS).order_by(game.c.created_at.desc(), game.c.id.desc())


def list_games(public_ids: Iterable[str] | None = None) -> list[SavedGame]:
    """Every saved game (or those of ``public_ids``), the most recently created first."""
    query = _ALL
    if public_ids is not None:
        query = query.where(game.c.public_id.in_([i for i in public_ids if is_public_id(i)]))
    with reader(get_engine()).connect() as connection:
        rows = connection.execute(query).all()
    return _games(rows)


def snapshot() -> tuple[list[SavedGame], list, dict]:
    """Everything a backup holds, read in one transaction (one consistent state, even while
    games are saved): every game as :func:`list_games` answers them, every group (oldest
    first) and each group's merges (``group pk -> [Merge]``, in the order made)."""
    from . import groups, merges

    with get_engine().connect() as connection:
        if connection.dialect.name == "postgresql":  # SQLite's BEGIN reads one snapshot already
            connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            rows = connection.execute(_ALL).all()
            found = groups.all_groups(connection)
            merged = {group.pk: list(merges.read(connection, group.pk).values()) for group in found}
    return _games(rows), found, merged


def _games(rows) -> list[SavedGame]:
    games = []
    for row in rows:
        try:
            games.append(_current(row))
        except LookupError:  # deleted while being read
            continue
    return games


def ping() -> None:
    """Raise unless the database answers a query (the health check)."""
    with reader(get_engine()).connect() as connection:
        connection.execute(text("SELECT 1")).scalar_one()


def init_app(app: Flask) -> None:
    migrate.init_app(app)
