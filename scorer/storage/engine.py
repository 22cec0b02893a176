"""One SQLAlchemy engine per database URL and application, set up for safe concurrent saves.

SQLite runs in WAL mode (readers never wait for a writer) with a busy timeout (a writer waits
for another instead of failing), and this module emits its own ``BEGIN``: pysqlite's implicit
transactions cannot take the write lock up front, and a transaction that only upgrades to a
writer after reading fails at once in WAL mode when another writer got there first. Writes ask
for ``write_lock`` and get ``BEGIN IMMEDIATE``; reads get a plain ``BEGIN`` (a consistent
snapshot). PostgreSQL needs none of this: its writers lock rows with ``SELECT ... FOR UPDATE``.
"""

from __future__ import annotations

import os
import random
import select
import sqlite3
import time
from functools import lru_cache

from sqlalchemy import Engine, create_engine, event, exc
from sqlalchemy.engine import make_url

from ..safety.private_files import private_file

EXTENSION = "scorer.storage"
DEFAULT_BUSY_TIMEOUT = 15.0  # seconds a SQLite writer waits for another one


def database_url(config) -> str:
    """The SQLAlchemy URL: ``DATABASE_URL`` when set, else the SQLite file ``DATABASE``."""
    url = config.get("DATABASE_URL")
    if not url:
        return "sqlite:///" + os.path.abspath(config["DATABASE"])
    # postgresql:// (what PostgreSQL's own tools and hosting panels hand out) means psycopg 3,
    # the driver this project installs, not SQLAlchemy's default psycopg2.
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _sqlite_engine(url: str, busy_timeout: float) -> Engine:
    path = make_url(url).database
    if path and path != ":memory:":
        private_file(path)  # created with mode 600, not the umask's 644 SQLite would use
    engine = create_engine(url, connect_args={"timeout": busy_timeout})

    @event.listens_for(engine, "connect")
    def configure(dbapi_connection, _record) -> None:
        dbapi_connection.isolation_level = None  # no implicit BEGIN: see the module docstring
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        _switch_to_wal(cursor, busy_timeout)
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection) -> None:
        if connection.get_execution_options().get("write_lock"):
            _begin_immediate(connection.connection.dbapi_connection, busy_timeout)
        else:
            connection.exec_driver_sql("BEGIN")

    return engine


#: the longest pause between two tries for the write lock (seconds)
WRITE_LOCK_PAUSE = 0.002


def _begin_immediate(dbapi_connection: sqlite3.Connection, busy_timeout: float) -> None:
    """``BEGIN IMMEDIATE``, tried again every millisecond or two until ``busy_timeout``.

    SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50 and then 100 ms
    between tries, so a save that finds another one writing (a few milliseconds) slept far
    longer than it waited: at 50 tables the saves' p99 was twice the other kinds'. Only this
    statement waits for the lock (in WAL mode nothing else of a write transaction does), so
    the busy handler is off for it alone."""
    deadline = time.monotonic() + busy_timeout
    dbapi_connection.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            try:
                dbapi_connection.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() >= deadline:
                    raise
            time.sleep(random.uniform(WRITE_LOCK_PAUSE / 4, WRITE_LOCK_PAUSE))
    finally:
        dbapi_connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")


def _switch_to_wal(cursor: sqlite3.Cursor, busy_timeout: float) -> None:
    """Turn WAL on, waiting like any writer would.

    Leaving the rollback journal needs an exclusive lock, and SQLite answers "database is
    locked" at once instead of calling the busy handler when several servers open a database
    from before WAL at the same moment (seen in the start-up migration test); so wait here.
    """
    deadline = time.monotonic() + busy_timeout
    pause = 0.01
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() + pause > deadline:
                raise
            time.sleep(pause)
            pause = min(pause * 2, 0.2)


#: a worker's threads when the server does not say (``SERVER_THREADS``): gunicorn's default
DEFAULT_THREADS = 16
#: connections beyond the pool, for the worker's own threads (retention's background pass)
DEFAULT_MAX_OVERFLOW = 2


def make_engine(url: str, config) -> Engine:
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite_engine(url, float(config.get("DATABASE_BUSY_TIMEOUT", DEFAULT_BUSY_TIMEOUT)))
    return _server_engine(url, config)


def _server_engine(url: str, config) -> Engine:
    """A pool of one connection a thread of the worker (``SERVER_THREADS``, or
    ``DATABASE_POOL_SIZE``), each checked for a closed server side when taken.

    The pool was 5 connections and 10 more on demand for 16 threads: under load threads waited
    for a connection, and every connection beyond the fifth was opened for one request and
    closed after it (a new PostgreSQL backend each time). PostgreSQL's ``max_connections``
    must allow every worker's ``pool_size + max_overflow`` (docs/hosting.md).
    """
    pool_size = int(config.get("DATABASE_POOL_SIZE") or config.get("SERVER_THREADS")
                    or DEFAULT_THREADS)
    engine = create_engine(url, pool_size=pool_size, max_overflow=int(
        config.get("DATABASE_MAX_OVERFLOW", DEFAULT_MAX_OVERFLOW)))

    @event.listens_for(engine, "checkout")
    def alive(dbapi_connection, _record, _proxy) -> None:
        """A restarted database server costs one reconnect, never a failed request.

        SQLAlchemy's ``pool_pre_ping`` asks the server with a round trip at every checkout
        (several a request). An idle pooled connection has nothing to read unless the server
        wrote to it meanwhile: it closed it (a restart, an idle timeout, a terminated backend:
        its goodbye, then the end of the stream) or, rarely, told of a setting; so only then
        does it ask, and a connection that does not answer is replaced (the pool tries again).
        """
        if _quiet(dbapi_connection):
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
            dbapi_connection.rollback()
        except Exception as error:  # whatever the driver raises for a dead connection
            raise exc.DisconnectionError(str(error)) from error

    return engine


def _quiet(dbapi_connection) -> bool:
    """Whether the driver's connection is open with nothing from the server waiting on its
    socket (a local check: no round trip)."""
    if getattr(dbapi_connection, "closed", False) or getattr(dbapi_connection, "broken", False):
        return False
    try:
        waiting = select.poll()
        waiting.register(dbapi_connection.fileno(), select.POLLIN | select.POLLPRI)
        return not waiting.poll(0)
    except (OSError, ValueError, AttributeError):
        return False


@lru_cache(maxsize=16)
def writer(engine: Engine) -> Engine:
    """The same engine whose transactions take the write lock at BEGIN (SQLite).

    Made once per engine (a few recent ones kept): making it again cost every save as much as
    reading its game's row.
    """
    return engine.execution_options(write_lock=True)


@lru_cache(maxsize=16)
def reader(engine: Engine) -> Engine:
    """The same engine for reads that need no transaction of their own (plain SELECTs).

    On PostgreSQL they run outside one (autocommit): a read then costs the server one round
    trip, not three (``BEGIN``, the read, and the ``ROLLBACK`` when the connection goes back to
    the pool), and what it reads is the same: at PostgreSQL's default isolation (read committed)
    each statement reads the state committed when it starts, in a transaction or not. Not for
    ``FOR UPDATE``, ``SET LOCAL`` or transaction-scoped locks, which end with the statement then.
    SQLite's reads keep their ``BEGIN`` (one snapshot for all the statements of a connection).
    """
    if engine.dialect.name == "sqlite":
        return engine
    return engine.execution_options(isolation_level="AUTOCOMMIT")
