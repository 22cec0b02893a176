"""Benchmark: a group's statistics, its report and the cost of the results table (issue 20).

For each database (SQLite in a temporary folder; PostgreSQL a throwaway cluster from Debian's
package with fsync on, ``tests/postgres.py``) it fills a group with N complete seven-player
games dealt at random (the real save path: each game validated, scored and its results
written), then measures in-process through the Flask test client:

- ``GET /api/v1/groups/<id>/stats`` (every figure, SQL aggregates over the results table);
- ``GET /groups/<id>/report.pdf`` (statistics, four charts, WeasyPrint);
- a city save (``scorer.games.service.save_city``, the path the city page and the API take),
  with the results written as the app does, and with the results step switched off (the save
  as it was before the results table), alternating: in a complete game (a correction: its
  results are computed and written again) and in a game still being entered (no results yet).

Prints the medians (and the 90th percentile of the requests) per database.

    .venv/bin/python benchmarks/stats.py [--games 5000] [--runs 15] [--saves 200]
        [--databases sqlite postgresql]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer import create_app, storage  # noqa: E402
from scorer.games import service as games_service  # noqa: E402
from scorer.groups import service as groups_service  # noqa: E402
from scorer.storage import results  # noqa: E402
from tests import helpers  # noqa: E402
from tests.postgres import running_cluster  # noqa: E402

NAMES = ["Ada", "Bo", "Cyprian", "Dorota", "Eline", "Łukasz", "Zoë", "Ivo", "Jan", "Kai"]


def fill(app, games: int, seed: int = 20) -> tuple[str, str]:
    """A group of ``games`` complete seven-player games, and one more game outside it."""
    rng = random.Random(seed)
    with app.app_context():
        group = groups_service.create("Benchmark", None)
        started = time.perf_counter()
        for index in range(games):
            document = helpers.deal(rng, 7, "first" if index % 2 else "second")
            for city, name in zip(document["players"], rng.sample(NAMES, 7), strict=True):
                city["name"] = name
                city["entered"] = True
            groups_service.create_game(group, document)
        took = time.perf_counter() - started
        outside = helpers.deal(rng, 7)
        for city in outside["players"]:
            city["entered"] = True
        game_id = games_service.create_game(outside)
        outside["players"][0]["entered"] = False  # a game still being entered
        entering = games_service.create_game(outside)
    print(f"  filled {games} games in {took:.0f} s ({1000 * took / games:.1f} ms a game)")
    return group.id, game_id, entering


def timed(call, runs: int) -> tuple[list[float], list[float]]:
    """Wall-clock times and this process's CPU times (the second shows the app's own work when
    other programs share the cores; PostgreSQL's work is in its server, outside it)."""
    times, cpu = [], []
    for _ in range(runs):
        started, processor = time.perf_counter(), time.process_time()
        call()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - processor)
    return times, cpu


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def saves(app, game_id: str, count: int) -> tuple[list[float], list[float]]:
    """City saves with the results written, and with that step off, alternating."""
    with app.app_context():
        players = storage.load_game(game_id).document["players"]
    written, bare, written_cpu, bare_cpu = [], [], [], []
    real_write = results.write
    for index in range(count):
        player = players[1 + index % (len(players) - 1)]  # the first city stays as it is
        city = dict(games_service.city_of(player), coins=index % 30)
        city.pop("entered", None)
        with_results = index % 2 == 0
        results.write = real_write if with_results else (lambda *args: None)
        try:
            with app.app_context():
                started, processor = time.perf_counter(), time.process_time()
                games_service.save_city(game_id, player["id"], city, lambda _version: True)
                (written if with_results else bare).append(time.perf_counter() - started)
                (written_cpu if with_results else bare_cpu).append(time.process_time() - processor)
        finally:
            results.write = real_write
    return written, bare, written_cpu, bare_cpu


def measure(name: str, url: str, arguments) -> None:
    print(f"{name}:")
    app = create_app({"TESTING": True, "SECRET_KEY": "benchmark", "DATABASE_URL": url})
    group_id, game_id, entering = fill(app, arguments.games)
    client = app.test_client()

    def stats():
        answer = client.get(f"/api/v1/groups/{group_id}/stats")
        assert answer.status_code == 200 and answer.json["games"] == arguments.games

    def report():
        answer = client.get(f"/groups/{group_id}/report.pdf?paper=a4")
        assert answer.status_code == 200 and answer.data.startswith(b"%PDF")

    stats()
    report()  # warm: fonts, catalogs, rulesets
    stats_times, stats_cpu = timed(stats, arguments.runs)
    report_times, report_cpu = timed(report, max(3, arguments.runs // 3))
    print(f"  GET stats: median {1000 * statistics.median(stats_times):.0f} ms, "
          f"p90 {1000 * percentile(stats_times, 0.9):.0f} ms ({len(stats_times)} runs); "
          f"CPU of this process: median {1000 * statistics.median(stats_cpu):.0f} ms")
    print(f"  report.pdf: median {statistics.median(report_times):.2f} s, "
          f"p90 {percentile(report_times, 0.9):.2f} s ({len(report_times)} runs); "
          f"CPU of this process: median {statistics.median(report_cpu):.2f} s")
    print(f"  load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for label, saved_game in (("a complete game", game_id), ("a game being entered", entering)):
        report_saves(label, *saves(app, saved_game, arguments.saves))
    for engine in app.extensions.get("scorer.storage", {}).values():
        engine.dispose()


def report_saves(label: str, written, bare, written_cpu, bare_cpu) -> None:
    with_median, bare_median = statistics.median(written), statistics.median(bare)
    print(f"  city save in {label}: median {1000 * with_median:.2f} ms with the results table, "
          f"{1000 * bare_median:.2f} ms without: {100 * (with_median / bare_median - 1):+.1f} % "
          f"({len(written)} + {len(bare)} saves); CPU of this process: "
          f"{1000 * statistics.median(written_cpu):.2f} ms and "
          f"{1000 * statistics.median(bare_cpu):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--databases", nargs="+", default=["sqlite", "postgresql"],
                        choices=["sqlite", "postgresql"])
    arguments = parser.parse_args()
    with ExitStack() as stack:
        for database in arguments.databases:
            if database == "sqlite":
                folder = stack.enter_context(tempfile.TemporaryDirectory())
                measure("SQLite", f"sqlite:///{folder}/stats.sqlite", arguments)
            else:
                cluster = stack.enter_context(running_cluster(durable=True))
                measure("PostgreSQL", cluster.url(), arguments)


if __name__ == "__main__":
    main()
