"""Saves of different cities at the same moment never overwrite each other (issue 11, item 4).

Threads start together at a barrier and each changes its own player's city of the same game
through ``modify_game``; the change sleeps between reading and returning, which makes a lost
update certain without the lock (the control test shows the test can see one). 100 trials.
Half the threads go through a second app on the same database, with its own engine and
connection pool, as a second app server behind a load balancer would.
"""

from __future__ import annotations

import threading
import time

from scorer import create_app, storage
from tests.conftest import dispose

PLAYERS = 4
TRIALS = 100


def race(app, save_city, servers=None) -> int:
    """Run the trials; return how many saves were lost. Seat n saves through servers[n % len]."""
    servers = servers or [app]
    with app.app_context():
        public_id = storage.create_game({"players": [{"name": f"P{n}", "coins": 0}
                                                     for n in range(PLAYERS)]})
    lost = 0
    for trial in range(1, TRIALS + 1):
        barrier = threading.Barrier(PLAYERS)
        errors = []

        def save(seat, trial=trial, barrier=barrier, errors=errors):
            try:
                with servers[seat % len(servers)].app_context():
                    barrier.wait()
                    save_city(public_id, seat, trial)
            except Exception as error:  # noqa: BLE001 - reported by the assertion below
                errors.append(error)

        threads = [threading.Thread(target=save, args=(seat,)) for seat in range(PLAYERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        with app.app_context():
            coins = [player["coins"] for player in storage.load_game(public_id).document["players"]]
        lost += sum(1 for value in coins if value != trial)
    return lost


def locked_save(public_id, seat, trial):
    def change(document):
        time.sleep(0.001)  # a slow save: the others are waiting on the lock meanwhile
        document["players"][seat]["coins"] = trial
        return document

    storage.modify_game(public_id, change)


def test_concurrent_saves_of_different_cities_lose_nothing(storage_app):
    second_server = create_app(dict(storage_app.config))
    try:
        assert race(storage_app, locked_save, [storage_app, second_server]) == 0
    finally:
        dispose(second_server)
    with storage_app.app_context():
        (saved,) = storage.list_games()
    assert saved.revision == 1 + PLAYERS * TRIALS


def test_control_unlocked_saves_do_lose_updates(app, monkeypatch):
    """Read, then write without the lock: the race above would catch it."""
    monkeypatch.setattr("tests.games.test_storage_concurrency.TRIALS", 5)

    def unlocked_save(public_id, seat, trial):
        document = storage.load_game(public_id).document
        time.sleep(0.01)
        document["players"][seat]["coins"] = trial
        storage.update_game(public_id, document)

    assert race(app, unlocked_save) > 0
