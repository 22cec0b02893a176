"""The HTML pages: one blueprint per task, forms with CSRF, and the database hooks.

The JSON API is the only part exempt from CSRF: it takes no cookies-based state and is called
by programs, not by forms.
"""

from __future__ import annotations

from flask import Flask, current_app, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from .. import storage
from ..engine.messages import N_, Message
from . import expired_forms

csrf = CSRFProtect()

#: ``app.extensions`` key of the parts of the site that answer their own errors
ERROR_ANSWERS = "scorer.error_answers"
#: Flask-WTF's reasons when an HTTPS post's token is good but its Referer is missing or names
#: another site (``WTF_CSRF_SSL_STRICT``): such a post is refused outright, never run again as
#: an expired form (its form's own token check would pass and apply it)
FOREIGN_REFERRER = ("The referrer header is missing.", "The referrer does not match the host.")


def answer_errors_under(app: Flask, prefix: str, http_error, locked_game) -> None:
    """Let a higher wing (the JSON API) answer the errors of the paths under ``prefix`` itself:
    Flask sends routing errors to app-level handlers only, and those are the pages'."""
    app.extensions.setdefault(ERROR_ANSWERS, []).append((prefix, http_error, locked_game))


def _answered_elsewhere(which: int):
    for prefix, *answers in current_app.extensions.get(ERROR_ANSWERS, ()):
        if request.path.startswith(prefix):
            return answers[which]
    return None


def page_error(error: HTTPException):
    """A translated error page for people; the API's paths keep their own answers."""
    elsewhere = _answered_elsewhere(0)
    if elsewhere is not None:
        return elsewhere(error)
    if isinstance(error, CSRFError) and error.description in FOREIGN_REFERRER:
        message = _("This form was not sent from a page of this site (the browser said it came "
                    "from elsewhere, or did not say), so nothing was changed. Open the page here "
                    "and send it again.")
    elif isinstance(error, CSRFError):
        try:
            shown = expired_forms.show_again()
        except HTTPException as refused:  # the view refused before reading the form (403, 404)
            return page_error(refused)
        except storage.GameLocked as locked:  # a locked game's city or set-up, left open
            return locked_game(locked)
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
        message = _("Too many requests from this browser or your address in a short time. "
                    "Wait a minute, then try again.")
    else:
        message = _("The request could not be handled.")
    return render_template("error.html", message=message, code=error.code), error.code


LOCKED = N_("This game is locked by its owner: its cities and players can no longer be changed. "
            "The owner can unlock it on the score pad.")


def locked_game(error: storage.GameLocked):
    """A change to a locked game (a city, the set-up): 403 with why, on pages and in the API."""
    elsewhere = _answered_elsewhere(1)
    if elsewhere is not None:
        return elsewhere(Message(LOCKED))
    return render_template("error.html", message=_(LOCKED), code=403), 403


def init_app(app: Flask) -> None:
    """Register the page blueprints and the database hooks."""
    from ..games import seats as seats_remembered
    from . import (
        build,
        cards,
        chrome,
        cities,
        games,
        group_cache,
        group_players,
        groups,
        install,
        invite,
        labels,
        line_cache,
        live_poll,
        ownership,
        pad_cache,
        quick,
        setup,
        static_files,
        template_imports,
    )
    from .figures import register as register_figures

    template_imports.init_app(app)
    storage.init_app(app)
    pad_cache.init_app(app)
    live_poll.init_app(app)
    line_cache.init_app(app)
    group_cache.init_app(app)
    static_files.init_app(app)
    chrome.init_app(app)
    seats_remembered.init_app(app)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", expired_forms.TOKEN_LIFETIME)
    csrf.init_app(app)
    labels.register(app)
    register_figures(app)
    app.jinja_env.globals.update(THEME_COLOURS=install.THEME_COLOURS)
    app.add_url_rule("/", "index", games.index)
    for blueprint in (games.bp, setup.bp, cities.bp, quick.bp, build.bp, invite.bp, install.bp,
                      ownership.bp, groups.bp, group_players.bp, cards.bp):
        app.register_blueprint(blueprint)
    for code in (400, 403, 404, 405, 413, 429):
        app.register_error_handler(code, page_error)
    app.register_error_handler(CSRFError, page_error)
    app.register_error_handler(storage.GameLocked, locked_game)
