"""A group's charts as SVG, drawn on the server (by pygal, the win rates by hand): no
JavaScript reaches the browser.

Each chart is an SVG document shown as an ``<img>`` from a ``data:`` URL, so the page's
Content-Security-Policy stays as strict as ever (an image runs no script, and pygal's own
script element is removed anyway); its style sheet travels inside the image, with a
``prefers-color-scheme: dark`` block so the text, grid and series follow the phone's dark
mode. Charts are 390 units wide (a phone's width) and scale with the page. Every chart comes
with a text alternative (the ``alt`` text) and the page puts its numbers beside it.

Series are told apart three ways: by hue (a row's colour on the pad), by a deep or pale shade
that keeps every two neighbours 3:1 apart in both schemes (:mod:`.chart_colours`), and by a
pattern per place (hatching in the stacked bars and their legend, dashes on the lines). Counts
have whole-number axes; numbers and dates are written in the page's language
(:mod:`.figures`), a date with its time where two games of the chart share it.
"""

from __future__ import annotations

import base64
import math
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from xml.etree import ElementTree
from xml.sax.saxutils import escape

import pygal
import pygal.config
import pygal.graph.base
import pygal.state
import pygal.svg
import tinycss2
from flask_babel import get_locale, get_timezone, ngettext
from flask_babel import gettext as _
from pygal.style import Style

from ..groups.statistics import Filters
from ..groups.tallied import timeline, winning_totals
from ..storage.groups import Group
from .chart_colours import DARK_PAGE, LIGHT_PAGE, SeriesColour, by_place
from .chart_memo import kept_by_data
from .figures import fixed, moment_labels, percent
from .group_labels import row_colour, row_label, wonder_side_label

# pygal appends a finder for its map plugins to sys.meta_path that only has the old
# find_module(): every failed import anywhere in the process then warns (ImportWarning). The
# app draws no maps, so the finder goes.
sys.meta_path[:] = [finder for finder in sys.meta_path
                    if type(finder).__module__ != "pygal" or not hasattr(finder, "find_module")]

WIDTH, HEIGHT = 390, 300
SVG = "http://www.w3.org/2000/svg"
#: each player's hue on the timeline (Okabe-Ito, told apart in colour blindness); the shade
#: is the place's (:func:`scorer.web.chart_colours.by_place`)
PLAYER_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
#: the hue of the one-series charts (win rates, winning totals)
WIN_RATE_HUE, SPREAD_HUE = "#0072b2", "#009e73"
#: text, grid and axes in dark mode (the chart's background is transparent)
DARK_CSS = ("inline:@media (prefers-color-scheme: dark) {"
            " .title, .legends .legend text, .axis text, text.no_data, .graph, text.label,"
            " text.figure { fill: #ececec !important; }"
            " .axis .line, .axis .guide.line, .axis .major.line { stroke: #8a8f96 !important; } }")
FONT = '"Scorer Sans", "DejaVu Sans", "Noto Sans", system-ui, sans-serif'
WONDERS_SHOWN = 12
#: the patterns of the stacked bars' places (the first place plain): SVG path data in a
#: 6x6 tile, drawn over the series' colour
HATCHES = ("", "M-1,7 L7,-1", "M3,3 h0.01", "M0,3 H6", "M-1,7 L7,-1 M-1,-1 L7,7", "M-1,-1 L7,7",
           "M3,0 V6", "M0,3 H6 M3,0 V6")
#: the lines' dashes, by place (the first solid)
DASHES = ("", "7,4", "2,3", "9,3,2,3", "4,4", "1,5")


class QuickState:
    """pygal's graphs look every attribute up in their drawing state first, in Python
    (``BaseGraph.__getattribute__``, some 30,000 lookups a chart: a sixth of its drawing).
    These charts' state shares its dict with the chart itself (:class:`SharedState`): the
    chart's attributes are the state's, found by Python's own lookup. The charts are drawn by
    the subclasses below, named as pygal's (the SVG names the graph's class)."""

    __getattribute__ = object.__getattribute__

    # The chart is an image: pygal's script, which reads the tooltips, is removed (svg_of),
    # and no value is printed on it (``print_values`` is off). So the tooltips' texts are
    # neither formatted nor added: four <desc> elements a point, two thirds of a line chart's
    # elements and a third of its drawing (the totals chart, drawn again after most
    # corrections of a game).
    def _tooltip_data(self, *_args, **_options) -> None:
        return None

    def _format(self, _serie, _index) -> str:
        return ""

    def _get_x_label(self, _index) -> None:
        return None


