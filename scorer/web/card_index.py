"""The card index of this process and the version its pages and answers change with.

The card pages (:mod:`scorer.web.cards`) and the JSON API (:mod:`scorer.api.cards`) share one
index, built once per process for the app's languages and catalogs, and one validator: a card
page or answer changes only with a new version of the app (its code, data, templates, static
files or catalogs), so each carries an ETag of that version and the language.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache

from flask import current_app, request
from flask_babel import get_locale

from ..engine.cards_at_hand.index import CardIndex
from ..i18n import translators

#: how long a browser may keep an answer before asking again (with its ETag)
MAX_AGE = 3600


@cache
def _index(directory: str, languages: tuple[str, ...]) -> CardIndex:
    return CardIndex(translators())


def card_index() -> CardIndex:
    """The process's index for the app's languages and catalogs."""
    config = current_app.config
    return _index(config["BABEL_TRANSLATION_DIRECTORIES"], tuple(config["LANGUAGES"]))


@cache
def _release(root: str) -> str:
    """A digest of the app's files as installed (code, data, templates, static files, compiled
    catalogs): what a card page or answer can change with."""
    digest = hashlib.sha256()
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # scorer/
    for top in (package, *(os.path.join(root, name) for name in ("templates", "static",
                                                                  "translations"))):
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".json", ".html", ".css", ".js", ".mo", ".svg")):
                    path = os.path.join(folder, name)
                    stat = os.stat(path)
                    digest.update(f"{os.path.relpath(path, top)}:{stat.st_size}:"
                                  f"{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def release() -> str:
    return _release(os.path.dirname(os.path.abspath(current_app.template_folder)))


def cacheable(response, kind: str):
    """An answer that changes only with the app's version: ETag of that version, the language
    and ``kind``; 304 when the browser has it."""
    etag = f"{kind}-{release()}-{get_locale()}"
    response.set_etag(etag)
    response.headers["Cache-Control"] = f"public, max-age={MAX_AGE}"
    response.vary.update(("Accept-Language", "Cookie"))
    return response.make_conditional(request)
