"""Team play in the results (C14, C15): a player of a team game counts with their team.

- ``result.team``: the team's names joined by " + " ("" outside team play), for the CSV and
  the statistics' ``team_games`` and ``team_wins``;
- ``result.own_rank``: the player's own rank (the score report's, C15);
- in a team game ``rank`` becomes the team's rank, ``winners`` how many teams share rank 1 and
  ``margin`` the winning team's lead over the next team (what the statistics count).

Outside team play nothing changes but ``own_rank``, a copy of ``rank``; the team games' rows
are computed again from their saved documents. ``result_players`` covers ``team`` and
``seat`` too (the ratings read each game's players in seat order from it).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

PLAYERS = ["group_id", "name_key", "name", "total", "rank", "winners", "game_id"]
#: the columns a team game's rows change
CHANGED = ("rank", "winners", "margin", "team", "own_rank")


def upgrade() -> None:
    op.add_column("result", sa.Column("team", sa.Text, nullable=False, server_default=""))
    op.add_column("result", sa.Column("own_rank", sa.Integer, nullable=False, server_default="0"))
    op.execute("UPDATE result SET own_rank = rank")
    op.drop_index("result_players", table_name="result")
    op.create_index("result_players", "result", [*PLAYERS, "team", "seat"])
    connection = op.get_bind()
    for row in connection.execute(sa.text(
            "SELECT id, document, format_version, created_at, group_id FROM game WHERE id IN "
            "(SELECT game_id FROM result) AND document LIKE '%\"teams\"%'")).all():
        refill(connection, row)


def refill(connection, row) -> None:
    """A team game's rows as this revision counts them."""
    from scorer.documents.upgrades import upgrade as upgrade_document
    from scorer.storage.results import HEAD_COLUMNS, UNDATED, rows_of

    try:
        document = upgrade_document(json.loads(row.document), row.format_version or 1)
    except ValueError:  # a document from a newer version of the app: its results stay
        return
    found = [dict(zip(HEAD_COLUMNS, values, strict=True))
             for values in rows_of(document, UNDATED, row.group_id)]
    if not found:
        return
    result = sa.table("result", sa.column("game_id"), sa.column("seat"),
                      *(sa.column(name) for name in CHANGED))
    for head in found:
        connection.execute(
            sa.update(result).where(result.c.game_id == row.id, result.c.seat == head["seat"])
            .values(**{name: head[name] for name in CHANGED}))


def downgrade() -> None:
    connection = op.get_bind()
    games: dict[int, list] = {}
    for game_id, seat, total, own_rank in connection.execute(sa.text(
            "SELECT game_id, seat, total, own_rank FROM result WHERE team <> ''")).all():
        games.setdefault(game_id, []).append((seat, total, own_rank))
    for game_id, rows in games.items():
        totals = sorted((total for _seat, total, _rank in rows), reverse=True)
        lead = totals[0] - totals[1] if len(totals) > 1 else 0
        winners = sum(1 for _seat, _total, rank in rows if rank == 1)
        for seat, _total, rank in rows:
            connection.execute(sa.text(
                "UPDATE result SET rank = :rank, winners = :winners, margin = :margin "
                "WHERE game_id = :game AND seat = :seat"),
                dict(rank=rank, winners=winners, margin=lead if rank == 1 else 0, game=game_id,
                     seat=seat))
    op.drop_index("result_players", table_name="result")
    op.create_index("result_players", "result", PLAYERS)
    op.drop_column("result", "own_rank")
    op.drop_column("result", "team")