class SharedState(pygal.state.State):
    """pygal's drawing state (the chart's configuration, its values and what drawing adds),
    which for a :class:`QuickState` chart is the chart's own dict from the moment it is
    made: pygal's ``__getattribute__`` reads the state's value of a name first, then the
    chart's; the state's dict holds the chart's values too (``State`` merges them in), and
    what pygal sets while drawing goes to the state (``BaseGraph.__setattr__``), so one dict
    answers every lookup as pygal's two did. pygal's own charts keep their own state."""

    def __init__(self, graph, **options):
        super().__init__(graph, **options)
        if isinstance(graph, QuickState):
            object.__setattr__(graph, "__dict__", self.__dict__)


# the name pygal's graphs make their state by
pygal.graph.base.State = SharedState


#: pygal's style sheets as written for a chart, by all they are made of (:meth:`StillSvg.add_styles`)
STYLE_SHEETS: dict[tuple, str] = {}
#: at most this many kept (a few per kind of chart and number of series)
STYLE_SHEETS_KEPT = 256


class StillSvg(pygal.svg.Svg):
    """pygal's SVG writer, which for a :class:`QuickState` chart (an image: no script runs in
    it, :func:`svg_of` removed pygal's) writes no script: pygal's wrote the chart's whole
    configuration into it as JSON, some 150 settings, to be thrown away; and writes the
    style sheet it wrote for the same sheets, colours, strokes and style before."""

    def add_scripts(self):
        if not isinstance(self.graph, QuickState):
            super().add_scripts()

    def add_styles(self):
        """pygal's ``add_styles``, kept for :class:`QuickState` charts by what it reads: the
        sheets named (its own read from disk, each filled in and minified with some fifteen
        regular expressions: a fifth of drawing the totals chart), the series' colours and
        strokes as it writes them, the chart's id and the style's settings. A sheet that
        adds a processing instruction (a font from the web) is not kept."""
        if not isinstance(self.graph, QuickState):
            super().add_styles()
            return
        graph = self.graph
        key = (tuple(graph.css), self.id, bool(graph.pretty_print), self.get_strokes(),
               graph.style.get_colors(self.id, graph._order), style_settings(graph.style))
        text = STYLE_SHEETS.get(key)
        if text is not None:
            self.node(self.defs, "style", type="text/css").text = text
            return
        instructions = len(self.processing_instructions)
        super().add_styles()
        if len(self.processing_instructions) == instructions:
            if len(STYLE_SHEETS) >= STYLE_SHEETS_KEPT:
                STYLE_SHEETS.clear()
            STYLE_SHEETS[key] = self.defs[-1].text


def style_settings(style) -> tuple:
    """A pygal style's own settings (those given to it and what it worked out from them; the
    rest are its class's), as a key."""
    return tuple(sorted((name, tuple(sorted(value)) if isinstance(value, set) else repr(value))
                        for name, value in vars(style).items()))


# the name pygal's graphs make their SVG writer by
pygal.graph.base.Svg = StillSvg


class SerieConfig(pygal.config.SerieConfig):
    """pygal's configuration of one series, whose names ``dir()`` lists: pygal asks for them
    once per setting per series (``BaseGraph.prepare_values``, some 400 times a chart, a fifth
    of its drawing). They are those of the class, whatever is set (only names it has are
    set), so they are listed once."""

    names = tuple(dir(pygal.config.SerieConfig))

    def __dir__(self):
        return self.names


# the name pygal's graphs build each series' configuration by
pygal.graph.base.SerieConfig = SerieConfig


class Line(QuickState, pygal.Line):
    pass


class StackedBar(QuickState, pygal.StackedBar):
    pass


class Bar(QuickState, pygal.Bar):
    pass


@dataclass(frozen=True)
class Chart:
    key: str
    title: str
    alt: str
    svg: str
    #: its height in SVG units (and CSS pixels at the phone's width)
    height: int = HEIGHT

    @property
    def data_url(self) -> str:
        return "data:image/svg+xml;base64," + base64.b64encode(self.svg.encode("utf-8")).decode("ascii")


