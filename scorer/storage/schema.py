"""The tables as the newest migration leaves them, for the queries (SQLAlchemy Core).

Migrations under ``migrations/versions/`` are the source of truth for what a database holds;
this module only describes the result so queries are written once for SQLite and PostgreSQL.
A test compares the two (``tests/test_storage_migrations.py``).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    Column,
    DateTime,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
)


class UTCDateTime(TypeDecorator):
    """An aware UTC moment: ``timestamptz`` on PostgreSQL, ISO 8601 text on SQLite.

    SQLite keeps the text the first version of the app wrote (``2026-11-22T18:44:13.123456+00:00``),
    so old databases need no rewrite and the text sorts in time order.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def load_dialect_impl(self, dialect):
        if dialect.name == "sqlite":
            return dialect.type_descriptor(Text())
        return dialect.type_descriptor(DateTime(timezone=True))

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.isoformat(timespec="microseconds")
        return value

    def process_result_value(self, value, dialect):
        if value is None:
            return None
        if isinstance(value, str):
            value = datetime.fromisoformat(value)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


metadata = MetaData()

# One row per saved game. The document is kept whole as JSON text, byte for byte as it was
# written (not JSONB, which would reorder keys): the engine stays the single source of meaning.
game = Table(
    "game",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),  # insertion order, for ties
    Column("public_id", String(64), nullable=False, unique=True),
    Column("title", Text),
    Column("document", Text, nullable=False),
    Column("format_version", Integer, nullable=False, server_default="1"),
    Column("revision", Integer, nullable=False, server_default="1"),
    Column("owner_token_hash", String(128)),
    # a digest of (browser, new-game page): the same page sent twice finds the game it made
    Column("creation_key", String(64)),
    Column("created_at", UTCDateTime, nullable=False),
    Column("updated_at", UTCDateTime, nullable=False),
)
Index("game_created", game.c.created_at)
Index("game_creation_key", game.c.creation_key, unique=True)
