"""A game can be locked by its owner, and a creation request carries a key that makes it once.

- ``game.locked``: a finished game's cities can no longer be changed (false for every game
  saved before, which stay open as they were).
- ``request_key``: an API client's ``Idempotency-Key`` (as a digest with the client's scope)
  and a digest of the request it came with, for 24 hours: the same key and body answer the
  game made the first time, another body with the same key is refused.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

from scorer.storage.schema import UTCDateTime

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN (SQLite takes NOT NULL with a default): batch mode would copy the game
    # table and drop the old one, and that drop cascades to the results that refer to it
    op.add_column("game", sa.Column("locked", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "request_key",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("request", sa.String(64), nullable=False),
        sa.Column("public_id", sa.String(64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_index("request_key_created", "request_key", ["created_at"])


def downgrade() -> None:
    op.drop_index("request_key_created", table_name="request_key")
    op.drop_table("request_key")
    op.drop_column("game", "locked")
