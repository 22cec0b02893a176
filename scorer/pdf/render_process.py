"""PDFs drawn in a child process of lower priority: printing gets only the CPU the pages leave.

A score sheet costs WeasyPrint 190-400 ms of CPU. Drawn on a thread of a gthread worker, it
holds that worker's interpreter lock in turns with the worker's other threads (live pads, city
pages, saves: 1-14 ms each), and it competes for the cores at the same priority as every
request, so the tables' own requests got their slow tails from the sheets. Here each serving
process has one child of its own (started with the worker, :func:`~.document.start_child`, or
by the first PDF), that lowers its priority once (:class:`Priority`: ``os.nice(PDF_RENDER_NICE)``,
10 by default, and Linux's ``SCHED_IDLE`` policy unless ``PDF_RENDER_IDLE`` is off) and prepares
its :class:`~.render.Renderer` once (fonts, stylesheet); the request's thread renders the
template as before, sends the HTML and waits for the bytes without holding its interpreter lock.
The kernel then gives the sheet the CPU the pages leave, and the web workers' threads only wait
for it.

Under ``SCHED_IDLE`` a child runs only on a core no request wants. At nice 10 alone it still
weighs a tenth of a worker thread, so the drawing children took about a fifth of a core from
the pages whenever every core was wanted, which is when a club's tables all print at once. The
idle policy was a host's choice at first, because a sheet drawn only on idle cores waited
longer, and while the busy requests drew lots for a freed slot 8 and 14 of 100 sheets lost for
30 s; since they queue in order (:mod:`scorer.safety.render_queue`) every sheet arrived under
it, and it is the default (``benchmarks/capacity.py --seconds 180``, 100 tables, issue 31: on
SQLite the pages' p99 36 / 51 / 43 ms for city / save / pad and the sheets' p50 1.8 s, p99 4.2 s;
on PostgreSQL the saves' p99 146 and 181 ms under it against 402 ms at nice 10 alone, the sheets
arriving in both). ``PDF_RENDER_IDLE=false`` keeps the niceness alone: where every core is
always wanted, a sheet then still gets a little.

The child is started with ``spawn`` (a fresh interpreter): forking a worker that runs threads
would copy locks some other thread held. It keeps the static-only URL fetcher of the renderer
(:class:`~.render.StaticOnlyFetcher`). A child that died (killed, out of memory) is replaced and
the PDF asked for once more; an error inside WeasyPrint comes back to the request as the same
exception, raised where it was before. The child goes with its process: shut down at exit, and
it leaves by itself when its parent dies without a word (a worker killed by gunicorn's timeout).
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import NamedTuple

#: how much nicer than its parent the child runs (0 to 19; 19 is the lowest priority)
DEFAULT_NICE = 10


class Priority(NamedTuple):
    """How far the child stands back from the pages: its niceness, and whether it also asks for
    ``SCHED_IDLE`` (where the system has no such policy or refuses it, the niceness stays)."""

    nice: int = DEFAULT_NICE
    idle: bool = True

    @property
    def yields(self) -> bool:
        """Whether the child takes only what the pages leave."""
        return self.nice > 0 or self.idle


DEFAULT = Priority()
#: seconds between the child's checks that its parent still lives
PARENT_CHECK = 1.0

_pools: dict[tuple, ProcessPoolExecutor] = {}
_lock = threading.Lock()
_renderer = None  # the child's own, made by _start


def _start(static_folder: str, priority: Priority, parent: int) -> None:
    """The child's start: lower its priority, prepare the renderer, watch the parent."""
    global _renderer
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C on the server: the parent ends it
    if priority.nice:
        os.nice(priority.nice)
    if priority.idle:
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except (AttributeError, OSError) as refused:  # not Linux, or a sandbox that forbids it
            logging.getLogger(__name__).warning(
                "PDF_RENDER_IDLE is on (the default) but this system refused SCHED_IDLE (%s): "
                "the PDF child runs at its niceness alone", refused)
    from .render import Renderer

    _renderer = Renderer(static_folder)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    """Leave when the parent is gone (the child is then adopted by another process)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def _draw(html: str) -> bytes:
    return _renderer.pdf(html)


def pool(static_folder: str, priority: Priority = DEFAULT) -> ProcessPoolExecutor:
    """This process's child for ``static_folder``'s PDFs, started on first use (its process
    starts with the first task). Keyed by process id too: a process forked from one that had
    a child must not use the parent's."""
    key = (os.getpid(), static_folder, priority)
    with _lock:
        found = _pools.get(key)
        if found is None:
            found = _pools[key] = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start, initargs=(static_folder, priority, os.getpid()))
        return found


def _discard(static_folder: str, priority: Priority, broken: ProcessPoolExecutor) -> None:
    """Forget a broken child (unless another thread already replaced it)."""
    with _lock:
        key = (os.getpid(), static_folder, priority)
        if _pools.get(key) is broken:
            del _pools[key]
    broken.shutdown(wait=False, cancel_futures=True)


def draw(static_folder: str, html: str, priority: Priority = DEFAULT) -> bytes:
    """The PDF of ``html``, drawn in the child; a dead child is replaced and asked once more."""
    for attempt in range(2):
        child = pool(static_folder, priority)
        try:
            return child.submit(_draw, html).result()
        except BrokenProcessPool:
            _discard(static_folder, priority, child)
            if attempt:
                raise
    raise AssertionError("unreachable")


@atexit.register
def shutdown() -> None:
    """End this process's children (a worker's exit, a test run's end)."""
    with _lock:
        mine = [key for key in _pools if key[0] == os.getpid()]
        children = [_pools.pop(key) for key in mine]
    for child in children:
        child.shutdown(wait=True, cancel_futures=True)
