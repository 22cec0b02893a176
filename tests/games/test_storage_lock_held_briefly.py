"""A save works its change out before it takes the write lock (issue 31).

On SQLite the write lock holds the whole database: a change worked out under it (validation,
the results scored) made every other save of the server wait that long. The change is now
worked out from a read, and written only if the game is still as read (checked under the
lock); else it is worked out again from the game as it is now. SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select

from scorer import storage
from scorer.groups import service as groups_service
from scorer.storage import GameLocked
from scorer.storage.schema import result


@pytest.fixture
def ctx(storage_app):
    storage_app.config["DATABASE_BUSY_TIMEOUT"] = 0.5  # a write that waits fails fast
    with storage_app.app_context():
        yield storage_app


def test_other_games_are_saved_while_a_change_is_worked_out(ctx):
    """Another game's save goes through while this game's change is running: no lock is held.
    (Before, on SQLite, it waited for the busy timeout and failed: "database is locked".)"""
    slow, other = storage.create_game({"v": 1}), storage.create_game({"v": 10})

    def change(document):
        storage.update_game(other, {"v": 11})  # another phone's save, meanwhile
        return {"v": document["v"] + 1}

    saved = storage.modify_game(slow, change)
    assert saved.document == {"v": 2} and saved.revision == 2
    assert storage.load_game(other).document == {"v": 11}


def test_a_change_is_worked_out_again_when_the_game_changed_meanwhile(ctx):
    """Two saves of one game both survive: the one that finds the game changed under the lock
    works its change out again from the game as it is now."""
    public_id = storage.create_game({"cities": []})
    seen = []

    def add_mine(document):
        seen.append(list(document["cities"]))
        if len(seen) == 1:  # another phone saves its city between the read and the lock
            storage.modify_game(public_id, lambda d: {"cities": [*d["cities"], "theirs"]})
        return {"cities": [*document["cities"], "mine"]}

    saved = storage.modify_game(public_id, add_mine)
    assert seen == [[], ["theirs"]]
    assert saved.document == {"cities": ["theirs", "mine"]} and saved.revision == 3
    assert storage.load_game(public_id).document == saved.document


def test_a_game_that_keeps_changing_is_saved_under_the_lock(ctx):
    """After a few tries the change is worked out under the write lock: the save always ends."""
    public_id = storage.create_game({"n": 0})
    calls = []

    def busy(document):
        calls.append(document["n"])
        if len(calls) <= storage.OPTIMISTIC_TRIES:
            storage.update_game(public_id, {"n": document["n"] + 100})
        return {"n": document["n"] + 1}

    saved = storage.modify_game(public_id, busy)
    assert len(calls) == storage.OPTIMISTIC_TRIES + 1
    assert saved.document == {"n": 100 * storage.OPTIMISTIC_TRIES + 1}


def test_a_game_locked_meanwhile_refuses_the_save(ctx):
    public_id = storage.create_game({"v": 1})

    def change(document):
        storage.set_locked(public_id, True)
        return {"v": 2}

    with pytest.raises(GameLocked):
        storage.modify_game(public_id, change, refuse_locked=True)
    assert storage.load_game(public_id).document == {"v": 1}


def test_results_scored_before_the_lock_are_the_ones_written(ctx):
    """The results rows are worked out with the change; a game moved into a group between the
    read and the lock is worked out again, so its rows name the group."""
    seven = json.loads((Path(__file__).parents[2] / "benchmarks" / "seven_players.json").read_text())
    for city in seven["players"]:
        city["entered"] = True  # complete: the game has results
    public_id = storage.create_game(seven)
    group = groups_service.create("Club", None)
    calls = []

    def move_then_change(document):
        calls.append(1)
        if len(calls) == 1:
            assert groups_service.add_game(group, public_id)
        document["players"][0]["coins"] += 3
        return document

    storage.modify_game(public_id, move_then_change)
    with storage.get_engine().connect() as connection:
        rows = connection.execute(select(result.c.group_id, result.c.coins)
                                  .order_by(result.c.seat)).all()
    assert len(calls) == 2
    assert {group_pk for group_pk, _coins in rows} == {group.pk}
    assert rows[0].coins == seven["players"][0]["coins"] + 3
