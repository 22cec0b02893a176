"""Names the pages show for engine ids: rows, colours, tokens, cards and wonders, translated.

Colours always come with a shape mark so that colour-blind players can tell the card groups
and the score-pad rows apart; the marks are the same on every page.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel import pgettext

from ..engine.catalog import Card, Wonder

CATEGORY_LABELS = {
    "military": _l("Military"),
    "coins": _l("Treasury"),
    "wonder": _l("Wonder"),
    "civilian": _l("Civilian"),
    "science": _l("Science"),
    "commercial": _l("Commercial"),
    "guilds": _l("Guilds"),
}
#: the score pad's row colours, as card colours (the treasury row is the coins' yellow)
CATEGORY_COLOURS = {
    "military": "red", "coins": "coin", "wonder": "wonder", "civilian": "blue",
    "science": "green", "commercial": "yellow", "guilds": "purple",
}
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
    "purple": "♛", "coin": "¤", "wonder": "△",
}
AGE_LABELS = {1: _l("Age I"), 2: _l("Age II"), 3: _l("Age III")}
SYMBOL_LABELS = {"compass": _l("compass"), "gear": _l("gear"), "tablet": _l("tablet")}
RESOURCE_LABELS = {
    "wood": _l("wood"), "stone": _l("stone"), "clay": _l("clay"), "ore": _l("ore"),
    "glass": _l("glass"), "loom": _l("loom"), "papyrus": _l("papyrus"),
}


def card_label(card: Card) -> str:
    return pgettext("card", card.name)


def wonder_label(wonder: Wonder) -> str:
    return pgettext("wonder", wonder.name)


def register(app) -> None:
    app.jinja_env.globals.update(
        CATEGORY_LABELS=CATEGORY_LABELS, CATEGORY_COLOURS=CATEGORY_COLOURS,
        COLOUR_LABELS=COLOUR_LABELS, MARKS=MARKS, AGE_LABELS=AGE_LABELS,
        SYMBOL_LABELS=SYMBOL_LABELS, RESOURCE_LABELS=RESOURCE_LABELS,
        card_label=card_label, wonder_label=wonder_label,
    )
