"""Benchmark: concurrent saves of different games of ONE group on PostgreSQL (issue 31).

A club's evening without the web: ``--threads`` threads (16) in ``--processes`` processes (4,
as gunicorn's workers), each saving its own game of one group (``scorer.storage.modify_game``,
one coin more each time) as fast as it can for ``--seconds`` (10), on a throwaway cluster with
fsync on (``tests/postgres.py``, durable: a commit waits for its WAL flush, as on a real
server). Until 0012 every save also raised the group row's revision and held that row's lock
through its commit, so the saves of one group ran one commit at a time; the figures that show
it are saves a second and their latency.

Each tree runs in its own process (its own ``scorer``) on its own schema of the one cluster;
``--ref`` trees are exported with ``git archive``; trees alternate, ``--rounds`` times each.

    .venv/bin/python benchmarks/group_saves.py --ref main           # main, then this checkout
    .venv/bin/python benchmarks/group_saves.py --ref 8c8905e 0a3c9e4   # two commits, this
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def child(tree: Path, url: str, threads: int, processes: int, seconds: float) -> dict:
    sys.path.insert(0, str(tree))
    sys.path.insert(1, str(ROOT))
    from scorer import create_app, storage
    from scorer.storage import groups
    from tests import helpers

    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": url})
    with app.app_context():
        group = groups.create_group("Club")
        games = []
        for number in range(threads + 100):  # the group's other games: the sums read them
            document = helpers.deal(random.Random(number), 7)
            for city in document["players"]:
                city["entered"] = True
            games.append(storage.create_game(document, group_pk=group.pk))
        before = game_updates(storage.get_engine())
    postgres = postgres_cpu()

    def coin(document):
        document["players"][0]["coins"] += 1
        return document

    stop = 0.0

    def process(first: int, count: int, pipe) -> None:
        # each worker process opens its own connections: the set-up's, inherited through the
        # fork, stay the parent's (two processes talking on one socket mix their answers)
        with app.app_context():
            storage.get_engine().dispose(close=False)
        latencies: list[float] = []
        start = threading.Barrier(count)

        def run(index: int) -> None:
            with app.app_context():
                start.wait()
                while time.time() < stop:
                    began = time.perf_counter()
                    storage.modify_game(games[index], coin)
                    latencies.append(time.perf_counter() - began)

        workers = [threading.Thread(target=run, args=(first + n,)) for n in range(count)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        pipe.send(latencies)

    context = multiprocessing.get_context("fork")
    share = threads // processes
    stop = time.time() + seconds  # the workers save until then (forked just below)
    pipes, children = [], []
    for number in range(processes):
        here, there = context.Pipe()
        children.append(context.Process(target=process, args=(number * share, share, there)))
        pipes.append(here)
    for started in children:
        started.start()
    every = sorted(value for pipe in pipes for value in pipe.recv())
    for started in children:
        started.join()
    postgres = postgres_cpu() - postgres
    with app.app_context():
        updates, hot = game_updates(storage.get_engine(), before)
    return {"saves": len(every), "per_second": len(every) / seconds,
            "p50_ms": statistics.median(every) * 1000,
            "p99_ms": every[int(len(every) * 0.99)] * 1000,
            "updates": updates, "hot": hot, "postgres_ms": postgres * 1000 / max(len(every), 1)}


def postgres_cpu() -> float:
    """PostgreSQL's CPU seconds so far (its server process and every backend, the ended ones
    too), the cluster's data folder named by the parent."""
    sys.path.insert(0, str(HERE))
    from capacity_server import postmaster_pid, tree_cpu

    return tree_cpu(postmaster_pid(os.environ["GROUP_SAVES_PGDATA"]))


def game_updates(engine, before=(0, 0)) -> tuple[int, int]:
    """The game table's row updates and how many were HOT (no index entry written), since
    ``before``: a HOT update writes no index, and an update that changes an indexed column
    is never one. An idle backend sends its statistics on only every 10 s, an ending one at
    once: the pool's connections are closed first."""
    from sqlalchemy import text

    engine.dispose()
    time.sleep(0.5)
    with engine.connect() as connection:
        row = connection.execute(text(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables "
            "WHERE relname = 'game' AND schemaname = current_schema()")).one()
    return row[0] - before[0], row[1] - before[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ref", nargs="*", default=[],
                        help="also measure these git revisions (first)")
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--processes", type=int, default=4, help="as gunicorn's workers")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", nargs=2, metavar=("TREE", "URL"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        tree, url = options.child
        print(json.dumps(child(Path(tree), url, options.threads, options.processes,
                               options.seconds)))
        return
    sys.path.insert(0, str(ROOT))
    sys.path.insert(1, str(HERE))
    from capacity_server import postmaster_pid, tree_cpu

    from tests.postgres import Cluster

    with tempfile.TemporaryDirectory() as folder:
        trees = []
        for ref in options.ref:
            exported = Path(folder) / ref
            exported.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(exported)], input=archive, check=True)
            trees.append((ref, exported))
        commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True).stdout.strip()
        trees.append((f"this checkout ({commit})", ROOT))
        print(f"{options.processes} processes of {options.threads // options.processes} threads, "
              f"{options.seconds:g} s a run, fsync on; "
              f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
        cluster = Cluster(durable=True).start()
        try:
            for round_ in range(options.rounds):
                for name, tree in trees:
                    with cluster.fresh_schema() as url:
                        before = tree_cpu(postmaster_pid(cluster.data))
                        answer = subprocess.run(
                            [sys.executable, __file__, "--threads", str(options.threads),
                             "--processes", str(options.processes),
                             "--seconds", str(options.seconds), "--child", str(tree), url],
                            check=True, capture_output=True, text=True, cwd=tree,
                            env={**os.environ, "GROUP_SAVES_PGDATA": cluster.data}).stdout
                        spent = tree_cpu(postmaster_pid(cluster.data)) - before
                    figures = json.loads(answer.strip().splitlines()[-1])
                    print(f"  round {round_ + 1} {name}: {figures['saves']} saves, "
                          f"{figures['per_second']:.0f}/s, p50 {figures['p50_ms']:.1f} ms, "
                          f"p99 {figures['p99_ms']:.1f} ms; game row updates "
                          f"{figures['updates'] / max(figures['saves'], 1):.2f} a save, "
                          f"{figures['hot'] * 100 / max(figures['updates'], 1):.0f}% HOT; "
                          f"PostgreSQL {figures['postgres_ms']:.2f} ms CPU a save "
                          f"({spent:.1f} CPU-s with the set-up)")
        finally:
            cluster.stop()
        print(f"load average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
