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
import json
import statistics
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from scorer import create_app
from scorer.pdf.pad import render_blank_pad
from scorer.pdf.paper import PAPERS
from scorer.storage import create_game

#: a full table of seven cities late in Age III, names with Polish and Dutch letters
SEVEN = json.loads((Path(__file__).parent / "seven_players.json").read_text("utf-8"))


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

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                          "DATABASE": str(Path(folder) / "bench.sqlite")})
        with app.app_context():
            game_id = create_game(SEVEN, "Zażółć gęślą jaźń")
            fresh, pad = median_ms(lambda: render_blank_pad(7, args.lang, PAPERS["a4"]), args.runs)
        client = app.test_client()
        client.set_cookie("lang", args.lang)

        def get(url: str) -> bytes:
            response = client.get(url)
            assert response.status_code == 200, response.status_code
            return response.data

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
