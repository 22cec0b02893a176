"""Games get a creation key: one new-game page sent twice (double tap, reload, back) makes one game.

The key is unique, so two servers (or gunicorn workers) handling the same page's two requests at
the same moment cannot both insert: the database refuses the second, which then finds the first.
Games saved before have none (NULL, which a unique index allows many times).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game", sa.Column("creation_key", sa.String(64)))
    op.create_index("game_creation_key", "game", ["creation_key"], unique=True)


def downgrade() -> None:
    op.drop_index("game_creation_key", table_name="game")
    op.drop_column("game", "creation_key")
