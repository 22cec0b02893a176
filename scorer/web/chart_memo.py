"""Charts kept by the data they are drawn from, whatever revision it came from.

A correction of one game raises its group's results revision, and the group's figures are
counted again (:mod:`.group_cache`); but most of its charts show the same data as before (the
win rates of the wonders, the winning totals, often the mean points per row: the coins of a
city change its total and not its points per row). pygal draws a chart in 10 to 25 ms, so a
chart is kept per exactly what it is drawn from: the drawing function, its arguments (plain,
hashable data: the series, the labels' ids, the numbers), and the language and time zone it
writes its words, numbers and dates in. A key holds the data itself as ``repr`` writes it, not
a hash of it, so two charts of different data never share one (``repr`` tells 1 from 1.0 and
-0.0 from 0.0, which a chart writes differently and a dict key does not).

Each app keeps its own (``GROUP_CHARTS_KEPT`` charts, 128 by default, the least recently used
dropped first).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app
from flask_babel import get_locale, get_timezone

from .memo import RevisionMemo

EXTENSION = "scorer.chart_memo"
#: a chart is 4 to 32 kB of SVG: 128 are a few MB a worker (the four charts of 32 pages)
DEFAULT_KEPT = 128
Draw = TypeVar("Draw", bound=Callable[..., Any])


def chart_memo() -> RevisionMemo:
    """The app's charts (made on first use: a chart needs no event to go stale), kept in the
    pages' least-recently-used store, each chart's drawing function as its owner."""
    memo = current_app.extensions.get(EXTENSION)
    if memo is None:
        size = int(current_app.config.get("GROUP_CHARTS_KEPT", DEFAULT_KEPT))
        memo = current_app.extensions.setdefault(EXTENSION, RevisionMemo(size))
    return memo


def kept_by_data(draw: Draw) -> Draw:
    """``draw(*data)`` kept per its name, ``data`` (plain values: str, numbers, None, dates,
    and tuples of them; all it reads besides the language and time zone) and the request's
    language and time zone."""
    @functools.wraps(draw)
    def kept(*data):
        key = (str(get_locale()), str(get_timezone()), repr(data))
        return chart_memo().get_or_make((draw.__module__, draw.__qualname__), key,
                                        lambda: draw(*data))

    return kept  # type: ignore[return-value]
