"""When the games a group's figures name were saved, to the minute.

The statistics date each game by its day (``played_on``, as the API gives it); a list of one
evening's games then reads the same date five times. The pages tell such games apart by the
time each was saved (:func:`scorer.web.figures.moment_labels`), read here for the few games a
list names.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from ..storage import driver, get_engine
from ..storage.engine import reader
from ..storage.schema import game


def saved_at(game_ids: Iterable[str]) -> dict[str, datetime]:
    """Each game's creation moment (UTC), by public id; an unknown id is left out. Read
    through the driver's cursor (:mod:`scorer.storage.driver`): the group page asks for its
    records' and closest games' whenever its results change, and SQLAlchemy Core's building
    of the statement and its rows cost several times the read."""
    wanted = sorted(set(game_ids))
    if not wanted:
        return {}
    statement = ("SELECT public_id, created_at FROM game WHERE public_id IN "
                 f"({', '.join('?' * len(wanted))})")
    with reader(get_engine()).connect() as connection, driver.cursor(connection) as cursor:
        cursor.execute(driver.sql(statement, connection), wanted)
        moment = game.c.created_at.type.process_result_value
        return {public_id: moment(created_at, connection.dialect)
                for public_id, created_at in cursor.fetchall()}
