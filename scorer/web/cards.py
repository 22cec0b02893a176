"""The rules at hand as pages: a page for every card and wonder (``/cards/<edition>/<id>``)
and the search (``/cards``), whose results the script refreshes as the player types
(``/cards/found``, the same results alone) and which is a plain GET form without it.

The engine's index answers (:mod:`scorer.engine.cards_at_hand`); these views only read the
form, name things in the page's language and render. Every answer changes only with the app's
version, so each carries an ETag of that version and the language (``scorer.web.card_index``).
"""

from __future__ import annotations

from flask import Blueprint, abort, make_response, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..engine.cards_at_hand.entries import BUILDING, WONDER, Entry
from ..engine.cards_at_hand.index import MAX_QUERY, Filters
from ..engine.rules import editions, get_ruleset
from ..i18n import translator
from .card_index import cacheable, card_index
from .editions import expansion_label
from .expansions import every_part
from .labels import AGE_LABELS, colour_labels

bp = Blueprint("cards", __name__, url_prefix="/cards")

#: the most results a page lists at once
SHOWN = 60
KIND_LABELS = {BUILDING: _l("Building"), WONDER: _l("Wonder")}
BASE_GAME = "base"


def kind_labels() -> dict:
    labels = dict(KIND_LABELS)
    for part in every_part():
        labels.update(part.kind_labels)
    return labels


def edition_label(edition: str) -> str:
    return get_ruleset(edition).label.render(translator())


def card_link(entry: Entry) -> str:
    return url_for("cards.page", edition=entry.edition, card_id=entry.id)


def summary(entry: Entry) -> dict:
    """What a list of results shows of an entry."""
    active = translator()
    return {"entry": entry, "name": entry.label.render(active), "url": card_link(entry),
            "kind": kind_labels().get(entry.kind, entry.kind), "edition": edition_label(entry.edition),
            "expansion": expansion_label(entry.expansion) if entry.expansion else None,
            "expansions": " + ".join(expansion_label(name) for name in entry.expansions),
            "ages": ", ".join(str(AGE_LABELS.get(age, age)) for age in entry.ages),
            "colour": str(colour_labels().get(entry.colour, entry.colour)) if entry.colour else None}


def choices() -> dict:
    """The filters' options, each (value, label); the empty value means any."""
    index = card_index()
    found_expansions = sorted({entry.expansion for entry in index.entries if entry.expansion})
    colours = colour_labels()
    present = {entry.colour for entry in index.entries if entry.colour}
    ages = sorted({age for entry in index.entries for age in entry.ages})
    return {
        "edition": [(edition, edition_label(edition)) for edition in editions()],
        "expansion": [(BASE_GAME, _("Base game")),
                      *((name, expansion_label(name)) for name in found_expansions)],
        "colour": [(colour, str(label)) for colour, label in colours.items() if colour in present],
        "age": [(str(age), str(AGE_LABELS.get(age, age))) for age in ages],
    }


def read_search() -> tuple[dict, Filters, list[str]]:
    """The form's values, the filters they make, and a message per field that is not one of
    the choices (the field then filters nothing)."""
    options = choices()
    values = {name: request.args.get(name, "") for name in ("q", "edition", "expansion", "colour",
                                                            "age")}
    problems = []
    if len(values["q"]) > MAX_QUERY:
        problems.append(_("Search: at most %(most)d characters.", most=MAX_QUERY))
        values["q"] = values["q"][:MAX_QUERY]
    labels = {"edition": _("Edition"), "expansion": _("Expansion"), "colour": _("Colour"),
              "age": _("Age")}
    for name, label in labels.items():
        if values[name] and values[name] not in dict(options[name]):
            problems.append(_("%(field)s: not one of the choices.", field=label))
            values[name] = ""
    expansion = values["expansion"] or None
    filters = Filters(edition=values["edition"] or None,
                      expansion="" if expansion == BASE_GAME else expansion,
                      colour=values["colour"] or None,
                      age=int(values["age"]) if values["age"] else None)
    return values, filters, problems


def results() -> dict:
    values, filters, problems = read_search()
    searched = bool(values["q"].strip()) or filters != Filters()
    found = card_index().search(values["q"], filters) if searched else []
    return {"values": values, "options": choices(), "problems": problems, "searched": searched,
            "count": len(found), "results": [summary(entry) for entry in found[:SHOWN]],
            "shown": SHOWN}


@bp.get("")
def search():
    return cacheable(make_response(render_template("cards/search.html", **results())), "cards")


@bp.get("/found")
def found():
    """The results alone, for the script that shows them as the player types."""
    return cacheable(make_response(render_template("cards/_results.html", **results())),
                     "found")


def linked(edition: str, ids) -> list[dict]:
    index = card_index()
    return [summary(entry) for entry in (index.get(edition, card_id) for card_id in ids) if entry]


@bp.get("/<edition>/<card_id>")
def page(edition: str, card_id: str):
    index = card_index()
    entry = index.get(edition, card_id)
    if entry is None:
        abort(404)
    return cacheable(make_response(render_template(
        "cards/card.html", card=summary(entry), entry=entry,
        chains_from=linked(edition, entry.chains_from),
        chains_to=linked(edition, entry.chains_to),
        rulings=index.rulings_of(entry), copies=copies(entry)
        )), "page")


def copies(entry: Entry) -> list[dict]:
    """Per Age, the "N+" marks of the building's copies (none: drawn at random)."""
    return [{"age": age, "marks": marks} for age, marks in sorted(entry.copies.items())]


@bp.app_template_filter("said")
def said(message) -> str:
    """An engine message (a name, an effect's sentence, a ruling) in the page's language."""
    return message.render(translator())


@bp.app_template_global("card_page")
def card_page(document: dict, card_id: str) -> str | None:
    """The page of a card, wonder or expansion card of a saved game's edition (None when the
    rules at hand have no such id): the city page's chips and the build checker link to it."""
    edition = document.get("edition") if isinstance(document, dict) else None
    edition = edition if edition in editions() else editions()[0]
    entry = card_index().get(edition, card_id) if isinstance(card_id, str) else None
    return card_link(entry) if entry else None
