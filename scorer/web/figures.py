"""Numbers and dates of the statistics as the page's language writes them, with Babel.

The statistics are JSON-ready figures (``35.67``, ``-0.33``, ``"2026-11-26"``); a Dutch or Polish
reader expects ``35,7`` and ``−0,3`` and a date in words. Every figure shown on the group's
pages and in its report goes through these filters, each column with one precision (means of
points one decimal, a mean rank two, rates whole percentages), and a negative number gets a
true minus sign (U+2212), as the score pads print conflict points. A list of games played the
same evening tells them apart by the time of day (:func:`moment_labels`).

Babel parses the pattern and looks the locale's symbols up on every call (a group's page
writes some five hundred figures, ~40 us each), and the figures of a page are mostly those of
the page before it (a correction changes a few): each text is kept per (locale, precision,
value) (:func:`formatted`).
"""

from __future__ import annotations

import math
from collections import Counter
from datetime import date, datetime
from functools import lru_cache

from babel import numbers
from babel.dates import format_skeleton
from flask.globals import _cv_app
from flask_babel import format_date, format_time, get_locale, get_timezone, to_user_timezone

from ..groups.moments import saved_at
from ..i18n import moment_label

MINUS = "\N{MINUS SIGN}"
#: what a figure that is not there shows
MISSING = "–"
#: how many (locale, precision, value) texts :func:`formatted` keeps
KEPT_FIGURES = 8192
#: how many lists of moments' labels :func:`moment_labels` keeps
KEPT_LABELS = 256


def with_minus(text: str) -> str:
    """Babel's minus of the locale (a hyphen in en, nl and pl) as the true minus sign."""
    return text.replace("-", MINUS, 1) if text.startswith("-") else text


def fixed(value: float | int | None, places: int = 1) -> str:
    """``35,7`` in Dutch, ``−0.3`` in English: ``places`` decimals, the locale's separators."""
    if value is None:
        return MISSING
    return formatted(current_locale(), places, value, signed(value))


def whole(value: int | None) -> str:
    """A count or a total: no decimals, the locale's grouping, a true minus."""
    return fixed(value, 0)


def percent(rate: float | None) -> str:
    """A rate between 0 and 1 as the locale writes a whole percentage ("50%")."""
    if rate is None:
        return MISSING
    return formatted(current_locale(), None, rate, signed(rate))


def current_locale():
    """The request's locale (:func:`flask_babel.get_locale`), read where flask_babel keeps it
    once chosen (the app context's ``g``): its own lookup goes through the ``g`` proxy three
    times, about as long as a kept figure's text takes to find, for each of the five hundred
    a group's page writes. Before it is chosen, or outside a request, flask_babel's own."""
    context = _cv_app.get(None)
    kept = context.g.__dict__.get("_flask_babel") if context is not None else None
    locale = getattr(kept, "babel_locale", None)
    return locale if locale is not None else get_locale()


def signed(value) -> bool:
    """Whether ``value`` is written with a minus, -0.0 too (Babel writes "-0.0", and
    -0.0 == 0.0 as a key; a Decimal's -0 likewise)."""
    return math.copysign(1, value) < 0 if isinstance(value, float) else str(value).startswith("-")


@lru_cache(maxsize=KEPT_FIGURES, typed=True)
def formatted(locale, places: int | None, value, _negative: bool) -> str:
    """``value`` as Babel writes it in ``locale``: with ``places`` decimals (None: a whole
    percentage), a true minus. Kept per all four arguments: the locale, the precision, the
    value with its type (``typed``) and its sign (which tells -0.0 from 0.0)."""
    if places is None:
        return with_minus(numbers.format_percent(value, locale=locale))
    pattern = "#,##0" + ("." + "0" * places if places else "")
    return with_minus(numbers.format_decimal(value, format=pattern, locale=locale))


def day(value: str | date | None) -> str:
    """A date (ISO text or a date) in the locale's medium form ("26 nov 2026")."""
    if not value:
        return MISSING
    if isinstance(value, str):
        value = date.fromisoformat(value)
    return format_date(value, "medium")


def moment_labels(moments: list[datetime], short: bool = False) -> list[str]:
    """Each moment's label in a list of games: its date, and the time of day as well where the
    list holds more than one game of that date (one evening's games; a game named twice is
    one). ``short`` (a chart's axis): the day and month alone ("26 nov"), with the year only
    when the list spans more than one.

    Kept per language, time zone, moments and form (a group's page writes the same lists of
    games after a correction: its last games, its records), the moments by ``repr`` (which
    tells the same instant in two zones apart, as their dates differ)."""
    moments = tuple(moments)
    return list(kept_labels(str(get_locale()), str(get_timezone()), repr(moments), short, moments))


@lru_cache(maxsize=KEPT_LABELS)
def kept_labels(_locale: str, _zone: str, _moments: str, short: bool,
                moments: tuple[datetime, ...]) -> tuple[str, ...]:
    """:func:`moment_labels`, in the request's language and time zone (the keys' first two)."""
    return tuple(drawn_labels(list(moments), short))


def drawn_labels(moments: list[datetime], short: bool) -> list[str]:
    days = Counter(moment.date() for moment in set(moments))
    if not short:
        return [moment_label(moment) if days[moment.date()] > 1 else day(moment.date())
                for moment in moments]
    skeleton = "yMMMd" if len({moment.year for moment in moments}) > 1 else "MMMd"
    locale = get_locale()
    joined = str(locale.datetime_formats["medium"])

    def date_of(moment: datetime) -> str:
        return format_skeleton(skeleton, to_user_timezone(moment), locale=locale)

    return [joined.format(format_time(moment, "short"), date_of(moment))
            if days[moment.date()] > 1 else date_of(moment) for moment in moments]


def register(app) -> None:
    app.jinja_env.filters.update(fixed=fixed, whole=whole, percent=percent, day=day)


def list_moments(entries: list[dict], short: bool = False) -> list[str]:
    """The labels of a list of games' links (entries with ``game`` and ``date``, as the
    statistics give them): :func:`moment_labels` of the times they were saved."""
    saved = saved_at(entry["game"] for entry in entries)
    moments = [saved.get(entry["game"]) for entry in entries]
    if None in moments:  # a game gone since the figures were counted: its day alone
        return [day(entry["date"]) for entry in entries]
    return moment_labels(moments, short)
