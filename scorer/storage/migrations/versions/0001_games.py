"""The first schema (before migrations): one row per game, the document kept whole as JSON.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("public_id", sa.Text, primary_key=True),
        sa.Column("title", sa.Text),
        sa.Column("document", sa.Text, nullable=False),
        sa.Column("created_at", sa.Text, nullable=False),
        sa.Column("updated_at", sa.Text, nullable=False),
    )
    op.create_index("game_created", "game", ["created_at"])


def downgrade() -> None:
    op.drop_table("game")
