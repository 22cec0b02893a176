"""Static files under versioned names, kept by browsers for a year.

Every link to a static file (``url_for('static', ...)``) carries ``?v=`` and a digest of the
file's content, so a phone keeps ``app.css`` and ``app.js`` for good (``immutable``: not even a
reload asks again) and a new version of the app reaches it at once under a new name. A static
file asked for without that digest (an old page, a bookmark) is revalidated on every use.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache

from flask import Flask, current_app, request

#: a year: as long as a browser keeps anything
FOREVER = 365 * 24 * 3600


@cache
def _digest(path: str, size: int, modified: int) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()[:10]


def version_of(filename: str) -> str | None:
    """The digest of a static file's content (None: no such file): read once per process, since
    a page links a dozen of them; under ``debug`` (files edited while it runs) on every use."""
    if current_app.debug:
        return _version(current_app.static_folder or "", filename)
    return _kept_version(current_app.static_folder or "", filename)


@cache
def _kept_version(folder: str, filename: str) -> str | None:
    return _version(folder, filename)


def _version(folder: str, filename: str) -> str | None:
    path = os.path.join(folder, filename)
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _digest(path, stat.st_size, stat.st_mtime_ns)


def add_version(endpoint: str, values: dict) -> None:
    if endpoint == "static" and "v" not in values and "filename" in values:
        version = version_of(values["filename"])
        if version is not None:
            values["v"] = version


def cache_for_good(response):
    if request.endpoint == "static" and response.status_code == 200:
        filename = (request.view_args or {}).get("filename", "")
        if request.args.get("v") and request.args.get("v") == version_of(filename):
            response.headers["Cache-Control"] = f"public, max-age={FOREVER}, immutable"
        else:
            response.headers["Cache-Control"] = "no-cache"
    return response


def init_app(app: Flask) -> None:
    app.url_defaults(add_version)
    app.after_request(cache_for_good)
