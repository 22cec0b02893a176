"""The printed pad's rows: the ruleset's rows with their looks (:mod:`scorer.web.pad_rows`).

``ROWS`` is the default edition's pad, kept for callers that print without a game.
"""

from __future__ import annotations

from ..engine.rules import get_ruleset
from ..web.pad_rows import LOOKS, TOTAL, PadRow, pad_rows

Row = PadRow
ROWS: tuple[PadRow, ...] = pad_rows(get_ruleset())

__all__ = ["LOOKS", "ROWS", "TOTAL", "Row", "pad_rows"]
