"""Explanation lines drawn as HTML once, kept across a game's revisions.

After a save the pad is drawn again for the new revision, yet most of its explanation lines
are those of the revision before (a save changes one city and what its neighbours count of
it). Linking a line (:func:`scorer.web.card_links.linked`) was a third of drawing a pad;
taking a snapshot of it (:func:`frozen`: its messages' texts, numbers and parameters, each
value with its type) costs a twentieth of that, and equal snapshots link alike in the same
language, edition and address. So each app keeps the lines it drew, keyed by (language,
edition, script root, snapshot); a line whose parts cannot be held as a key is linked anew.
The store is emptied when full: a table's lines are drawn again once, nothing is stale, since
the key holds everything the line's HTML is made of.
"""

from __future__ import annotations

import threading

from flask import Flask, current_app, request
from flask_babel import get_locale

from ..engine.messages import Message, Sum
from ..i18n import translator
from .card_links import linked

EXTENSION = "scorer.linked_lines"
#: about a hundred lines a game, in each language it is read in
DEFAULT_LINES = 20000


def frozen(value: object) -> tuple:
    """A hashable snapshot of a line: equal snapshots render and link to the same HTML."""
    kind = type(value)
    if kind is Message:
        params = value.params
        return (Message, value.text, value.plural, value.n, value.context,
                tuple([(key, frozen(item)) for key, item in params.items()]) if params else None)
    if kind is Sum:
        return (Sum, tuple([(frozen(label), number) for label, number in value.terms]),
                value.total, value.with_total)
    if kind is list or kind is tuple:
        return (kind, tuple([frozen(item) for item in value]))
    return (kind, value)


class LineStore:
    """(language, edition, script root, snapshot) -> the line's HTML, at most ``size``."""

    def __init__(self, size: int):
        self.size = size
        self._lines: dict[tuple, object] = {}
        self._lock = threading.Lock()

    def get(self, key: tuple):
        return self._lines.get(key)

    def put(self, key: tuple, value: object) -> None:
        with self._lock:
            if len(self._lines) >= self.size:
                self._lines.clear()
            self._lines[key] = value

    def __len__(self) -> int:
        return len(self._lines)


def store(app: Flask | None = None) -> LineStore:
    return (app or current_app).extensions[EXTENSION]


def linked_lines(lines, edition: str, links) -> list:
    """``lines`` linked (:func:`scorer.web.card_links.linked`) in the request's language, each
    drawn once per app while it is kept."""
    return line_linker(edition, links)(lines)


def line_linker(edition: str, links):
    """:func:`linked_lines` for many lists of lines of one pad: the language, catalog and
    address are looked up once, not once per list (a pad has a list per player and row, and
    those lookups through Flask's proxies were half of linking its lines)."""
    kept, active = store(), translator()
    prefix = (str(get_locale()), edition, request.script_root)
    get, put = kept.get, kept.put

    def link_lines(lines) -> list:
        drawn = []
        for line in lines:
            try:
                key = (prefix, frozen(line))
                html = get(key)
            except TypeError:  # a part that cannot be a key (none does today): linked each time
                drawn.append(linked(line, active, links))
                continue
            if html is None:
                html = linked(line, active, links)
                put(key, html)
            drawn.append(html)
        return drawn

    return link_lines


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = LineStore(int(app.config.get("LINE_CACHE_ENTRIES", DEFAULT_LINES)))
