"""A group's results revision: it counts every change of what the group's statistics count
(its games' results and its merged names), and only those.

The group's ``revision`` rises with every save of any of its games, an unfinished one's
included: on a club's evening it rises several times a second, and figures keyed by it are
never found again. The statistics, the charts and the records depend on the results and the
merged names alone, so they are kept per ``results_revision`` (``scorer.web.group_cache``):
a city saved in an unfinished game, a title or a lock leaves it as it is.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN (SQLite takes NOT NULL with a default), as 0006 does
    op.add_column("game_group", sa.Column("results_revision", sa.Integer(), nullable=False,
                                          server_default="1"))


def downgrade() -> None:
    op.drop_column("game_group", "results_revision")
