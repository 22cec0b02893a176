"""A group's revision counts every change of the group and of its games.

The caches of the group's page, statistics, charts and report key their entries by it, so it
must move in the same transaction as the change it counts: a reader that sees the new revision
then also sees the new rows. A game's own revision is raised by its own writes.

A group's results revision counts the changes of what its statistics count only (its games'
results, its merged names): a save of an unfinished game leaves it, so the figures drawn from
the results outlive it.

Both are sums, read in one statement (so from one committed state): the group row's own
counter plus its games' ``revision`` (resp. ``results_revision``), read from one covering
index (``game_group_revisions``). A save raises its own game's row only, which it holds locked
anyway: saves of different games of one group never wait for each other (until 0012 each save
raised the group row and held its lock until its commit, and on PostgreSQL a club's saves
queued on that one row). Each change that counts raises one of the summands, and a game leaving
the group adds its revisions to the group row (:func:`left_groups`), so the sums never go
down: a key is never the key of an older state.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import Connection, func, select, update

from .schema import game, game_group


def _summed(column, own):
    games = (select(func.coalesce(func.sum(column), 0)).where(game.c.group_id == game_group.c.id)
             .scalar_subquery())
    return own + games


#: the group's revision and results revision, as columns of a query of ``game_group``
REVISION = _summed(game.c.revision, game_group.c.revision).label("revision")
RESULTS_REVISION = _summed(game.c.results_revision,
                           game_group.c.results_revision).label("results_revision")


def group_revision(connection: Connection, group_pk: int) -> int | None:
    """The group's revision as stored now (None: no such group)."""
    return connection.execute(select(REVISION).where(game_group.c.id == group_pk)).scalar()


def touch_groups(connection: Connection, *group_pks: int | None) -> None:
    """Raise the revision of each group named (None: a game in no group; nothing to raise), for
    a change that raises no game's revision (a game's owner or lock, a game joining)."""
    wanted = sorted({pk for pk in group_pks if pk is not None})
    if wanted:
        connection.execute(update(game_group).where(game_group.c.id.in_(wanted))
                           .values(revision=game_group.c.revision + 1))


def touch_results(connection: Connection, *group_pks: int | None) -> None:
    """Raise the results revision of each group named: what its statistics count changed (a
    game in or out, a merge). A game's own results raise its own ``results_revision``
    (:func:`touch_game_results`)."""
    wanted = sorted({pk for pk in group_pks if pk is not None})
    if wanted:
        connection.execute(update(game_group).where(game_group.c.id.in_(wanted))
                           .values(results_revision=game_group.c.results_revision + 1))


def touch_game_results(connection: Connection, game_pk: int) -> None:
    """Count a write of the game's results (in its group's results revision)."""
    connection.execute(update(game).where(game.c.id == game_pk)
                       .values(results_revision=game.c.results_revision + 1))


def left_groups(connection: Connection, games: Iterable) -> None:
    """Games (rows of ``group_id``, ``revision``, ``results_revision`` as they leave, read
    under their lock) leave their groups: each group row takes their revisions, so its sums do
    not go down, and its revision rises by one (its results revision rises where the results
    are moved or deleted: :func:`touch_results`)."""
    taken = defaultdict(lambda: [0, 0])
    for row in games:
        if row.group_id is not None:
            taken[row.group_id][0] += row.revision
            taken[row.group_id][1] += row.results_revision
    for group_pk in sorted(taken):
        revision, results_revision = taken[group_pk]
        connection.execute(update(game_group).where(game_group.c.id == group_pk).values(
            revision=game_group.c.revision + revision + 1,
            results_revision=game_group.c.results_revision + results_revision))
