"""Groups of games in the database: the group rows, which games belong to one, merged names.

A group's public id is its key, as a game's is (random, unguessable). A game belongs to at most
one group (``game.group_id``); deleting a group clears that column of its games in the same
transaction and never deletes a game, and deletes its merged names (:mod:`.merges`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, Row, delete, exc, insert, select, update

from . import driver, results
from .connect import get_engine
from .engine import reader, writer
from .events import announce_game, announce_group
from .public_ids import new_public_id
from .revisions import RESULTS_REVISION, REVISION, left_groups, touch_groups
from .schema import game, game_group, group_alias


@dataclass(frozen=True)
class Group:
    pk: int  # the internal id games refer to
    id: str  # the public id: the group's key
    name: str
    owner_token_hash: str | None
    created_at: datetime
    updated_at: datetime
    #: the group's and its games' changes, summed (:mod:`.revisions`)
    revision: int = 1
    #: raised only when what the statistics count changes (:mod:`.revisions`)
    results_revision: int = 1


_COLUMNS = (game_group.c.id, game_group.c.public_id, game_group.c.name,
            game_group.c.owner_token_hash, game_group.c.created_at, game_group.c.updated_at,
            REVISION, RESULTS_REVISION)


def _group(row: Row) -> Group:
    return Group(pk=row.id, id=row.public_id, name=row.name, owner_token_hash=row.owner_token_hash,
                 created_at=row.created_at, updated_at=row.updated_at, revision=row.revision,
                 results_revision=row.results_revision)


def create_group(name: str, owner_token_hash: str | None = None) -> Group:
    moment = datetime.now(UTC)
    while True:
        public_id = new_public_id()
        try:
            with writer(get_engine()).begin() as connection:
                connection.execute(insert(game_group).values(
                    public_id=public_id, name=name, owner_token_hash=owner_token_hash,
                    revision=1, created_at=moment, updated_at=moment))
        except exc.IntegrityError:
            continue  # a collision of 128 random bits: draw again
        found = load_group(public_id)
        if found is not None:
            announce_group(found.pk)
            return found


def restore_group(public_id: str, name: str, owner_token_hash: str | None, created_at: datetime,
                  updated_at: datetime, revision: int) -> Group | None:
    """Insert a group as a backup holds it (its id, name, owner, times, revision); None,
    writing nothing, when the id is taken: a restore never overwrites a group."""
    try:
        with writer(get_engine()).begin() as connection:
            connection.execute(insert(game_group).values(
                public_id=public_id, name=name, owner_token_hash=owner_token_hash,
                revision=revision, created_at=created_at, updated_at=updated_at))
    except exc.IntegrityError:
        return None
    found = load_group(public_id)
    if found is not None:
        announce_group(found.pk)
    return found


def replace_group(public_id: str, name: str, owner_token_hash: str | None) -> bool:
    """Overwrite a group's name and owner (an import with ``--replace``)."""
    with writer(get_engine()).begin() as connection:
        changed = connection.execute(
            update(game_group).where(game_group.c.public_id == public_id)
            .values(name=name, owner_token_hash=owner_token_hash, updated_at=datetime.now(UTC),
                    revision=game_group.c.revision + 1).returning(game_group.c.id)).first()
    return _announced(public_id, changed)


#: :func:`load_group`'s statement: the columns of :data:`_COLUMNS`, the revisions summed as
#: :mod:`.revisions` sums them (through the driver, as a save's reads: :mod:`.driver`)
_READ_GROUP = (
    "SELECT id, public_id, name, owner_token_hash, created_at, updated_at, "
    "revision + (SELECT coalesce(sum(game.revision), 0) FROM game "
    "WHERE game.group_id = game_group.id), "
    "results_revision + (SELECT coalesce(sum(game.results_revision), 0) FROM game "
    "WHERE game.group_id = game_group.id) "
    "FROM game_group WHERE public_id = ?")