def style(colours: list[SeriesColour]) -> Style:
    return Style(background="transparent", plot_background="transparent", foreground="#222",
                 foreground_strong="#111", foreground_subtle="#777",
                 colors=tuple(colour.light for colour in colours), opacity="1", opacity_hover="1",
                 stroke_opacity="1", stroke_opacity_hover="1",
                 font_family=FONT, label_font_size=12, major_label_font_size=12,
                 legend_font_size=12, title_font_size=15, value_font_size=11)


def series_css(colours: list[SeriesColour]) -> str:
    """Each place's colour in the dark scheme (pygal's style gives the light one)."""
    dark = " ".join(f".color-{place} {{ stroke: {colour.dark}; fill: {colour.dark}; }}"
                    for place, colour in enumerate(colours))
    return f"inline:@media (prefers-color-scheme: dark) {{ {dark} }}"


def axis_number(value) -> str:
    """An axis label: whole numbers as such, others with one decimal, in the page's language."""
    if value is None:
        return ""
    return fixed(value, 0 if float(value).is_integer() else 1)


def config(colours: list[SeriesColour], *css: str, **options) -> dict:
    return {"width": WIDTH, "height": HEIGHT, "js": [], "disable_xml_declaration": True,
            "no_prefix": True, "style": style(colours),
            "css": ["file://style.css", "file://graph.css", DARK_CSS, series_css(colours), *css],
            "legend_at_bottom": True, "legend_at_bottom_columns": 2, "truncate_legend": 18,
            "truncate_label": 14, "print_values": False, "show_y_guides": True,
            "value_formatter": axis_number, **options}


def whole_ticks(low: int, high: int, most: int = 6) -> list[int]:
    """At most ``most`` + 1 whole-number ticks from ``low`` down to ``high`` up, a round step
    apart (1, 2, 5, 10, 20, ...): an axis of counts never shows 0.2 of a game."""
    span = max(high - low, 1)
    step = 1
    while span / step > most:
        for factor in (2, 5, 10):
            if span / (step * factor) <= most or factor == 10:
                step *= factor
                break
    start = math.floor(low / step) * step
    return list(range(start, math.ceil(high / step) * step + 1, step))


def svg_of(chart, defs: list[ElementTree.Element] = (), lines: bool = False) -> str:
    """The chart's SVG without pygal's script element (an image runs none; keep it clean),
    with its style sheets as a still image uses them (:func:`still_css`), ``defs`` (the
    patterns) added to its definitions, and for ``lines`` its legend drawn as lines."""
    return ElementTree.tostring(drawn_tree(chart, defs, lines), encoding="unicode")


def drawn_tree(chart, defs: list[ElementTree.Element] = (), lines: bool = False) -> ElementTree.Element:
    """:func:`svg_of`'s tree, before it is written."""
    tree = chart.render_tree()
    if lines:
        legend_lines(tree)
    # pygal writes its style sheets and script in the root's <defs> (looked for there only:
    # a walk of the whole tree was a tenth of a chart's drawing)
    for parent in [child for child in tree if local(child) == "defs"]:
        for child in list(parent):
            if local(child) == "script":
                parent.remove(child)
            elif local(child) == "style":
                child.text = still_css(child.text or "")
                parent.extend(defs)
    return tree


#: where a series' group was in a frame's SVG (:meth:`Frame.of`)
SPLICE = re.compile(r"<splice-(\d+) />")


