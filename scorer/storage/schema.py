"""The tables as the newest migration leaves them, for the queries (SQLAlchemy Core).

Migrations under ``migrations/versions/`` are the source of truth for what a database holds;
this module only describes the result so queries are written once for SQLite and PostgreSQL.
A test compares the two (``tests/test_storage_migrations.py``).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
    false,
    true,
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
    # the owner locked the finished game: its cities can no longer be changed
    Column("locked", Boolean, nullable=False, server_default=false()),
    Column("created_at", UTCDateTime, nullable=False),
    Column("updated_at", UTCDateTime, nullable=False),
    # the group the game belongs to (at most one); no foreign key, since SQLite cannot add one
    # to an existing table: deleting a group clears it in the same transaction
    Column("group_id", Integer),
    # raised with every write of the game's results: its group's results revision sums these
    # (:mod:`.revisions`, 0012), as its revision sums the games' ``revision``
    Column("results_revision", Integer, nullable=False, server_default="0"),
)
Index("game_created", game.c.created_at)
Index("game_creation_key", game.c.creation_key, unique=True)
# a group's games, and the sums that make its revisions: on SQLite read from this index alone;
# on PostgreSQL from the games' rows, so that a save, which raises ``revision``, changes no
# indexed column and its UPDATE is HOT (0013)
Index("game_group_revisions", game.c.group_id, game.c.revision,
      game.c.results_revision).ddl_if(dialect="sqlite")
Index("game_in_group", game.c.group_id).ddl_if(dialect="postgresql")

# A group of games (a game night, a family, a club): its public id is its key, as a game's is.
game_group = Table(
    "game_group",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("public_id", String(64), nullable=False, unique=True),
    Column("name", Text, nullable=False),
    Column("owner_token_hash", String(128)),
    # the group's own changes, and what its games took away when they left it: the group's
    # revision is this plus its games' revisions (:mod:`.revisions`, 0012)
    Column("revision", Integer, nullable=False, server_default="1"),
    Column("created_at", UTCDateTime, nullable=False),
    Column("updated_at", UTCDateTime, nullable=False),
    # with its games' ``results_revision``: raised with every change of what the statistics
    # count (the results of its games, its merged names) and only then: the statistics are
    # kept per this (0011)
    Column("results_revision", Integer, nullable=False, server_default="1"),
)

# Names merged in a group, one row per merge: the player ``name_key`` is counted as
# ``target_key`` (which may be merged in turn: the statistics follow the merges), shown as
# ``target_name`` when ``name_given``. Saved documents are never rewritten; keys are
# normalised names, ``source_name`` and ``target_typed`` the names as typed (NULL before 0009),
# ``position`` the order the merges were made in.
group_alias = Table(
    "group_alias",
    metadata,
    Column("group_id", Integer, ForeignKey("game_group.id", ondelete="CASCADE"),
           primary_key=True),
    Column("name_key", Text, primary_key=True),
    Column("target_key", Text, nullable=False),
    Column("target_name", Text, nullable=False),
    Column("source_name", Text),
    Column("target_typed", Text),
    Column("name_given", Boolean, nullable=False, server_default=true()),
    Column("position", Integer, nullable=False, server_default="0"),
)

#: score-pad rows a result holds (``p0``, ``p1``, ... in the pad's order); every ruleset's pad
#: fits (a test checks every combination of the registered expansions)
PAD_SLOTS = 16

# One row per player (Free City seats excluded) of every complete game, written in the
# transaction that saves the game: what the statistics aggregate. Derived data:
# ``flask stats rebuild`` recomputes it from the documents. The game's score-pad rows are
# ``pad`` (their ids, comma-separated, in the pad's order) and the player's points in them
# ``p0``, ``p1``, ...: a group's means per row are then sums over this one table.
result = Table(
    "result",
    metadata,
    Column("game_id", Integer, ForeignKey("game.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("name_key", Text, nullable=False),
    Column("wonder", String(64), nullable=False),
    Column("side", String(16), nullable=False),
    Column("total", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("coins", Integer, nullable=False),
    Column("winners", Integer, nullable=False),  # how many players share rank 1 in the game
    Column("seats", Integer, nullable=False),  # the game's player count (Free City included)
    Column("edition", String(32), nullable=False),
    Column("expansions", String(200), nullable=False),  # sorted ids joined by ",", "" for none
    Column("played_on", String(10), nullable=False),  # the game's UTC creation date, ISO
    # the game's group (a copy of game.group_id, moved with it: the statistics read no join)
    Column("group_id", Integer),
    Column("margin", Integer, nullable=False, server_default="0"),  # the lead, on winners' rows
    Column("pad", Text, nullable=False, server_default=""),
    *(Column(f"p{slot}", Integer) for slot in range(PAD_SLOTS)),
    # team play (C14): the team's names joined by " + " ("" outside team play); ``rank`` is
    # then the team's rank, what the statistics count, and ``own_rank`` the player's own (C15)
    Column("team", Text, nullable=False, server_default=""),
    Column("own_rank", Integer, nullable=False, server_default="0"),
)
Index("result_name", result.c.name_key)
# One covering index per kind of figure: each aggregate reads one index of the group's rows.
Index("result_group", result.c.group_id, result.c.total, result.c.played_on)
Index("result_players", result.c.group_id, result.c.name_key, result.c.name, result.c.total,
      result.c.rank, result.c.winners, result.c.game_id, result.c.team, result.c.seat)
Index("result_wonders", result.c.group_id, result.c.wonder, result.c.side, result.c.rank,
      result.c.total)
Index("result_pads", result.c.group_id, result.c.pad, result.c.game_id)
Index("result_margins", result.c.group_id, result.c.rank, result.c.margin, result.c.game_id)
Index("result_points", result.c.group_id, result.c.name_key, result.c.pad,
      *(result.c[f"p{slot}"] for slot in range(PAD_SLOTS)), result.c.game_id, result.c.seat,
      result.c.played_on)

# An API client's Idempotency-Key (a digest of its scope and the key) and the request it came
# with, kept 24 hours: the same key and body answer the game the first request made.
request_key = Table(
    "request_key",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("request", String(64), nullable=False),
    Column("public_id", String(64), nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
)
Index("request_key_created", request_key.c.created_at)
