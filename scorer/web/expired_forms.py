"""A form sent with an expired (or missing) CSRF token is shown again with what was typed.

A city page can stay open on a phone for a long time. When its token has expired, the post is
not applied, but it is not thrown away either: the page's own view runs again on the post, the
way it does for a form that fails validation, with a message asking to check and send again.
The view's FlaskForm fails its own CSRF check (CSRFProtect did not vouch for the token), so the
view shows the form and changes nothing; the page it renders carries a fresh token.

Only a token that failed is shown again this way: an HTTPS post whose token is good but whose
Referer is missing or foreign would pass the view's own check and be applied, so
:func:`scorer.web.page_error` refuses it outright. Only views marked with
:func:`shows_expired_forms` are run again: they must validate their
FlaskForm before changing anything. Every other view answers the plain error page.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app, flash, request
from flask_babel import gettext as _

MARK = "shows_expired_forms"
#: views whose forms are buttons only: nothing typed to keep, so the message says so
BUTTONS_ONLY = "expired_buttons_only"
#: long enough for a whole evening of play; a page open even longer is shown again (above)
TOKEN_LIFETIME = 12 * 3600


def shows_expired_forms(view: Callable) -> Callable:
    setattr(view, MARK, True)
    return view


def shows_expired_buttons(view: Callable) -> Callable:
    """:func:`shows_expired_forms` for a page of buttons (nothing typed to keep)."""
    setattr(view, BUTTONS_ONLY, True)
    return shows_expired_forms(view)


def show_again():
    """The view's answer to the refused post, or None when the view is not marked."""
    view = current_app.view_functions.get(request.endpoint or "")
    if request.method != "POST" or not getattr(view, MARK, False):
        return None
    if getattr(view, BUTTONS_ONLY, False):
        flash(_("This page was open too long to be used safely, so nothing was changed. "
                "Tap your choice again."))
    else:
        flash(_("This page was open too long to be saved safely, so nothing was saved. Everything "
                "you typed is still here: check it and send it again."))
    response = current_app.make_response(view(**(request.view_args or {})))
    if not 300 <= response.status_code < 400:  # the form shown again: the post itself was refused
        response.status_code = 400
    return response
