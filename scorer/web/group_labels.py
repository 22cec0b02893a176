"""Names the statistics show for ids: score-pad rows, wonders and sides, in the page's language.

A group mixes games of both editions and any expansions, so each id is looked up in every
ruleset the app knows (the rows and wonders of an expansion only exist in its rulesets); an id
no ruleset knows any more is shown as it is, never dropped.
"""

from __future__ import annotations

from functools import cache

from ..engine.rules import editions, expansions, get_ruleset
from ..i18n import translator
from .pad_rows import PLAIN, every_look


@cache
def _known() -> tuple[dict, dict, dict]:
    rows, wonders, sides = {}, {}, {}
    for edition in editions():
        ruleset = get_ruleset(edition, expansions())
        for row in ruleset.rows:
            rows.setdefault(row.id, row)
        for wonder in ruleset.catalog.wonders.values():
            wonders.setdefault(wonder.id, wonder.name)
        for side in ruleset.sides:
            sides.setdefault(side.id, side.label)
    return rows, wonders, sides


def row_label(row: str) -> str:
    known = _known()[0].get(row)
    return known.label.render(translator()) if known is not None else row


def row_typed(row: str) -> bool:
    """Whether the players type the row's points (an expansion's typed row)."""
    known = _known()[0].get(row)
    return known is not None and known.typed


def row_colour(row: str) -> str:
    """The row's colour on the printed pad (the charts take its hue), an expansion's row's
    from its page part."""
    return every_look().get(row, PLAIN).colour


def wonder_label(wonder: str) -> str:
    """The wonder's name in the request's language: Flask-Babel's ``pgettext`` through the
    request's kept catalog (:func:`scorer.i18n.translator`; Flask-Babel's own looks its
    context up anew each call, and the group page names 28 wonders)."""
    name = _known()[1].get(wonder)
    return translator().upgettext("wonder", name) if name else wonder


def side_label(side: str) -> str:
    label = _known()[2].get(side)
    return label.render(translator()) if label is not None else side


def wonder_side_label(wonder: str, side: str) -> str:
    return f"{wonder_label(wonder)} ({side_label(side)})"
