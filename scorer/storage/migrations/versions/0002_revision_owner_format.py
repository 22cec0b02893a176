"""Games get a revision (locked read-modify-write saves), an owner and a document format version.

Also an integer key in insertion order (PostgreSQL has no rowid to break ties of equal
creation times) and real timestamps on PostgreSQL. SQLite cannot add a primary key to a table,
so the table is rebuilt and its rows copied in their old rowid order; every game keeps its id,
title, document and times. Documents saved before format versions existed are version 1.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    moment = sa.Text() if sqlite else sa.DateTime(timezone=True)
    op.create_table(
        "game_v2",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("public_id", sa.String(64), nullable=False, unique=True),
        sa.Column("title", sa.Text),
        sa.Column("document", sa.Text, nullable=False),
        sa.Column("format_version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("revision", sa.Integer, nullable=False, server_default="1"),
        sa.Column("owner_token_hash", sa.String(128)),
        sa.Column("created_at", moment, nullable=False),
        sa.Column("updated_at", moment, nullable=False),
    )
    if sqlite:
        created, updated, order = "created_at", "updated_at", "rowid"
    else:
        created = "CAST(created_at AS TIMESTAMP WITH TIME ZONE)"
        updated = "CAST(updated_at AS TIMESTAMP WITH TIME ZONE)"
        order = "created_at, public_id"
    op.execute(
        "INSERT INTO game_v2 (public_id, title, document, format_version, revision,"
        " created_at, updated_at)"
        f" SELECT public_id, title, document, 1, 1, {created}, {updated} FROM game ORDER BY {order}"
    )
    op.drop_index("game_created", table_name="game")
    op.drop_table("game")
    op.rename_table("game_v2", "game")
    op.create_index("game_created", "game", ["created_at"])


def downgrade() -> None:
    raise NotImplementedError("games saved with revisions and owners cannot go back to 0001")
