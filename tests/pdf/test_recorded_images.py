"""An SVG icon is drawn once, then copied (issue 31): the copy draws what WeasyPrint draws."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from scorer.pdf.recorded_images import ImageCache, RecordedSvg
from scorer.pdf.render import Renderer

PAGE = ('<html><head><style>@page { size: 40mm 40mm; margin: 5mm }</style></head><body>'
        '<img src="pdf/icons/military.svg" style="width: 6mm"> '
        '<img src="pdf/icons/science.svg" style="width: 6mm"></body></html>')


def drawn(pdf: bytes) -> list[str]:
    """The page's operators, without the graphics states the copy adds around itself."""
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
    return [line for line in re.split(r"\n", content) if line.strip() not in ("q", "Q", "")]


def test_an_icon_is_copied_as_weasyprint_drew_it(app):
    recorded = Renderer(app.static_folder)
    assert isinstance(recorded.images, ImageCache)
    plain = Renderer(app.static_folder)
    plain.images = {}
    first = recorded.pdf(PAGE)  # fetched: drawn by WeasyPrint, kept
    copied = recorded.pdf(PAGE)  # recorded and copied
    again = recorded.pdf(PAGE)  # copied
    icons = [image for image in recorded.images.values() if isinstance(image, RecordedSvg)]
    assert len(icons) == 2 and all(
        drawing is not None for icon in icons for drawing in icon._drawn.values())
    assert drawn(first) == drawn(plain.pdf(PAGE)) == drawn(copied) == drawn(again)
