"""The blank score pad: as many pads as fit on a sheet, cached per players, language and paper.

A blank pad never changes while the app runs, so each variant is rendered once; the cache
lives on the app so that apps with other templates or catalogs (tests) do not share it.
"""

from __future__ import annotations

import threading

from flask import current_app

from .document import render_pdf
from .layout import pad_layout
from .paper import Paper
from .rows import ROWS, TOTAL

_lock = threading.Lock()


def blank_pad_pdf(players: int, locale: str, paper: Paper) -> bytes:
    """The PDF for ``players`` columns in ``locale`` on ``paper`` (3 to 7 players)."""
    cache = current_app.extensions.setdefault("scorer_pdf_pads", {})
    key = (players, locale, paper.key)
    pdf = cache.get(key)
    if pdf is None:
        pdf = render_blank_pad(players, locale, paper)
        with _lock:
            cache[key] = pdf
    return pdf


def render_blank_pad(players: int, locale: str, paper: Paper) -> bytes:
    layout = pad_layout(paper, players)
    return render_pdf("pdf/pad.html", locale, paper, layout=layout, rows=ROWS, total=TOTAL)
