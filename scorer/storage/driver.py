"""Statements a save runs through the driver's own cursor, and the transaction they run in.

A save (the path every phone at the table takes) reads and writes its game's row and results
through the driver (sqlite3 or psycopg) rather than SQLAlchemy Core: through Core each of these
statements cost as much as the rest of the results step (building its cache key, processing
its rows). They are plain SQL on one table, written once for both databases with ``?``
placeholders (:func:`sql` gives the driver's style); types the driver does not convert itself
go through the column's own type (:class:`.schema.UTCDateTime`). On PostgreSQL the save's
transaction sends them in batches (:func:`save_transaction`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.pool import PoolProxiedConnection

from .engine import reader, writer

#: psycopg's transaction status of a connection with no transaction open (``pq.TransactionStatus.IDLE``)
IDLE = 0


def sql(statement: str, connection: Connection) -> str:
    """``statement`` (with ``?`` placeholders) as the connection's driver takes it (psycopg:
    ``%s``)."""
    return statement if connection.dialect.paramstyle == "qmark" else statement.replace("?", "%s")


@contextmanager
def cursor(connection: Connection | PoolProxiedConnection) -> Iterator[Any]:
    """A cursor of the driver's connection under ``connection`` (in its transaction), closed
    after use; or of a connection taken from the pool itself (the stamp's read)."""
    opened = (connection.cursor() if isinstance(connection, PoolProxiedConnection)
              else connection.connection.cursor())
    try:
        yield opened
    finally:
        opened.close()


class Batch:
    """A save's transaction (see :func:`save_transaction`): its connection, a driver cursor
    on it, and :meth:`commit`."""

    def __init__(self, connection: Connection, cursor: Any, pipelined: bool) -> None:
        self.connection, self.cursor, self._pipelined = connection, cursor, pipelined
        self.committed = False

    def commit(self) -> None:
        """Commit with the statements still queued, in their round trip (PostgreSQL); on
        SQLite the transaction commits when it ends, as it would anyway."""
        if self._pipelined and not self.committed:
            self.cursor.execute("COMMIT")
        self.committed = True


@contextmanager
def save_transaction(engine: Engine) -> Iterator[Batch]:
    """A transaction holding the write lock, committed when it ends without an error (else
    rolled back), whose statements through the driver's cursors go to the server in batches.

    On PostgreSQL it is psycopg's pipeline mode on a connection in autocommit, the ``BEGIN``
    and ``COMMIT`` sent as statements of their own: each statement is queued instead of waited
    for, and the queue is sent when an answer is first read and when the transaction ends. A
    save is then three round trips (the page's load; ``BEGIN``, the read under the lock and the
    results read; the writes and ``COMMIT``), not seven: psycopg's own transactions wait for
    ``BEGIN`` alone, and each statement was waited for. Each round trip waits twice for a core
    (the server's process, then the worker's thread) while the machine is busy: at 100 tables
    the saves' p99 on PostgreSQL was 116-125 ms, over the 100 ms the other kinds kept.
    Statements keep their order and each sees what the ones before it did; an error aborts the
    rest, and the transaction is rolled back. Statements through SQLAlchemy Core may run in it
    too, as long as they need no answer (their row count included).

    On SQLite (no round trips), and with a libpq older than 14 (no pipeline mode), it is the
    write transaction of :func:`.engine.writer`, each statement waited for.
    """
    if not _pipelines(engine):  # sqlite3 has none
        with writer(engine).begin() as connection, cursor(connection) as opened:
            yield Batch(connection, opened, False)
        return
    with reader(engine).connect() as connection:  # autocommit: BEGIN is ours to send
        dbapi_connection = connection.connection.dbapi_connection
        try:
            with dbapi_connection.pipeline(), cursor(connection) as opened:
                opened.execute("BEGIN")
                batch = Batch(connection, opened, True)
                yield batch
                batch.commit()
        except BaseException:
            if dbapi_connection.info.transaction_status != IDLE:  # not already ended
                dbapi_connection.rollback()
            raise


@lru_cache(maxsize=16)
def _pipelines(engine: Engine) -> bool:
    """Whether the engine's driver has psycopg's pipeline mode (libpq 14 or newer; sqlite3
    has none); asked once per engine, not at every save."""
    pipeline = getattr(engine.dialect.dbapi, "Pipeline", None)
    return pipeline is not None and pipeline.is_supported()
