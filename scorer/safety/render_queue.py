"""Whose turn it is to draw a PDF when every render slot is taken: first asked, first drawn.

A request that found every slot taken used to answer 503 at once, and its browser asked again
after ``Refresh`` (2 s); which of the waiting asks happened to come in when a slot freed was
chance. At a club's evening of 100 tables (``benchmarks/capacity.py``, issue 31) the sheets'
p99 was 20 to 26 s and in some runs 8 to 14 of 100 sheets lost the draw for 30 s while sheets
asked after them were drawn; and a slot that freed stayed empty until the next ask came.

Here a request that cannot draw at once takes a place in the instance's print queue: a file in
``render-queue/`` named by the moment it was first asked (:func:`new_turn`), which its busy
answer carries in the ``Refresh`` URL (``?turn=``) so that asking again keeps the place. Up to
``PDF_RENDER_WAITERS`` requests (four per slot by default) wait for a slot in the servers, for
up to ``PDF_RENDER_WAIT`` seconds (5), each on a thread of its own (a gthread worker's other
threads go on serving pages), marked in ``render-queue-here/`` and looking every 20 ms; a freed
slot goes to the first place among them, so it is taken at once, never kept for a client that
is away waiting for its ``Refresh``. Such a client, back, is before everyone asked after it.
Requests beyond the waiters answer 503 at once with their place and how many are before it.
A place nobody asked about for ``STALE`` seconds (its tab was closed) is removed when found.
The queue holds at most
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
from .render_slots import POLL, Busy, holding, slot_count, slot_paths, take_slot, work_folder

FOLDER = "render-queue"
#: the places whose request waits in a server now (the others' clients wait for their Refresh)
HERE = "render-queue-here"
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


def _folder(name: str) -> str:
    folder = os.path.join(work_folder(), name)
    private_folder(folder)
    return folder


def _touch(folder: str, name: str, mode: str = "w") -> None:
    with open(os.path.join(folder, name), mode, encoding="ascii"):
        pass


def new_turn(folder: str) -> str:
    turn = f"{time.time_ns():020d}-{secrets.token_hex(6)}"
    _touch(folder, turn, "x")
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
    (the front) are removed on the way."""
    before = sorted(name for name in os.listdir(folder) if name < turn)
    return len(before) - _gone(folder, before[:slots + 1])


def _gone(folder: str, names: list[str]) -> int:
    """Remove the abandoned places (or marks) among ``names``; how many were."""
    now, gone = time.time(), 0
    for name in names:
        try:
            if now - os.stat(os.path.join(folder, name)).st_mtime > STALE:
                _leave(folder, name)
                gone += 1
        except FileNotFoundError:
            gone += 1
    return gone


def waiting_ahead(here: str, turn: str, prune: bool = True) -> int:
    """How many requests wait in the servers with a place before ``turn``; with ``prune``, a
    mark left by a worker that died is removed when stale (a waiter prunes once per mark, not
    at each of its looks)."""
    before = [name for name in os.listdir(here) if name < turn]
    return len(before) - (_gone(here, before) if prune else 0)


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
    queue, here = _folder(FOLDER), _folder(HERE)
    if asked is None and not os.listdir(queue):  # nobody queued: a free slot is this one's
        fd = take_slot()
        if fd is not None:
            with holding(fd):
                yield
            return
    slots, front = slot_count(), waiters()
    if asked is not None and _mark(queue, asked):
        turn = asked
    else:
        queued = os.listdir(queue)
        if len(queued) >= places():  # a flood's asks (that never ask again) must not grow it
            queued = len(queued) - _gone(queue, queued)
            if queued >= places():
                raise Busy(None, queued)
        turn = new_turn(queue)
    if waiting_ahead(here, turn) >= front:  # enough wait in the servers: ask again later
        raise Busy(turn, ahead_of(queue, turn, slots))
    wait = current_app.config.get("PDF_RENDER_WAIT")
    deadline = time.monotonic() + (WAIT if wait is None else float(wait))
    marked = time.monotonic()
    _touch(here, turn)  # waiting in a server
    paths = slot_paths()
    try:
        while True:
            fd = take_slot(paths) if waiting_ahead(here, turn, prune=False) < slots else None
            if fd is not None:
                _leave(here, turn)
                _leave(queue, turn)
                with holding(fd):
                    yield
                return
            now = time.monotonic()
            if now >= deadline:
                raise Busy(turn, ahead_of(queue, turn, slots))
            if now - marked >= MARK_EVERY:
                marked = now
                _mark(here, turn)
                waiting_ahead(here, turn)  # the marks of workers that died go
                if not _mark(queue, turn):  # taken for abandoned by a slow answer: back in line
                    _leave(here, turn)
                    turn = new_turn(queue)
                    _touch(here, turn)  # waiting in a server
            time.sleep(POLL)
    finally:
        _leave(here, turn)
