"""Statements a save runs through the driver's own cursor, inside its SQLAlchemy transaction.

A save (the path every phone at the table takes) reads and writes its game's row and results
through the driver (sqlite3 or psycopg) rather than SQLAlchemy Core: through Core each of these
statements cost as much as the rest of the results step (building its cache key, processing
its rows). They are plain SQL on one table, written once for both databases with ``?``
placeholders (:func:`sql` gives the driver's style); types the driver does not convert itself
go through the column's own type (:class:`.schema.UTCDateTime`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.pool import PoolProxiedConnection


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
