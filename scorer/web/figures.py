"""Numbers and dates of the statistics as the page's language writes them, with Babel.

The statistics are JSON-ready figures (``35.67``, ``-0.33``, ``"2026-11-26"``); a Dutch or Polish
reader expects ``35,7`` and ``−0,3`` and a date in words. Every figure shown on the group's
pages and in its report goes through these filters, each column with one precision (means of
points one decimal, a mean rank two, rates whole percentages), and a negative number gets a
true minus sign (U+2212), as the score pads print conflict points. A list of games played the
same evening tells them apart by the time of day (:func:`moment_labels`).
"""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime

from babel.dates import format_skeleton
from flask_babel import (
    format_date,
    format_decimal,
    format_percent,
    format_time,
    get_locale,
    to_user_timezone,
)

from ..groups.moments import saved_at
from ..i18n import moment_label

MINUS = "\N{MINUS SIGN}"
#: what a figure that is not there shows
MISSING = "–"


def with_minus(text: str) -> str:
    """Babel's minus of the locale (a hyphen in en, nl and pl) as the true minus sign."""
    return text.replace("-", MINUS, 1) if text.startswith("-") else text


def fixed(value: float | int | None, places: int = 1) -> str:
    """``35,7`` in Dutch, ``−0.3`` in English: ``places`` decimals, the locale's separators."""
    if value is None:
        return MISSING
    pattern = "#,##0" + ("." + "0" * places if places else "")
    return with_minus(format_decimal(value, format=pattern))


def whole(value: int | None) -> str:
    """A count or a total: no decimals, the locale's grouping, a true minus."""
    return fixed(value, 0)


def percent(rate: float | None) -> str:
    """A rate between 0 and 1 as the locale writes a whole percentage ("50%")."""
    if rate is None:
        return MISSING
    return with_minus(format_percent(rate))


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
    when the list spans more than one."""
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
