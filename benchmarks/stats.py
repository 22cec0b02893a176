"""Benchmark: a group's statistics, its pages, its report and the cost of the results table
(issues 20 and 29).

For each database (SQLite in a temporary folder; PostgreSQL a throwaway cluster from Debian's
package with fsync on, ``tests/postgres.py``) it fills a group with N complete seven-player
games dealt at random (the real save path: each game validated, scored and its results
written), then measures in-process through the Flask test client:

- ``GET /api/v1/groups/<id>/stats`` (every figure, SQL aggregates over the results table, and
  the OpenSkill ratings): the first request of the process (the ratings folded over every
  game), then again and again (the group unchanged: the ratings kept), and after each of a few
  new games (the revision moved: the games' rankings read again, one game rated);
- ``GET /api/v1/groups/<id>/players/<name>`` (a player's page as JSON, the busiest player);
- ``GET /groups/<id>/players/<name>`` and ``GET /groups/<id>`` (the pages), each drawn anew
  (their store emptied before every request) and from the store (the usual case: the group
  unchanged since another phone asked);
- ``GET /groups/<id>/report.pdf`` after each of the new games (statistics, four charts,
  WeasyPrint; the report is kept per group revision, so only a change draws it again).

Beside them, in the same run, ``GET .../stats`` of the tree before issue 29's figures (teams,
records, ratings): ``benchmarks/group_stats.py`` runs as a child process in that tree (``git
archive`` of the commit before ``scorer/groups/ratings.py`` was added), filling its own
database with the same games.

A city save (``scorer.games.service.save_city``, the path the city page and the API take) is
compared with the save before groups existed, in the same run: ``benchmarks/city_saves.py``
runs as a child process in this tree and in the tree of the commit before the first one that
touched ``scorer/groups`` (``git archive`` into a temporary folder), the two taking turns,
``--rounds`` times each, on the same dealt game: saves in a complete game (a correction: its
results are computed and written again) and in a game still being entered (no results yet),
and in this tree also with the results step switched off. Quoted: the median CPU time of the
saving process (the saving process's own work, which the load of other programs changes
little; PostgreSQL's share is in its server), and with ``--instructions`` the median count of
instructions per save under valgrind's callgrind (repeatable to a fraction of a per cent
whatever the load; SQLite, one run per tree). ``--no-saves`` leaves the saves out.

Prints the medians (and the 90th percentile of the requests) per database.

    .venv/bin/python benchmarks/stats.py [--games 5000] [--runs 15] [--saves 200] [--rounds 4]
        [--databases sqlite postgresql] [--instructions] [--before COMMIT]
        [--stats-before COMMIT] [--no-saves]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer import create_app, storage  # noqa: E402
from scorer.groups import service as groups_service  # noqa: E402
from scorer.web import group_cache  # noqa: E402
from tests import helpers  # noqa: E402
from tests.postgres import running_cluster  # noqa: E402

NAMES = ["Ada", "Bo", "Cyprian", "Dorota", "Eline", "Łukasz", "Zoë", "Ivo", "Jan", "Kai"]


def fill(app, games: int, seed: int = 20) -> str:
    """A group of ``games`` complete seven-player games: its id."""
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
    print(f"  filled {games} games in {took:.0f} s ({1000 * took / games:.1f} ms a game)")
    return group.id


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


def said(label: str, times: list[float], cpu: list[float]) -> None:
    print(f"  {label}: median {1000 * statistics.median(times):.0f} ms, "
          f"p90 {1000 * percentile(times, 0.9):.0f} ms ({len(times)} runs); "
          f"CPU of this process: median {1000 * statistics.median(cpu):.0f} ms")


def measure(name: str, url: str, arguments, before_url=None) -> None:
    """``before_url``: a context manager giving the database of the tree before issue 29
    (None: a temporary SQLite file), or None not to measure that tree."""
    print(f"{name}:")
    app = create_app({"TESTING": True, "SECRET_KEY": "benchmark", "DATABASE_URL": url})
    group_id = fill(app, arguments.games)
    client = app.test_client()
    games = [arguments.games]

    def stats():
        answer = client.get(f"/api/v1/groups/{group_id}/stats")
        assert answer.status_code == 200 and answer.json["games"] == games[0]

    def report():
        answer = client.get(f"/groups/{group_id}/report.pdf?paper=a4")
        assert answer.status_code == 200 and answer.data.startswith(b"%PDF")

    def fetched(path: str):
        def fetch():
            assert client.get(path).status_code == 200
        return fetch

    def anew(call):
        def drawn_anew():
            group_cache.memo(app).clear()
            call()
        return drawn_anew

    with app.app_context():
        player = groups_service.load(group_id)
    first, first_cpu = timed(stats, 1)
    print(f"  GET stats, the process's first (ratings folded over every game): "
          f"{1000 * first[0]:.0f} ms, CPU {1000 * first_cpu[0]:.0f} ms")
    report()  # warm: fonts, catalogs, rulesets
    said("GET stats", *timed(stats, arguments.runs))
    busiest = client.get(f"/api/v1/groups/{group_id}/stats").json["players"][0]["name"]
    said(f"GET players/{busiest} (JSON)",
         *timed(fetched(f"/api/v1/groups/{group_id}/players/{busiest}"), arguments.runs))
    page = f"/groups/{group_id}/players/{busiest}"
    said("player's page, drawn anew", *timed(anew(fetched(page)), arguments.runs))
    said("player's page, from the store", *timed(fetched(page), arguments.runs))
    said("group page, drawn anew", *timed(anew(fetched(f"/groups/{group_id}")), arguments.runs))
    said("group page, from the store", *timed(fetched(f"/groups/{group_id}"), arguments.runs))
    after_times, after_cpu, report_times, report_cpu = [], [], [], []
    rng = random.Random(29)
    for _ in range(max(3, arguments.runs // 3)):
        with app.app_context():
            document = helpers.deal(rng, 7, "first")
            for city, name in zip(document["players"], rng.sample(NAMES, 7), strict=True):
                city["name"] = name
                city["entered"] = True
            groups_service.create_game(player, document)
        games[0] += 1
        for call, times, cpu in ((stats, after_times, after_cpu),
                                 (report, report_times, report_cpu)):
            took, took_cpu = timed(call, 1)
            times += took
            cpu += took_cpu
    said("GET stats after a new game", after_times, after_cpu)
    print(f"  report.pdf after a new game (drawn anew): median {statistics.median(report_times):.2f} s, "
          f"p90 {percentile(report_times, 0.9):.2f} s ({len(report_times)} runs); "
          f"CPU of this process: median {statistics.median(report_cpu):.2f} s")
    if before_url is not None:
        tree, databases = before_url
        with databases() as database:
            out = stats_child(tree, arguments.games, arguments.runs, database)
        said(f"GET stats before issue 29 ({arguments.stats_before_commit}, its own database, "
             "the same games)", out["seconds"], out["cpu"])
    if url.startswith("postgresql"):
        # what autovacuum does on a server soon after a fill: planner statistics, and the
        # visibility map that lets the covering indexes answer without reading the table
        with app.app_context(), storage.get_engine().connect() as connection:
            connection.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
                "VACUUM ANALYZE result")
        stats_times, stats_cpu = timed(stats, arguments.runs)
        print(f"  GET stats after VACUUM ANALYZE: median "
              f"{1000 * statistics.median(stats_times):.0f} ms, p90 "
              f"{1000 * percentile(stats_times, 0.9):.0f} ms ({len(stats_times)} runs); CPU of "
              f"this process: median {1000 * statistics.median(stats_cpu):.0f} ms")
    print(f"  load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for engine in app.extensions.get("scorer.storage", {}).values():
        engine.dispose()


def stats_child(tree: Path, games: int, runs: int, database: str | None) -> dict:
    command = [sys.executable, str(ROOT / "benchmarks" / "group_stats.py"), str(tree), str(games),
               str(runs), *(["--database", database] if database else [])]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def before_ratings() -> str:
    """The commit before the one that added ``scorer/groups/ratings.py`` (issue 29)."""
    first = subprocess.run(["git", "log", "--diff-filter=A", "--format=%H", "--",
                            "scorer/groups/ratings.py"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()[-1]
    return subprocess.run(["git", "rev-parse", "--short", f"{first}^"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()


def before_groups() -> str:
    """The commit before the first one that touched ``scorer/groups``."""
    first = subprocess.run(["git", "log", "--format=%H", "--", "scorer/groups"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()[-1]
    return subprocess.run(["git", "rev-parse", "--short", f"{first}^"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()


def source_tree(commit: str, folder: Path) -> Path:
    """The files of ``commit``, unpacked into ``folder``."""
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True,
                             capture_output=True).stdout
    folder.mkdir()
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def child(tree: Path, document: Path, saves: int, database: str | None, *wrapper: str,
          count: bool = False) -> dict:
    command = [*wrapper, sys.executable, str(ROOT / "benchmarks" / "city_saves.py"), str(tree),
               str(document), str(saves), *(["--database", database] if database else []),
               *(["--count"] if count else [])]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def compare_saves(trees: dict[str, Path], document: Path, arguments, databases) -> None:
    """Saves in each tree, the trees taking turns; ``databases()`` gives each child an empty
    database (a context manager yielding its URL, or None for a temporary SQLite file)."""
    found: dict[str, dict[str, list[float]]] = {label: {} for label in trees}
    per_run = max(4, arguments.saves // arguments.rounds)
    for round_ in range(arguments.rounds):
        for label in (list(trees) if round_ % 2 == 0 else list(reversed(trees))):
            with databases() as url:
                out = child(trees[label], document, per_run, url)
            for variant, seconds in out["seconds"].items():
                found[label].setdefault(variant, []).extend(seconds)
    print_comparison(found, "CPU of the saving process", lambda seconds: f"{1000 * seconds:.2f} ms")


def count_instructions(trees: dict[str, Path], document: Path, saves: int) -> None:
    """Instructions per save under callgrind, one run per tree (SQLite)."""
    found: dict[str, dict[str, list[int]]] = {}
    for label, tree in trees.items():
        with tempfile.TemporaryDirectory() as folder:
            out = child(tree, document, saves, None, "valgrind", "--tool=callgrind",
                        "--toggle-collect=sys_call_tracing", "--dump-after=sys_call_tracing",
                        f"--callgrind-out-file={folder}/callgrind.out", count=True)
            dumps = sorted(Path(folder).glob("callgrind.out.*"),
                           key=lambda path: int(path.suffix[1:]))
            counts = [dumped_instructions(path) for path in dumps]
        if len(counts) != len(out["order"]):
            raise RuntimeError(f"{len(counts)} callgrind dumps for {len(out['order'])} saves")
        found[label] = {}
        for variant, instructions in zip(out["order"], counts, strict=True):
            found[label].setdefault(variant, []).append(instructions)
    print_comparison(found, "instructions (callgrind)", lambda count: f"{count / 1e6:.3f} M")


def print_comparison(found: dict[str, dict[str, list]], measure: str, shown) -> None:
    """The medians of each kind of save, now and before groups, and their ratios."""
    now, before = found["now"], found["before groups"]
    for game, label in (("complete", "a complete game"), ("entering", "a game being entered")):
        bare_saves = now[f"{game} without results"]
        current, earlier = statistics.median(now[game]), statistics.median(before[game])
        bare = statistics.median(bare_saves)
        print(f"  city save in {label}, {measure}: {shown(current)} now, {shown(earlier)} before "
              f"groups: {100 * (current / earlier - 1):+.1f} %; now with the results step off "
              f"{shown(bare)}: {100 * (current / bare - 1):+.1f} % ({len(now[game])} + "
              f"{len(before[game])} + {len(bare_saves)} saves)")


def dumped_instructions(path: Path) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no total in {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--saves", type=int, default=200, help="city saves per tree")
    parser.add_argument("--rounds", type=int, default=4, help="turns each tree takes")
    parser.add_argument("--databases", nargs="+", default=["sqlite", "postgresql"],
                        choices=["sqlite", "postgresql"])
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions of each save under valgrind (slow)")
    parser.add_argument("--before", help="the commit before groups (found in git by default)")
    parser.add_argument("--stats-before", help="the commit before issue 29's figures (found in "
                                               "git by default)")
    parser.add_argument("--no-saves", action="store_true", help="leave the city saves out")
    arguments = parser.parse_args()
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        before = arguments.before or before_groups()
        trees = {"now": ROOT, "before groups": source_tree(before, folder / "before")}
        arguments.stats_before_commit = arguments.stats_before or before_ratings()
        stats_tree = source_tree(arguments.stats_before_commit, folder / "before-29")
        document = folder / "game.json"
        dealt = helpers.deal(random.Random(7), 7, "second")
        for city in dealt["players"]:
            city["entered"] = True
        document.write_text(json.dumps(dealt), encoding="utf-8")
        print(f"before groups: {before}; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores")
        for database in arguments.databases:
            if database == "sqlite":
                measure("SQLite", f"sqlite:///{folder}/stats.sqlite", arguments,
                        (stats_tree, lambda: nullcontext(None)))
                if not arguments.no_saves:
                    compare_saves(trees, document, arguments, lambda: nullcontext(None))
                if arguments.instructions:
                    count_instructions(trees, document, arguments.saves)
            else:
                cluster = stack.enter_context(running_cluster(durable=True))
                measure("PostgreSQL", cluster.url(), arguments, (stats_tree, cluster.fresh_schema))
                if not arguments.no_saves:
                    compare_saves(trees, document, arguments, cluster.fresh_schema)
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
