"""Retention (issue 28, item 7): ``flask prune`` removes games untouched for the period, in
batches, under a lock shared by every process; never inside a request; a group in use keeps its
whole history. On SQLite and PostgreSQL."""

from __future__ import annotations

import secrets
import threading
import time
from datetime import timedelta
from types import SimpleNamespace

import pytest
from sqlalchemy import func, insert, select

from scorer import create_app, storage
from scorer.games import retention
from scorer.games import service as games_service
from scorer.groups import service as groups_service
from scorer.storage import locks
from scorer.storage.schema import game as game_table
from scorer.storage.schema import game_group
from tests.conftest import dispose
from tests.helpers import game, own, player

ADA = game(player("Ada", "gizah", cards=["altar"]), player("Bob", "rhodes"), player("Cy", "babylon"))


def age(app, game_id, days):
    with app.app_context(), storage.get_engine().begin() as connection:
        connection.execute(game_table.update().where(game_table.c.public_id == game_id)
                           .values(updated_at=storage._now() - timedelta(days=days)))


def games_left(app) -> int:
    with app.app_context(), storage.get_engine().connect() as connection:
        return connection.execute(select(func.count()).select_from(game_table)).scalar()


def copies(app, game_id: str, count: int) -> None:
    """``count`` more rows like the game's (same group, same times), written in one go."""
    with app.app_context(), storage.get_engine().begin() as connection:
        row = connection.execute(select(game_table).where(game_table.c.public_id == game_id)).one()
        values = {key: value for key, value in row._mapping.items() if key not in ("id", "public_id")}
        connection.execute(insert(game_table), [{**values, "public_id": secrets.token_urlsafe(16)}
                                                for _ in range(count)])


def group_revision(app, group_pk: int) -> int:
    with app.app_context(), storage.get_engine().connect() as connection:
        return connection.execute(select(game_group.c.revision).where(game_group.c.id == group_pk)).scalar()


def test_prune_removes_games_untouched_for_the_retention_period(storage_app):
    runner = storage_app.test_cli_runner()
    with storage_app.app_context():
        old, recent = games_service.create_game(ADA, "Old"), games_service.create_game(ADA, "Recent")
    age(storage_app, old, 200)
    age(storage_app, recent, 10)
    off = runner.invoke(args=["prune"])
    assert off.exit_code != 0 and "retention is off" in off.output
    storage_app.config["RETENTION_DAYS"] = 180
    dry = runner.invoke(args=["prune", "--dry-run"])
    assert dry.exit_code == 0 and f"would remove {old} (Old)" in dry.output
    assert "Would remove 1 games untouched for 180 days." in dry.output
    with storage_app.app_context():
        assert storage.load_game(old) is not None
    done = runner.invoke(args=["prune"])
    assert "Removed 1 games untouched for 180 days." in done.output
    with storage_app.app_context():
        assert storage.load_game(old) is None and storage.load_game(recent) is not None
    assert "Removed 1 games" in runner.invoke(args=["prune", "--days", "5"]).output


