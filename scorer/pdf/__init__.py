"""Printable score pads and sheets rendered with WeasyPrint."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Register the PDF routes, the ``pad`` and ``report`` commands and the render child's
    start with the server."""
    from ..serving import background
    from . import commands, document, group_report, sheet_cache, views

    app.register_blueprint(views.bp)
    app.register_blueprint(group_report.bp)
    app.cli.add_command(commands.pad_command)
    app.cli.add_command(group_report.report_command)
    sheet_cache.init_app(app)
    app.after_request(views.keep_busy_retry_after)
    background.register(app, document.start_child)
