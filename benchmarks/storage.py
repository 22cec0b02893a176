"""Benchmark: saves and score-pad reads per second against a running server, 1 and 8 clients,
on SQLite and on PostgreSQL (issue 13, item 5).

For each database it starts the production server (gunicorn with ``scorer.serving.gunicorn_config``,
workers from the core count) on 127.0.0.1 only, on a throwaway database: SQLite in a temporary
instance folder, PostgreSQL a cluster from Debian's package in a temporary directory with
fsync on (``tests/postgres.py``). Clients are threads of this process, each with a loop of a
fixed number of requests:

- a save is the city page's form POST (the path a phone takes: load under the game's write
  lock, validate, write), each client saving its own player's city of a seven-player game
  (clients 1-7 share one game, the 8th has another), alternating two cities so every save
  changes something;
- a read is ``GET /games/<id>``, the score pad (load, upgrade, validate, score, render).

Prints per database and client count: requests per second (median of the runs) and the median
latency. Client and server share the machine's cores: on a 2-core machine 8 clients measure
the server saturated, not the network.

    .venv/bin/python benchmarks/storage.py [--requests 240] [--runs 3] [--databases sqlite postgresql]
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from saved_game import SEVEN  # noqa: E402

from scorer import create_app, storage  # noqa: E402
from scorer.documents.upgrades import upgrade  # noqa: E402
from scorer.web.cities import player_data  # noqa: E402
from scorer.web.editions import document_ruleset  # noqa: E402
from tests.postgres import running_cluster  # noqa: E402

PLAYERS_PER_GAME = len(SEVEN["players"])


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def request(url: str, data: dict | None = None) -> tuple[int, bytes]:
    body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
    try:
        with OPENER.open(url, data=body, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def server(environment: dict):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:scorer.serving.gunicorn_config",
         "scorer:create_app()"],
        env={**os.environ, **environment, "BIND": f"127.0.0.1:{port}", "SCORER_REQUEST_LOG": "false"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tempfile.gettempdir())
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if request(base + "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


def make_games(environment: dict, count: int) -> list[dict]:
    """Saved seven-player games (documents with player ids), made straight in the database."""
    config = {"TESTING": True, "SECRET_KEY": "benchmark", "DATABASE": environment.get("DATABASE", ""),
              "DATABASE_URL": environment.get("SCORER_DATABASE_URL")}
    app = create_app(config)
    with app.app_context():
        games = []
        for _ in range(count):
            public_id = storage.create_game(upgrade(SEVEN, 1), "Benchmark")
            games.append({"id": public_id, "document": storage.load_game(public_id).document})
        for engine in app.extensions["scorer.storage"].values():
            engine.dispose()
    return games


VERSION = re.compile(rb'name="version" type="hidden" value="([^"]*)"|name="version" value="([^"]*)"')


def city_version(base: str, game_id: str, player_id: str) -> str:
    status, page = request(f"{base}/games/{game_id}/players/{player_id}")
    assert status == 200, status
    match = VERSION.search(page)
    if not match:
        raise RuntimeError("the city page has no version field")
    return (match.group(1) or match.group(2)).decode()


class Saver:
    """One client's city: two states it alternates between, with the version of each."""

    def __init__(self, base: str, game: dict, seat: int):
        player = game["document"]["players"][seat]
        self.url = f"{base}/games/{game['id']}/players/{player['id']}"
        first = player_data(player, document_ruleset(game["document"]))
        second = {**first, "coins": first["coins"] + 1}
        self.forms, self.versions = [first, second], []
        version = city_version(base, game["id"], player["id"])
        for form in (second, first):  # learn the version each state leaves behind
            self.post(form, version)
            version = city_version(base, game["id"], player["id"])
            self.versions.append(version)
        self.turn = 0  # stored now: `first`, whose version is versions[1]

    def post(self, form: dict, version: str) -> None:
        status, body = request(self.url, {**form, "version": version, "action": "pad"})
        if status != 302:
            raise RuntimeError(f"a save answered {status}: {body[:300]!r}")

    def save(self) -> None:
        # stored state i has version versions[1 - i]; write the other state
        stored = self.turn
        self.post(self.forms[1 - stored], self.versions[1 - stored])
        self.turn = 1 - stored


def run_clients(clients: int, total: int, work) -> tuple[float, float]:
    """``total`` calls of work(client) split over ``clients`` threads: (per second, median ms)."""
    per_client = total // clients
    latencies: list[float] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(clients + 1)

    def loop(client: int) -> None:
        mine = []
        barrier.wait()
        try:
            for _ in range(per_client):
                started = time.perf_counter()
                work(client)
                mine.append(time.perf_counter() - started)
        except BaseException as error:  # noqa: BLE001 - re-raised below
            errors.append(error)
        latencies.extend(mine)

    threads = [threading.Thread(target=loop, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    if errors:
        raise errors[0]
    return per_client * clients / elapsed, statistics.median(latencies) * 1000


def measure(name: str, environment: dict, args) -> list[tuple]:
    most = max(args.clients)
    games = make_games(environment, (most + PLAYERS_PER_GAME - 1) // PLAYERS_PER_GAME)
    rows = []
    with server(environment) as base:
        savers = [Saver(base, games[n // PLAYERS_PER_GAME], n % PLAYERS_PER_GAME) for n in range(most)]
        pads = [f"{base}/games/{games[n // PLAYERS_PER_GAME]['id']}" for n in range(most)]

        def read(client: int) -> None:
            status, _ = request(pads[client])
            assert status == 200, status

        read(0)  # warm every worker's templates a little
        for clients in args.clients:
            for label, work in (("saves", lambda n: savers[n].save()), ("pad reads", read)):
                results = [run_clients(clients, args.requests, work) for _ in range(args.runs)]
                rate = statistics.median(r[0] for r in results)
                latency = statistics.median(r[1] for r in results)
                rows.append((name, clients, label, rate, latency))
                print(f"{name:<10} {clients:>2} clients  {label:<9} {rate:7.1f}/s   "
                      f"median {latency:6.1f} ms", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=240, help="requests per measurement")
    parser.add_argument("--runs", type=int, default=3, help="measurements per figure (median)")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--databases", nargs="+", default=["sqlite", "postgresql"],
                        choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    cores = os.cpu_count()
    print(f"gunicorn workers: {2 * cores + 1} ({cores} cores); {args.requests} requests a "
          f"measurement, median of {args.runs}", flush=True)
    with ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        base_env = {"SCORER_SECRET_KEY": "benchmark", "SCORER_WTF_CSRF_ENABLED": "false"}
        for name in args.databases:
            instance = os.path.join(folder, name)
            environment = {**base_env, "SCORER_INSTANCE_PATH": instance}
            if name == "sqlite":
                environment["DATABASE"] = os.path.join(instance, "scorer.sqlite")
            else:
                cluster = stack.enter_context(running_cluster(durable=True))
                environment["SCORER_DATABASE_URL"] = cluster.url()
            measure(name, environment, args)


if __name__ == "__main__":
    main()
