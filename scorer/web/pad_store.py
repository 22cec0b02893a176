"""The drawn score pad kept on disk, so the instance draws it once per revision, not once per
worker process.

:mod:`scorer.web.pad_cache` keeps a drawn pad in its worker's memory. gunicorn runs several
workers, and after a save the table's seven phones and the saver's pad page land on any of
them: measured with ``benchmarks/capacity.py`` (4 workers), the live pad cost 4.2 ms of CPU a
request on average against 0.6 ms for one answered from memory, because most workers drew the
new revision again (13 ms each). So a worker that misses in memory looks here before it draws,
and what it draws it leaves here for the others.

A file is named by a digest of the game's id, the memo's key (revision, lock, language) and the
code's :func:`scorer.serving.cache_files.generation`; it holds the shared parts as JSON (never
pickle: a file is data, not code). A deleted game's files are removed by its change event; the
revision in the name keeps every process from meeting a stale one.
At most ``PAD_STORE_FILES`` files are kept (2000), the least recently used removed first;
0 keeps none.
"""

from __future__ import annotations

import glob
import hashlib
import itertools
import json
import os
import threading

from flask import Flask, current_app
from markupsafe import Markup

from ..safety.render_slots import work_folder
from ..serving import cache_files
from ..storage.events import game_changed

FOLDER = "pad-cache"
DEFAULT_FILES = 2000
#: prune the folder on every n-th write: listing two thousand files on every draw would cost
#: a good part of what the store saves
PRUNE_EVERY = 50
MARKUP_FIELDS = ("head", "table", "actions", "explanations")

_writes = itertools.count()
_writes_lock = threading.Lock()


def _folder() -> str:
    return os.path.join(work_folder(), FOLDER)


def _owner(game_id: str) -> str:
    """A game's files begin with a digest of its id: ids are the users' links, never paths."""
    return hashlib.sha256(game_id.encode()).hexdigest()[:16]


def _path(game_id: str, key: tuple) -> str:
    app = current_app
    stamp = cache_files.generation(
        os.path.dirname(os.path.dirname(__file__)), app.template_folder,
        *app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";"))
    named = hashlib.sha256(json.dumps([game_id, *key]).encode()).hexdigest()[:20]
    return os.path.join(_folder(), f"{_owner(game_id)}.{named}.{stamp}.json")


def _files() -> int:
    """How many files the store keeps; 0 turns it off (each worker then draws for itself)."""
    return int(current_app.config.get("PAD_STORE_FILES", DEFAULT_FILES))


def load(game_id: str, key: tuple, make_pad):
    """The pad kept under ``key``, rebuilt by ``make_pad(**fields)``; None when not kept."""
    if not _files():
        return None
    data = cache_files.read(_path(game_id, key))
    if data is None:
        return None
    try:
        fields = json.loads(data)
        for name in MARKUP_FIELDS:
            fields[name] = Markup(fields[name])
        return make_pad(**fields)
    except (ValueError, TypeError, KeyError):  # a file cut short by a crash: draw again
        return None


def keep(game_id: str, key: tuple, fields: dict) -> None:
    """Leave the drawn pad's ``fields`` (strings, flags and the players' ids and names) for the
    other workers."""
    files = _files()
    if not files:
        return
    with _writes_lock:
        prune = next(_writes) % PRUNE_EVERY == 0
    cache_files.write(_path(game_id, key), json.dumps(fields, ensure_ascii=False).encode(),
                      files if prune else None)


def forget(game_id: str) -> None:
    folder = _folder()
    cache_files.remove(glob.glob(os.path.join(glob.escape(folder), f"{_owner(game_id)}.*")))


def clear() -> None:
    """Forget every kept pad: what the tests do to draw one from nothing."""
    cache_files.remove(glob.glob(os.path.join(glob.escape(_folder()), "*.json")))


def _forget_changed(_app: Flask, game_id: str, deleted: bool = False, **_change) -> None:
    """A deleted game's pads leave the disk with it. After any other change they are never
    read again (the revision is in their name) and go when pruned: finding them means listing
    the whole folder, which cost every save 2 to 5 ms once it held a club night's pads."""
    if deleted:
        forget(game_id)


def init_app(app: Flask) -> None:
    game_changed.connect(_forget_changed, sender=app)
