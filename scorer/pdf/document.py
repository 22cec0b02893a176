"""A template rendered in a chosen language and printed to PDF.

The PDFs are rendered in the language asked for, which is not always the request's (the command
line has no request), so the locale is forced around both the template and the engine messages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app, render_template
from flask_babel import force_locale

from ..i18n import translator
from .layout import PAGE_MARGIN_MM
from .paper import Paper
from .render import renderer


def render_html(template: str, locale: str, paper: Paper,
                build: Callable[[Any], dict] | None = None, **context: Any) -> str:
    """The HTML of ``template`` in ``locale`` on ``paper``.

    ``build`` (optional) receives the locale's translator and returns more template context:
    engine messages must be rendered while the locale is forced.
    """
    with force_locale(locale):
        if build is not None:
            context.update(build(translator()))
        return render_template(template, lang=locale, paper=paper, margin_mm=PAGE_MARGIN_MM,
                               **context)


def render_pdf(template: str, locale: str, paper: Paper,
               build: Callable[[Any], dict] | None = None, **context: Any) -> bytes:
    """Render ``template`` in ``locale`` on ``paper`` (see :func:`render_html`) to PDF."""
    html = render_html(template, locale, paper, build, **context)
    return renderer(current_app.static_folder).pdf(html)
