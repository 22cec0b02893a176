"""gunicorn settings for the capacity benchmark: the app's own (``scorer.serving.gunicorn_config``
of the checkout being measured) plus server CPU per kind of request.

A sync worker serves one request at a time, so the worker's CPU time (``time.process_time``)
across one request is that request's CPU. Each worker adds it up per kind (live pad, city page,
save, ...) and writes its totals to ``$CAPACITY_CPU_DIR/<pid>.json`` after every request; the
benchmark reads the files before and after a run. Writing a few hundred bytes to the page cache
costs some tens of microseconds, against milliseconds for the cheapest request.
"""

import json
import os
import re
import time

from scorer.serving.gunicorn_config import *  # noqa: F403 - the settings being measured

KINDS = (
    ("GET", re.compile(r"^/games/[^/]+/live$"), "live"),
    ("GET", re.compile(r"^/games/[^/]+/players/[^/]+$"), "city"),
    ("POST", re.compile(r"^/games/[^/]+/players/[^/]+$"), "save"),
    ("GET", re.compile(r"^/games/[^/]+$"), "pad"),
    ("GET", re.compile(r"^/groups/[^/]+$"), "group"),
    ("GET", re.compile(r"^/games/[^/]+/sheet\.pdf$"), "sheet"),
)
_totals: dict[str, list[float]] = {}
_folder = os.environ.get("CAPACITY_CPU_DIR")


def kind(method: str, path: str) -> str:
    for wanted, pattern, name in KINDS:
        if method == wanted and pattern.match(path):
            return name
    return "other"


def pre_request(worker, req):
    worker.capacity_started = (time.process_time(), time.perf_counter())


def post_request(worker, req, environ, resp):
    started = getattr(worker, "capacity_started", None)
    if started is None or not _folder:
        return
    cpu, wall = time.process_time() - started[0], time.perf_counter() - started[1]
    entry = _totals.setdefault(kind(req.method, req.path), [0, 0.0, 0.0])
    entry[0] += 1
    entry[1] += cpu
    entry[2] += wall
    path = os.path.join(_folder, f"{os.getpid()}.json")
    with open(path + ".tmp", "w") as out:
        json.dump(_totals, out)
    os.replace(path + ".tmp", path)