def load_group(public_id: str) -> Group | None:
    """The group and its revisions, one row read through the driver's cursor: every ask of a
    group's page (and of its report, CSV and statistics) reads it first, and through
    SQLAlchemy Core building the statement and processing its row cost more than the read."""
    with reader(get_engine()).connect() as connection, driver.cursor(connection) as cursor:
        cursor.execute(driver.sql(_READ_GROUP, connection), (public_id,))
        row = cursor.fetchone()
        if row is None:
            return None
        pk, found_id, name, owner, created_at, updated_at, revision, results_revision = row
        moment = game_group.c.created_at.type.process_result_value
        return Group(pk=pk, id=found_id, name=name, owner_token_hash=owner,
                     created_at=moment(created_at, connection.dialect),
                     updated_at=moment(updated_at, connection.dialect), revision=int(revision),
                     results_revision=int(results_revision))


def load_group_by_pk(pk: int) -> Group | None:
    with reader(get_engine()).connect() as connection:
        row = connection.execute(select(*_COLUMNS).where(game_group.c.id == pk)).first()
    return _group(row) if row is not None else None


@dataclass(frozen=True)
class GroupLabel:
    """What a game's score pad shows of its group: its link and name, without the revision sums
    a :class:`Group` carries (each a sum over the group's games: a club's 300 games read on
    every pad page only to print a name)."""

    pk: int
    id: str
    name: str


#: :func:`group_label_by_pk`'s statement (through the driver, as a save's: :mod:`.driver`)
_READ_LABEL = "SELECT public_id, name FROM game_group WHERE id = ?"


def group_label_by_pk(pk: int) -> GroupLabel | None:
    """The group's public id and name, one row read by its key, through the driver's cursor:
    every pad page of a game in a group asks, and through SQLAlchemy Core building the
    statement and processing its row cost more than the read."""
    with reader(get_engine()).connect() as connection, driver.cursor(connection) as cursor:
        cursor.execute(driver.sql(_READ_LABEL, connection), (pk,))
        row = cursor.fetchone()
    return GroupLabel(pk=pk, id=row[0], name=row[1]) if row is not None else None


def list_group_labels(public_ids: Iterable[str]) -> list[GroupLabel]:
    """The id and name of each group of ``public_ids`` that exists, in the order given (the
    groups a pad offers its game's owner: no revision sums, one plain read through the
    driver)."""
    wanted = list(public_ids)
    if not wanted:
        return []
    statement = ("SELECT id, public_id, name FROM game_group WHERE public_id IN "
                 f"({', '.join('?' * len(wanted))})")
    with reader(get_engine()).connect() as connection, driver.cursor(connection) as cursor:
        cursor.execute(driver.sql(statement, connection), wanted)
        rows = cursor.fetchall()
    found = {public_id: GroupLabel(pk=pk, id=public_id, name=name) for pk, public_id, name in rows}
    return [found[public_id] for public_id in wanted if public_id in found]


def all_groups(connection: Connection) -> list[Group]:
    """Every group, the oldest first (for a backup, in its transaction)."""
    return [_group(row) for row in connection.execute(select(*_COLUMNS).order_by(game_group.c.id))]


def list_groups(public_ids: Iterable[str]) -> list[Group]:
    """The groups of ``public_ids`` that exist, in the order given."""
    wanted = list(public_ids)
    if not wanted:
        return []
    with reader(get_engine()).connect() as connection:
        rows = connection.execute(
            select(*_COLUMNS).where(game_group.c.public_id.in_(wanted))).all()
    found = {row.public_id: _group(row) for row in rows}
    return [found[public_id] for public_id in wanted if public_id in found]


def rename_group(public_id: str, name: str) -> bool:
    with writer(get_engine()).begin() as connection:
        changed = connection.execute(
            update(game_group).where(game_group.c.public_id == public_id)
            .values(name=name, updated_at=datetime.now(UTC), revision=game_group.c.revision + 1)
            .returning(game_group.c.id)).first()
    return _announced(public_id, changed)


def _announced(public_id: str, changed: Row | None) -> bool:
    """Tell of a one-statement change that returned the group's pk (None: nothing changed)."""
    if changed is None:
        return False
    announce_group(changed.id)
    return True


