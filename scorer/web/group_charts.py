"""A group's charts as SVG, drawn on the server by pygal: no JavaScript reaches the browser.

Each chart is an SVG document shown as an ``<img>`` from a ``data:`` URL, so the page's
Content-Security-Policy stays as strict as ever (an image runs no script, and pygal's own
script element is removed anyway); its style sheet travels inside the image, with a
``prefers-color-scheme: dark`` block so the text and grid follow the phone's dark mode. Charts
are 390 units wide (a phone's width) and scale with the page. Every chart comes with a text
alternative (the ``alt`` text) and the page puts its numbers beside it in a table.
"""

from __future__ import annotations

import base64
import re
import sys
from dataclasses import dataclass
from functools import cache
from xml.etree import ElementTree

import pygal
import tinycss2
from flask_babel import gettext as _
from pygal.style import Style

from ..groups.statistics import Filters, timeline, winning_totals
from ..storage.groups import Group
from .group_labels import row_colour, row_label, wonder_side_label

# pygal appends a finder for its map plugins to sys.meta_path that only has the old
# find_module(): every failed import anywhere in the process then warns (ImportWarning). The
# app draws no maps, so the finder goes.
sys.meta_path[:] = [finder for finder in sys.meta_path
                    if type(finder).__module__ != "pygal" or not hasattr(finder, "find_module")]

WIDTH, HEIGHT = 390, 300
#: one colour per player on the timeline, distinct in light and dark, and for colour blindness
PLAYER_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
#: text, grid and axes in dark mode (the chart's background is transparent)
DARK_CSS = ("inline:@media (prefers-color-scheme: dark) {"
            " .title, .legends .legend text, .axis text, text.no_data, .graph { fill: #ececec !important; }"
            " .axis .line, .axis .guide.line, .axis .major.line { stroke: #8a8f96 !important; } }")
FONT = '"Scorer Sans", "DejaVu Sans", "Noto Sans", system-ui, sans-serif'
WONDERS_SHOWN = 12


@dataclass(frozen=True)
class Chart:
    key: str
    title: str
    alt: str
    svg: str

    @property
    def data_url(self) -> str:
        return "data:image/svg+xml;base64," + base64.b64encode(self.svg.encode("utf-8")).decode("ascii")


def style(colours: tuple[str, ...] = PLAYER_COLOURS) -> Style:
    return Style(background="transparent", plot_background="transparent", foreground="#222",
                 foreground_strong="#111", foreground_subtle="#777", colors=colours,
                 font_family=FONT, label_font_size=12, major_label_font_size=12,
                 legend_font_size=12, title_font_size=15, value_font_size=11)


def config(**options) -> dict:
    return {"width": WIDTH, "height": HEIGHT, "js": [], "disable_xml_declaration": True,
            "no_prefix": True, "css": ["file://style.css", "file://graph.css", DARK_CSS],
            "legend_at_bottom": True, "legend_at_bottom_columns": 2, "truncate_legend": 18,
            "truncate_label": 14, "print_values": False, "show_y_guides": True, **options}


def svg_of(chart) -> str:
    """The chart's SVG without pygal's script element (an image runs none; keep it clean) and
    with its style sheets as a still image uses them (:func:`still_css`)."""
    tree = chart.render_tree()
    for parent in tree.iter():
        for child in list(parent):
            if isinstance(child.tag, str) and child.tag.rsplit("}", 1)[-1] == "script":
                parent.remove(child)
            elif isinstance(child.tag, str) and child.tag.rsplit("}", 1)[-1] == "style":
                child.text = still_css(child.text or "")
    return ElementTree.tostring(tree, encoding="unicode")


#: selectors of what a chart shown as an image never draws: pointer hover, the tooltips and
#: highlights pygal's script would show, values printed over the bars (off), other chart kinds
NEVER_DRAWN = re.compile(r":hover|:visited|\.tooltip|\.active\b|\.text-overlay|\.map-element|"
                         r"\.ci\b|\.bound\b|\.max-value|\.gauge|\.bg-lines|\.showable")


