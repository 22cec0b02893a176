"""Benchmark: how many games one client creates in a minute on a served instance, with the
default limits and with them off (what the limit took away).

Serves the app with gunicorn (its shipped config, ``--workers`` sync workers, SQLite) and
posts the seven-player sample to ``POST /api/v1/games`` from one client as fast as it
answers, for ``--seconds``; prints the 201s and 429s per minute. With the default
``memory://`` counts each worker counts alone, so a client gets up to workers x the limit.

    .venv/bin/python benchmarks/creations.py [--seconds 60] [--workers 4] [--off]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pdf_load import free_port

HERE = Path(__file__).resolve().parent
SEVEN = (HERE / "seven_players.json").read_bytes()


def post(port: int) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("POST", "/api/v1/games", body=SEVEN,
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--off", action="store_true", help="with the limits off")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        env = {**os.environ, "SCORER_INSTANCE_PATH": folder, "SCORER_SECRET_KEY": "benchmark",
               "SCORER_REQUEST_LOG": "false", "WEB_CONCURRENCY": str(args.workers),
               "BIND": f"127.0.0.1:{port}",
               "SCORER_RATELIMIT_ENABLED": json.dumps(not args.off)}
        gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
        server = subprocess.Popen([gunicorn, "-c", "python:scorer.serving.gunicorn_config",
                                   "scorer:create_app()"], cwd=HERE.parent, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                    connection.request("GET", "/healthz")
                    connection.getresponse().read()
                    break
                except OSError:
                    time.sleep(0.1)
            counts: dict[int, int] = {}
            end = time.monotonic() + args.seconds
            while time.monotonic() < end:
                status = post(port)
                counts[status] = counts.get(status, 0) + 1
        finally:
            server.terminate()
            server.wait()
    minutes = args.seconds / 60
    print(f"limits {'off' if args.off else 'on (defaults)'}; gunicorn {args.workers} sync workers; "
          f"{args.seconds:.0f} s")
    for status, number in sorted(counts.items()):
        print(f"  {status}: {number} ({number / minutes:.0f} a minute)")


if __name__ == "__main__":
    main()
