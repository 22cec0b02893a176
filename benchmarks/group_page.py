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
makes CPU time longer, never shorter). ``--instructions`` counts each page's instructions under
valgrind's callgrind instead, one run per tree: slow (minutes), but the same on a busy machine:

    .venv/bin/python benchmarks/group_page.py --before main
    .venv/bin/python benchmarks/group_page.py --before main --instructions --counts 10 20 --runs 3
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

from trees import worktree

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ada", "Bram", "Chloé", "Dirk", "Ewa", "Femke", "Gosia", "Hugo", "Iza", "Jan", "Kasia",
         "Lotte", "Marek", "Noor", "Ola", "Piet", "Róża", "Sem", "Tomek", "Ula"]


def measure(root: Path, games: int, tables: int, counts: list[int], runs: int,
            order: list[str] | None = None, prepared: str | None = None) -> dict[str, float]:
    """Median CPU ms per kind of page; with ``order`` (a list to fill), each measured page is
    asked through ``sys.call_tracing`` instead (see ``--instructions``) and its kind appended.
    ``prepared``: a folder whose database the group is made in and nothing else is done, or,
    when made already, the group measured."""
    sys.path.insert(0, str(root))
    from scorer import create_app, storage
    from scorer.groups import service
    from tests import helpers

    found: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        database = Path(prepared or folder) / "bench.sqlite"
        made = database.exists()
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark", "DATABASE": str(database)})
        rng = random.Random(31)

        def dealt(number: int, entered: bool = True) -> dict:
            document = helpers.deal(rng, 7, "first" if number % 2 else "second")
            for seat, city in enumerate(document["players"]):
                city["name"] = NAMES[(number * 3 + seat) % len(NAMES)]
                city["entered"] = entered or seat > 0
            return document

        made_ids = database.with_suffix(".json")
        if made:  # made by an earlier run of this tree (--prepare): the same games
            group_id, complete, waiting = json.loads(made_ids.read_text())
            with app.app_context():
                group = service.load(group_id)
        else:
            with app.app_context():
                group = service.create("Club", None)
                for number in range(games):
                    service.create_game(group, dealt(number))
                complete = [service.create_game(group, dealt(games + n))[0] for n in range(tables)]
                waiting = [service.create_game(group, dealt(games + tables + n, False))[0]
                           for n in range(tables)]
            made_ids.write_text(json.dumps([group.id, complete, waiting]))
            if prepared:
                return {}
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

        def ask() -> None:
            with client.get(page) as answer:
                assert answer.status_code == 200, answer.status_code

        def get(kind: str | None = None) -> float:
            if order is not None and kind is not None:
                order.append(kind)
                sys.call_tracing(ask, ())
                return 0.0
            start = time.process_time()
            ask()
            return (time.process_time() - start) * 1000

        def after(kept: list[str], count: int, kind: str | None = None) -> float:
            with app.app_context():
                for _ in range(count):
                    public_id = kept[next(saves) % len(kept)]
                    storage.modify_game(public_id, coin(public_id))
            return get(kind)

        get()
        found["unchanged"] = statistics.median(get("unchanged") for _ in range(runs))
        for count in counts:
            for name, kept in (("complete", complete), ("incomplete", waiting)):
                after(kept, count)
                kind = f"after {count} {name}"
                found[kind] = statistics.median(after(kept, count, kind) for _ in range(runs))
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


def count_instructions(tree: Path, arguments) -> dict[str, float]:
    """Median instructions (millions) per kind of page, ``tree`` run under valgrind's
    callgrind, each measured page alone counted (``sys.call_tracing``, a C function nothing
    else calls: ``--toggle-collect`` counts inside it, ``--dump-after`` writes each page's
    count): a figure the load of other programs does not change."""
    with tempfile.TemporaryDirectory() as folder:
        common = ["--root", str(tree), "--games", str(arguments.games), "--tables",
                  str(arguments.tables), "--runs", str(arguments.runs), "--prepared", folder,
                  "--counts", *map(str, arguments.counts)]
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "group_page.py"), "--json",
                        *common], check=True, capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": ""})  # the group made at full speed
        output = subprocess.run(
            ["valgrind", "--tool=callgrind", "--toggle-collect=sys_call_tracing",
             "--dump-after=sys_call_tracing", f"--callgrind-out-file={folder}/callgrind.out",
             sys.executable, str(ROOT / "benchmarks" / "group_page.py"), "--json", "--count",
             *common],
            check=True, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ""})
        order = json.loads(output.stdout.strip().splitlines()[-1])["order"]
        dumps = sorted(Path(folder).glob("callgrind.out.*"), key=lambda path: int(path.suffix[1:]))
        counts = [dumped_instructions(path) for path in dumps]
    if len(counts) != len(order):
        raise RuntimeError(f"{len(counts)} callgrind dumps for {len(order)} pages")
    found: dict[str, list[int]] = {}
    for kind, count in zip(order, counts, strict=True):
        found.setdefault(kind, []).append(count)
    return {kind: statistics.median(values) / 1e6 for kind, values in found.items()}


def dumped_instructions(path: Path) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no total in {path}")


def lowest(found: list[dict[str, float]]) -> dict[str, float]:
    return {name: min(one[name] for one in found) for name in found[0]}


def measure_both(commit: str, arguments) -> tuple[dict[str, float], dict[str, float]]:
    """This checkout and ``commit``, alternating, each its lowest medians."""
    with worktree(commit) as tree:
        if arguments.instructions:
            return count_instructions(ROOT, arguments), count_instructions(tree, arguments)
        now, before = [], []
        for _ in range(arguments.rounds):
            now.append(measure_tree(ROOT, arguments))
            before.append(measure_tree(tree, arguments))
        return lowest(now), lowest(before)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--counts", type=int, nargs="+", default=[1, 10, 20])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", help="a commit to measure too, in the same run")
    parser.add_argument("--rounds", type=int, default=3, help="with --before: rounds of both")
    parser.add_argument("--root", default=str(ROOT), help=argparse.SUPPRESS)
    parser.add_argument("--instructions", action="store_true",
                        help="count each page's instructions under valgrind instead (slow)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--prepared", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.count:
        order: list[str] = []
        measure(Path(arguments.root), arguments.games, arguments.tables, arguments.counts,
                arguments.runs, order, arguments.prepared)
        print(json.dumps({"order": order}))
        return
    if arguments.prepared:
        measure(Path(arguments.root), arguments.games, arguments.tables, arguments.counts,
                arguments.runs, prepared=arguments.prepared)
        print(json.dumps({}))
        return
    if arguments.instructions and not arguments.before:
        now, before = count_instructions(ROOT, arguments), None
    elif arguments.json or not arguments.before:
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
    measured = "instructions, median M" if arguments.instructions else "CPU, median ms"
    print(f"group page {measured} ({arguments.games} games + {arguments.tables} complete + "
          f"{arguments.tables} incomplete, {arguments.runs} runs"
          f"{f', lowest of {arguments.rounds} rounds' if before and not arguments.instructions else ''}"
          f"; load average "
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
