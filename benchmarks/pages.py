"""Benchmark: server time of the score pad of a saved 7-player game, and the weight of each page.

Prints the median time of ``GET /games/<id>`` through the WSGI test client (load from SQLite,
validate, score, render every explanation, render the template; target under 20 ms), then the
bytes of every page, raw and gzipped, and what the first page costs with its CSS and script
(target under 100 KB transferred).

    .venv/bin/python benchmarks/pages.py [--runs 200] [--lang pl]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import tempfile
import time
from pathlib import Path

from scorer import create_app
from scorer.storage import create_game

SEVEN = {"edition": "first", "players": [
    {"name": "Zofia Ściślak", "wonder": "olympia", "side": "B", "stages": 3, "coins": 7,
     "tokens": {"victory_1": 1, "victory_3": 1, "victory_5": 1, "defeat": 1},
     "cards": ["lumber-yard", "clay-pool", "loom", "altar", "temple", "statue", "lodge", "workshop",
               "scriptorium", "caravansery", "stables", "senate", "haven", "university"]},
    {"name": "Ĳsbrand Noël", "wonder": "babylon", "side": "A", "stages": 2, "coins": 3,
     "tokens": {"victory_1": 1, "defeat": 2},
     "cards": ["stone-pit", "glassworks", "apothecary", "dispensary", "library", "laboratory",
               "school", "academy", "study", "observatory", "scientists-guild", "baths"]},
    {"name": "Bartłomiej Kęś", "wonder": "gizah", "side": "A", "stages": 3, "coins": 12,
     "tokens": {"victory_1": 2, "victory_3": 2, "victory_5": 2},
     "cards": ["ore-vein", "mine", "quarry", "foundry", "barracks", "walls", "training-ground",
               "fortifications", "circus", "pantheon", "palace", "traders-guild", "arsenal"]},
    {"name": "Ada Lovelace", "wonder": "rhodes", "side": "A", "stages": 1, "coins": 5,
     "tokens": {"victory_3": 1, "defeat": 2},
     "cards": ["excavation", "press", "stockade", "archery-range", "siege-workshop",
               "chamber-of-commerce", "town-hall", "courthouse", "marketplace", "forum",
               "workers-guild"]},
    {"name": "Björn Ødegård", "wonder": "alexandria", "side": "B", "stages": 2, "coins": 9,
     "tokens": {"victory_1": 1, "victory_3": 1, "defeat": 1},
     "cards": ["tree-farm", "sawmill", "glassworks", "marketplace", "forum", "haven", "lighthouse",
               "arena", "aqueduct", "gardens", "guard-tower", "craftsmens-guild"]},
    {"name": "Chloë Brontë", "wonder": "ephesos", "side": "A", "stages": 3, "coins": 4,
     "tokens": {"victory_1": 2, "victory_5": 1},
     "cards": ["timber-yard", "brickyard", "loom", "baths", "altar", "theater", "courthouse",
               "gardens", "town-hall", "palace", "magistrates-guild", "shipowners-guild"]},
    {"name": "Daan van der Ĳssel", "wonder": "halikarnassos", "side": "B", "stages": 3,
     "coins": 1, "tokens": {"victory_3": 1, "victory_5": 1, "defeat": 2},
     "cards": ["clay-pit", "press", "tavern", "vineyard", "bazar", "arena", "lighthouse",
               "library", "university", "spies-guild", "philosophers-guild", "strategists-guild"]},
]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--lang", default="en", choices=("en", "nl", "pl"))
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                          "DATABASE": str(Path(folder) / "bench.sqlite")})
        with app.app_context():
            game_id = create_game(SEVEN, "Zażółć gęślą jaźń")
        client = app.test_client()
        client.set_cookie("lang", args.lang)

        def get(url: str) -> bytes:
            with client.get(url) as response:
                assert response.status_code == 200, (url, response.status_code)
                return response.data

        pad_url = f"/games/{game_id}"
        get(pad_url)  # warm-up: templates compiled, catalog loaded
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            get(pad_url)
            times.append((time.perf_counter() - start) * 1000)

        pages = {"/ (home)": "/", "/games/new": "/games/new", "/games (history)": "/games",
                 "/quick": "/quick", "/games/<id> (score pad)": pad_url,
                 "/games/<id>/players/0 (city)": f"{pad_url}/players/0",
                 "/games/<id>/build": f"{pad_url}/build", "/games/<id>/setup": f"{pad_url}/setup",
                 "/static/app.css": "/static/app.css", "/static/app.js": "/static/app.js"}
        sizes = {name: get(url) for name, url in pages.items()}

    ordered = sorted(times)
    print(f"runs={args.runs} lang={args.lang}")
    print(f"score pad of a saved 7-player game, GET /games/<id>: median {statistics.median(times):.2f} ms, "
          f"p90 {ordered[int(len(ordered) * 0.9)]:.2f} ms, max {ordered[-1]:.2f} ms (target < 20 ms)")
    print(f"{'page':34} {'bytes':>8} {'gzip':>8}")
    for name, body in sizes.items():
        print(f"{name:34} {len(body):8d} {len(gzip.compress(body)):8d}")
    first = sum(len(sizes[name]) for name in ("/ (home)", "/static/app.css", "/static/app.js"))
    first_gz = sum(len(gzip.compress(sizes[name])) for name in ("/ (home)", "/static/app.css",
                                                                "/static/app.js"))
    print(f"first page with its CSS and script: {first} bytes ({first_gz} gzipped); target < 100 KB")


if __name__ == "__main__":
    main()
