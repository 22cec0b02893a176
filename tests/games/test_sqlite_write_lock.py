"""SQLite writers wait for the write lock by trying again every millisecond or two
(scorer.storage.engine._begin_immediate) instead of SQLite's busy handler, whose sleeps grow to
100 ms: they still wait for a writer, still give up after the busy timeout, and leave the
connection's own busy timeout as it was."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from scorer import storage
from scorer.storage import engine as engines


@pytest.fixture
def ctx(app):
    app.config["DATABASE_BUSY_TIMEOUT"] = 0.3
    with app.app_context():
        storage.create_game({"v": 0})  # the database and its tables
        yield app


def hold_write_lock(path: str, seconds: float, held: threading.Event) -> None:
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    held.set()
    time.sleep(seconds)
    other.execute("COMMIT")
    other.close()


def test_a_writer_waits_for_the_one_writing(ctx):
    held = threading.Event()
    holder = threading.Thread(target=hold_write_lock, args=(ctx.config["DATABASE"], 0.1, held))
    holder.start()
    held.wait()
    public_id = storage.create_game({"v": 1})  # waits about 0.1 s, then writes
    holder.join()
    assert storage.load_game(public_id).document == {"v": 1}


def test_a_writer_gives_up_after_the_busy_timeout(ctx):
    held = threading.Event()
    holder = threading.Thread(target=hold_write_lock, args=(ctx.config["DATABASE"], 1.0, held))
    holder.start()
    held.wait()
    started = time.monotonic()
    with pytest.raises(Exception, match="locked"):
        storage.create_game({"v": 1})
    waited = time.monotonic() - started
    holder.join()
    assert 0.3 <= waited < 0.9


def test_the_connection_keeps_its_busy_timeout(ctx):
    with engines.writer(storage.get_engine()).begin() as connection:
        raw = connection.connection.dbapi_connection
        assert raw.execute("PRAGMA busy_timeout").fetchone()[0] == 300


def test_the_wait_is_in_short_pauses(ctx, monkeypatch):
    """SQLite's busy handler would sleep 25 to 100 ms between tries after the first few."""
    pauses = []
    real_sleep = time.sleep

    waiter = threading.current_thread()

    def sleep(seconds):
        if threading.current_thread() is waiter:  # not the holder's own sleep
            pauses.append(seconds)
        real_sleep(seconds)

    monkeypatch.setattr(engines.time, "sleep", sleep)
    held = threading.Event()
    holder = threading.Thread(target=hold_write_lock, args=(ctx.config["DATABASE"], 0.1, held))
    holder.start()
    held.wait()
    storage.create_game({"v": 1})
    holder.join()
    assert len(pauses) >= 10 and max(pauses) <= engines.WRITE_LOCK_PAUSE
