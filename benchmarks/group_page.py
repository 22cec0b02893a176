"""Benchmark: the group page's CPU after N of its games changed since it was last drawn (issue 31).

At a club's evening every table's phones save their cities, so between two asks of the group
page (one per table every 30 s) many of its games have changed: at 50 tables on SQLite the
group's revision moves some 23 times a second. Through the WSGI test client, warm, SQLite, one
process, CPU time (``time.process_time``) of ``GET /groups/<id>`` right after:

- ``N`` corrections of complete games (the capacity benchmark's tables: posted whole, each
  save one coin more: their results, so the statistics, ratings and charts change);
- ``N`` saves of games still being entered (a city of each not entered yet: no results);
- nothing (the page as kept).

The group holds ``--games`` (300) complete seven-player games, plus ``--tables`` (50) complete
games and as many incomplete ones, each save touching a different one of them in turn; medians
of ``--runs`` (15) pages per N. ``--before COMMIT`` measures that commit too, in the same run
(a ``git worktree`` of it in a temporary folder): each tree in a child process of its own,
the two alternating ``--rounds`` (3) times, the lowest median of each kept (a busy machine
makes CPU time longer, never shorter):

    .venv/bin/python benchmarks/group_page.py --before main
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ada", "Bram", "Chloé", "Dirk", "Ewa", "Femke", "Gosia", "Hugo", "Iza", "Jan", "Kasia",
         "Lotte", "Marek", "Noor", "Ola", "Piet", "Róża", "Sem", "Tomek", "Ula"]


def measure(root: Path, games: int, tables: int, counts: list[int], runs: int) -> dict[str, float]:
    sys.path.insert(0, str(root))
    from scorer import create_app, storage
    from scorer.groups import service
    from tests import helpers

    found: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                          "DATABASE": str(Path(folder) / "bench.sqlite")})
        rng = random.Random(31)

        def dealt(number: int, entered: bool = True) -> dict:
            document = helpers.deal(rng, 7, "first" if number % 2 else "second")
            for seat, city in enumerate(document["players"]):
                city["name"] = NAMES[(number * 3 + seat) % len(NAMES)]
                city["entered"] = entered or seat > 0
            return document

        with app.app_context():
            group = service.create("Club", None)
            for number in range(games):
                service.create_game(group, dealt(number))
            complete = [service.create_game(group, dealt(games + n))[0] for n in range(tables)]
            waiting = [service.create_game(group, dealt(games + tables + n, False))[0]
                       for n in range(tables)]
        saves = iter(range(10**9))
        coins: dict[str, int] = {}

        def coin(public_id: str):
            """Three coins more each time (a point more, so the total changes), up to 29."""
            coins[public_id] = (coins.get(public_id, 0) + 1) % 10

            def change(document):
                document["players"][0]["coins"] = 3 * coins[public_id] + 2
                return document
            return change

        client = app.test_client()
        page = f"/groups/{group.id}"

        def get() -> float:
            start = time.process_time()
            with client.get(page) as answer:
                assert answer.status_code == 200, answer.status_code
            return (time.process_time() - start) * 1000

        def after(kept: list[str], count: int) -> float:
            with app.app_context():
                for _ in range(count):
                    public_id = kept[next(saves) % len(kept)]
                    storage.modify_game(public_id, coin(public_id))
            return get()

        get()
        found["unchanged"] = statistics.median(get() for _ in range(runs))
        for count in counts:
            for name, kept in (("complete", complete), ("incomplete", waiting)):
                after(kept, count)
                found[f"after {count} {name}"] = statistics.median(after(kept, count)
                                                                  for _ in range(runs))
        for engine in app.extensions.get("scorer.storage", {}).values():
            engine.dispose()
    return found


def measure_tree(tree: Path, arguments) -> dict[str, float]:
    """:func:`measure` of ``tree`` in a child process."""
    output = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "group_page.py"), "--json",
         "--root", str(tree), "--games", str(arguments.games), "--tables",
         str(arguments.tables), "--runs", str(arguments.runs), "--counts",
         *map(str, arguments.counts)],
        check=True, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ""})
    return json.loads(output.stdout.strip().splitlines()[-1])


def lowest(found: list[dict[str, float]]) -> dict[str, float]:
    return {name: min(one[name] for one in found) for name in found[0]}


def measure_both(commit: str, arguments) -> tuple[dict[str, float], dict[str, float]]:
    """This checkout and ``commit``, alternating, each its lowest medians."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(tree), commit], cwd=ROOT,
                       check=True)
        try:
            subprocess.run([str(Path(sys.executable).parent / "pybabel"), "compile", "-d",
                            str(tree / "translations")], check=False, capture_output=True)
            now, before = [], []
            for _ in range(arguments.rounds):
                now.append(measure_tree(ROOT, arguments))
                before.append(measure_tree(tree, arguments))
            return lowest(now), lowest(before)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                           check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--counts", type=int, nargs="+", default=[1, 10, 20])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", help="a commit to measure too, in the same run")
    parser.add_argument("--rounds", type=int, default=3, help="with --before: rounds of both")
    parser.add_argument("--root", default=str(ROOT), help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.json or not arguments.before:
        now = measure(Path(arguments.root), arguments.games, arguments.tables, arguments.counts,
                      arguments.runs)
        before = None
        if arguments.json:
            print(json.dumps(now))
            return
    else:
        now, before = measure_both(arguments.before, arguments)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip()
    print(f"group page CPU, median ms ({arguments.games} games + {arguments.tables} complete + "
          f"{arguments.tables} incomplete, {arguments.runs} runs"
          f"{f', lowest of {arguments.rounds} rounds' if before else ''}; load average "
          f"{os.getloadavg()[0]:.2f})")
    print(f"{'page asked':28}{'now (' + head + ')':>14}"
          + (f"{'before (' + arguments.before + ')':>20}{'ratio':>8}" if before else ""))
    for name, value in now.items():
        line = f"{name:28}{value:14.2f}"
        if before and name in before:
            line += f"{before[name]:20.2f}{before[name] / value if value else float('inf'):7.1f}x"
        print(line)


if __name__ == "__main__":
    main()
