"""A template rendered in a chosen language and printed to PDF.

The PDFs are rendered in the language asked for, which is not always the request's (the command
line has no request), so the locale is forced around both the template and the engine messages.
The HTML is drawn to PDF in a child process of lower priority when ``PDF_RENDER_PROCESS`` says
so (:mod:`.render_process`), in this process otherwise (:func:`draws_in_child`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from flask import current_app, render_template
from flask_babel import force_locale

from ..i18n import translator
from ..safety.switches import switched_on
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
    """``PDF_RENDER_PROCESS``: draw in the child (true) or here (false). Unset, it is on for an
    app the project's servers serve (:func:`start_child` sets it) and off for the rest: the
    command line draws one PDF and leaves, where a child would only add its start (2.5 s
    measured for ``flask pad``), and the test suite's thousands of apps (``TESTING``, even when
    a test starts a server's hooks) would each start one."""
    return bool(app.config.get("PDF_RENDER_PROCESS"))


def priority_of(app) -> render_process.Priority:
    """``PDF_RENDER_NICE``: how much lower the child's priority is than its worker's;
    ``PDF_RENDER_IDLE`` (on unless a host turns it off): whether it also draws only on a core
    no request wants (Linux; see :mod:`.render_process` for what that costs the sheets)."""
    nice, idle = app.config.get("PDF_RENDER_NICE"), app.config.get("PDF_RENDER_IDLE")
    return render_process.Priority(render_process.DEFAULT_NICE if nice is None else int(nice),
                                   switched_on(idle, True))


def pdf_of(html: str) -> bytes:
    """The PDF of ``html``: in the app's render child (see :func:`draws_in_child`) or here."""
    app = current_app
    if draws_in_child(app):
        return render_process.draw(app.static_folder, html, priority_of(app))
    return renderer(app.static_folder).pdf(html)


def start_child(app) -> None:
    """The servers' part, once a worker serves (gunicorn's ``post_worker_init``, the table
    server; :mod:`scorer.serving.background`): turn the child on unless the app is a test's or
    its host set ``PDF_RENDER_PROCESS``, and start it beside the first requests without
    waiting for it. Its start (an interpreter, WeasyPrint, the fonts: seconds at its low
    priority) would otherwise happen inside the worker's first sheet, holding the instance's
    render slot all that time.

    With the children drawing at a lower priority, the instance draws as many sheets at once as
    it has cores (unless its host set ``PDF_RENDER_SLOTS``), not half: they only take what the
    pages leave. With one slot, 35 tables' sheets near the end of a club night queued while a
    core sat idle (``benchmarks/capacity.py``: the server at 1.0 of 2 cores, 3 of 35 sheets
    not drawn within 30 s)."""
    if app.config.get("PDF_RENDER_PROCESS") is None:
        app.config["PDF_RENDER_PROCESS"] = not app.testing
    if draws_in_child(app):
        priority = priority_of(app)
        if not app.config.get("PDF_RENDER_SLOTS") and priority.yields:
            app.config["PDF_RENDER_SLOTS"] = os.cpu_count() or 1
        render_process.pool(app.static_folder, priority).submit(int)
