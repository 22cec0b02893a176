"""One lock shared by every process and every server of an instance, for work that must not run
twice at once (retention's removals: a cron job on one host, background passes in the workers
of several).

Where the lock lives follows what the servers already share:

- ``LOCK_URI`` set to a Redis address (``redis://host:6379/0``, ``unix:///run/redis.sock``):
  a Redis lock with a lease (``SET NX PX``), renewed by the holder as it goes, so a holder
  that dies frees it within :data:`LEASE` seconds;
- otherwise on PostgreSQL a session advisory lock (``pg_try_advisory_lock``) on a connection
  of its own, released when the holder unlocks or its connection ends;
- on SQLite an exclusive ``flock`` on a file beside the database file (every process that
  opens the database is on this host), released by the kernel when the holder exits.

Nobody waits: :func:`exclusive` yields a :class:`Held` when this process took the lock and
``None`` when another holds it, so a second pass simply does nothing.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app
from sqlalchemy import text
from sqlalchemy.engine import make_url

from ..safety.private_files import private_file
from .connect import get_engine
from .engine import database_url

LEASE = 300  # seconds a Redis lock lasts unless renewed
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


class Held:
    """A lock this process holds; :meth:`renew` before its lease could run out."""

    def __init__(self, renew=None) -> None:
        self._renew = renew

    def renew(self) -> None:
        if self._renew is not None:
            self._renew()


def advisory_key(name: str) -> int:
    """A stable signed 64-bit number for ``name`` (PostgreSQL's advisory locks take one)."""
    return int.from_bytes(hashlib.sha256(f"scorer:{name}".encode()).digest()[:8], "big", signed=True)


@contextmanager
def exclusive(name: str) -> Iterator[Held | None]:
    """Hold the instance-wide lock ``name`` for the block (a :class:`Held`), or yield None at
    once when another process or server holds it."""
    uri = current_app.config.get("LOCK_URI") or ""
    if uri.startswith(REDIS_SCHEMES):
        with _redis_lock(uri, name) as held:
            yield held
    elif get_engine().dialect.name == "postgresql":
        with _advisory_lock(name) as held:
            yield held
    else:
        with _file_lock(name) as held:
            yield held


@contextmanager
def _redis_lock(uri: str, name: str) -> Iterator[Held | None]:
    import redis
    from redis.exceptions import LockError

    client = redis.Redis.from_url(uri)
    lock = client.lock(f"scorer:lock:{name}", timeout=LEASE, blocking=False)
    try:
        if not lock.acquire():
            yield None
            return
        try:
            yield Held(lock.reacquire)
        finally:
            try:
                lock.release()
            except LockError:  # the lease ran out meanwhile: nothing left to release
                pass
    finally:
        client.close()


@contextmanager
def _advisory_lock(name: str) -> Iterator[Held | None]:
    key = advisory_key(name)
    with get_engine().connect() as connection:
        connection = connection.execution_options(isolation_level="AUTOCOMMIT")
        if not connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": key}).scalar():
            yield None
            return
        try:
            yield Held()
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})


def lock_file(name: str) -> str:
    """The file beside the SQLite database that every process opening it locks for ``name``."""
    database = make_url(database_url(current_app.config)).database
    if not database or database == ":memory:":
        return os.path.join(current_app.instance_path, f"{name}.lock")
    return f"{os.path.abspath(database)}.{name}.lock"


@contextmanager
def _file_lock(name: str) -> Iterator[Held | None]:
    path = lock_file(name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    private_file(path)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield None
            return
        yield Held()
    finally:
        os.close(fd)  # closing the descriptor releases the lock
