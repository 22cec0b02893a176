"""How many blank pads fit on a sheet of paper, how wide their columns and how tall their rows.

Every size is in millimetres and reaches the stylesheet through the pad's template (nothing
here is repeated in ``print.css``), and a pad's height is summed the way WeasyPrint lays out a
table with collapsed borders: each row's height plus every rule between the rows (a rule is
shared by the rows it separates, and the table's outer rules count whole). So the count worked
out here from the pad's rows is what is printed, for any number of rows: the tests render
every edition x expansion set x player count x paper and count one page each.

A pad's score rows are as tall as there is room for, up to ``MAX_ROW_HEIGHT_MM``; when one more
pad fits down the page with rows no lower than ``MIN_ROW_HEIGHT_MM`` (a label of two lines and
its "typed" tag, in every language), the rows shrink to make it fit rather than leave a pad's
total alone on a second page.
"""

from __future__ import annotations

import math
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
#: the title line ("7 Wonders", the date) and the space under it
TITLE_HEIGHT_MM = 8.0
TITLE_PADDING_MM = 1.0
NAME_HEIGHT_MM = 14.0
MAX_ROW_HEIGHT_MM = 12.0
#: the tallest label cell: two lines of a 10 pt label and the 6.5 pt "typed" tag (10.8 mm)
MIN_ROW_HEIGHT_MM = 11.0
#: the total, and each blank line an expansion prints under it (a team's total)
TOTAL_HEIGHT_MM = 13.0
#: the rule between two rows, and the heavier one above a total
RULE_MM = 0.3
TOTAL_RULE_MM = 0.8
#: what rounding may add to a pad (WeasyPrint works in fractions of a CSS pixel)
SLACK_MM = 1.0
#: rows are given to a tenth of a millimetre
STEP_MM = 0.1


def pad_height(rows: int, lines: int = 0, row_height: float = MAX_ROW_HEIGHT_MM) -> float:
    """A pad's height with ``rows`` score rows of ``row_height`` and ``lines`` blank lines
    under its total: the title, the names, the rows, the total and the lines, and the rules
    above the names, above each row and total and line, and under the last."""
    totals = 1 + lines
    return (TITLE_HEIGHT_MM + TITLE_PADDING_MM + NAME_HEIGHT_MM + rows * row_height
            + totals * TOTAL_HEIGHT_MM + (rows + 2) * RULE_MM + totals * TOTAL_RULE_MM)


@dataclass(frozen=True, slots=True)
class PadLayout:
    paper: Paper
    players: int
    across: int
    down: int
    player_width_mm: float
    #: score rows of the pad (the ruleset's: 7, more with expansions) and blank lines under
    #: its total
    rows: int = len(ROWS)
    lines: int = 0
    row_height_mm: float = MAX_ROW_HEIGHT_MM

    @property
    def per_page(self) -> int:
        return self.across * self.down

    @property
    def pad_width_mm(self) -> float:
        return LABEL_WIDTH_MM + self.players * self.player_width_mm

    @property
    def pad_height_mm(self) -> float:
        return pad_height(self.rows, self.lines, self.row_height_mm)

    def gap_right(self, index: int) -> bool:
        """Whether the ``index``-th pad of the page has a neighbour to its right."""
        return index % self.across != self.across - 1

    def gap_below(self, index: int) -> bool:
        """Whether the ``index``-th pad of the page has another pad under it."""
        return index // self.across != self.down - 1


#: the sizes the pad's template writes into its stylesheet
SIZES = {"gap": GAP_MM, "label_width": LABEL_WIDTH_MM, "title": TITLE_HEIGHT_MM,
         "title_padding": TITLE_PADDING_MM, "names": NAME_HEIGHT_MM, "total": TOTAL_HEIGHT_MM,
         "rule": RULE_MM, "total_rule": TOTAL_RULE_MM}


def fits(available: float, size: float) -> int:
    """How many items of ``size`` fit in ``available`` with a gap between neighbours."""
    return max(1, int((available + GAP_MM) // (size + GAP_MM)))


def row_height(room: float, rows: int, lines: int) -> float:
    """The tallest score rows (at most ``MAX_ROW_HEIGHT_MM``, in steps of ``STEP_MM``) that
    keep a pad of ``rows`` rows and ``lines`` lines within ``room``."""
    if rows == 0:
        return MAX_ROW_HEIGHT_MM
    fixed = pad_height(0, lines, 0.0) + rows * RULE_MM
    steps = math.floor(round((room - fixed) / rows / STEP_MM, 6))
    return min(MAX_ROW_HEIGHT_MM, round(steps * STEP_MM, 1))


def pad_layout(paper: Paper, players: int, rows: int = len(ROWS), lines: int = 0) -> PadLayout:
    """The page of pads for ``players`` columns, ``rows`` score rows (the ruleset's) and
    ``lines`` blank lines under the total (an expansion's, asked for)."""
    if not MIN_PLAYERS <= players <= most_players():
        raise ValueError(players)
    width = paper.width_mm - 2 * PAGE_MARGIN_MM
    height = paper.height_mm - 2 * PAGE_MARGIN_MM
    across = fits(width, LABEL_WIDTH_MM + players * MIN_PLAYER_WIDTH_MM + SLACK_MM)
    down = fits(height, pad_height(rows, lines, MIN_ROW_HEIGHT_MM) + SLACK_MM)
    room = (height - (down - 1) * GAP_MM) / down - SLACK_MM
    # Spread the spare width over the player columns: more room to write.
    share = (width - (across - 1) * GAP_MM) / across - LABEL_WIDTH_MM - SLACK_MM
    player_width = min(MAX_PLAYER_WIDTH_MM, math.floor(share / players * 100) / 100)
    return PadLayout(paper, players, across, down, player_width, rows, lines,
                     row_height(room, rows, lines))