def test_a_request_never_prunes(tmp_path):
    """It once took a worker's first request 5.8 s with 3,000 expired games."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"),
                      "RETENTION_DAYS": 30})
    client = app.test_client()
    with app.app_context():
        old = games_service.create_game(ADA)
    own(app, client, old)
    age(app, old, 31)
    for path in ("/", "/games", f"/games/{old}", "/healthz"):
        assert client.get(path).status_code == 200
    with app.app_context():
        assert storage.load_game(old) is not None
    assert "Removed 1 games" in app.test_cli_runner().invoke(args=["prune"]).output
    dispose(app)


def test_a_group_in_use_keeps_its_1000_old_games(storage_app):
    runner = storage_app.test_cli_runner()
    with storage_app.app_context():
        living = groups_service.create("Wednesdays", None)
        idle = groups_service.create("Summer camp 2019", None)
        first, _ = groups_service.create_game(living, ADA)
        latest, _ = groups_service.create_game(living, ADA)
        camp, _ = groups_service.create_game(idle, ADA)
        alone = games_service.create_game(ADA, "No group")
    for game_id in (first, camp, alone):
        age(storage_app, game_id, 400)
    age(storage_app, latest, 20)  # played within the period: the group is in use
    copies(storage_app, first, 999)
    copies(storage_app, camp, 9)
    assert games_left(storage_app) == 1000 + 1 + 10 + 1
    idle_revision = group_revision(storage_app, idle.pk)
    done = runner.invoke(args=["prune", "--days", "180"])
    assert "Removed 11 games untouched for 180 days." in done.output, done.output
    assert games_left(storage_app) == 1001  # the whole history of the group in use
    with storage_app.app_context():
        assert storage.load_game(first) is not None and storage.load_game(latest) is not None
        assert storage.load_game(camp) is None and storage.load_game(alone) is None
        assert groups_service.games_of(living)[1] == 1001
    assert group_revision(storage_app, idle.pk) > idle_revision  # its caches see the removal
    age(storage_app, latest, 200)  # the group's last game leaves the period: all of it goes
    assert "Removed 1001 games" in runner.invoke(args=["prune", "--days", "180"]).output
    assert games_left(storage_app) == 0


def test_prune_removes_in_batches_each_its_own_transaction(storage_app):
    with storage_app.app_context():
        old = [games_service.create_game(ADA, f"Old {n}") for n in range(5)]
    for game_id in old:
        age(storage_app, game_id, 100)
    with storage_app.app_context():
        removal = retention.batches(30, size=2, pause=0)
        assert len(next(removal)) == 2
    assert games_left(storage_app) == 3  # the first batch is committed before the next starts
    with storage_app.app_context():
        assert [len(batch) for batch in removal] == [2, 1]
    with storage_app.app_context():
        more = [games_service.create_game(ADA, f"Old {n}") for n in range(3)]
    for game_id in more:
        age(storage_app, game_id, 100)
    done = storage_app.test_cli_runner().invoke(args=["prune", "--days", "30", "--batch", "2"])
    assert "removed 2 games (2 so far)" in done.output and "removed 1 games (3 so far)" in done.output
    assert "Removed 3 games untouched for 30 days." in done.output


def test_nothing_is_removed_while_another_process_holds_the_lock(storage_app):
    storage_app.config["RETENTION_DAYS"] = 30
    with storage_app.app_context():
        old = games_service.create_game(ADA)
    age(storage_app, old, 31)
    other = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                        "DATABASE_URL": storage_app.config["DATABASE_URL"]})
    taken, release, outcome = threading.Event(), threading.Event(), []

    def another_server():  # its own connection (PostgreSQL) or file descriptor (SQLite)
        with other.app_context(), locks.exclusive("retention") as held:
            outcome.append(held is not None)
            taken.set()
            release.wait(30)

    holder = threading.Thread(target=another_server)
    holder.start()
    try:
        assert taken.wait(30) and outcome == [True]
        busy = storage_app.test_cli_runner().invoke(args=["prune"])
        assert "Another prune is running" in busy.output
        assert retention.background_pass(storage_app) is None
        with storage_app.app_context(), locks.exclusive("retention") as second:
            assert second is None
        assert games_left(storage_app) == 1
    finally:
        release.set()
        holder.join()
    assert retention.background_pass(storage_app) == [old]
    dispose(other)


def test_the_background_pass_runs_in_a_thread_of_each_gunicorn_worker(tmp_path):
    from scorer.serving import gunicorn_config

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"),
                      "RETENTION_DAYS": 30, "RETENTION_EVERY": 0.05})
    with app.app_context():
        old = games_service.create_game(ADA)
    age(app, old, 31)
    before = set(threading.enumerate())
    gunicorn_config.post_worker_init(SimpleNamespace(wsgi=app))  # what gunicorn calls in a worker
    started = [t for t in threading.enumerate() if t not in before and t.name == "scorer-retention"]
    assert len(started) == 1 and started[0].daemon
    deadline = time.monotonic() + 20
    while games_left(app) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert games_left(app) == 0
    dispose(app)


def test_a_pruned_games_sheets_go_with_it(tmp_path):
    import os

    from scorer.safety.render_slots import work_folder

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite")})
    client = app.test_client()
    with app.app_context():
        old = games_service.create_game(ADA)
        folder = os.path.join(work_folder(), "sheet-cache")
    assert client.get(f"/games/{old}/sheet.pdf").status_code == 200
    assert any(name.startswith(old) for name in os.listdir(folder))
    age(app, old, 31)
    assert "Removed 1 games" in app.test_cli_runner().invoke(args=["prune", "--days", "30"]).output
    assert not any(name.startswith(old) for name in os.listdir(folder))
    dispose(app)


@pytest.mark.parametrize("config", [{}, {"RETENTION_DAYS": 30, "RETENTION_BACKGROUND": False},
                                    {"RETENTION_DAYS": 30, "RETENTION_BACKGROUND": "false"}])
def test_no_background_pass_when_retention_or_the_pass_is_off(tmp_path, config):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"),
                      **config})
    assert retention.start_background(app) is None


@pytest.mark.redis
def test_a_redis_lock_is_held_by_one_process_at_a_time(app, redis_server):
    app.config["LOCK_URI"] = redis_server.url()
    other = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": app.config["DATABASE"] + "-2",
                        "LOCK_URI": redis_server.url()})  # another host: another database file
    with app.app_context(), locks.exclusive("retention") as held:
        assert held is not None
        held.renew()
        with other.app_context(), locks.exclusive("retention") as second:
            assert second is None
    with other.app_context(), locks.exclusive("retention") as again:
        assert again is not None
