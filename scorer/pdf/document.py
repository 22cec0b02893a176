"""A template rendered in a chosen language and printed to PDF.

The PDFs are rendered in the language asked for, which is not always the request's (the command
line has no request), so the locale is forced around both the template and the engine messages.
The HTML is drawn to PDF in a child process of lower priority when ``PDF_RENDER_PROCESS`` says
so (:mod:`.render_process`), in this process otherwise (:func:`draws_in_child`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app, render_template
from flask_babel import force_locale

from ..i18n import translator
from . import render_process
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
    return pdf_of(render_html(template, locale, paper, build, **context))


def draws_in_child(app) -> bool:
    """``PDF_RENDER_PROCESS``: true, false, or None (the default), which means on except
    under ``TESTING``. A served app (gunicorn, the table server, the command line) draws in
    the child, so a sheet never holds a web worker's interpreter lock; the test suite's
    thousands of apps draw in their own process instead of starting a child each."""
    configured = app.config.get("PDF_RENDER_PROCESS")
    return not app.testing if configured is None else bool(configured)


def nice_of(app) -> int:
    """``PDF_RENDER_NICE``: how much lower the child's priority is than its worker's."""
    nice = app.config.get("PDF_RENDER_NICE")
    return render_process.DEFAULT_NICE if nice is None else int(nice)


def pdf_of(html: str) -> bytes:
    """The PDF of ``html``: in the app's render child (see :func:`draws_in_child`) or here."""
    app = current_app
    if draws_in_child(app):
        return render_process.draw(app.static_folder, html, nice_of(app))
    return renderer(app.static_folder).pdf(html)


def start_child(app) -> None:
    """Start the render child beside the first requests, without waiting for it. The servers
    call this once a worker serves (:mod:`scorer.serving.background`): the child's start (an
    interpreter, WeasyPrint, the fonts: seconds at its low priority) would otherwise happen
    inside the worker's first sheet, holding the instance's render slot all that time. The
    command line and the tests start it on their first PDF, if ever."""
    if draws_in_child(app):
        render_process.pool(app.static_folder, nice_of(app)).submit(int)
