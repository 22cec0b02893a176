"""Names merged in a group: one row per merge, followed merge after merge when counting.

"Ada -> Zofia" and "Zofia -> Chloe" are two rows; Ada's games count for Chloe because the
statistics follow Ada to Zofia and Zofia to Chloe (:func:`resolved`), so undoing the second
gives Ada back to Zofia. Saved documents are never rewritten.

A merge is decided and written in one transaction that first takes the group's row lock (an
``UPDATE`` of its revision: PostgreSQL holds the row until the commit, SQLite's ``BEGIN
IMMEDIATE`` already holds the whole database), so of two merges sent at once the second reads
what the first wrote: the names are never resolved from a state another merge is changing,
and two merges can never make a circle. The same revision is what the group's caches are keyed
by, so a merge or its undoing is seen on every worker's next request.

The name shown for a player is the latest name chosen in a merge that ends in them; without
one, the latest spelling typed as the target of a merge into them (a merge's default shows its
target as typed); with no merge, the statistics show the latest game's spelling.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, delete, func, insert, select, update

from .connect import get_engine
from .engine import reader, writer
from .events import announce_group
from .results import player_key
from .schema import game, game_group, group_alias, result


@dataclass(frozen=True)
class Merge:
    source_key: str
    source: str  # as typed (the key, for a merge made before the names were kept as typed)
    target_key: str
    target: str  # as typed, likewise
    name: str  # the name chosen (name_given), else the target as typed
    name_given: bool
    position: int


class MergeRefused(Exception):
    """A merge not written (or not undone), and why: ``no_group``, ``no_such_player``,
    ``same_player`` or ``no_merge``."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


_COLUMNS = (group_alias.c.name_key, group_alias.c.source_name, group_alias.c.target_key,
            group_alias.c.target_typed, group_alias.c.target_name, group_alias.c.name_given,
            group_alias.c.position)


def _merge(row) -> Merge:
    target = row.target_typed
    if target is None:  # a merge from before 0009: its shown name if it spells the target
        target = row.target_name if player_key(row.target_name) == row.target_key else row.target_key
    return Merge(source_key=row.name_key, source=row.source_name or row.name_key,
                 target_key=row.target_key, target=target, name=row.target_name,
                 name_given=bool(row.name_given), position=row.position)


def read(connection: Connection, group_pk: int) -> dict[str, Merge]:
    """The group's merges by the key merged away, in the order made."""
    rows = connection.execute(select(*_COLUMNS).where(group_alias.c.group_id == group_pk)
                              .order_by(group_alias.c.position, group_alias.c.name_key)).all()
    return {row.name_key: _merge(row) for row in rows}


def resolved(merges: dict[str, Merge], key: str) -> str:
    """The player ``key`` is counted as: its merge's target, and that one's, to the end."""
    seen = {key}
    while key in merges:
        key = merges[key].target_key
        if key in seen:  # never written (see the module docstring); a hand-edited database
            break
        seen.add(key)
    return key


def shown_names(merges: dict[str, Merge]) -> dict[str, str]:
    """``player key -> name shown`` for every player that names were merged into."""
    shown: dict[str, tuple[bool, int, str]] = {}
    for merge in merges.values():
        player = resolved(merges, merge.target_key)
        rank = (merge.name_given, merge.position)
        if merge.name_given or merge.target_key == player:
            if player not in shown or rank > shown[player][:2]:
                shown[player] = (*rank, merge.name)
    return {player: name for player, (_given, _position, name) in shown.items()}


def aliases(group_pk: int) -> dict[str, tuple[str, str]]:
    """``name_key -> (player key, name shown)`` for every name merged away in the group."""
    with reader(get_engine()).connect() as connection:
        merges = read(connection, group_pk)
    return _flat(merges)


def _flat(merges: dict[str, Merge]) -> dict[str, tuple[str, str]]:
    shown = shown_names(merges)
    flat = {}
    for key in merges:
        player = resolved(merges, key)
        if player != key:
            flat[key] = (player, shown.get(player, player))
    return flat


def merges(group_pk: int) -> list[tuple[Merge, str]]:
    """The merges in force, in the order they were made, each with the name its player is
    shown as now."""
    with reader(get_engine()).connect() as connection:
        found = read(connection, group_pk)
    shown = shown_names(found)
    return [(merge, shown.get(resolved(found, merge.source_key), merge.target))
            for merge in found.values()]


