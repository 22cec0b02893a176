"""On PostgreSQL a group's games are indexed by group alone: a save's UPDATE of its game row is
then HOT (heap-only), it writes no index entry.

PostgreSQL writes a new version of a row at every UPDATE, and unless the UPDATE changes no
indexed column (and the row's page has room) every index of the table gets an entry for it.
0012 indexed ``revision`` and ``results_revision`` with ``group_id`` (the group's sums read that
index alone), and a save raises ``revision``: no save was HOT, each one wrote an entry into each
of the game table's five indexes, and the saves of one group's games all wrote theirs into the
same leaf page of ``game_group_revisions`` (the same group, neighbouring revisions), waiting for
each other there (PostgreSQL's CPU per request rose with the load: issue 31). On a table saved
several times a second the sums visit the rows anyway (an index-only scan reads the row of every
page changed since the last vacuum), so they now read the group's rows through ``game_in_group``
(``group_id``); the table's pages keep a tenth free (fillfactor 90) for the saves' new versions.

SQLite keeps the covering index: it rewrites a row's index entries at each UPDATE whatever they
hold, and its rows hold the document before the revisions (the sums would read every document).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.create_index("game_in_group", "game", ["group_id"])
    op.drop_index("game_group_revisions", table_name="game")
    op.execute("ALTER TABLE game SET (fillfactor = 90)")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("ALTER TABLE game RESET (fillfactor)")
    op.create_index("game_group_revisions", "game", ["group_id", "revision", "results_revision"])
    op.drop_index("game_in_group", table_name="game")
