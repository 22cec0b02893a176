"""A group's merged names are kept as they were made, so each one can be listed and undone.

Before, every name merged away pointed straight at the name it ended in (flat), and a merge
rewrote the others: "Ada -> Zofia" then "Zofia -> Chloe" left "ada -> chloe", and undoing the
second could not give Ada back to Zofia. Now a row is one merge: ``target_key`` is the name
it was merged into (followed, merge after merge, when the statistics are counted), with

- ``source_name`` and ``target_typed``: the two names as typed (NULL for older merges, whose
  key is shown instead);
- ``name_given``: whether ``target_name`` was chosen (older merges: it was shown, so yes);
- ``position``: the order the merges were made in (the latest chosen name is shown).

Older rows stay valid as they are: a flat merge is a merge into a name that is merged nowhere.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("group_alias", sa.Column("source_name", sa.Text()))
    op.add_column("group_alias", sa.Column("target_typed", sa.Text()))
    op.add_column("group_alias", sa.Column("name_given", sa.Boolean(), nullable=False,
                                           server_default=sa.true()))
    op.add_column("group_alias", sa.Column("position", sa.Integer(), nullable=False,
                                           server_default="0"))


def downgrade() -> None:
    # the older version reads flat rows: every name points at the name its merges end in
    connection = op.get_bind()
    rows = connection.execute(sa.text(
        "SELECT group_id, name_key, target_key, target_name, name_given, position "
        "FROM group_alias")).all()
    by_group: dict[int, dict[str, tuple]] = {}
    for row in rows:
        by_group.setdefault(row.group_id, {})[row.name_key] = row
    for group_id, edges in by_group.items():
        final = {}
        for key in edges:
            seen, at = {key}, edges[key].target_key
            while at in edges and at not in seen:
                seen.add(at)
                at = edges[at].target_key
            final[key] = at
        shown = {}
        for key, row in sorted(edges.items(), key=lambda item: item[1].position):
            if row.name_given or final[key] not in shown:
                shown[final[key]] = row.target_name
        for key in edges:
            connection.execute(sa.text(
                "UPDATE group_alias SET target_key = :target, target_name = :name "
                "WHERE group_id = :group AND name_key = :key"),
                {"target": final[key], "name": shown[final[key]], "group": group_id, "key": key})
    for column in ("position", "name_given", "target_typed", "source_name"):
        op.drop_column("group_alias", column)
