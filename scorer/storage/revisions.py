"""A group's revision counts every change of the group and of its games.

The caches of the group's page, statistics, charts and report key their entries by it, so it
must move in the same transaction as the change it counts: a reader that sees the new revision
then also sees the new rows. A game's own revision is raised by its own writes.

A group's results revision counts the changes of what its statistics count only (its games'
results, its merged names): a save of an unfinished game leaves it, so the figures drawn from
the results outlive it (:func:`touch_results`, raised where the results are written).
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


def touch_results(connection: Connection, *group_pks: int | None) -> None:
    """Raise the results revision of each group named: what its statistics count changed (a
    game's results, a game in or out, a merge). The statistics are kept per this revision, so
    it moves in the transaction of the change, as :func:`touch_groups` does."""
    wanted = sorted({pk for pk in group_pks if pk is not None})
    if wanted:
        connection.execute(update(game_group).where(game_group.c.id.in_(wanted))
                           .values(results_revision=game_group.c.results_revision + 1))
