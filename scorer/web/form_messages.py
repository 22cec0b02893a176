"""WTForms' own messages ("Not a valid choice.", ...) in the page's language, their catalog
read once per language.

Flask-WTF reads the catalog of WTForms' messages from disk again for every request that
builds a form (``flask_wtf.i18n._get_translations``: a third of a millisecond of every city
page and save). The catalogs are data that never change while the app runs, so the pages'
forms (:class:`scorer.web.page_form.PageForm`) take theirs from a catalog kept per language
(:data:`MESSAGES`); Flask-WTF's own ``WTF_I18N_ENABLED`` still turns them off.
"""

from __future__ import annotations

from functools import lru_cache

from babel import support
from flask import current_app, has_request_context
from flask_babel import get_locale
from wtforms.i18n import messages_path

#: at most this many languages' catalogs kept (the app speaks three)
LANGUAGES_KEPT = 16


@lru_cache(maxsize=LANGUAGES_KEPT)
def catalog(locale: str) -> support.Translations:
    """WTForms' catalog of ``locale``, as Flask-WTF loads it."""
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


def _active():
    """The request's catalog, or None outside a request (as Flask-WTF answers then)."""
    if not has_request_context() or "babel" not in current_app.extensions:
        return None
    return catalog(str(get_locale()))


class Messages:
    """What WTForms asks a form's ``Meta.get_translations`` for, per language."""

    def gettext(self, string):
        found = _active()
        return string if found is None else found.ugettext(string)

    def ngettext(self, singular, plural, n):
        found = _active()
        if found is None:
            return singular if n == 1 else plural
        return found.ungettext(singular, plural, n)


MESSAGES = Messages()
