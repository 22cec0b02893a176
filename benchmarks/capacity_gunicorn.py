"""gunicorn settings for the capacity benchmark: the app's own (``scorer.serving.gunicorn_config``
of the checkout being measured) plus server CPU per kind of request.

gunicorn calls the request hooks in the thread that serves the request (a sync worker's only
thread, or one of a gthread worker's), so that thread's CPU time (``time.thread_time``) across
one request is that request's CPU, whatever the other threads do meanwhile. Each worker adds it
up per kind (live pad, city page, save, ...) and writes its totals to
``$CAPACITY_CPU_DIR/<pid>.json`` from a thread of its own, at most every 0.2 s; the benchmark
reads the files before and after a run, waiting for the last write. Each worker's garbage
collections are timed too (``gc0``..``gc2``: every thread of the worker waits for one). A
sheet or report drawn in the worker's render child (``PDF_RENDER_PROCESS``, on as served)
costs its request thread only the template: WeasyPrint's CPU is the child's, counted in the
server's total from ``/proc``.
"""

import gc
import json
import os
import re
import threading
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
_lock = threading.Lock()
_dirty = threading.Event()
_flusher: list[threading.Thread] = []
#: seconds between two writes of a worker's totals; the benchmark waits longer than this
#: before it reads them
FLUSH_EVERY = 0.2
_folder = os.environ.get("CAPACITY_CPU_DIR")


def kind(method: str, path: str) -> str:
    for wanted, pattern, name in KINDS:
        if method == wanted and pattern.match(path):
            return name
    return "other"


def pre_request(worker, req):
    req.capacity_started = (time.thread_time(), time.perf_counter())


def post_request(worker, req, environ, resp):
    started = getattr(req, "capacity_started", None)
    if started is None or not _folder:
        return
    cpu, wall = time.thread_time() - started[0], time.perf_counter() - started[1]
    with _lock:
        entry = _totals.setdefault(kind(req.method, req.path), [0, 0.0, 0.0])
        entry[0] += 1
        entry[1] += cpu
        entry[2] += wall
        _dirty.set()
        if not _flusher:
            _flusher.append(threading.Thread(target=_flush, daemon=True, name="capacity-cpu"))
            _flusher[0].start()


def _collected(phase: str, info: dict) -> None:
    """Time each garbage collection of the worker (its threads all wait for it), per
    generation: [collections, seconds]. No lock: a collection may start while the thread
    holds ``_lock``; the interpreter lock keeps the two numbers whole enough."""
    if phase == "start":
        _gc_started[0] = time.perf_counter()
        return
    entry = _gc_totals[info["generation"]]
    entry[0] += 1
    entry[1] += time.perf_counter() - _gc_started[0]


_gc_started = [0.0]
_gc_totals = [[0, 0.0], [0, 0.0], [0, 0.0]]
if _folder:
    gc.callbacks.append(_collected)  # registered in the master: every forked worker has it


def _flush():
    """Write the worker's totals at most every :data:`FLUSH_EVERY` seconds, on a thread of its
    own: written after every request under the lock, they cost 6 % of the server's CPU (py-spy)
    and made the request threads queue behind the file."""
    path = os.path.join(_folder, f"{os.getpid()}.json")
    while True:
        _dirty.wait()
        time.sleep(FLUSH_EVERY)
        with _lock:
            _dirty.clear()
            data = json.dumps({**_totals, **{f"gc{generation}": [count, spent, spent]
                                             for generation, (count, spent) in enumerate(_gc_totals)}})
        with open(path + ".tmp", "w") as out:
            out.write(data)
        os.replace(path + ".tmp", path)


def on_starting(server):
    """Say which worker class the measured checkout ships (sync before issue 31's flood work,
    gthread after), for the benchmark to print."""
    if _folder:
        with open(os.path.join(_folder, "server.json"), "w") as out:
            json.dump({"worker_class": server.cfg.worker_class_str, "threads": server.cfg.threads,
                       "workers": server.cfg.workers}, out)
