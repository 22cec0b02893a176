"""A bound on how many PDFs render at once across every worker process of one instance.

A score sheet costs about 0.3 CPU-seconds. Unbounded, a few clients asking for sheets in a loop
keep every core busy and every worker occupied, and every other table's live pad waits behind
them (measured: from 6.5 ms to 2.8 s at the median). Renders therefore take one of
``PDF_RENDER_SLOTS`` slots (half the cores, at least one, by default), each an exclusive
``flock`` on a file in the instance folder, which every gunicorn worker of the instance shares
and which the kernel releases when a worker dies. Who gets a slot that frees is the print
queue's affair (:mod:`.render_queue`: first asked, first drawn); :func:`render_slot` takes one
with no queue, as another worker would.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
import weakref
from contextlib import contextmanager

from flask import current_app

from .private_files import private_folder

FOLDER = "render-slots"
POLL = 0.02  # seconds between tries while every slot is taken


class Busy(Exception):
    """Every render slot stayed taken for the whole wait: the request's place in the print
    queue (``turn``, None outside it) and how many are before it."""

    def __init__(self, turn: str | None = None, ahead: int = 0):
        super().__init__(turn, ahead)
        self.turn = turn
        self.ahead = ahead


def work_folder() -> str:
    """Where the instance's PDF work files live (these slots, the sheet cache): the instance
    folder, shared by every worker; for an app made with ``TESTING`` a temporary folder of its
    own, so test runs never share slots or sheets with each other or a running server."""
    app = current_app._get_current_object()
    if not app.testing:
        return app.instance_path
    folder = app.extensions.get("scorer.pdf_work")
    if folder is None:
        folder = app.extensions["scorer.pdf_work"] = tempfile.mkdtemp(prefix="scorer-pdf-")
        weakref.finalize(app, shutil.rmtree, folder, True)
    return folder


def slot_count() -> int:
    configured = current_app.config.get("PDF_RENDER_SLOTS")
    return int(configured) if configured else max(1, (os.cpu_count() or 2) // 2)


def _take(paths: list[str]) -> int | None:
    for path in paths:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return fd
    return None


def slot_paths() -> list[str]:
    """The instance's slot files (their folder made once here, not at each try)."""
    folder = os.path.join(work_folder(), FOLDER)
    private_folder(folder)
    return [os.path.join(folder, f"slot-{index}") for index in range(slot_count())]


def take_slot(paths: list[str] | None = None) -> int | None:
    """A free slot's locked descriptor (close it to give the slot back), or None; ``paths``
    from :func:`slot_paths` when trying again and again."""
    return _take(paths if paths is not None else slot_paths())


@contextmanager
def holding(fd: int):
    """The ``with`` block holds the slot ``fd``, given back at its end."""
    try:
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


@contextmanager
def render_slot():
    """Hold one render slot for the ``with`` block with no regard for anyone queued, as
    another worker's drawing would (:class:`Busy` when none is free)."""
    fd = take_slot()
    if fd is None:
        raise Busy()
    with holding(fd):
        yield
