"""Whose turn it is to draw a PDF when every render slot is taken: first asked, first drawn.

A request that found every slot taken used to answer 503 at once, and its browser asked again
after ``Refresh`` (2 s); which of the waiting asks happened to come in when a slot freed was
chance. At a club's evening of 100 tables (``benchmarks/capacity.py``, issue 31) the sheets'
p99 was 20 to 26 s and in some runs 8 to 14 of 100 sheets lost the draw for 30 s while sheets
asked after them were drawn; and a slot that freed stayed empty until the next ask came.

Here a request that cannot draw at once takes a place in the instance's print queue: a file in
``render-queue/`` named by the moment it was first asked (:func:`new_turn`), which its busy
answer carries in the ``Refresh`` URL (``?turn=``) so that asking again keeps the place. A slot
goes to the first ``PDF_RENDER_SLOTS`` places; the first ``PDF_RENDER_WAITERS`` places (four
per slot by default) wait for it in the server for up to ``PDF_RENDER_WAIT`` seconds (5),
looking every 20 ms, so a freed slot is taken at once; a gthread worker gives each a thread of
its own and its other threads go on serving pages. The places behind them answer 503 at once
with their place. A place nobody asked about for ``STALE`` seconds (its tab was closed) is
removed by the next waiter that finds it at the front. The queue holds at most
``PDF_RENDER_QUEUE`` places (200): a client that floods the sheets without ever asking again
with its place fills it at most that far, and the asks beyond it are answered busy without a
place, by chance as before.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from contextlib import contextmanager, suppress

from flask import current_app

from .private_files import private_folder
from .render_slots import POLL, Busy, holding, slot_count, take_slot, work_folder

FOLDER = "render-queue"
#: seconds after its last ask that a place counts as abandoned (twice a busy answer's Refresh,
#: with room for a slow answer)
STALE = 8.0
#: seconds between a waiting request's marks that it is still there
MARK_EVERY = 1.0
#: how a place is written: the nanosecond it was first asked, then a random part
TURN = re.compile(r"\A\d{20}-[0-9a-f]{12}\Z")
WAIT = 5.0
#: places the queue holds at most (``PDF_RENDER_QUEUE``); an ask beyond them gets a busy answer
#: without a place, as before the queue
PLACES = 200


class UnknownTurn(ValueError):
    """A ``turn`` that is not written as the server writes places."""


def _folder() -> str:
    folder = os.path.join(work_folder(), FOLDER)
    private_folder(folder)
    return folder


def new_turn(folder: str) -> str:
    turn = f"{time.time_ns():020d}-{secrets.token_hex(6)}"
    with open(os.path.join(folder, turn), "x", encoding="ascii"):
        pass
    return turn


def _mark(folder: str, turn: str) -> bool:
    """Say that ``turn`` is still asked about; False when it is no longer in the queue."""
    try:
        os.utime(os.path.join(folder, turn))
    except FileNotFoundError:
        return False
    return True


def _leave(folder: str, turn: str) -> None:
    with suppress(FileNotFoundError):
        os.remove(os.path.join(folder, turn))


def ahead_of(folder: str, turn: str, slots: int) -> int:
    """How many places are before ``turn``; the abandoned ones among the first ``slots + 1``
    (the front, where one would hold everyone up) are removed on the way."""
    now = time.time()
    before = sorted(name for name in os.listdir(folder) if name < turn)
    gone = 0
    for name in before[:slots + 1]:
        try:
            if now - os.stat(os.path.join(folder, name)).st_mtime > STALE:
                _leave(folder, name)
                gone += 1
        except FileNotFoundError:
            gone += 1
    return len(before) - gone


def places() -> int:
    configured = current_app.config.get("PDF_RENDER_QUEUE")
    return int(configured) if configured else PLACES


def waiters() -> int:
    configured = current_app.config.get("PDF_RENDER_WAITERS")
    return int(configured) if configured else 4 * slot_count()


@contextmanager
def render_turn(asked: str | None = None):
    """Hold a render slot for the ``with`` block, taken in the queue's order: ``asked`` is the
    place a busy answer gave (None: a first ask). :class:`~.render_slots.Busy` with the place
    when it is not this request's turn within the wait; :class:`UnknownTurn` for a place the
    server cannot have written."""
    if asked is not None and not TURN.match(asked):
        raise UnknownTurn(asked)
    folder = _folder()
    if asked is None and not os.listdir(folder):  # nobody queued: a free slot is this one's
        fd = take_slot()
        if fd is not None:
            with holding(fd):
                yield
            return
    slots, front = slot_count(), waiters()
    if asked is not None and _mark(folder, asked):
        turn = asked
    else:
        queued = len(os.listdir(folder))
        if queued >= places():  # a flood's asks (that never ask again) must not grow it for ever
            raise Busy(None, queued)
        turn = new_turn(folder)
    wait = current_app.config.get("PDF_RENDER_WAIT")
    deadline = time.monotonic() + (WAIT if wait is None else float(wait))
    marked = time.monotonic()
    while True:
        ahead = ahead_of(folder, turn, slots)
        fd = take_slot() if ahead < slots else None
        if fd is not None:
            _leave(folder, turn)
            with holding(fd):
                yield
            return
        now = time.monotonic()
        if ahead >= front or now >= deadline:
            raise Busy(turn, ahead)
        if now - marked >= MARK_EVERY:
            marked = now
            if not _mark(folder, turn):  # taken for abandoned by a slow answer: back in line
                turn = new_turn(folder)
        time.sleep(POLL)
