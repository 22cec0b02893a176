"""Benchmark: does a flood of PDF or group-page requests slow every other table's live pad?

Serves the app with gunicorn (its shipped config: ``--workers`` gthread workers of ``THREADS``
threads, on SQLite; ``--threads`` overrides the shipped count) from
``--app-dir`` (this checkout by default; point it at another checkout to measure that version),
then measures the live pad of one game (``GET /games/<id>/live`` without a validator, so the
partial is drawn each time) from a probe looping every 50 ms: first alone, then while
``--clients`` clients loop on sheets of ever new games (``/games/<id>/sheet.pdf``, every one a
sheet never drawn before: no cache helps). Prints the probe's p50 and p99 in both phases and
what the sheet clients got (drawn sheets per second, 503 answers).

The shipped per-client limits are on, as a host runs it (every flood client has the same
address and no cookie, so they share one budget and are refused, held, once over it);
``--limits off`` measures the server alone.

``--target report`` floods the report of a group of ``--group-games`` games instead
(``/groups/<id>/report.pdf``, the same report again and again, as a table's phones would), and
``--target group`` its page (``/groups/<id>``); ``--target sheet`` (the default) is as above.

    .venv/bin/python benchmarks/pdf_load.py [--target sheet|report|group] [--clients 16]
        [--seconds 30] [--limits on|off] [--threads N] [--app-dir DIR]
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_games(app_dir: Path, database: str, count: int, grouped: int = 0) -> tuple[list[str], str]:
    """``count`` copies of the seven-player sample game, saved straight into the database, the
    last ``grouped`` of them in a group: (their ids, the group's id or "")."""
    code = (
        "import json,sys\n"
        "sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[4])\n"
        "from saved_game import SEVEN\n"
        "from scorer import create_app\n"
        "from scorer.games import service\n"
        "from scorer.groups import service as groups\n"
        "app = create_app({'TESTING': True, 'SECRET_KEY': 'b', 'DATABASE': sys.argv[2]})\n"
        "count, grouped = int(sys.argv[3]), int(sys.argv[5])\n"
        "with app.app_context():\n"
        "    ids = [service.create_game(SEVEN, f'Table {i}') for i in range(count - grouped)]\n"
        "    group = groups.create('Club', None) if grouped else None\n"
        "    ids += [groups.create_game(group, SEVEN) for i in range(grouped)]\n"
        "    print(json.dumps([ids, group.id if group else '']))\n"
    )
    import json

    out = subprocess.run([sys.executable, "-c", code, str(app_dir), database, str(count), str(HERE),
                          str(grouped)],
                         cwd=app_dir, check=True, capture_output=True, text=True)
    ids, group_id = json.loads(out.stdout.strip().splitlines()[-1])
    return ids, group_id


def server_settings(app_dir: Path, env: dict) -> str:
    """The worker class and threads the shipped gunicorn config gives under ``env``."""
    code = ("from scorer.serving import gunicorn_config as c\n"
            "print(getattr(c, 'worker_class', 'sync'), getattr(c, 'threads', 1))")
    out = subprocess.run([sys.executable, "-c", code], cwd=app_dir, env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    return f"{out[0]} workers of {out[1]} threads"


def get(port: int, path: str) -> tuple[int, float]:
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("GET", path, headers={"Accept-Language": "en"})
        response = connection.getresponse()
        response.read()
        status = response.status
    finally:
        connection.close()
    return status, (time.perf_counter() - start) * 1000


def probe(port: int, path: str, seconds: float) -> list[float]:
    times, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        status, ms = get(port, path)
        assert status == 200, status
        times.append(ms)
        time.sleep(0.05)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--app-dir", type=Path, default=HERE.parent)
    parser.add_argument("--target", choices=("sheet", "report", "group"), default="sheet")
    parser.add_argument("--group-games", type=int, default=300)
    parser.add_argument("--limits", choices=("on", "off"), default="on")
    parser.add_argument("--threads", type=int, default=None,
                        help="threads per worker (default: the shipped config's)")
    args = parser.parse_args()
    app_dir = args.app_dir.resolve()
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "load.sqlite")
        grouped = args.group_games if args.target != "sheet" else 0
        ids, group_id = make_games(app_dir, database, args.games + 1 + grouped, grouped)
        pad, sheets = ids[0], ids[1:len(ids) - grouped]
        flooded = {"report": f"/groups/{group_id}/report.pdf", "group": f"/groups/{group_id}"}
        port = free_port()
        env = {**os.environ, "SCORER_INSTANCE_PATH": folder, "SCORER_DATABASE": database,
               "SCORER_SECRET_KEY": "benchmark",
               "SCORER_RATELIMIT_ENABLED": "true" if args.limits == "on" else "false",
               "SCORER_REQUEST_LOG": "false", "WEB_CONCURRENCY": str(args.workers),
               "BIND": f"127.0.0.1:{port}"}
        if args.threads:
            env["THREADS"] = str(args.threads)
        shipped = server_settings(app_dir, env)
        gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
        server = subprocess.Popen([gunicorn, "-c", "python:scorer.serving.gunicorn_config",
                                   "scorer:create_app()"], cwd=app_dir, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    get(port, "/healthz")
                    break
                except OSError:
                    time.sleep(0.1)
            live = f"/games/{pad}/live"
            for _ in range(20):
                get(port, live)  # warm every worker
            get(port, f"/games/{sheets[-1]}/sheet.pdf")
            alone = probe(port, live, 10)

            stop = threading.Event()
            lock = threading.Lock()
            queue = iter(sheets[:-1])
            counts = {"drawn": 0, "busy": 0, "refused": 0, "other": 0}

            def flood():
                with lock:
                    game_id = next(queue, None)
                while game_id and not stop.is_set():
                    url = flooded.get(args.target, f"/games/{game_id}/sheet.pdf")
                    status, _ms = get(port, url)
                    with lock:
                        key = {200: "drawn", 503: "busy", 429: "refused"}.get(status, "other")
                        counts[key] += 1
                        if status == 200 and args.target == "sheet":  # a sheet never drawn yet
                            game_id = next(queue, None)

            clients = [threading.Thread(target=flood) for _ in range(args.clients)]
            started = time.monotonic()
            for client in clients:
                client.start()
            time.sleep(2)  # let the flood build up
            loaded = probe(port, live, args.seconds)
            stop.set()
            elapsed = time.monotonic() - started
            for client in clients:
                client.join()
        finally:
            server.terminate()
            server.wait()
    print(f"app: {app_dir}; gunicorn {args.workers} {shipped}; limits {args.limits}; "
          f"{os.cpu_count()} cores")
    print(f"live pad alone:            p50 {statistics.median(alone):7.1f} ms  p99 "
          f"{percentile(alone, 0.99):7.1f} ms  ({len(alone)} requests)")
    print(f"live pad under {args.clients} {args.target} clients: "
          f"p50 {statistics.median(loaded):7.1f} ms  p99 "
          f"{percentile(loaded, 0.99):7.1f} ms  ({len(loaded)} requests)")
    ratio = statistics.median(loaded) / statistics.median(alone)
    print(f"the flood moves the live pad's median {ratio:.1f}x (load average {os.getloadavg()[0]:.2f})")
    answered = sum(counts.values())
    print(f"{args.target} answers: {counts['drawn']} 200 ({counts['drawn'] / elapsed:.1f}/s), "
          f"{counts['busy']} 503 busy, {counts['refused']} 429 refused, {counts['other']} other, "
          f"in {elapsed:.0f} s ({answered / elapsed:.1f} answers/s in all)")


if __name__ == "__main__":
    main()
