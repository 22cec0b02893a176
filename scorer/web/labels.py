"""Names the pages show for engine ids: colours, tokens, sides, cards and wonders, translated.

Colours always come with a shape mark so that colour-blind players can tell the card groups
and the score-pad rows apart; the marks are the same on every page. The score pad's rows and
their names are the ruleset's (:func:`scorer.web.pad_rows.pad_rows`).
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from ..engine.catalog import Card, Wonder
from ..engine.rules import Ruleset
from ..i18n import translator

COLOUR_LABELS = {
    "brown": _l("Brown: raw materials"),
    "grey": _l("Grey: manufactured goods"),
    "blue": _l("Blue: civilian"),
    "yellow": _l("Yellow: commercial"),
    "red": _l("Red: military"),
    "green": _l("Green: science"),
    "purple": _l("Purple: guilds"),
}
MARKS = {
    "brown": "▲", "grey": "◆", "blue": "■", "yellow": "●", "red": "✚", "green": "✱",
    "purple": "♛", "coin": "¤", "wonder": "△", "plain": "•",
}
AGE_LABELS = {1: _l("Age I"), 2: _l("Age II"), 3: _l("Age III")}
SYMBOL_LABELS = {"compass": _l("compass"), "gear": _l("gear"), "tablet": _l("tablet")}
RESOURCE_LABELS = {
    "wood": _l("wood"), "stone": _l("stone"), "clay": _l("clay"), "ore": _l("ore"),
    "glass": _l("glass"), "loom": _l("loom"), "papyrus": _l("papyrus"),
}


def card_label(card: Card) -> str:
    # Flask-Babel's pgettext, through the request's kept catalog (scorer.i18n.translator):
    # a pad names each wonder and the city page every card
    return translator().upgettext("card", card.name)


def wonder_label(wonder: Wonder) -> str:
    return translator().upgettext("wonder", wonder.name)


def side_label(ruleset: Ruleset, side: str | None) -> str:
    """A wonder side as the game's edition names it (A, B; Day, Night), translated."""
    known = ruleset.side(side) if side else None
    return known.label.render(translator()) if known else (side or "")


def played_with(document: dict) -> str:
    """What a saved game is played with ("First edition (2010) · Leaders"), for the lists."""
    from .editions import document_ruleset, ruleset_title

    return ruleset_title(document_ruleset(document))


def colour_labels() -> dict[str, str]:
    """The base game's colours of buildings, then every expansion's (its page part's), with
    their names: the order the city page lists them in."""
    from .expansions import every_part

    labels = dict(COLOUR_LABELS)
    for part in every_part():
        labels.update(part.colour_labels)
    return labels


def every_mark() -> dict[str, str]:
    """The shape marks of the base game's tones and of every expansion's (its page part's)."""
    from .expansions import every_part

    marks = dict(MARKS)
    for part in every_part():
        marks.update(part.marks)
    return marks


def register(app) -> None:
    from ..engine.rules import expansions
    from .editions import edition_choices, expansion_label, preferred_edition
    from .expansions import expansion_note, result_sentence

    app.jinja_env.globals.update(
        COLOUR_LABELS=colour_labels(), MARKS=every_mark(), AGE_LABELS=AGE_LABELS,
        SYMBOL_LABELS=SYMBOL_LABELS, RESOURCE_LABELS=RESOURCE_LABELS,
        card_label=card_label, wonder_label=wonder_label, side_label=side_label,
        played_with=played_with, preferred_edition=preferred_edition, expansions=expansions,
        expansion_label=expansion_label, expansion_note=expansion_note,
        edition_choices=edition_choices, result_sentence=result_sentence,
    )
