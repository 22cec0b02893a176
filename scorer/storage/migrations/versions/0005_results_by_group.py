"""The results carry their game's group, its winning margin and the player's points in each
score-pad row (``pad`` and ``p0``...), with one covering index per kind of figure: a group's
statistics are then a few aggregates over one table, without joins. ``result_row`` goes (its
points are in ``result`` now); the results are computed again from the saved documents.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

SLOTS = 16
POINTS = [f"p{slot}" for slot in range(SLOTS)]
INDEXES = {
    "result_group": ["group_id", "total", "played_on"],
    "result_players": ["group_id", "name_key", "name", "total", "rank", "winners", "game_id"],
    "result_wonders": ["group_id", "wonder", "side", "rank", "total"],
    "result_pads": ["group_id", "pad", "game_id"],
    "result_margins": ["group_id", "rank", "margin", "game_id"],
    "result_points": ["group_id", "name_key", "pad", *POINTS],
}


def upgrade() -> None:
    from scorer.documents.upgrades import upgrade as upgrade_document
    from scorer.storage.schema import UTCDateTime

    op.drop_table("result_row")
    op.add_column("result", sa.Column("group_id", sa.Integer))
    op.add_column("result", sa.Column("margin", sa.Integer, nullable=False, server_default="0"))
    op.add_column("result", sa.Column("pad", sa.Text, nullable=False, server_default=""))
    for column in POINTS:
        op.add_column("result", sa.Column(column, sa.Integer))
    for name, columns in INDEXES.items():
        op.create_index(name, "result", columns)
    connection = op.get_bind()
    connection.execute(sa.text("DELETE FROM result"))
    game = sa.table("game", sa.column("id", sa.Integer), sa.column("document", sa.Text),
                    sa.column("format_version", sa.Integer), sa.column("group_id", sa.Integer),
                    sa.column("created_at", UTCDateTime))
    for row in connection.execute(sa.select(game.c.id, game.c.document, game.c.format_version,
                                            game.c.group_id, game.c.created_at)).all():
        try:
            document = upgrade_document(json.loads(row.document), row.format_version or 1)
        except ValueError:  # a document from a newer version of the app: no results yet
            continue
        fill(connection, row, document)


def fill(connection, game, document: dict) -> None:
    """One game's results as this revision's table holds them."""
    from scorer.storage.results import player_key, results_of

    found = results_of(document)
    if not found:
        return
    totals = sorted((r.total for r in found), reverse=True)
    margin = totals[0] - totals[1] if len(totals) > 1 else 0
    result = sa.table("result", *(sa.column(name) for name in (
        "game_id", "seat", "name", "name_key", "wonder", "side", "total", "rank", "coins",
        "winners", "seats", "edition", "expansions", "played_on", "group_id", "margin", "pad",
        *POINTS)))
    connection.execute(sa.insert(result), [
        dict(game_id=game.id, seat=r.seat, name=r.name, name_key=player_key(r.name),
             wonder=r.wonder, side=r.side, total=r.total, rank=r.rank, coins=r.coins,
             winners=r.winners, seats=r.seats, edition=r.edition, expansions=r.expansions,
             played_on=game.created_at.date().isoformat(), group_id=game.group_id,
             margin=margin, pad=",".join(row for row, _points in r.rows),
             **{POINTS[slot]: (r.rows[slot][1] if slot < len(r.rows) else None)
                for slot in range(SLOTS)})
        for r in found])


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="result")
    for column in ("group_id", "margin", "pad", *POINTS):
        op.drop_column("result", column)
    op.create_table(
        "result_row",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("row", sa.String(32), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
    )
