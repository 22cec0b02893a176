"""The rules at hand as JSON (``/api/v1/cards``): search every card and wonder by name in
English, Dutch or Polish, or by the words of what it does, and read one with its rulings.

The index (:class:`scorer.engine.cards_at_hand.index.CardIndex`) is built once per process for
the configured languages; the answers change only with a new version of the app, so they carry
an ETag made of that version and the answer's language, and may be cached for an hour.
"""

from __future__ import annotations

from flask import Blueprint, current_app, request

from ..engine.cards_at_hand.entries import Entry
from ..engine.cards_at_hand.index import MAX_QUERY, Filters
from ..engine.messages import N_, Message, Translator
from ..engine.rules import editions, expansions
from ..engine.validation import Problem
from ..i18n import translator
from ..safety.public_address import external_url
from ..web.card_index import cacheable, card_index
from .routes import error_report

bp = Blueprint("cards_api", __name__, url_prefix="/api/v1/cards")

DEFAULT_LIMIT, MAX_LIMIT = 10, 50
def card_url(entry: Entry) -> str:
    return external_url("cards.page", edition=entry.edition, card_id=entry.id)


def card_json(entry: Entry, active: Translator) -> dict:
    """The spec's CARD: names and sentences in ``active``'s language."""
    def said(messages) -> list[str]:
        return [message.render(active) for message in messages]

    data = {
        "id": entry.id, "kind": entry.kind, "name": entry.label.render(active),
        "edition": entry.edition, "expansion": entry.expansion,
        "expansions": list(entry.expansions), "age": entry.age, "ages": list(entry.ages),
        "colour": entry.colour, "cost": dict(entry.cost),
        "chains_from": list(entry.chains_from), "chains_to": list(entry.chains_to),
        "players": list(entry.players), "effects": said(entry.effects), "url": card_url(entry),
    }
    if entry.cost_is_age:
        data["cost_is_age"] = True
    if entry.kind == "wonder":
        data["resource"] = entry.resource
        data["board"] = said(entry.board)
        data["sides"] = [{"id": side.id, "name": side.label.render(active),
                          "board": said(side.board),
                          "stages": [{"number": stage.number, "cost": dict(stage.cost),
                                      "effects": said(stage.effects)} for stage in side.stages]}
                         for side in entry.sides]
    return data


def problem(path: str, code: str, text: str, **params) -> Problem:
    return Problem(path, code, Message(text, params or None))


def read_edition(problems: list[Problem], required: bool = False) -> str | None:
    edition = request.args.get("edition") or None
    if edition is not None and edition not in editions():
        problems.append(problem("edition", "unsupported_edition",
                                N_("Unknown edition '%(edition)s'."), edition=edition))
        return None
    return edition


def read_played(problems: list[Problem]) -> frozenset[str] | None:
    if "expansions" not in request.args:
        return None
    named = [name.strip() for name in request.args["expansions"].split(",") if name.strip()]
    for name in named:
        if name not in expansions():
            problems.append(problem("expansions", "unsupported_expansion",
                                    N_("Unknown expansion '%(expansion)s'."), expansion=name))
    return frozenset(named)


def read_limit(problems: list[Problem]) -> int:
    text = request.args.get("limit")
    if text is None:
        return DEFAULT_LIMIT
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_LIMIT:
        problems.append(problem("limit", "invalid", N_("The limit must be a whole number from "
                                                       "%(low)d to %(high)d."),
                                low=1, high=MAX_LIMIT))
        return DEFAULT_LIMIT
    return int(text)


@bp.get("")
def search():
    problems: list[Problem] = []
    query = request.args.get("q", "")
    if len(query) > MAX_QUERY:
        problems.append(problem("q", "too_long", N_("The search may hold at most %(most)d "
                                                    "characters."), most=MAX_QUERY))
    filters = Filters(edition=read_edition(problems), played=read_played(problems))
    limit = read_limit(problems)
    if problems:
        return error_report(problems)
    active = translator()
    found = card_index().search(query, filters, limit)
    return cacheable(current_app.json.response({"cards": [card_json(entry, active)
                                                          for entry in found]}), "search")


@bp.get("/<card_id>")
def card(card_id: str):
    problems: list[Problem] = []
    edition = read_edition(problems) or editions()[0]
    if problems:
        return error_report(problems)
    index = card_index()
    entry = index.get(edition, card_id)
    if entry is None:
        return error_report([problem("", "not_found", N_("No card or wonder has the id "
                                                         "'%(card)s' in this edition."),
                                     card=card_id)], 404)
    active = translator()
    data = card_json(entry, active)
    data["rulings"] = [{"id": ruling.id, "text": ruling.text.render(active)}
                       for ruling in index.rulings_of(entry)]
    return cacheable(current_app.json.response(data), "card")