@dataclass(frozen=True)
class Frame:
    """A line chart's SVG without its series' groups (``pieces``: the text between them, in
    the order written: each series' group of lines, then each one's group of dots), with
    pygal's projection of its values (``view``, read only) and the points' x positions."""

    pieces: tuple[str, ...]
    view: object
    x_pos: tuple[float, ...]
    dots_size: int

    @classmethod
    def of(cls, chart, tree: ElementTree.Element) -> Frame:
        """The frame of ``chart`` drawn as ``tree`` (its series' groups are taken out of the
        tree, which is written before)."""
        wanted = {id(node) for key in ("plot", "overlay") for node in chart.nodes[key]
                  if (node.get("class") or "").startswith("series serie-")}
        found = 0
        for parent in tree.iter():
            for index, child in enumerate(parent):
                if id(child) in wanted:
                    parent[index] = ElementTree.Element(f"splice-{found}")
                    found += 1
        pieces = SPLICE.split(ElementTree.tostring(tree, encoding="unicode"))
        if found != 2 * len(chart.series) or len(pieces) != 2 * found + 1:
            raise RuntimeError("a line chart's series not where pygal puts them")
        return cls(tuple(pieces[::2]), chart.view, tuple(chart._x_pos), chart.dots_size)

    def svg(self, series: tuple[tuple[str, tuple], ...]) -> str:
        """The chart of ``series`` (the frame's names, axis and gaps) as pygal writes it."""
        drawn = [series_svg(self, place, values) for place, (_name, values) in enumerate(series)]
        parts = [line for line, _dots in drawn] + [dots for _line, dots in drawn]
        out = [self.pieces[0]]
        for part, piece in zip(parts, self.pieces[1:], strict=True):
            out.append(part)
            out.append(piece)
        return "".join(out)


def series_svg(frame: Frame, place: int, values: tuple) -> tuple[str, str]:
    """One series' group of lines and group of dots, as pygal's ``Line.line`` and
    ``Svg.line`` write them for this app's charts (no fill, no interruptions, no tooltips,
    values or confidence intervals): its points projected by the frame's view, a dot per
    value, one path through them all (none under two values); a float as ``str`` writes
    it in the dots, as ``%f`` in the path."""
    group = f'<g class="series serie-{place} color-{place}"'
    coords = [frame.view((x, value)) for x, value in zip(frame.x_pos, values, strict=True)]
    shown = [xy for xy in coords if None not in xy]
    dots = "".join(f'<g class="dots"><circle cx="{x}" cy="{y}" r="{frame.dots_size}" '
                   f'class="dot reactive tooltip-trigger" /></g>' for x, y in shown)
    if len([xy for xy in coords if xy[1] is not None]) < 2:
        line = group + " />"
    else:
        first, *rest = [f"{x:f} {y:f}" for x, y in shown]  # pygal's "%f %f"
        path = f"M{first} L{' '.join(rest)}"
        line = f'{group}><path d="{path}" class="line reactive nofill" /></g>'
    return line, (f"{group}>{dots}</g>" if dots else group + " />")


#: selectors of what a chart shown as an image never draws: pointer hover, the tooltips and
#: highlights pygal's script would show, values printed over the bars (off), other chart kinds
NEVER_DRAWN = re.compile(r":hover|:visited|\.tooltip|\.active\b|\.text-overlay|\.map-element|"
                         r"\.ci\b|\.bound\b|\.max-value|\.gauge|\.bg-lines|\.showable")


