"""A group's revision counts every change of the group and of its games.

The caches of the group's page, statistics, charts and report key their entries by it, so it
must move in the same transaction as the change it counts: a reader that sees the new revision
then also sees the new rows. A game's own revision is raised by its own writes.
"""

from __future__ import annotations

from sqlalchemy import Connection, update

from .schema import game_group


def touch_groups(connection: Connection, *group_pks: int | None) -> None:
    """Raise the revision of each group named (None: a game in no group; nothing to raise)."""
    wanted = sorted({pk for pk in group_pks if pk is not None})
    if wanted:
        connection.execute(update(game_group).where(game_group.c.id.in_(wanted))
                           .values(revision=game_group.c.revision + 1))
