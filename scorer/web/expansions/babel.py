"""The Babel part of the pages: its row of typed points (:mod:`scorer.web.typed_rows`),
in a colour of its own."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from ..typed_rows import TypedRowsPart

PART = TypedRowsPart("babel", _l("Babel"), {
    "tower": (_l("Babel: tower and great projects"),
              _l("The points of the great projects and the tower's tiles, penalties as a "
                 "minus."),
              "#b0306a", "#f6dce8"),
})
