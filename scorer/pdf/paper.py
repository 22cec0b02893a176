"""Paper sizes, and which one a user gets when they do not say.

Letter is the default only for US English (the app's one Letter locale); every other locale
prints on A4.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel import Locale, UnknownLocaleError


@dataclass(frozen=True, slots=True)
class Paper:
    key: str
    #: the CSS ``@page size`` keyword
    css: str
    width_mm: float
    height_mm: float


PAPERS = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "letter", 215.9, 279.4),
}
LETTER_TERRITORIES = {("en", "US")}


def default_paper(language: str, territory: str | None) -> Paper:
    return PAPERS["letter" if (language, territory) in LETTER_TERRITORIES else "a4"]


def parse_tag(tag: str) -> tuple[str, str | None] | None:
    """``en``, ``en-US`` or ``en_US`` as (language, territory); None when it is no locale."""
    try:
        locale = Locale.parse(tag.replace("-", "_"))
    except (ValueError, TypeError, UnknownLocaleError):
        return None
    return locale.language, locale.territory


def territory_for(language: str, tags: list[str]) -> str | None:
    """The territory of the first tag in ``tags`` (the browser's preferences) for ``language``.

    The app negotiates only a language (``en``), but the paper depends on where the user is,
    which only the browser's full tag (``en-US``) tells.
    """
    for tag in tags:
        parsed = parse_tag(tag)
        if parsed and parsed[0] == language:
            return parsed[1]
    return None
