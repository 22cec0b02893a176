"""A group's statistics in one source tree, for ``benchmarks/stats.py``, which runs it as a
child process in the tree of the commit before issue 29's figures (teams, records, ratings),
so that today's ``GET .../stats`` and the one before are timed in the same run.

    python benchmarks/group_stats.py TREE GAMES RUNS [--database URL]

``TREE`` is the root of the source tree whose ``scorer`` (and ``tests.helpers``) is imported.
In a throwaway SQLite database (or the empty database or schema ``URL``) it fills a group with
``GAMES`` complete seven-player games dealt as ``benchmarks/stats.py`` deals them (the same
seed: the same games), asks ``GET /api/v1/groups/<id>/stats`` once to warm up, then ``RUNS``
times, and prints one JSON object: ``seconds`` and ``cpu`` (this process's CPU time) per run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

NAMES = ["Ada", "Bo", "Cyprian", "Dorota", "Eline", "Łukasz", "Zoë", "Ivo", "Jan", "Kai"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("games", type=int)
    parser.add_argument("runs", type=int)
    parser.add_argument("--database")
    arguments = parser.parse_args()
    sys.path.insert(0, str(arguments.tree))
    from scorer import create_app
    from scorer.groups import service
    from tests import helpers

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                          "DATABASE_URL": arguments.database or f"sqlite:///{folder}/stats.sqlite"})
        rng = random.Random(20)  # as benchmarks/stats.py fills its group
        with app.app_context():
            group = service.create("Benchmark", None)
            for index in range(arguments.games):
                document = helpers.deal(rng, 7, "first" if index % 2 else "second")
                for city, name in zip(document["players"], rng.sample(NAMES, 7), strict=True):
                    city["name"] = name
                    city["entered"] = True
                service.create_game(group, document)
        client = app.test_client()
        url = f"/api/v1/groups/{group.id}/stats"
        assert client.get(url).json["games"] == arguments.games
        seconds, cpu = [], []
        for _ in range(arguments.runs):
            started, processor = time.perf_counter(), time.process_time()
            assert client.get(url).status_code == 200
            seconds.append(time.perf_counter() - started)
            cpu.append(time.process_time() - processor)
        for engine in app.extensions.get("scorer.storage", {}).values():
            engine.dispose()
    print(json.dumps({"seconds": seconds, "cpu": cpu}))


if __name__ == "__main__":
    main()
