"""City saves in one source tree, for ``benchmarks/stats.py``, which runs it as a child process
in this tree and in the tree of the commit before groups, so both are timed in the same run.

    python benchmarks/city_saves.py TREE DOCUMENT.json SAVES [--database URL] [--count]

``TREE`` is the root of the source tree whose ``scorer`` is imported; ``DOCUMENT`` a complete
game (every city entered). In a throwaway SQLite database (or the empty database or schema
``URL``) it saves that game and the same game with its first city not entered yet, then
alternates city saves in the two (each save changes one city's coins: the path of the city
page and the API, ``scorer.games.service.save_city``). Where the tree has the results table,
every other save runs with its results step switched off (the save as it was before the
table, in the same tree). Prints one JSON object: ``seconds``, the CPU time of this process
per save by game and variant, and ``order``, the variant of each save in turn.

``--count`` runs each timed save through ``sys.call_tracing`` (a C function nothing else calls:
with no tracer set it only calls the function), so that valgrind's ``callgrind
--toggle-collect=sys_call_tracing --dump-after=sys_call_tracing`` writes the instructions of
each save, in order, one file a save (``stats.py --instructions``): a figure the load of
other programs does not change.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

WARM_UP = 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("document", type=Path)
    parser.add_argument("saves", type=int)
    parser.add_argument("--database")
    parser.add_argument("--count", action="store_true")
    arguments = parser.parse_args()
    tree, document_path, count, counting = (arguments.tree, arguments.document, arguments.saves,
                                            arguments.count)
    sys.path.insert(0, str(tree))
    from scorer import create_app, storage
    from scorer.games import service

    try:
        from scorer.storage import results
    except ImportError:  # a tree from before the results table
        results = None
    document = json.loads(document_path.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                          "DATABASE_URL": arguments.database or f"sqlite:///{folder}/saves.sqlite"})
        with app.app_context():
            complete = service.create_game(document)
            document["players"][0]["entered"] = False
            entering = service.create_game(document)
            games = {"complete": (complete, storage.load_game(complete).document["players"]),
                     "entering": (entering, storage.load_game(entering).document["players"])}
        real_write = getattr(results, "write", None)
        out: dict[str, list[float]] = {}
        order: list[str] = []  # the variant of each timed save

        def save(index: int, record: bool) -> None:
            label = "complete" if index % 2 == 0 else "entering"
            game_id, players = games[label]
            player = players[1 + (index // 2) % (len(players) - 1)]  # the first city stays
            city = dict(service.city_of(player), coins=index % 30)
            city.pop("entered", None)
            bare = results is not None and (index // 2) % 2 == 1
            key = f"{label}{' without results' if bare else ''}"
            if bare:
                results.write = lambda *args, **kwargs: None
            try:
                with app.app_context():
                    started = time.process_time()
                    if record and counting:  # see the module docstring
                        sys.call_tracing(service.save_city,
                                         (game_id, player["id"], city, lambda _version: True))
                    else:
                        service.save_city(game_id, player["id"], city, lambda _version: True)
                    took = time.process_time() - started
            finally:
                if results is not None:
                    results.write = real_write
            if record:
                out.setdefault(key, []).append(took)
                order.append(key)

        for index in range(WARM_UP):
            save(index, False)
        for index in range(count):
            save(WARM_UP + index, True)
    print(json.dumps({"seconds": out, "order": order}))


if __name__ == "__main__":
    main()