def set_group_owner(public_id: str, expected: str | None, owner_token_hash: str) -> bool:
    """Hand a group over: replace its owner hash if it is still ``expected``."""
    with writer(get_engine()).begin() as connection:
        changed = connection.execute(
            update(game_group)
            .where(game_group.c.public_id == public_id,
                   game_group.c.owner_token_hash == expected)
            .values(owner_token_hash=owner_token_hash, revision=game_group.c.revision + 1)
            .returning(game_group.c.id)).first()
    return _announced(public_id, changed)


def delete_group(public_id: str) -> bool:
    """Delete the group and its merged names; its games stay, in no group."""
    with writer(get_engine()).begin() as connection:
        pk = connection.execute(
            select(game_group.c.id).where(game_group.c.public_id == public_id)).scalar()
        if pk is None:
            return False
        members = select(game.c.id).where(game.c.group_id == pk).scalar_subquery()
        results.move(connection, members, None)
        connection.execute(update(game).where(game.c.group_id == pk).values(group_id=None))
        connection.execute(delete(group_alias).where(group_alias.c.group_id == pk))
        connection.execute(delete(game_group).where(game_group.c.id == pk))
    announce_group(pk, deleted=True)
    return True


def set_game_group(game_id: str, group_pk: int | None, *, only_from: int | None = None) -> bool:
    """Put a game in a group (``None``: in none). With ``only_from``, only while the game is in
    that group (removing a game from a group never takes it out of another one). False when
    there is no such game (or it is not in ``only_from``)."""
    query = select(game.c.id, game.c.group_id, game.c.revision, game.c.results_revision).where(
        game.c.public_id == game_id)
    if only_from is not None:
        query = query.where(game.c.group_id == only_from)
    with writer(get_engine()).begin() as connection:
        if group_pk is not None and connection.execute(
                select(game_group.c.id).where(game_group.c.id == group_pk)).scalar() is None:
            return False  # the group was deleted meanwhile
        found = connection.execute(query.with_for_update()).first()
        if found is None:
            return False
        connection.execute(update(game).where(game.c.id == found.id).values(group_id=group_pk))
        results.move(connection, [found.id], group_pk)
        left_groups(connection, [found])  # the group it joined sums its revisions from now on
        touch_groups(connection, group_pk)
    # one change, told once: the game's event names both the group it left and the one it joined
    announce_game(game_id, group_pk, left_group_pk=found.group_id)
    return True


def group_game_ids(group_pk: int) -> list[str]:
    """The public ids of the group's games, the most recently created first."""
    with reader(get_engine()).connect() as connection:
        return list(connection.execute(
            select(game.c.public_id).where(game.c.group_id == group_pk)
            .order_by(game.c.created_at.desc(), game.c.id.desc())).scalars())


#: :func:`group_game_stamps`' statements
_LATEST_STAMPS = ("SELECT public_id, revision, updated_at FROM game WHERE group_id = ? "
                  "ORDER BY created_at DESC, id DESC LIMIT ?")
_GAME_COUNT = "SELECT count(*) FROM game WHERE group_id = ?"


def group_game_stamps(group_pk: int, limit: int) -> tuple[list[tuple[str, int, datetime]], int]:
    """The group's ``limit`` latest games as ``(public id, revision, updated_at)``, the most
    recently created first, and how many games it has: what tells whether a game's line on the
    group's page is still right, read without the documents."""
    with reader(get_engine()).connect() as connection, driver.cursor(connection) as cursor:
        # through the driver (:mod:`.driver`): every group page after a save reads them
        cursor.execute(driver.sql(_LATEST_STAMPS, connection), (group_pk, limit))
        moment = game.c.updated_at.type.process_result_value
        latest = [(public_id, revision, moment(updated_at, connection.dialect))
                  for public_id, revision, updated_at in cursor.fetchall()]
        cursor.execute(driver.sql(_GAME_COUNT, connection), (group_pk,))
        count = cursor.fetchone()[0]
    return latest, count

