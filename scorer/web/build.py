"""The build checker: who builds which card (or the next stage, or a whole hand), and how to pay.

The saved game's cities are the table as it stands; the page adds who builds what, asks the
engine's trade checker and shows its report with the neighbours' names in place of
"left"/"right". Asking changes nothing in the saved game.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import gettext as _
from wtforms.fields.choices import SelectChoice

from ..engine.rules import Ruleset
from ..engine.table import copies_left
from ..engine.trade import answer, parse_trade_question
from ..games import seats as seats_remembered
from ..i18n import translator
from ..safety.numbers import parse_int
from .cities import chip_groups
from .expansions import parts_of
from .expired_forms import shows_expired_forms
from .forms import BuildForm, build_form
from .games import load_scorable
from .labels import card_label
from .problems import ErrorMap, summary

bp = Blueprint("build", __name__)

FIELD_OF_PATH = {"player": "player", "build": "card", "build.card": "card", "hand": "hand",
                 "age": "age"}


def prepare(form: BuildForm, names: list[str], ruleset: Ruleset) -> BuildForm:
    """The choices for this game: its players, its edition's cards, and the questions the
    expansions played add."""
    catalog = ruleset.catalog
    form.player.choices = [SelectChoice(name) for name in names]
    form.hand.choices = [SelectChoice(card.id) for card in catalog.cards.values()]
    for part in parts_of(ruleset):
        form.what.choices = [*form.what.choices, *part.build_choices(form, ruleset)]
    return form


def question_of(document: dict, form: BuildForm, ruleset: Ruleset) -> dict:
    question = dict(document, player=form.player.data)
    asked = next((fields for part in parts_of(ruleset)
                  if (fields := part.build_question(form)) is not None), None)
    if asked is not None:
        question.update(asked)
    elif form.what.data == "hand":
        question["hand"] = list(form.hand.data or [])
    elif form.what.data == "stage":
        question["build"] = {"wonder_stage": True}
    else:
        question["build"] = {"card": form.card.data}
    if form.age.data:
        question["age"] = parse_int(form.age.data)
    return question


def field_errors(form: BuildForm, errors: ErrorMap, extra: dict[str, str]) -> dict[str, list[str]]:
    """Problems by field: the form's own, and the engine's by path (an expansion's field
    ``extra`` by its own name)."""
    found: dict[str, list[str]] = {name: list(form[name].errors) for name in
                                   ("player", "what", "card", "hand", "age", *extra)}
    for path in errors.paths():
        field = (FIELD_OF_PATH.get(path) or (path if path in extra else None)
                 or ("hand" if path.startswith("hand[") else None))
        if field:
            found[field].extend(errors.take(path))
    return found


def neighbours(game, name: str) -> dict[str, str]:
    index = game.index_of(name)
    if index is None:
        return {}
    return {"left": game.left(index).name, "right": game.right(index).name}


def all_taken(document: dict, game, form: BuildForm) -> str | None:
    """A warning when the other cities already hold every copy of the card asked about in the
    decks for this table (the question is still answered: the cities may be entered wrong)."""
    catalog = game.catalog
    card = catalog.cards.get(catalog.card_ids.get(form.card.data or "", ""))
    index = game.index_of(form.player.data)
    if form.what.data != "card" or card is None or index is None:
        return None
    cards = [p.get("cards", []) for p in document["players"]]
    if copies_left(catalog, cards, index).get(card.id, 0) > 0:
        return None
    holders = [p["name"] for other, p in enumerate(document["players"]) if other != index
               and card.id in {catalog.card_ids.get(c) for c in p.get("cards", [])}]
    return _("Every copy of %(card)s in the decks for %(count)d players is already built: %(names)s.",
             card=card_label(card), count=max(len(cards), game.ruleset.min_players),
             names=", ".join(holders))


@bp.route("/games/<game_id>/build", methods=["GET", "POST"])
@shows_expired_forms
def check(game_id: str):
    saved, game = load_scorable(game_id)
    names = [city.name for city in game.cities]
    parts = parts_of(game.ruleset)
    item_names = {item: name for part in parts for item, name in part.item_names(game.ruleset).items()}
    report, status, errors = None, 200, ErrorMap()
    me = seats_remembered.your_seat(saved)  # this phone's player, if it said "This is me"
    if request.method == "POST":
        form = prepare(build_form(game.ruleset)(), names, game.ruleset)
        if form.validate():
            question, problems = parse_trade_question(
                question_of(saved.document, form, game.ruleset))
            if problems:
                errors, status = ErrorMap(problems), 422
            else:
                report = answer(question).as_dict(translator())
                for part in parts:
                    part.annotate_report(report, item_names)
        else:
            status = 422
    else:
        first = request.args.get("player") or (me["name"] if me and me["name"] in names else names[0])
        form = prepare(build_form(game.ruleset)(formdata=None, data={"player": first}),
                       names, game.ruleset)
    extra_ids = {name: field_id for part in parts for name, field_id in
                 part.build_field_ids(form).items()}
    fields = field_errors(form, errors, extra_ids)
    general = errors.rest()
    catalog = game.catalog
    labels = {card.id: card_label(card) for card in catalog.cards.values()}
    every = dict.fromkeys(catalog.cards, 1)
    chips = chip_groups(catalog, list(form.hand.data or []), every, {})
    # the building asked about: chips as the city page's, with its filter box
    card_chips = chip_groups(catalog, [form.card.data] if form.card.data else [], every, {})
    ids = {"player": form.player.id, "what": None, "card": "card-cards", **extra_ids,
           "age": form.age.id, "hand": "hand-cards"}
    lines = summary([(None, None, general)] + [(field_id, form[name].label.text, fields[name])
                                               for name, field_id in ids.items()])
    return render_template(
        "build.html", saved=saved, form=form, report=report, fields=fields, summary=lines,
        all_taken=all_taken(saved.document, game, form) if report else None,
        sides=neighbours(game, form.player.data) if report else {}, card_names=labels,
        groups=chips, card_groups=card_chips, parts=parts, item_names=item_names,
        city=me or saved.document["players"][0],
    ), status
