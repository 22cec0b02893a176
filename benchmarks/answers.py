"""Benchmark: server CPU per answer of what a table and its group ask for most (issue 31).

Through the WSGI test client, warm, SQLite, one process, CPU time (``time.process_time``) per
request, medians:

- the live pad polled with its ETag while nothing changed (the 304 every phone sends every 2 s);
- the live pad after a save, for each of a table's 7 phones (each with its own seat);
- the pad page (``GET /games/<id>``) of an unchanged game, and right after a save (the saver's
  phone is sent there: it draws the new revision's pad);
- a player's city page (``GET /games/<id>/players/<player>``), and saving it (its form posted
  back as a phone sends it, answered with the redirect to the pad);
- the group page of a group of ``--games`` games (300), unchanged, after one save in it that
  changes no result (its figures are kept per results revision), and after a correction of a
  complete game (its results change: the statistics, ratings and charts are drawn again);
- the group report PDF, unchanged (cached), and drawn.

``--before COMMIT`` runs the same measurement on that commit too (``git worktree`` of it in a
temporary folder, in a child process) and prints both, with the ratios, in one run:

    .venv/bin/python benchmarks/answers.py --before be23cb5
"""

from __future__ import annotations

import argparse
import html.parser
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEASURES = ("live 304", "live after a save (per phone)", "pad page", "pad page after a save",
            "city page",
            "city save (POST)", "group page",
            "group page after a save", "group page after a result", "report (unchanged)",
            "report (drawn)")


class FormFields(html.parser.HTMLParser):
    """The fields a browser sends with a page's first POST form, as it shows them (checked
    boxes, selected options, hidden values; the button is added by the caller)."""

    def __init__(self):
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.inside = self.done = False
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "form" and found.get("method") == "post" and not self.done:
            self.inside = True
        if not self.inside or "disabled" in found:
            return
        if tag == "input" and found.get("name") and found.get("type") not in ("submit", "button"):
            if found.get("type") not in ("checkbox", "radio") or "checked" in found:
                self.fields.append((found["name"], found.get("value") or ""))
        elif tag == "select":
            self.select = found.get("name")
        elif tag == "option" and self.select and "selected" in found:
            self.fields.append((self.select, found.get("value") or ""))

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "form" and self.inside:
            self.inside, self.done = False, True


def form_of(page: str) -> list[tuple[str, str]]:
    parser = FormFields()
    parser.feed(page)
    return parser.fields


