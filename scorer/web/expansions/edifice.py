"""The Edifice part of the pages: its row of typed points (:mod:`scorer.web.typed_rows`),
in a colour of its own."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from ..typed_rows import TypedRowsPart

PART = TypedRowsPart("edifice", _l("Edifice"), {
    "projects": (_l("Edifice projects"),
                 _l("The rewards of the projects you took part in, minus the penalties of the "
                    "others (as a minus)."),
                 "#4b3fb5", "#e2dff6"),
})