@lru_cache(maxsize=256)
def still_css(css: str) -> str:
    """pygal's style sheet without the rules (and selectors) :data:`NEVER_DRAWN` names.

    Half of each chart's text was such rules, and the report's renderer parses and matches
    every rule against every element of every chart. The sheets are the same for every chart
    of a kind and colours (no per-chart prefix: each chart is an image of its own), hence the
    cache.
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


# -- patterns ----------------------------------------------------------------------------------


def hatch_css(count: int) -> str:
    """The stacked bars and their legend swatches filled with their place's pattern; a thin
    line of the page's colour between two segments; the hatching drawn in the page's colour
    over a deep shade and in the text's over a pale one (light scheme; the other way round in
    the dark scheme, where the first place is pale)."""
    rules = [f".serie-{place} .rect, .legend .color-{place} {{ fill: url(#hatch-{place}); }}"
             for place in range(count) if HATCHES[place % len(HATCHES)]]
    rules.append(f".series .rect {{ stroke: {LIGHT_PAGE}; stroke-width: 1; }}")
    rules.append(f".hatch {{ fill: none; stroke-width: 1.4; stroke-linecap: round; }} "
                 f".hatch.on-deep {{ stroke: {LIGHT_PAGE}; }} .hatch.on-pale {{ stroke: #111; }} "
                 f".hatch.dot {{ stroke-width: 2.6; }}")
    dark = (f".series .rect {{ stroke: {DARK_PAGE}; }} .hatch.on-deep {{ stroke: {DARK_PAGE}; }} "
            f".hatch.on-pale {{ stroke: #ececec; }}")
    return "inline:" + " ".join(rules) + f" @media (prefers-color-scheme: dark) {{ {dark} }}"


def hatch_defs(count: int) -> list[ElementTree.Element]:
    """One 6x6 tile per hatched place: the place's colour (its ``color-N`` class, so that the
    dark scheme changes it too) and the strokes of its pattern (elements named as pygal names
    them: in the default namespace its root declares)."""
    found = []
    for place in range(count):
        path = HATCHES[place % len(HATCHES)]
        if not path:
            continue
        pattern = ElementTree.Element("pattern", id=f"hatch-{place}", width="6", height="6",
                                      patternUnits="userSpaceOnUse")
        ElementTree.SubElement(pattern, "rect", width="6", height="6",
                               attrib={"class": f"color-{place} base"})
        kind = "on-deep" if place % 2 == 0 else "on-pale"
        dot = " dot" if path.endswith("h0.01") else ""
        ElementTree.SubElement(pattern, "path", d=path,
                               attrib={"class": f"hatch {kind}{dot}"})
        found.append(pattern)
    return found


def dash_css(count: int) -> str:
    """Each line's dashes by place, and its legend swatch drawn as a short line of them."""
    rules = [f".serie-{place} .line, .legend .color-{place}.swatch "
             f"{{ stroke-dasharray: {DASHES[place % len(DASHES)]}; }}"
             for place in range(count) if DASHES[place % len(DASHES)]]
    rules.append(".series .line { stroke-width: 2.5; } .legend .swatch { fill: none; stroke-width: 3; }")
    return "inline:" + " ".join(rules)


def legend_lines(tree: ElementTree.Element) -> None:
    """A line chart's legend swatches as short lines, which show their place's dashes (a
    square would not)."""
    for legend in tree.iter():
        if "legend" not in legend.get("class", "").split():
            continue
        for swatch in [child for child in legend if local(child) == "rect"]:
            x, y = float(swatch.get("x", 0)), float(swatch.get("y", 0))
            colour = swatch.get("class", "").split()[0]
            legend.remove(swatch)
            legend.insert(0, ElementTree.Element(swatch.tag.replace("rect", "path"),
                                                 d=f"M{x} {y + 6} h12",
                                                 attrib={"class": f"{colour} swatch"}))


def local(element) -> str:
    """An element's name without its namespace ("" for a comment)."""
    return element.tag.rsplit("}", 1)[-1] if isinstance(element.tag, str) else ""


# -- the charts --------------------------------------------------------------------------------


