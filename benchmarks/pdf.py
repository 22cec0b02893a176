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
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from scorer import create_app
from scorer.pdf.pad import render_blank_pad
from scorer.pdf.paper import PAPERS
from scorer.storage import create_game

#: a full table of seven cities late in Age III, names with Polish and Dutch letters
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
