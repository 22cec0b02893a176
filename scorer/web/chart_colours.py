"""The charts' colours: each series keeps its own hue (a row's colour on the pad, a player's)
and takes a deep or a pale shade of it by its place, so that any two neighbouring series are
at least 3:1 apart and each stands 3:1 off the page, in the light and in the dark scheme.

A chart has more series (up to thirteen score-pad rows) than colours can keep 3:1 apart from
each other all at once, but a stacked bar or a legend only ever puts a series beside the next
one: alternating a deep and a pale shade of set luminances (WCAG 2 relative luminance) makes
every such pair pass, whatever rows a group's games have. The hue still tells the rows apart
for those who see it, and the charts add a pattern per place for those who do not.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass
from functools import cache

#: the pages' backgrounds under the charts (static/app.css: --page), light and dark
LIGHT_PAGE, DARK_PAGE = "#ffffff", "#121417"
#: relative luminances of the two shades: (deep, pale) on the light page and on the dark one;
#: deep and pale 3.3:1 apart, and the shade nearest the page 3.1:1 (light) or 3.3:1 (dark) off it
LIGHT_SHADES = (0.05, 0.285)
DARK_SHADES = (0.14, 0.58)


def channel(value: int) -> float:
    value /= 255
    return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4


def rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(2 * digit for digit in colour)
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    red, green, blue = (channel(value) for value in rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hex_of(red: float, green: float, blue: float) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, value)) * 255):02x}" for value in (red, green, blue))


@cache
def shade(colour: str, target: float) -> str:
    """``colour``'s hue and saturation at the lightness whose luminance is ``target`` (a
    bisection: luminance grows with HLS lightness), rounded to the nearest ``#rrggbb``."""
    hue, _lightness, saturation = colorsys.rgb_to_hls(*(value / 255 for value in rgb(colour)))
    low, high = 0.0, 1.0
    for _step in range(40):
        middle = (low + high) / 2
        if luminance(hex_of(*colorsys.hls_to_rgb(hue, middle, saturation))) < target:
            low = middle
        else:
            high = middle
    return hex_of(*colorsys.hls_to_rgb(hue, (low + high) / 2, saturation))


@dataclass(frozen=True)
class SeriesColour:
    """One series' fill in the light and in the dark scheme."""

    light: str
    dark: str


def by_place(hues: list[str]) -> list[SeriesColour]:
    """The series' colours in their order: the first deep, the next pale, and so on (in the
    dark scheme the pale shade is the one that stands out from the page, so it goes first)."""
    return [SeriesColour(shade(hue, LIGHT_SHADES[place % 2]), shade(hue, DARK_SHADES[1 - place % 2]))
            for place, hue in enumerate(hues)]
