"""City entry, one player at a time: buildings as chips, stage, coin and token steppers.

Each post saves the city (when the whole game still validates) and moves to the player or
page the button named, so nothing typed is lost between players. A building whose copies the
other cities already hold is shown as unavailable, but the engine's validation stays the
judge: a refused city comes back with every problem beside its field and the typed values kept.
"""

from __future__ import annotations

import copy

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from wtforms.fields.choices import SelectChoice

from .. import storage
from ..engine.catalog import COLOURS, Catalog, load_catalog
from ..engine.table import copies_in_decks, copies_left
from ..engine.validation import MAX_BATTLES, MAX_TOKENS, MIN_PLAYERS, parse_game
from .forms import TOKEN_KINDS, CityForm
from .labels import card_label, wonder_label
from .problems import ErrorMap

bp = Blueprint("cities", __name__)


def chip_groups(catalog: Catalog, selected: list[str], left: dict[str, int],
                card_errors: dict[str, list[str]], in_decks: dict[str, int] | None = None) -> list[dict]:
    """Buildings by age, then by colour, each with what its chip needs to show.

    An unavailable chip says why: the decks for this table hold no copy at all, or the other
    cities hold every copy.
    """
    chosen = {catalog.card_ids.get(card_id, card_id) for card_id in selected}
    ages: dict[int, dict[str, list[dict]]] = {}
    for card in catalog.cards.values():
        age = card.ages[0]
        label = card_label(card)
        ages.setdefault(age, {}).setdefault(card.colour, []).append({
            "id": card.id,
            "label": label,
            "search": f"{label} {card.name}".casefold(),
            "checked": card.id in chosen,
            "unavailable": left.get(card.id, 0) <= 0 and card.id not in chosen,
            "absent": in_decks is not None and in_decks.get(card.id, 0) == 0,
            "errors": card_errors.get(card.id, []),
        })
    return [{"age": age, "colours": [{"colour": colour, "chips": sorted(ages[age][colour],
                                                                          key=lambda c: c["label"])}
                                     for colour in COLOURS if colour in ages[age]]}
            for age in sorted(ages)]


def player_data(player: dict) -> dict:
    tokens = player.get("tokens") or {}
    data = {"cards": list(player.get("cards", [])), "stages": player.get("stages", 0),
            "coins": player.get("coins", 0)}
    data.update({kind: tokens.get(kind, 0) for kind in TOKEN_KINDS})
    return data


def card_problems(errors: ErrorMap, document: dict, index: int, selected: list[str],
                  catalog: Catalog) -> dict[str, list[str]]:
    """Problems about single buildings, keyed by building id, for the chips of this city.

    A "too many copies" problem lands on whichever city comes later in the seating, so one
    found in another city about a building this city also holds is shown here as well.
    """
    chosen = {catalog.card_ids.get(card_id) for card_id in selected}
    found: dict[str, list[str]] = {}
    for other, player in enumerate(document["players"]):
        cards = player.get("cards") if isinstance(player, dict) else None
        if not isinstance(cards, list):
            continue
        for position, card_id in enumerate(cards):
            path = f"players[{other}].cards[{position}]"
            building = catalog.card_ids.get(card_id) if isinstance(card_id, str) else None
            if other == index or (building in chosen and building is not None):
                messages = errors.take(path)
                if messages:
                    found.setdefault(building or str(card_id), []).extend(messages)
    return found


def render_city(saved, index: int, form: CityForm, errors: ErrorMap, document: dict, status=200):
    catalog = load_catalog()
    player = document["players"][index]
    at = f"players[{index}]"
    selected = form.cards.data or []
    chips = card_problems(errors, document, index, selected, catalog)
    fields = {name: errors.take(f"{at}.{name}") for name in ("stages", "coins", "cards")}
    fields.update({kind: errors.take(f"{at}.tokens.{kind}") for kind in TOKEN_KINDS})
    card_lists = [p.get("cards", []) if isinstance(p, dict) else [] for p in saved.document["players"]]
    left = copies_left(catalog, card_lists, index)
    wonder = catalog.wonders.get(saved.document["players"][index].get("wonder"))
    side = saved.document["players"][index].get("side")
    stage_count = len(wonder.sides[side]) if wonder and side in wonder.sides else 0
    unknown = [card_id for card_id in selected if card_id not in catalog.card_ids]
    general = errors.rest()
    return render_template(
        "city.html", saved=saved, index=index, form=form, player=player,
        players=saved.document["players"],
        groups=chip_groups(catalog, selected, left, chips, copies_in_decks(catalog, len(card_lists))),
        unknown=unknown, fields=fields, general=general, stage_count=stage_count,
        deck_players=max(len(card_lists), MIN_PLAYERS), token_max=MAX_TOKENS, max_battles=MAX_BATTLES,
        wonder_name=wonder_label(wonder) if wonder else "", side=side, token_kinds=TOKEN_KINDS,
    ), status


def target(game_id: str, index: int, count: int, action: str):
    if action == "prev" and index > 0:
        return url_for("cities.edit", game_id=game_id, index=index - 1)
    if action == "next" and index + 1 < count:
        return url_for("cities.edit", game_id=game_id, index=index + 1)
    if action.startswith("goto-") and action[5:].isdigit() and int(action[5:]) < count:
        return url_for("cities.edit", game_id=game_id, index=int(action[5:]))
    if action == "build":
        return url_for("build.check", game_id=game_id)
    return url_for("games.pad", game_id=game_id)


@bp.route("/games/<game_id>/players/<int:index>", methods=["GET", "POST"])
def edit(game_id: str, index: int):
    saved = storage.load_game(game_id)
    if saved is None or not 0 <= index < len(saved.document.get("players", [])):
        abort(404)
    catalog = load_catalog()
    if request.method == "GET":
        form = CityForm(formdata=None, data=player_data(saved.document["players"][index]))
        form.cards.choices = [SelectChoice(card_id) for card_id in catalog.card_ids]
        return render_city(saved, index, form, ErrorMap(), saved.document)
    form = CityForm()
    form.cards.choices = [SelectChoice(card_id) for card_id in catalog.card_ids]
    if not form.validate():
        return render_city(saved, index, form, ErrorMap(), saved.document, status=422)
    document = copy.deepcopy(saved.document)
    city = document["players"][index]
    city.update(cards=list(form.cards.data), stages=form.stages.data, coins=form.coins.data,
                tokens={kind: form[kind].data for kind in TOKEN_KINDS if form[kind].data})
    _game, problems = parse_game(document)
    if problems:
        return render_city(saved, index, form, ErrorMap(problems), document, status=422)
    if not storage.update_game(game_id, document):
        abort(404)
    flash(_("%(name)s's city is saved.", name=city["name"]))
    return redirect(target(game_id, index, len(document["players"]), request.form.get("action", "")))
