"""The blank score pad: as many pads as fit on a sheet, cached per ruleset, players, language and
paper.

A blank pad never changes while the app runs, so each variant is rendered once; the cache
lives on the app so that apps with other templates or catalogs (tests) do not share it. The
ruleset (edition and expansions) decides the rows, hence it is part of the key.
"""

from __future__ import annotations

import threading

from flask import current_app

from ..engine.rules import Ruleset, get_ruleset
from ..web.expansions import parts_of
from .document import pdf_of, render_html
from .layout import SIZES, pad_layout
from .paper import Paper
from .rows import TOTAL, pad_rows

_lock = threading.Lock()


def blank_pad_pdf(players: int, locale: str, paper: Paper, ruleset: Ruleset | None = None,
                  lines: tuple[str, ...] = ()) -> bytes:
    """The PDF for ``players`` columns in ``locale`` on ``paper`` with the rows of ``ruleset``
    (the default edition's when not given) and the expansions' blank ``lines`` asked for."""
    ruleset = ruleset or get_ruleset()
    cache = current_app.extensions.setdefault("scorer_pdf_pads", {})
    key = (ruleset.edition, ruleset.expansions, players, locale, paper.key, lines)
    pdf = cache.get(key)
    if pdf is None:
        pdf = render_blank_pad(players, locale, paper, ruleset, lines)
        with _lock:
            cache[key] = pdf
    return pdf


def render_blank_pad(players: int, locale: str, paper: Paper, ruleset: Ruleset | None = None,
                     lines: tuple[str, ...] = ()) -> bytes:
    return pdf_of(blank_pad_html(players, locale, paper, ruleset, lines))


def blank_pad_html(players: int, locale: str, paper: Paper, ruleset: Ruleset | None = None,
                   lines: tuple[str, ...] = ()) -> str:
    """The page of pads as HTML, laid out for its rows (:func:`~.layout.pad_layout`)."""
    return render_html("pdf/pad.html", locale, paper,
                       **pad_context(players, paper, ruleset, lines))


def pad_context(players: int, paper: Paper, ruleset: Ruleset | None = None,
                lines: tuple[str, ...] = ()) -> dict:
    """The pad template's rows, blank lines, layout and sizes."""
    ruleset = ruleset or get_ruleset()
    rows = pad_rows(ruleset)
    labels = [part.blank_lines[name] for part in parts_of(ruleset) for name in lines
              if name in part.blank_lines]
    return {"layout": pad_layout(paper, players, len(rows), len(labels)), "sizes": SIZES,
            "rows": rows, "total": TOTAL, "lines": labels}
