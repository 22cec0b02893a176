"""The scripts the browser tests run in a page (``page.evaluate``), read once.

The two contrast checks (text, focus rings) share their colour helpers, ``colours.js``, put
where each says ``/* colours.js */``; each keeps its own idea of what is behind a control
that nothing opaque is behind.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
COLOURS = "/* colours.js */"


def script(name: str) -> str:
    text = (HERE / name).read_text("utf-8")
    if COLOURS in text:
        text = text.replace(COLOURS, (HERE / "colours.js").read_text("utf-8").strip(), 1)
    return text


#: text below the WCAG AA contrast ratio (4.5, or 3 for large text) against its background
CONTRAST = script("contrast.js")
#: controls whose focus ring is missing or below 3:1 against what is behind it
FOCUS_RING = script("focus_ring.js")
#: visible controls smaller than 44 px either way
TAP_TARGETS = script("tap_targets.js")
