"""Scale-out (issue 31): two app servers (two gunicorn instances, as on two hosts) on one
PostgreSQL and one Redis. Rate limits count once across both (``RATELIMIT_STORAGE_URI`` on
Redis), a game changed through one server is what the other one shows (pad, live pad, group
page), and retention's background passes of both servers remove nothing while another
process holds the instance-wide lock, then remove the expired game once it is free."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest

from scorer import create_app, storage
from scorer.storage import locks
from scorer.storage.schema import game as game_table
from tests.conftest import dispose
from tests.helpers import game, player

pytestmark = [pytest.mark.postgresql, pytest.mark.redis]

ROOT = Path(__file__).resolve().parents[2]
ADA = game(player("Ada", "gizah", cards=["altar"]), player("Bob", "rhodes"), player("Cy", "babylon"))
ETAG = re.compile(r'data-etag="([^"]*)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One app server: gunicorn with the shipped settings, two workers."""

    def __init__(self, environment: dict, instance: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {name: value for name, value in os.environ.items() if not name.startswith("SCORER_")}
        env.update(environment, SCORER_INSTANCE_PATH=str(instance), BIND=f"127.0.0.1:{self.port}",
                   WEB_CONCURRENCY="2")
        self.log = open(instance.with_suffix(".log"), "w+")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:scorer.serving.gunicorn_config",
             "scorer:create_app()"], cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 240  # loading the app takes seconds on a busy machine
        while True:
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.log.seek(0)
                raise AssertionError(f"gunicorn did not start:\n{self.log.read()[-3000:]}")
            time.sleep(0.2)

    def request(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict, str]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, dict(answer.headers), answer.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, dict(answer.headers), answer.read().decode()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


@pytest.fixture
def two_servers(postgres_cluster, redis_server, tmp_path):
    with postgres_cluster.fresh_schema() as url:
        environment = {
            "SCORER_SECRET_KEY": "one-secret-for-every-server", "SCORER_DATABASE_URL": url,
            "SCORER_RATELIMIT_ENABLED": "true", "SCORER_RATELIMIT_STORAGE_URI": redis_server.limits_url(),
            "SCORER_LIMIT_CREATE": "8 per minute", "SCORER_REQUEST_LOG": "false",
            "SCORER_RETENTION_DAYS": "30", "SCORER_RETENTION_EVERY": "0.5",
        }
        servers = [Server(environment, tmp_path / name) for name in ("a", "b")]
        try:
            for server in servers:
                server.wait_ready()
            yield url, servers
        finally:
            for server in servers:
                server.stop()


@contextmanager
def held_lock():
    """Retention's lock, taken as soon as no server's pass holds it."""
    deadline = time.monotonic() + 30
    while True:
        with locks.exclusive("retention") as held:
            if held is not None:
                yield held
                return
        assert time.monotonic() < deadline, "the servers never let go of the lock"
        time.sleep(0.05)


def total_of(server: Server, game_id: str, name: str) -> int:
    status, _headers, body = server.request("GET", f"/api/v1/games/{game_id}")
    assert status == 200
    return next(p["total"] for p in json.loads(body)["report"]["players"] if p["name"] == name)


def save_coins(server: Server, game_id: str, player_id: str, coins: int) -> None:
    path = f"/api/v1/games/{game_id}/players/{player_id}"
    status, headers, body = server.request("GET", path)
    assert status == 200
    city = {key: value for key, value in json.loads(body).items()
            if key in ("cards", "stages", "coins", "tokens")}
    status, _headers, body = server.request("PUT", path, {**city, "coins": coins},
                                            {"If-Match": headers["ETag"]})
    assert status == 200, body


def test_two_servers_share_limits_caches_and_the_retention_lock(two_servers):
    url, (a, b) = two_servers
    status, _headers, body = a.request("POST", "/api/v1/groups", {"name": "Friday club"})
    assert status == 201
    group = json.loads(body)["id"]
    status, _headers, body = b.request("POST", f"/api/v1/groups/{group}/games", ADA)
    assert status == 201
    created = json.loads(body)
    game_id, ada = created["id"], created["players"][0]["id"]

    # Each server has read (and may have cached) the pad, the live pad and the group page.
    pages = {}
    for server in (a, b):
        for _ in range(4):  # every worker of each
            pads = server.request("GET", f"/games/{game_id}")[2]
            live_status, live_headers, _ = server.request("GET", f"/games/{game_id}/live")
            group_page = server.request("GET", f"/groups/{group}")[2]
        pages[server.port] = (ETAG.search(pads).group(1), live_headers["ETag"], group_page)
        assert live_status == 200
        assert server.request("GET", f"/games/{game_id}/live",
                              headers={"If-None-Match": live_headers["ETag"]})[0] == 304
    before = total_of(a, game_id, "Ada")

    for writer, reader in ((a, b), (b, a)):  # saved on one server, read on the other
        save_coins(writer, game_id, ada, 30 if writer is a else 60)
        now = total_of(writer, game_id, "Ada")
        assert now > before
        pad_etag, live_etag, group_page = pages[reader.port]
        for validator in (pad_etag, live_etag):
            status, _headers, live = reader.request("GET", f"/games/{game_id}/live",
                                                    headers={"If-None-Match": validator})
            assert status == 200 and f">{now}<" in live
        assert f">{now}<" in reader.request("GET", f"/games/{game_id}")[2]
        fresh_group = reader.request("GET", f"/groups/{group}")[2]
        assert fresh_group != group_page and str(now) in fresh_group
        before = now
        pages[reader.port] = (pad_etag, live_etag, fresh_group)

    # Rate limits: 8 creations a minute for this client across both servers, not per worker.
    answers = [(a if n % 2 else b).request("POST", "/api/v1/games", ADA)[0] for n in range(6)]
    assert answers == [201] * 6  # with the group and the game above: 8
    assert a.request("POST", "/api/v1/games", ADA)[0] == 429
    assert b.request("POST", "/api/v1/games", ADA)[0] == 429

    # Retention: the game untouched for 40 days stays while another process holds the lock
    # (both servers' background passes run every half second), and goes once it is free.
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": url})
    with app.app_context(), held_lock():  # between two of the servers' passes
        with storage.get_engine().begin() as connection:
            connection.execute(game_table.update().where(game_table.c.public_id == game_id)
                               .values(updated_at=storage._now() - timedelta(days=40)))
        time.sleep(3)
        assert b.request("GET", f"/games/{game_id}")[0] == 200
    deadline = time.monotonic() + 30
    while b.request("GET", f"/games/{game_id}")[0] != 404:
        assert time.monotonic() < deadline, "no server removed the expired game"
        time.sleep(0.2)
    assert game_id not in a.request("GET", f"/groups/{group}")[2]
    dispose(app)
