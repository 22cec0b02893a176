"""The Armada part of the pages: its two rows of typed points (:mod:`scorer.web.typed_rows`),
each in a colour of its own."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from ..typed_rows import TypedRowsPart

PART = TypedRowsPart("armada", _l("Armada"), {
    "naval": (_l("Naval conflicts"),
              _l("Your naval victory tokens minus your naval defeat tokens."),
              "#00727d", "#d6eef0"),
    "islands": (_l("Islands"), _l("The points of the islands you explored."),
                "#587619", "#e6efd3"),
})
