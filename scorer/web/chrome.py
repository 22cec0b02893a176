"""Every page's chrome (the head's links, the top bar) drawn once per language and script root.

Each page repeated a dozen ``url_for`` calls and ten translations for the same few hundred
bytes; the city page, the pad after every save and the group page are what a table asks for
most (issue 31). What the parts show depends on the language, the links' script root and the
static files' versions alone; under ``debug`` (files edited while it runs) they are drawn anew.
"""

from __future__ import annotations

from flask import Flask, current_app, render_template, request
from flask_babel import get_locale
from markupsafe import Markup

from .memo import RevisionMemo

EXTENSION = "scorer.chrome"
#: parts kept per app: a few names x languages x script roots
KEPT_PARTS = 64


def chrome(template: str) -> Markup:
    """The part ``template`` (a template of the page's chrome) as this request shows it."""
    if current_app.debug:
        return Markup(render_template(template))
    key = (str(get_locale()), request.script_root)
    kept = current_app.extensions[EXTENSION]
    return kept.get_or_make(template, key, lambda: Markup(render_template(template)))


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = RevisionMemo(KEPT_PARTS)
    app.jinja_env.globals.update(chrome=chrome)