@cache
def still_css(css: str) -> str:
    """pygal's style sheet without the rules (and selectors) :data:`NEVER_DRAWN` names.

    Half of each chart's text was such rules, and the report's renderer parses and matches
    every rule against every element of every chart. The sheets are the same for every chart
    of a kind (no per-chart prefix: each chart is an image of its own), hence the cache.
    """
    kept = []
    for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
        if rule.type != "qualified-rule":
            kept.append(rule.serialize())
            continue
        # without a prefix pygal leaves the chart's own rules with no selector: the root's
        selectors = [part.strip() or ":root" for part in tinycss2.serialize(rule.prelude).split(",")]
        shown = [selector for selector in selectors if not NEVER_DRAWN.search(selector)]
        if shown:
            kept.append(",".join(shown) + "{" + tinycss2.serialize(rule.content).strip() + "}")
    return "\n".join(kept)


def totals_chart(dates: list[str], series: dict[str, list[int | None]]) -> Chart | None:
    if len(dates) < 2:
        return None
    chart = pygal.Line(**config(style=style(), x_label_rotation=40, dots_size=3,
                                allow_interruptions=False))
    title = _("Totals over time")
    step = max(1, len(dates) // 5)  # five dates under the axis are readable on a phone
    chart.x_labels = [date if index % step == 0 else "" for index, date in enumerate(dates)]
    for name, values in series.items():
        chart.add(name, values)
    alt = _("Line chart of the totals of %(players)s in the last %(count)d games, from %(first)s "
            "to %(last)s.", players=", ".join(series), count=len(dates), first=dates[0],
            last=dates[-1])
    return Chart("totals", title, alt, svg_of(chart))


def rows_chart(figures: dict) -> Chart | None:
    players = figures["players"][:8]
    rows = [row["row"] for row in figures["rows"]]
    if not players or not rows:
        return None
    chart = pygal.StackedBar(**config(style=style(tuple(row_colour(row) for row in rows)),
                                      x_label_rotation=30))
    title = _("Mean points per row")
    chart.x_labels = [player["name"] for player in players]
    for row in rows:
        chart.add(row_label(row), [player["mean_scores"].get(row) for player in players])
    alt = _("Stacked bars: each player's mean points in every row of the score pad, in the "
            "pad's colours; the table of players gives the numbers.")
    return Chart("rows", title, alt, svg_of(chart))


def wonders_chart(figures: dict) -> Chart | None:
    wonders = figures["wonders"][:WONDERS_SHOWN]
    if not wonders:
        return None
    chart = pygal.Bar(**config(style=style(("#0072b2",)), show_legend=False, height=380,
                               range=(0, 100), y_labels=[0, 25, 50, 75, 100],
                               x_label_rotation=55, truncate_label=24))
    title = _("Win rate per wonder (%)")
    chart.x_labels = [wonder_side_label(w["wonder"], w["side"]) for w in wonders]
    chart.add(_("Win rate"), [round(100 * w["win_rate"]) for w in wonders])
    alt = _("Bar chart of the win rate of the %(count)d most played wonders and sides; the "
            "table of wonders gives the numbers.", count=len(wonders))
    return Chart("wonders", title, alt, svg_of(chart))


def spread(totals: list[int], width: int = 5) -> list[tuple[str, int]]:
    """Winning totals counted in bins of ``width`` points: ``("60-64", 3)``."""
    if not totals:
        return []
    low = totals[0] // width * width
    bins: dict[int, int] = {}
    for total in totals:
        start = (total - low) // width * width + low
        bins[start] = bins.get(start, 0) + 1
    return [(f"{start}–{start + width - 1}", bins.get(start, 0))
            for start in range(low, max(bins) + 1, width)]


def spread_chart(group: Group, filters: Filters) -> tuple[Chart | None, list[tuple[str, int]]]:
    binned = spread(winning_totals(group, filters))
    if not binned:
        return None, []
    chart = pygal.Bar(**config(style=style(("#009e73",)), show_legend=False, x_label_rotation=40))
    title = _("Winning totals")
    chart.x_labels = [label for label, _count in binned]
    chart.add(_("Games"), [count for _label, count in binned])
    alt = _("Bar chart of how many games were won with each range of points; the table beside "
            "it gives the numbers.")
    return Chart("spread", title, alt, svg_of(chart)), binned


def group_charts(group: Group, figures: dict, filters: Filters) -> dict:
    """Every chart of the group's page (None where there is too little to draw), with the
    winning totals' bins for the table beside their chart."""
    spread_of, bins = spread_chart(group, filters)
    dates, series = timeline(group, filters)
    return {"totals": totals_chart(dates, series), "rows": rows_chart(figures),
            "wonders": wonders_chart(figures), "spread": spread_of, "bins": bins,
            "dates": dates, "series": series}
