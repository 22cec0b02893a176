"""The HTML pages: one blueprint per task, forms with CSRF, and the database hooks.

The JSON API is the only part exempt from CSRF: it takes no cookies-based state and is called
by programs, not by forms.
"""

from __future__ import annotations

from flask import Flask, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from .. import storage
from ..engine.messages import N_, Message
from . import expired_forms

csrf = CSRFProtect()


def page_error(error: HTTPException):
    """A translated error page for people; API paths keep their own answers."""
    if request.path.startswith("/api/"):
        from ..api.routes import http_error

        return http_error(error)
    if isinstance(error, CSRFError):
        try:
            shown = expired_forms.show_again()
        except HTTPException as refused:  # the view refused before reading the form (403, 404)
            return page_error(refused)
        if shown is not None:
            return shown
        message = _("This form has expired or was not sent from this site. Go back, reload the "
                    "page and send it again.")
    elif error.code == 403:
        message = _("Only the browser that created this game can change its players or delete "
                    "it. Its owner can hand it over with the link on the score pad.")
    elif error.code == 404:
        message = _("There is no such page or game. Games that were deleted are gone for good.")
    elif error.code == 405:
        message = _("This page cannot be used that way.")
    elif error.code == 413:
        message = _("What was sent is too large.")
    elif error.code == 429:
        message = _("Too many requests from your address in a short time. Wait a minute, "
                    "then try again.")
    else:
        message = _("The request could not be handled.")
    return render_template("error.html", message=message, code=error.code), error.code


LOCKED = N_("This game is locked by its owner: its cities and players can no longer be changed. "
            "The owner can unlock it on the score pad.")


def locked_game(_error: storage.GameLocked):
    """A change to a locked game (a city, the set-up): 403 with why, on pages and in the API."""
    if request.path.startswith("/api/"):
        from ..api.routes import error_report
        from ..engine.validation import Problem

        return error_report([Problem("", "locked", Message(LOCKED))], 403)
    return render_template("error.html", message=_(LOCKED), code=403), 403


def init_app(app: Flask) -> None:
    """Register the page blueprints and the database hooks."""
    from ..api import games as games_api
    from ..api import groups as groups_api
    from ..api import routes as api
    from ..games import seats as seats_remembered
    from . import build, cards, cities, games, groups, install, invite, labels, ownership, quick, setup

    storage.init_app(app)
    seats_remembered.init_app(app)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", expired_forms.TOKEN_LIFETIME)
    csrf.init_app(app)
    csrf.exempt(api.bp)
    csrf.exempt(games_api.bp)
    csrf.exempt(groups_api.bp)
    labels.register(app)
    app.jinja_env.globals.update(THEME_COLOURS=install.THEME_COLOURS)
    app.add_url_rule("/", "index", games.index)
    for blueprint in (games.bp, setup.bp, cities.bp, quick.bp, build.bp, invite.bp, install.bp,
                      ownership.bp, groups.bp, cards.bp):
        app.register_blueprint(blueprint)
    for code in (400, 403, 404, 405, 413, 429):
        app.register_error_handler(code, page_error)
    app.register_error_handler(CSRFError, page_error)
    app.register_error_handler(storage.GameLocked, locked_game)
