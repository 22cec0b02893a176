"""The JSON API (``/api/v1``) and the ``score`` and ``trade`` commands.

The API sits above the pages: it registers its own blueprints, exempts them from the pages'
CSRF protection (it takes no cookie-based state and is called by programs, not forms), and
answers the errors under ``/api/`` as JSON through the pages' error handlers.
"""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from ..engine.validation import Problem
    from ..web import answer_errors_under, csrf
    from . import cards, cli, games, groups, routes

    for blueprint in (routes.bp, games.bp, groups.bp, cards.bp):
        app.register_blueprint(blueprint)
        csrf.exempt(blueprint)
    answer_errors_under(app, "/api/", routes.http_error,
                        lambda message: routes.error_report([Problem("", "locked", message)], 403))
    cli.init_app(app)
