"""A group's revisions are counted on its games' rows: a save no longer writes the group's row.

Until now every save of a group's game raised ``game_group.revision`` (and, with results,
``results_revision``): every save of a club's evening took the one group row's lock and held
it to its commit, so on PostgreSQL the saves of all the club's tables queued behind each other
(35 tables: every request's median 0.7 to 1 s). A group's revisions are now the row's own plus
the sums of its games' ``revision`` and ``results_revision`` (:mod:`scorer.storage.revisions`),
read from one covering index; a save raises only its own game's row.

- ``game.results_revision`` (0 for every game saved before: the sums, and so the keys of the
  group's caches, are the same just after the upgrade as just before);
- ``game_in_group`` becomes ``game_group_revisions`` (``group_id``, ``revision``,
  ``results_revision``): the same lookups by group, and the sums read the index alone.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN (SQLite takes NOT NULL with a default): batch mode would copy the game
    # table and drop the old one, and that drop cascades to the results that refer to it (0006)
    op.add_column("game", sa.Column("results_revision", sa.Integer(), nullable=False,
                                    server_default="0"))
    op.create_index("game_group_revisions", "game", ["group_id", "revision", "results_revision"])
    op.drop_index("game_in_group", table_name="game")


def downgrade() -> None:
    # the group rows take their games' sums back, so their revisions never go down
    op.execute("UPDATE game_group SET revision = revision + COALESCE((SELECT SUM(game.revision) "
               "FROM game WHERE game.group_id = game_group.id), 0), results_revision = "
               "results_revision + COALESCE((SELECT SUM(game.results_revision) FROM game "
               "WHERE game.group_id = game_group.id), 0)")
    op.create_index("game_in_group", "game", ["group_id"])
    op.drop_index("game_group_revisions", table_name="game")
    op.drop_column("game", "results_revision")
