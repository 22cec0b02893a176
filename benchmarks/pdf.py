"""Benchmark: how long the printable PDFs take once the process is warm.

Prints the median of several renders of (1) a blank 7-player score pad rendered afresh (what
the first request for a pad variant costs), (2) the same pad served by ``/pad.pdf`` (cached
after the first request), and (3) the filled score sheet of a saved 7-player game served by
``/games/<id>/sheet.pdf`` (load, validate, score, render: never cached). Target: under 400 ms.

    .venv/bin/python benchmarks/pdf.py [--runs 15] [--lang pl]

``--cpu`` measures CPU instead, as the servers draw: a sheet's template in the process, its
drawing in the render child (:mod:`scorer.pdf.render_process`, read from ``/proc``), and a
group's report drawn from the HTML kept for the look tests (``tests/data``). ``--before COMMIT``
adds that commit's figures, measured in the same run by turns (a drawing process per commit,
one sheet each in turn: a loaded machine slows both alike); ``--in-process`` draws in the
web process instead, as the tests and the command line do (a larger heap for the collector)::

    .venv/bin/python benchmarks/pdf.py --cpu --runs 15 --before 25278bc
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import statistics
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

from trees import worktree

ROOT = Path(__file__).resolve().parent.parent
REPORT_HTML = ROOT / "tests" / "data" / "pdf_look_report.html.gz"


def median_ms(action, runs: int) -> tuple[float, object]:
    result = action()  # warm-up: imports, fonts, templates, caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def wall(args) -> None:
    from pypdf import PdfReader
    from saved_game import seven_player_game

    from scorer.pdf.pad import render_blank_pad
    from scorer.pdf.paper import PAPERS

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


# --- CPU as served: the drawing process of one commit ------------------------------------------

def _child_cpu_ms() -> float:
    """CPU (user + system) of this process's render children so far, from ``/proc``."""
    from scorer.pdf import render_process

    total = 0.0
    for pool in render_process._pools.values():
        for pid in list(pool._processes or ()):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
    return total


def drawer(lang: str) -> None:
    """Draw what stdin asks for (``sheet`` or ``report``), answering a JSON line each:
    this process's CPU and its render child's, in ms, and the PDF's size."""
    from pypdf import PdfReader
    from saved_game import seven_player_game

    from scorer.pdf.document import pdf_of
    from scorer.pdf.paper import PAPERS
    from scorer.pdf.sheet import game_sheet_pdf
    from scorer.storage import load_game

    report = gzip.decompress(Path(sys.argv[sys.argv.index("--report") + 1]).read_bytes()).decode()
    with seven_player_game(lang) as (app, game_id, _get):
        app.config.update(PDF_RENDER_PROCESS="--in-process" not in sys.argv, PDF_RENDER_NICE=0)
        with app.test_request_context():
            saved = load_game(game_id)
            for line in sys.stdin:
                start, child = time.process_time(), _child_cpu_ms()
                if line.strip() == "sheet":
                    pdf = game_sheet_pdf(saved, lang, PAPERS["a4"])
                else:
                    pdf = pdf_of(report)
                answer = {"parent": (time.process_time() - start) * 1000,
                          "child": _child_cpu_ms() - child, "bytes": len(pdf),
                          "pages": len(PdfReader(io.BytesIO(pdf)).pages)}
                print(json.dumps(answer), flush=True)


def start_drawer(tree: Path, lang: str, in_process: bool) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "pdf.py"), "--drawer", "--lang", lang,
         "--report", str(REPORT_HTML), *(["--in-process"] if in_process else [])],
        cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": f"{tree}:{tree / 'benchmarks'}"})


def ask(process: subprocess.Popen, what: str) -> dict:
    process.stdin.write(what + "\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())


def cpu(args) -> None:
    trees = {"now": ROOT}
    with ExitStack() as checkouts:
        if args.before:
            trees[f"before ({args.before})"] = checkouts.enter_context(worktree(args.before))
        drawers = {name: start_drawer(tree, args.lang, args.in_process) for name, tree in trees.items()}
        found = {(name, what): [] for name in trees for what in ("sheet", "report")}
        for run in range(args.runs + 2):  # two warm-up turns: the child, fonts, caches
            for what in ("sheet", "report"):
                for name, process in drawers.items():
                    answer = ask(process, what)
                    if run >= 2:
                        found[name, what].append(answer)
        for process in drawers.values():
            process.stdin.close()
            process.wait()
    print(f"CPU per PDF, ms, median of {args.runs} taken by turns (lang={args.lang}; load "
          f"average {' '.join(f'{load:.2f}' for load in os.getloadavg())}): the template in the "
          f"process, the drawing in its render child (/proc, {1000 / os.sysconf('SC_CLK_TCK'):.0f}"
          f" ms ticks: its mean too)")
    print(f"{'':7} {'':22} {'total':>7} {'template':>9} {'child':>7} {'(mean)':>7}")
    for (name, what), answers in found.items():
        total = statistics.median(a["parent"] + a["child"] for a in answers)
        parent = statistics.median(a["parent"] for a in answers)
        child = statistics.median(a["child"] for a in answers)
        mean = statistics.mean(a["child"] for a in answers)
        print(f"{what:7} {name:22} {total:7.0f} {parent:9.0f} {child:7.0f} {mean:7.0f}  "
              f"{answers[-1]['bytes']} bytes, {answers[-1]['pages']} pages")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--lang", default="pl", choices=("en", "nl", "pl"))
    parser.add_argument("--cpu", action="store_true", help="CPU as served, sheet and report")
    parser.add_argument("--before", help="with --cpu: a commit to measure too, by turns")
    parser.add_argument("--in-process", action="store_true",
                        help="with --cpu: draw in the web process (as the tests and the command "
                             "line do), not in a render child")
    parser.add_argument("--drawer", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--report", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.drawer:
        drawer(args.lang)
    elif args.cpu or args.before:
        cpu(args)
    else:
        wall(args)


if __name__ == "__main__":
    main()
