"""A player's chart: their totals over time, drawn as the group's charts are
(:mod:`scorer.web.group_charts`: pygal SVG shown as an image, its style, dark mode, a phone's
width), so the player's page looks like the group's."""

from __future__ import annotations

import pygal
from flask_babel import gettext as _

from .group_charts import Chart, config, style, svg_of

#: the games the chart draws (the most recent)
GAMES_DRAWN = 30


def player_totals_chart(history: list[dict], last: int = GAMES_DRAWN) -> Chart | None:
    """The player's total in each of their last ``last`` games, oldest first; None for fewer
    than two games."""
    shown = history[-last:]
    if len(shown) < 2:
        return None
    chart = pygal.Line(**config(style=style(), x_label_rotation=40, dots_size=3, show_legend=False))
    step = max(1, len(shown) // 5)  # five dates under the axis are readable on a phone
    chart.x_labels = [played["date"] if index % step == 0 else ""
                      for index, played in enumerate(shown)]
    chart.add(_("Total"), [played["total"] for played in shown])
    alt = _("Line chart of the totals in the last %(count)d games, from %(first)s to %(last)s: "
            "lowest %(low)d, highest %(high)d.", count=len(shown), first=shown[0]["date"],
            last=shown[-1]["date"], low=min(p["total"] for p in shown),
            high=max(p["total"] for p in shown))
    return Chart("player-totals", _("Totals over time"), alt, svg_of(chart))
