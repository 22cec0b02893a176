"""A player's chart: their totals over time, drawn as the group's charts are
(:mod:`scorer.web.group_charts`: pygal SVG shown as an image, its style, colours 3:1 off the
page in both schemes, a phone's width, dates in the page's language with the time where two
games share a day), so the player's page looks like the group's."""

from __future__ import annotations

from flask_babel import gettext as _

from .chart_colours import by_place
from .figures import list_moments
from .group_charts import PLAYER_COLOURS, Chart, Line, config, svg_of, whole_ticks

#: the games the chart draws (the most recent)
GAMES_DRAWN = 30


def player_totals_chart(history: list[dict], last: int = GAMES_DRAWN) -> Chart | None:
    """The player's total in each of their last ``last`` games, oldest first; None for fewer
    than two games."""
    shown = history[-last:]
    if len(shown) < 2:
        return None
    totals = [played["total"] for played in shown]
    ticks = whole_ticks(min(totals), max(totals))
    chart = Line(**config(by_place([PLAYER_COLOURS[0]]), x_label_rotation=40, dots_size=3,
                          show_legend=False, y_labels=ticks, range=(ticks[0], ticks[-1]),
                          truncate_label=-1))
    step = max(1, len(shown) // 5)  # five dates under the axis are readable on a phone
    labels = list_moments(shown, short=True)
    chart.x_labels = [label if index % step == 0 else "" for index, label in enumerate(labels)]
    chart.add(_("Total"), totals)
    dates = list_moments(shown)
    alt = _("Line chart of the totals in the last %(count)d games, from %(first)s to %(last)s: "
            "lowest %(low)d, highest %(high)d.", count=len(shown), first=dates[0],
            last=dates[-1], low=min(totals), high=max(totals))
    return Chart("player-totals", _("Totals over time"), alt, svg_of(chart))
