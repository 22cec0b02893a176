"""Benchmark: how long the printable PDFs take once the process is warm.

Prints the median of several renders of (1) a blank 7-player score pad rendered afresh (what
the first request for a pad variant costs), (2) the same pad served by ``/pad.pdf`` (cached
after the first request), and (3) the filled score sheet of a saved 7-player game served by
``/games/<id>/sheet.pdf`` (load, validate, score, render: never cached). Target: under 400 ms.

    .venv/bin/python benchmarks/pdf.py [--runs 15] [--lang pl]
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

from pypdf import PdfReader
from saved_game import seven_player_game

from scorer.pdf.pad import render_blank_pad
from scorer.pdf.paper import PAPERS


def median_ms(action, runs: int) -> tuple[float, object]:
    result = action()  # warm-up: imports, fonts, templates, caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--lang", default="pl", choices=("en", "nl", "pl"))
    args = parser.parse_args()

    with seven_player_game(args.lang) as (app, game_id, get):
        with app.app_context():
            fresh, pad = median_ms(lambda: render_blank_pad(7, args.lang, PAPERS["a4"]), args.runs)
        cached, _ = median_ms(lambda: get("/pad.pdf?players=7&paper=a4"), args.runs)
        filled, sheet = median_ms(lambda: get(f"/games/{game_id}/sheet.pdf?paper=a4"), args.runs)

    print(f"runs={args.runs} lang={args.lang} (median of warm runs)")
    print(f"blank 7-player pad, rendered afresh:  {fresh:7.1f} ms  ({len(pad)} bytes)")
    print(f"blank 7-player pad, GET /pad.pdf:     {cached:7.1f} ms  (cached)")
    print(f"filled 7-player sheet, GET sheet.pdf: {filled:7.1f} ms  ({len(sheet)} bytes, "
          f"{len(PdfReader(io.BytesIO(sheet)).pages)} pages)")
    print("target: under 400 ms each")


if __name__ == "__main__":
    main()