def cpu_ms(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        call()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def measure(root: Path, games: int, runs: int) -> dict[str, float]:
    sys.path.insert(0, str(root))
    from werkzeug.datastructures import MultiDict

    from scorer import create_app, storage
    from scorer.games import service as games_service
    from scorer.groups import service as groups_service
    from tests import helpers

    seven = json.loads((ROOT / "benchmarks" / "seven_players.json").read_text("utf-8"))
    found: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                          "DATABASE": str(Path(folder) / "bench.sqlite")})
        rng = random.Random(31)
        with app.app_context():
            game_id = storage.create_game(seven, "Table")
            group = groups_service.create("Club", None)
            for index in range(games):
                document = helpers.deal(rng, 7, "first" if index % 2 else "second")
                for city in document["players"]:
                    city["entered"] = True
                groups_service.create_game(group, document)
            group_game = groups_service.games_of(group, 1)[0][0].id

        def get(client, url, **headers):
            with client.get(url, headers=headers) as answer:
                assert answer.status_code in (200, 304), (url, answer.status_code)
                return answer

        def touch(public_id: str) -> None:
            with app.app_context():
                storage.modify_game(public_id, lambda document: document)

        phones = [app.test_client() for _ in range(7)]  # a table's phones, each its own browser
        live = f"/games/{game_id}/live"
        first = phones[0]
        etag = get(first, live).headers["ETag"]
        found["live 304"] = cpu_ms(lambda: get(first, live, **{"If-None-Match": etag}), runs)

        def table_after_a_save():
            touch(game_id)
            start = time.process_time()
            for phone in phones:
                get(phone, live)
            return (time.process_time() - start) * 1000 / len(phones)

        table_after_a_save()
        found["live after a save (per phone)"] = statistics.median(
            table_after_a_save() for _ in range(max(5, runs // 10)))
        get(first, f"/games/{game_id}")
        found["pad page"] = cpu_ms(lambda: get(first, f"/games/{game_id}"), runs)

        def pad_after_a_save():
            touch(game_id)
            start = time.process_time()
            get(first, f"/games/{game_id}")
            return (time.process_time() - start) * 1000

        found["pad page after a save"] = statistics.median(pad_after_a_save()
                                                          for _ in range(max(10, runs // 2)))
        with app.app_context():
            player_id = games_service.load(game_id).document["players"][1]["id"]
        city = f"/games/{game_id}/players/{player_id}"
        get(first, city)
        found["city page"] = cpu_ms(lambda: get(first, city), runs)
        def save() -> float:
            """One save's CPU ms; then the pad it leads to, as the phone asks for it (which
            shows and drops the save's flash message), not counted."""
            start = time.process_time()
            with first.post(city, data=MultiDict(fields)) as answer:
                spent = (time.process_time() - start) * 1000
                assert answer.status_code in (302, 303), (answer.status_code, fields)
                get(first, answer.headers["Location"])
            return spent

        for _ in range(2):  # the first save writes the city as the form writes it: a new version
            fields = form_of(get(first, city).get_data(as_text=True)) + [("action", "pad")]
            save()
        found["city save (POST)"] = statistics.median(save() for _ in range(max(10, runs // 5)))
        page = f"/groups/{group.id}"
        get(first, page)
        found["group page"] = cpu_ms(lambda: get(first, page), runs)

        def page_after_a_save():
            touch(group_game)
            start = time.process_time()
            get(first, page)
            return (time.process_time() - start) * 1000

        found["group page after a save"] = statistics.median(page_after_a_save() for _ in range(5))
        corrections = iter(range(1_000_000))

        def page_after_a_result():
            def correct(document):
                """The first city's coins, 3 more each time (up to 27, then from 0): a point
                of its total each time, so the results change with every correction (ranks,
                ratings, the treasury's means, the charts); coins one by one (3 to a point)
                left most corrections without a change of any total."""
                document["players"][0]["coins"] = 3 * (next(corrections) % 10)
                return document

            with app.app_context():
                storage.modify_game(group_game, correct)
            start = time.process_time()
            get(first, page)
            return (time.process_time() - start) * 1000

        found["group page after a result"] = statistics.median(page_after_a_result() for _ in range(5))
        report = f"/groups/{group.id}/report.pdf?paper=a4"
        get(first, report)
        found["report (unchanged)"] = cpu_ms(lambda: get(first, report), 5)

        def drawn_report():
            touch(group_game)
            start = time.process_time()
            get(first, report)
            return (time.process_time() - start) * 1000

        found["report (drawn)"] = statistics.median(drawn_report() for _ in range(3))
        for engine in app.extensions.get("scorer.storage", {}).values():
            engine.dispose()
    return found


def measure_commit(commit: str, games: int, runs: int) -> dict[str, float]:
    from trees import worktree  # beside this script (tests import this module for its forms)

    with worktree(commit) as tree:
        output = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "answers.py"), "--games", str(games),
             "--runs", str(runs), "--json", "--root", str(tree)],
            check=True, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ""})
        return json.loads(output.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--before", help="a commit to measure too, in the same run")
    parser.add_argument("--root", default=str(ROOT), help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    now = measure(Path(arguments.root), arguments.games, arguments.runs)
    if arguments.json:
        print(json.dumps(now))
        return
    before = measure_commit(arguments.before, arguments.games, arguments.runs) if arguments.before else None
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip()
    print(f"CPU per answer, median ms (group of {arguments.games} games, {arguments.runs} runs; "
          f"load average {os.getloadavg()[0]:.2f})")
    columns = f"{'now (' + head + ')':>14}" + (f"{'before (' + arguments.before + ')':>18}{'ratio':>8}"
                                               if before else "")
    print(f"{'answer':32}{columns}")
    for name in MEASURES:
        line = f"{name:32}{now[name]:14.2f}"
        if before and name not in before:
            line += f"{'-':>18}"
        elif before:
            ratio = before[name] / now[name] if now[name] else float("inf")
            line += f"{before[name]:18.2f}{ratio:7.1f}x"
        print(line)


if __name__ == "__main__":
    main()
