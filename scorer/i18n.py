"""Locale negotiation and translation: the one place that knows which languages exist.

The user's choice (a cookie set by the switcher) wins, then the browser's Accept-Language,
then English. The engine's messages are rendered with the active catalog.

On a page with a form to keep (New game), the switcher is a button of that form
(``action=language-nl``): the page's own view shows the form again, as typed, in the chosen
language (:func:`switch_language`), so nothing typed is lost and nothing is carried in the URL.
"""

from __future__ import annotations

from functools import cache, lru_cache
from urllib.parse import urlencode

from babel import Locale
from babel.support import NullTranslations, Translations
from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    g,
    has_app_context,
    redirect,
    request,
    url_for,
)
from flask_babel import (
    Babel,
    format_date,
    format_decimal,
    format_time,
    get_locale,
    get_translations,
    ngettext,
    refresh,
)
from jinja2 import pass_eval_context
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from .engine.messages import minus
from .safety.headers import cookie_flags, mark_language_dependent
from .safety.kept import Kept
from .safety.redirects import local_target

LANGUAGE_COOKIE = "lang"
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "pl": "Polski"}
#: the value of a form's language button, before the language's code: ``language-nl``
LANGUAGE_ACTION = "language-"
#: a year, as the switcher remembers a choice
REMEMBERED = 365 * 24 * 3600


def select_locale() -> Locale:
    """The request's language as a kept :class:`~babel.Locale` (Flask-Babel takes a locale as
    it is): every request of every phone asks, the live pad's poll too, and parsing the
    header and the locale anew cost a tenth of a poll's answer."""
    mark_language_dependent()
    return locale_of(language(g.get("language_switched") or request.cookies.get(LANGUAGE_COOKIE),
                              request.headers.get("Accept-Language", ""), current_app.config))


def language(chosen: str | None, accept_language: str, config) -> str:
    """The code of the request's language: the one ``chosen`` (switched to, or the ``lang``
    cookie) when the app has it, else the best match of the ``Accept-Language`` header."""
    languages = config["LANGUAGES"]
    if chosen in languages:
        return chosen
    return best_language(accept_language, tuple(languages), config["BABEL_DEFAULT_LOCALE"])


@lru_cache(maxsize=1024)
def best_language(header: str, languages: tuple[str, ...], default: str) -> str:
    """The best of ``languages`` for an ``Accept-Language`` header, as Werkzeug matches it
    (phones send a handful of distinct headers, each thousands of times)."""
    return parse_accept_header(header, LanguageAccept).best_match(languages) or default


@cache
def locale_of(code: str) -> Locale:
    return Locale.parse(code)


def switch_language(action: str) -> bool:
    """Whether ``action`` is a form's language button (``language-nl``); if so, the rest of
    this request is in that language and the browser keeps it (an unknown code changes
    nothing). The view then shows its form again as it was sent."""
    if not action.startswith(LANGUAGE_ACTION):
        return False
    code = action.removeprefix(LANGUAGE_ACTION)
    if code in current_app.config["LANGUAGES"]:
        g.language_switched = code
        refresh()  # the locale of this request was maybe chosen already (the form's labels)
    return True


def remember_switch(response: Response) -> Response:
    if g.get("language_switched"):
        response.set_cookie(LANGUAGE_COOKIE, g.language_switched, max_age=REMEMBERED,
                            **cookie_flags())
    return response


#: where a request keeps its catalog, with the locale it is for
KEPT_TRANSLATIONS = "_scorer_translations"


def translator():
    """The active request's catalog, usable to render engine messages.

    Flask-Babel finds the catalog anew on every call (its context, domain and locale, about ten
    lookups through Flask's proxies), and a score pad asks about a hundred times: a sixth of
    drawing one. The catalog is therefore kept on the request's ``g`` with the locale object it
    is for; :func:`flask_babel.refresh` (a language switched in mid-request) and
    :func:`flask_babel.force_locale` give Flask-Babel another locale object, and then the
    catalog is looked up again."""
    if not has_app_context():
        return get_translations()
    space = g._get_current_object().__dict__
    babel = space.get("_flask_babel")
    locale = getattr(babel, "babel_locale", None)
    kept = space.get(KEPT_TRANSLATIONS)
    if kept is not None and locale is not None and kept[0] is locale:
        return kept[1]
    translations = get_translations()
    space[KEPT_TRANSLATIONS] = (getattr(space.get("_flask_babel"), "babel_locale", None),
                                translations)
    return translations