@kept_by_data
def totals_chart(moments: tuple, series: tuple[tuple[str, tuple[int | None, ...]], ...]) -> Chart | None:
    """The totals of the players with the most games over the last games (``series``: each
    player's name and totals, None where absent), by when the games were saved.

    A correction of one of the last games changes one total and nothing else the chart is
    drawn from (its dates, players, axis, which games each played): the chart's frame, all
    of its SVG but the series' lines and dots, is kept by those (:class:`Frame`), and the
    series are written into it as pygal writes them, through pygal's own projection of the
    frame's chart (:func:`series_svg`)."""
    if len(moments) < 2:
        return None
    totals = [value for _name, values in series for value in values if value is not None]
    ticks = whole_ticks(min(totals), max(totals)) if totals else None
    title = _("Totals over time")
    dates = moment_labels(list(moments))
    alt = _("Line chart of the totals of %(players)s in the last %(count)d games, from %(first)s "
            "to %(last)s.", players=", ".join(name for name, _values in series),
            count=len(moments), first=dates[0], last=dates[-1])
    key = (str(get_locale()), str(get_timezone()), repr(moments),
           tuple(name for name, _values in series), repr(ticks),
           (min(totals), max(totals)) if totals else None,
           tuple(tuple(value is None for value in values) for _name, values in series))
    frame = TOTALS_FRAMES.get(key)
    if frame is not None:
        return Chart("totals", title, alt, frame.svg(series))
    colours = by_place(list(PLAYER_COLOURS[:len(series)]))
    chart = Line(**config(colours, dash_css(len(series)), x_label_rotation=40,
                          dots_size=3, allow_interruptions=False, y_labels=ticks,
                          range=(ticks[0], ticks[-1]) if ticks else None,
                          truncate_label=-1))
    labels = moment_labels(list(moments), short=True)
    step = max(1, len(labels) // 5)  # five dates under the axis are readable on a phone
    chart.x_labels = [label if index % step == 0 else "" for index, label in enumerate(labels)]
    for name, values in series:
        chart.add(name, list(values))
    tree = drawn_tree(chart, lines=True)
    svg = ElementTree.tostring(tree, encoding="unicode")
    if isinstance(chart, QuickState):  # its drawing state is its own (pygal's is dropped)
        if len(TOTALS_FRAMES) >= TOTALS_FRAMES_KEPT:
            TOTALS_FRAMES.clear()
        TOTALS_FRAMES[key] = Frame.of(chart, tree)
    return Chart("totals", title, alt, svg)


#: the totals chart's frames, by all they are drawn from but the totals (:func:`totals_chart`)
TOTALS_FRAMES: dict[tuple, Frame] = {}
#: at most this many kept (a frame is the chart's SVG, some 20 kB)
TOTALS_FRAMES_KEPT = 64


def rows_data(figures: dict) -> tuple[tuple[str, ...], tuple[tuple[str, tuple], ...]]:
    """What the rows chart draws of ``figures``: the rows, and the first eight players' names
    and mean points in each (None where they have none), to one decimal as the table of
    numbers beside the chart writes them: a bar a hundredth of a point longer is the same
    drawing (a third of a pixel at most), and most corrections of a game move some mean by
    that much only, so the chart kept (:mod:`.chart_memo`) is shown again."""
    rows = tuple(row["row"] for row in figures["rows"])
    return rows, tuple((player["name"], tuple(None if mean is None else round(mean, 1)
                                              for mean in (player["mean_scores"].get(row)
                                                           for row in rows)))
                       for player in figures["players"][:8])


@kept_by_data
def rows_chart(rows: tuple[str, ...], players: tuple[tuple[str, tuple], ...]) -> Chart | None:
    if not players or not rows:
        return None
    colours = by_place([row_colour(row) for row in rows])
    chart = StackedBar(**config(colours, hatch_css(len(rows)), x_label_rotation=30))
    title = _("Mean points per row")
    chart.x_labels = [name for name, _means in players]
    for place, row in enumerate(rows):
        chart.add(row_label(row), [means[place] for _name, means in players])
    alt = _("Stacked bars: each player's mean points in every row of the score pad, in the "
            "pad's colours; the table of players gives the numbers.")
    return Chart("rows", title, alt, svg_of(chart, hatch_defs(len(rows))))


#: the win-rate chart's layout: one band per wonder (its name and side on a line, the bar
#: under it with its numbers at its end), in SVG units
BAND, BAR, LABEL_GAP, MARGIN, NUMBERS = 38, 14, 4, 6, 130


def wonders_data(figures: dict) -> tuple[tuple, ...]:
    """What the win-rate chart draws of ``figures``: the most played wonders' and sides' ids,
    win rates, wins and plays."""
    return tuple((wonder["wonder"], wonder["side"], wonder["win_rate"], wonder["wins"],
                  wonder["plays"]) for wonder in figures["wonders"][:WONDERS_SHOWN])


@kept_by_data
def wonders_chart(wonders: tuple[tuple, ...]) -> Chart | None:
    """The win rate of the most played wonders and sides, one band each: the whole name and
    side on a line (never cut), the bar under it and the rate with its games at the bar's end."""
    if not wonders:
        return None
    colour = by_place([WIN_RATE_HUE])[0]
    height = MARGIN * 2 + BAND * len(wonders)
    scale = WIDTH - 2 * MARGIN - NUMBERS
    css = (f"text {{ font-family: {FONT}; font-size: 12px; fill: #222; }} "
           f"text.figure {{ fill: #111; }} .bar {{ fill: {colour.light}; }} "
           f".axis-line {{ stroke: #777; stroke-width: 1; }} "
           f"@media (prefers-color-scheme: dark) {{ text.label, text.figure {{ fill: #ececec; }} "
           f".bar {{ fill: {colour.dark}; }} .axis-line {{ stroke: #8a8f96; }} }}")
    parts = [f'<svg xmlns="{SVG}" class="pygal-chart wonders" viewBox="0 0 {WIDTH} {height}" '
             f'width="{WIDTH}" height="{height}"><defs><style type="text/css">{escape(css)}</style></defs>']
    for index, (wonder, side, win_rate, wins, plays) in enumerate(wonders):
        top = MARGIN + index * BAND
        bar_top = top + 12 + LABEL_GAP
        width = round(scale * win_rate, 2)
        numbers = _("%(rate)s · %(games)s", rate=percent(win_rate),
                    games=ngettext("%(wins)d of %(num)d game", "%(wins)d of %(num)d games",
                                   plays, wins=wins))
        parts.append(
            f'<g class="wonder"><text class="label" x="{MARGIN}" y="{top + 11}">'
            f'{escape(wonder_side_label(wonder, side))}</text>'
            f'<path class="axis-line" d="M{MARGIN} {bar_top - 1} v{BAR + 2}" />'
            f'<rect class="bar" x="{MARGIN}" y="{bar_top}" width="{width}" height="{BAR}" />'
            f'<text class="figure" x="{MARGIN + width + 5}" y="{bar_top + 11}">{escape(numbers)}</text></g>')
    parts.append("</svg>")
    title = _("Win rate per wonder (%)")
    alt = _("Bar chart of the win rate of the %(count)d most played wonders and sides; the "
            "table of wonders gives the numbers.", count=len(wonders))
    return Chart("wonders", title, alt, "".join(parts), height)


#: the points one bar of the winning totals' chart counts
SPREAD_WIDTH = 5


def spread_bins(totals, width: int = SPREAD_WIDTH) -> tuple[tuple[int, int], ...]:
    """Winning totals (lowest first) counted in bins of ``width`` points: ``(60, 3)`` for
    three games won with 60 to 64 points, every bin from the lowest to the highest."""
    if not totals:
        return ()
    low = totals[0] // width * width
    bins: dict[int, int] = {}
    for total in totals:
        start = (total - low) // width * width + low
        bins[start] = bins.get(start, 0) + 1
    return tuple((start, bins.get(start, 0)) for start in range(low, max(bins) + 1, width))


def bin_labels(bins: tuple[tuple[int, int], ...], width: int = SPREAD_WIDTH) -> list[tuple[str, int]]:
    """The bins as the page writes them: ``("60–64", 3)``."""
    return [(f"{fixed(start, 0)}–{fixed(start + width - 1, 0)}", count) for start, count in bins]


@kept_by_data
def spread_chart(bins: tuple[tuple[int, int], ...]) -> Chart | None:
    """The chart of the winning totals' bins (:func:`spread_bins`). Kept by the bins, not by
    the totals: a correction that moves a winner's total within its bin (most do) draws the
    same bars, so the chart kept is shown again."""
    if not bins:
        return None
    binned = bin_labels(bins)
    ticks = whole_ticks(0, max(count for _label, count in binned))
    chart = Bar(**config(by_place([SPREAD_HUE]), show_legend=False, x_label_rotation=40,
                         y_labels=ticks, range=(0, ticks[-1])))
    title = _("Winning totals")
    chart.x_labels = [label for label, _count in binned]
    chart.add(_("Games"), [count for _label, count in binned])
    alt = _("Bar chart of how many games were won with each range of points; the table beside "
            "it gives the numbers.")
    return Chart("spread", title, alt, svg_of(chart))


def group_charts(group: Group, figures: dict, filters: Filters) -> dict:
    """Every chart of the group's page (None where there is too little to draw), with the
    winning totals' bins for the table beside their chart. Each chart is drawn from plain
    data and kept by it (:mod:`.chart_memo`): a change that leaves its data is no drawing."""
    bins = spread_bins(winning_totals(group, filters))
    moments, series = timeline(group, filters)
    return {"totals": totals_chart(tuple(moments), tuple((name, tuple(values))
                                                         for name, values in series.items())),
            "rows": rows_chart(*rows_data(figures)), "wonders": wonders_chart(wonders_data(figures)),
            "spread": spread_chart(bins), "bins": bin_labels(bins), "series": series}
