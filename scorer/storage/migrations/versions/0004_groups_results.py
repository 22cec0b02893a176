"""Groups of games and the results table the statistics aggregate, filled from the saved games.

A game may belong to one group (``game.group_id``); a group keeps the names merged in it
(``group_alias``). ``result`` and ``result_row`` hold, for every complete game, each player's
total, rank, wonder and score-pad rows, as :mod:`scorer.storage.results` derives them from the
document: this migration computes them for the games already saved, upgrading old documents
on the way (their stored text is left as it is; reading the game upgrades it as before).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from scorer.documents.upgrades import upgrade as upgrade_document
    from scorer.storage.schema import UTCDateTime

    op.add_column("game", sa.Column("group_id", sa.Integer))
    op.create_index("game_in_group", "game", ["group_id"])
    op.create_table(
        "game_group",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("public_id", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("owner_token_hash", sa.String(128)),
        sa.Column("revision", sa.Integer, nullable=False, server_default="1"),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )
    op.create_table(
        "group_alias",
        sa.Column("group_id", sa.Integer, sa.ForeignKey("game_group.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("name_key", sa.Text, primary_key=True),
        sa.Column("target_key", sa.Text, nullable=False),
        sa.Column("target_name", sa.Text, nullable=False),
    )
    op.create_table(
        "result",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_key", sa.Text, nullable=False),
        sa.Column("wonder", sa.String(64), nullable=False),
        sa.Column("side", sa.String(16), nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("coins", sa.Integer, nullable=False),
        sa.Column("winners", sa.Integer, nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("edition", sa.String(32), nullable=False),
        sa.Column("expansions", sa.String(200), nullable=False),
        sa.Column("played_on", sa.String(10), nullable=False),
    )
    op.create_index("result_name", "result", ["name_key"])
    op.create_table(
        "result_row",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("row", sa.String(32), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
    )
    connection = op.get_bind()
    game = sa.table("game", sa.column("id", sa.Integer), sa.column("document", sa.Text),
                    sa.column("format_version", sa.Integer),
                    sa.column("created_at", UTCDateTime))
    for row in connection.execute(sa.select(game.c.id, game.c.document, game.c.format_version,
                                            game.c.created_at)).all():
        try:
            document = upgrade_document(json.loads(row.document), row.format_version or 1)
        except ValueError:  # a document from a newer version of the app: no results yet
            continue
        fill(connection, row.id, document, row.created_at)


def fill(connection, game_pk: int, document: dict, created_at) -> None:
    """The results of one game as this revision's tables hold them (later revisions add
    columns and fill them themselves, so this never writes more than these)."""
    from scorer.storage.results import player_key, results_of

    found = results_of(document)
    if not found:
        return
    result = sa.table("result", *(sa.column(name) for name in (
        "game_id", "seat", "name", "name_key", "wonder", "side", "total", "rank", "coins",
        "winners", "seats", "edition", "expansions", "played_on")))
    result_row = sa.table("result_row", *(sa.column(name) for name in (
        "game_id", "seat", "row", "position", "points")))
    connection.execute(sa.insert(result), [
        dict(game_id=game_pk, seat=r.seat, name=r.name, name_key=player_key(r.name),
             wonder=r.wonder, side=r.side, total=r.total, rank=r.rank, coins=r.coins,
             winners=r.winners, seats=r.seats, edition=r.edition, expansions=r.expansions,
             played_on=created_at.date().isoformat()) for r in found])
    connection.execute(sa.insert(result_row), [
        dict(game_id=game_pk, seat=r.seat, row=row, position=position, points=points)
        for r in found for position, (row, points) in enumerate(r.rows)])


def downgrade() -> None:
    op.drop_table("result_row")
    op.drop_table("result")
    op.drop_table("group_alias")
    op.drop_table("game_group")
    op.drop_index("game_in_group", table_name="game")
    op.drop_column("game", "group_id")
