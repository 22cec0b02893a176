"""The winner's lead (``result.margin``) is kept on the winners' rows only, 0 on the others.

The closest games are read from the winners' rows alone; with the lead on every row, a save
that changed it rewrote every row of the game and its entries in the table's indexes.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE result SET margin = 0 WHERE rank <> 1 AND margin <> 0")


def downgrade() -> None:
    # every row of a game carries its winners' lead again
    op.execute("UPDATE result SET margin = (SELECT max(w.margin) FROM result AS w "
               "WHERE w.game_id = result.game_id AND w.rank = 1) WHERE rank <> 1")
