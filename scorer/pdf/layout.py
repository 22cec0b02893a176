"""How many blank pads fit on a sheet of paper, and how wide their columns are.

The sizes are fixed in millimetres and passed to the stylesheet, so the count computed here is
what WeasyPrint really lays out (the tests check that every pad fits on one page).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.validation import MIN_PLAYERS
from ..web.editions import most_players
from .paper import Paper
from .rows import ROWS

PAGE_MARGIN_MM = 10.0
GAP_MM = 8.0
LABEL_WIDTH_MM = 34.0
MIN_PLAYER_WIDTH_MM = 18.0
MAX_PLAYER_WIDTH_MM = 30.0
TITLE_HEIGHT_MM = 8.0
NAME_HEIGHT_MM = 14.0
ROW_HEIGHT_MM = 12.0
TOTAL_HEIGHT_MM = 13.0
#: borders and rounding: a pad is a little larger than the sum of its rows
SLACK_MM = 2.0


@dataclass(frozen=True, slots=True)
class PadLayout:
    paper: Paper
    players: int
    across: int
    down: int
    player_width_mm: float
    #: score rows of the pad (the ruleset's: 7, more with expansions)
    rows: int = len(ROWS)

    @property
    def per_page(self) -> int:
        return self.across * self.down

    @property
    def pad_width_mm(self) -> float:
        return LABEL_WIDTH_MM + self.players * self.player_width_mm

    @property
    def pad_height_mm(self) -> float:
        return pad_height(self.rows)


def pad_height(rows: int = len(ROWS)) -> float:
    return TITLE_HEIGHT_MM + NAME_HEIGHT_MM + rows * ROW_HEIGHT_MM + TOTAL_HEIGHT_MM


def fits(available: float, size: float) -> int:
    """How many items of ``size`` fit in ``available`` with a gap between neighbours."""
    return max(1, int((available + GAP_MM) // (size + GAP_MM)))


def pad_layout(paper: Paper, players: int, rows: int = len(ROWS)) -> PadLayout:
    """``rows``: the score rows of the pad (the ruleset's), which decide how many pads fit."""
    if not MIN_PLAYERS <= players <= most_players():
        raise ValueError(players)
    width = paper.width_mm - 2 * PAGE_MARGIN_MM
    height = paper.height_mm - 2 * PAGE_MARGIN_MM
    across = fits(width, LABEL_WIDTH_MM + players * MIN_PLAYER_WIDTH_MM + SLACK_MM)
    down = fits(height, pad_height(rows) + SLACK_MM)
    # Spread the spare width over the player columns: more room to write.
    share = (width - (across - 1) * GAP_MM) / across - LABEL_WIDTH_MM - SLACK_MM
    player_width = min(MAX_PLAYER_WIDTH_MM, share / players)
    return PadLayout(paper, players, across, down, round(player_width, 2), rows)