def _lock(connection: Connection, group_pk: int, count: bool = True) -> None:
    """Take the group's row lock for this transaction and (``count``) count a change of the
    group; a restored merge keeps the revision the backup holds. The results revision rises
    either way (the statistics count the merged names)."""
    values = ({"revision": game_group.c.revision + 1, "updated_at": datetime.now(UTC)} if count
              else {"revision": game_group.c.revision})
    # what the statistics count changes with every merge, a restored one's included
    values["results_revision"] = game_group.c.results_revision + 1
    locked = connection.execute(
        update(game_group).where(game_group.c.id == group_pk).values(**values)
        .returning(game_group.c.id)).first()
    if locked is None:
        raise MergeRefused("no_group")


def plays_in(connection: Connection, group_pk: int, key: str, merges: dict[str, Merge]) -> bool:
    """Whether ``key`` is a player of the group: a name of one of its games (complete ones in
    the results table, the others in their documents) or one merged into or away already."""
    if key in merges or any(merge.target_key == key for merge in merges.values()):
        return True
    if connection.execute(select(result.c.game_id).where(
            result.c.group_id == group_pk, result.c.name_key == key).limit(1)).first():
        return True
    counted = select(result.c.game_id).where(result.c.group_id == group_pk)
    for (document,) in connection.execute(select(game.c.document).where(
            game.c.group_id == group_pk, game.c.id.not_in(counted))):
        players = json.loads(document).get("players", [])
        if any(isinstance(city, dict) and isinstance(city.get("name"), str)
               and player_key(city["name"]) == key for city in players):
            return True
    return False


def merge_names(group_pk: int, source: str, target: str, name: str | None = None, *,
                restoring: bool = False) -> str:
    """Count ``source`` as ``target`` (shown as ``name``, if given) in the group from now on;
    the name the player is shown as afterwards. A merge of ``source`` already there is
    replaced. Raises :class:`MergeRefused` (nothing written) when ``source`` plays in none of
    the group's games (unless ``restoring`` a backup, which keeps the merges as they were) or
    when ``target`` is counted as ``source`` already (they are one player)."""
    source_key, target_key = player_key(source), player_key(target)
    with writer(get_engine()).begin() as connection:
        _lock(connection, group_pk, count=not restoring)
        found = read(connection, group_pk)
        others = {key: merge for key, merge in found.items() if key != source_key}
        if resolved(others, target_key) == source_key:
            raise MergeRefused("same_player")
        if not restoring and not plays_in(connection, group_pk, source_key, found):
            raise MergeRefused("no_such_player")
        position = connection.execute(select(func.coalesce(func.max(group_alias.c.position), 0))
                                      .where(group_alias.c.group_id == group_pk)).scalar() + 1
        connection.execute(delete(group_alias).where(group_alias.c.group_id == group_pk,
                                                     group_alias.c.name_key == source_key))
        connection.execute(insert(group_alias).values(
            group_id=group_pk, name_key=source_key, source_name=source, target_key=target_key,
            target_typed=target, target_name=name if name else target, name_given=bool(name),
            position=position))
        after = read(connection, group_pk)
    announce_group(group_pk)
    player = resolved(after, target_key)
    return shown_names(after).get(player, target)


def unmerge(group_pk: int, source: str) -> bool:
    """Undo the merge of ``source`` (its games count as its own again, and those of the names
    merged into it with them); False, writing nothing, when there is none."""
    try:
        with writer(get_engine()).begin() as connection:
            _lock(connection, group_pk)
            gone = connection.execute(delete(group_alias).where(
                group_alias.c.group_id == group_pk,
                group_alias.c.name_key == player_key(source))).rowcount
            if gone != 1:
                raise MergeRefused("no_merge")  # rolls the revision back too
    except MergeRefused:
        return False
    announce_group(group_pk)
    return True


def clear(group_pk: int) -> None:
    """Undo every merge of the group (an import with ``--replace`` restores the backup's)."""
    with writer(get_engine()).begin() as connection:
        _lock(connection, group_pk)
        connection.execute(delete(group_alias).where(group_alias.c.group_id == group_pk))
    announce_group(group_pk)
