"""The index of each name's points by pad (``result_points``) also holds the result's game,
seat and date: the records' holders (each row's ``best_by``) are then found in one pass over
the index, reading no row of the table (without them SQLite took another index of the group
and read every row of the table to compare its points).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

POINTS = [f"p{slot}" for slot in range(16)]
BEFORE = ["group_id", "name_key", "pad", *POINTS]


def upgrade() -> None:
    op.drop_index("result_points", table_name="result")
    op.create_index("result_points", "result", [*BEFORE, "game_id", "seat", "played_on"])


def downgrade() -> None:
    op.drop_index("result_points", table_name="result")
    op.create_index("result_points", "result", BEFORE)
