"""Files that every worker process of one instance shares as a cache: written whole, read
without locks, the least recently used removed first.

gunicorn runs several worker processes, and an in-process cache draws the same thing once per
worker: the live pad after a save was drawn by up to four of them for one table. A cache on
disk (the page cache, in practice) is drawn once for the instance. A reader must never see half
a file, so a file is written beside its place and renamed into it; a full or read-only disk only
costs the cache, never the answer.

The name of a cached file holds :func:`generation`, a digest of the code, templates and
catalogs it was drawn with, so a new version of the app (a deploy, a worker restarted on it)
never serves what an older one drew.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

from ..safety.private_files import private_folder

#: what a cached file may have been drawn with besides its data
SOURCE_SUFFIXES = (".py", ".html", ".css", ".ttf", ".otf", ".mo", ".svg", ".png")


@cache
def generation(*folders: str) -> str:
    """A digest of the files in ``folders`` that drawing reads (names, sizes and times)."""
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(Path(folder).rglob("*")):
            if path.suffix in SOURCE_SUFFIXES:
                stat = path.stat()
                digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:12]


def read(path: str) -> bytes | None:
    """The file's bytes, marked as recently used; None when it is not there."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    try:
        os.utime(path)
    except OSError:
        pass
    return data


def write(path: str, data: bytes, keep: int | None = None) -> None:
    """Store ``data`` at ``path`` atomically; with ``keep``, then leave at most that many files
    in its folder."""
    folder = os.path.dirname(path)
    try:
        private_folder(folder)
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".part")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
        if keep is not None:
            prune(folder, keep)
    except OSError:
        pass


def prune(folder: str, keep: int) -> None:
    entries = []
    for entry in os.scandir(folder):
        try:
            entries.append((entry.stat().st_mtime, entry.path))
        except OSError:
            continue
    if len(entries) <= keep:
        return
    for _moment, path in sorted(entries)[:len(entries) - keep]:
        try:
            os.unlink(path)
        except OSError:
            pass


def remove(paths) -> None:
    for path in paths:
        try:
            os.unlink(path)
        except OSError:
            pass
