"""When the games a group's figures name were saved, to the minute.

The statistics date each game by its day (``played_on``, as the API gives it); a list of one
evening's games then reads the same date five times. The pages tell such games apart by the
time each was saved (:func:`scorer.web.figures.moment_labels`), read here for the few games a
list names.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select

from ..storage import get_engine
from ..storage.engine import reader
from ..storage.schema import game


def saved_at(game_ids: Iterable[str]) -> dict[str, datetime]:
    """Each game's creation moment (UTC), by public id; an unknown id is left out."""
    wanted = sorted(set(game_ids))
    if not wanted:
        return {}
    with reader(get_engine()).connect() as connection:
        return dict(connection.execute(
            select(game.c.public_id, game.c.created_at).where(game.c.public_id.in_(wanted))).all())
