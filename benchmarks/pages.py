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
import time

from saved_game import seven_player_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--lang", default="en", choices=("en", "nl", "pl"))
    args = parser.parse_args()

    with seven_player_game(args.lang) as (_, game_id, get):
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
