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
import json
import statistics
import tempfile
import time
from pathlib import Path

from scorer import create_app
from scorer.storage import create_game

#: a full table of seven cities late in Age III, names with Polish and Dutch letters
SEVEN = json.loads((Path(__file__).parent / "seven_players.json").read_text("utf-8"))


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
