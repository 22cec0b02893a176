"""Which rules a page follows: a saved game's own ruleset, or the one a user picks for a new
game (or for the quick pad and blank pads).

Nothing here names an edition: the choices are the rulesets' (``editions()``, ``expansions()``)
with their translatable labels. A new user gets the newest edition preselected; the edition of
the last game created is remembered in a cookie, like the language.
"""

from __future__ import annotations

from functools import cache

from flask import request
from wtforms.fields.choices import SelectChoice

from ..engine.rules import Ruleset, editions, expansions, get_ruleset
from ..engine.validation import Problems, ruleset_of
from ..i18n import translator
from ..safety.headers import cookie_flags
from .expansions import expansion_label

EDITION_COOKIE = "edition"
#: the player-count choice of the two-player variant with the Free City
FREE_CITY_COUNT = "2"
COOKIE_AGE = 365 * 24 * 3600


def document_ruleset(document: dict) -> Ruleset:
    """A saved game's ruleset, as validation reads it (the default one when it cannot tell:
    validation then says why the game is refused)."""
    return ruleset_of(document, Problems()) or get_ruleset()


def newest_edition() -> str:
    """The edition preselected for a new user: the rulesets list editions oldest first."""
    return editions()[-1]


def preferred_edition() -> str:
    """The edition of the user's last game (the cookie), else the newest."""
    chosen = request.cookies.get(EDITION_COOKIE)
    return chosen if chosen in editions() else newest_edition()


def remember_edition(response, edition: str):
    """Remember the edition of a game just created, for the next new game."""
    if edition in editions():
        response.set_cookie(EDITION_COOKIE, edition, max_age=COOKIE_AGE, **cookie_flags())
    return response


def edition_choices() -> list[SelectChoice]:
    active = translator()
    return [SelectChoice(edition, get_ruleset(edition).label.render(active)) for edition in editions()]


def expansion_choices() -> list[SelectChoice]:
    return [SelectChoice(name, expansion_label(name)) for name in expansions()]


def ruleset_title(ruleset: Ruleset) -> str:
    """"Second edition (2020) · Leaders": what a game is played with, for lists and headings."""
    return " · ".join([ruleset.label.render(translator()),
                       *(expansion_label(name) for name in ruleset.expansions)])


def chosen_ruleset(edition: str | None, played) -> Ruleset:
    """The ruleset of a form's edition and expansions; anything unknown falls back to the
    user's preferred edition and is dropped (the choices come from a select and checkboxes)."""
    edition = edition if edition in editions() else preferred_edition()
    return get_ruleset(edition, [name for name in played or () if name in expansions()])


@cache
def most_players() -> int:
    """The largest table of any edition with any expansions: the most seats a form takes."""
    return max(get_ruleset(edition, expansions()).max_players for edition in editions())


def player_counts(ruleset: Ruleset) -> tuple[str, ...]:
    """The counts a table of this ruleset may choose (the Free City's "2" where it exists)."""
    counts = tuple(str(n) for n in range(ruleset.min_players, ruleset.max_players + 1))
    return counts + ((FREE_CITY_COUNT,) if ruleset.free_city else ())


def ruleset_for_count(asked: str | None, count: str) -> tuple[Ruleset, bool]:
    """The ruleset of a new table opened by a link (``?count=2&edition=...``), and whether the
    count fits it: without an edition asked for, a count only some editions have (the Free
    City's) opens the newest of them, else the preferred edition."""
    ruleset = chosen_ruleset(asked or preferred_edition(), ())
    if count in player_counts(ruleset):
        return ruleset, True
    offering = [edition for edition in editions() if count in player_counts(get_ruleset(edition))]
    if offering and not asked:
        return get_ruleset(offering[-1]), True
    return ruleset, False