@cache
def translator_for(locale: str, directory: str) -> NullTranslations:
    """A catalog outside a request (command line, PDF jobs)."""
    return Translations.load(directory, [locale])


def translators() -> dict:
    """A catalog per configured language, in the configured order (for what is worked out once
    for every language: the rules at hand's search)."""
    directory = current_app.config["BABEL_TRANSLATION_DIRECTORIES"]
    return {code: translator_for(code, directory) for code in current_app.config["LANGUAGES"]}


def points_label(count: int) -> str:
    """"1 point", "2 points"; Polish needs three forms (1 punkt, 2 punkty, 5 punktów)."""
    return ngettext("%(num)d point", "%(num)d points", count)


def moment_label(moment) -> str:
    """One date format for every saved-game date on a page: the locale's medium date and its
    short time ("2 Nov 2026, 18:05"), joined as the locale joins them."""
    pattern = str(get_locale().datetime_formats["medium"])
    return pattern.format(format_time(moment, "short"), format_date(moment, "medium"))


bp = Blueprint("i18n", __name__)


@bp.get("/language/<code>")
def set_language(code: str):
    """The switcher's target: remember the choice for a year and go back where the user was."""
    home = url_for("index") if "index" in current_app.view_functions else "/"
    response = redirect(local_target(request.args.get("next"), home))
    if code in current_app.config["LANGUAGES"]:
        response.set_cookie(LANGUAGE_COOKIE, code, max_age=REMEMBERED, **cookie_flags())
    return response


#: (catalog, msgid) -> the message as the templates' ``_`` gives it with no values (markup); 8192
#: holds every msgid of every catalog many times over
_PLAIN: Kept[Markup] = Kept(8192)


@pass_eval_context
def template_gettext(eval_ctx, string: str, /, **variables):
    """The templates' ``_``: what Jinja's newstyle ``_`` gives (the translated message, markup
    under autoescape, always %-formatted with the values given, each escaped), without its
    three context calls and a context lookup a message. A page asks twenty to thirty times,
    most with no values: those are kept per catalog once formatted."""
    catalog = translator()
    if not eval_ctx.autoescape:
        return catalog.ugettext(string) % variables
    if variables:
        return Markup(catalog.ugettext(string)) % variables
    return _PLAIN.get_or_make((catalog, string), lambda: Markup(catalog.ugettext(string)) % {})


#: where an app keeps the switcher's addresses without their query, per script root and code
LANGUAGE_PATHS = "scorer.language_paths"
#: what werkzeug leaves unquoted in a query value (werkzeug.urls._urlencode)
QUERY_SAFE = "!$'()*,/:;?@"


def language_href(code: str) -> str:
    """``url_for('i18n.set_language', code=code, next=request.path)``, the switcher's link on
    every page: the address without its query depends on the script root and the code alone,
    so it is built once per app and kept; the query is quoted as werkzeug quotes it. Three
    ``url_for`` calls were a thirtieth of drawing a city page."""
    paths = current_app.extensions.setdefault(LANGUAGE_PATHS, {})
    key = (request.script_root, code)
    path = paths.get(key)
    if path is None:
        path = paths[key] = url_for("i18n.set_language", code=code)
    return f"{path}?{urlencode([('next', request.path)], safe=QUERY_SAFE)}"


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    app.jinja_env.install_gettext_callables(  # Flask-Babel's, through the kept catalog
        gettext=lambda s: translator().ugettext(s),
        ngettext=lambda s, p, n: translator().ungettext(s, p, n),
        pgettext=lambda c, s: translator().upgettext(c, s),
        npgettext=lambda c, s, p, n: translator().unpgettext(c, s, p, n),
        newstyle=True)
    app.jinja_env.globals["_"] = template_gettext
    app.register_blueprint(bp)
    app.after_request(remember_switch)
    app.jinja_env.globals.update(get_locale=get_locale, LANGUAGE_NAMES=LANGUAGE_NAMES,
                                 language_href=language_href)
    app.jinja_env.filters.update(points=points_label, number=format_decimal, minus=minus,
                                 moment=moment_label)
