"""WeasyPrint's image cache, keeping each SVG image's drawing once it has been drawn.

WeasyPrint draws an SVG image again at each use, walking its tree and parsing its paths in
Python: a score sheet's eight row icons cost some 20 000 calls of its 640 000 (issue 31). Here
an SVG image is drawn once per size into a scratch stream from a fresh graphics state, and its
operators are then copied into every page that shows it, in a state of their own. An image
whose drawing needs more than opacity states (text, patterns, shadings, groups) or a
WeasyPrint whose streams differ is drawn as WeasyPrint draws it.
"""

from __future__ import annotations

import pydyf
from weasyprint.images import SVGImage


class ImageCache(dict):
    """The ``cache`` WeasyPrint fills with the images it fetched (by URL), keeping each SVG
    image as a :class:`RecordedSvg` (from the second document that shows it on)."""

    def __setitem__(self, key, value):
        super().__setitem__(key, RecordedSvg(value) if isinstance(value, SVGImage) else value)


class RecordedSvg:
    """An SVG image drawn once per size, then copied."""

    def __init__(self, image: SVGImage):
        self._image = image
        self._drawn: dict = {}

    def get_intrinsic_size(self, image_resolution, font_size):
        return self._image.get_intrinsic_size(image_resolution, font_size)

    def draw(self, stream, width, height, style) -> None:
        key = (width, height)
        if key not in self._drawn:
            self._drawn[key] = _record(self._image, stream, width, height, style)
        recorded = self._drawn[key]
        if recorded is None:
            self._image.draw(stream, width, height, style)
            return
        operators, states = recorded
        for name, state in states.items():
            stream._resources["ExtGState"].setdefault(name, state)
        # in a state of their own: the stream then forgets the colours it thinks are set
        stream.push_state()
        stream.stream.extend(operators)
        stream.pop_state()


def _record(image: SVGImage, stream, width, height, style) -> tuple[list, dict] | None:
    """The operators and opacity states of ``image`` drawn from a fresh state, or None."""
    try:
        resources = pydyf.Dictionary({
            "ExtGState": pydyf.Dictionary(), "XObject": pydyf.Dictionary(),
            "Pattern": pydyf.Dictionary(), "Shading": pydyf.Dictionary(),
            "ColorSpace": stream._resources["ColorSpace"]})
        fonts: dict = {}
        scratch = stream.clone(resources=resources, fonts=fonts)
        image.draw(scratch, width, height, style)
    except (AttributeError, KeyError, TypeError):  # another WeasyPrint's streams
        return None
    states = resources["ExtGState"]
    if fonts or resources["XObject"] or resources["Pattern"] or resources["Shading"] or any(
            not name.startswith(("a", "A")) for name in states):
        return None  # opacity states are named by their value ("a0.5"), the rest by number
    return list(scratch.stream), dict(states)
