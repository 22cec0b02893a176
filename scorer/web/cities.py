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
from .problems import ErrorMap, summary

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
    groups = chip_groups(catalog, selected, left, chips, copies_in_decks(catalog, len(card_lists)))
    return render_template(
        "city.html", saved=saved, index=index, form=form, player=player,
        players=saved.document["players"], groups=groups,
        unknown=unknown, fields=fields, stage_count=stage_count,
        summary=city_summary(form, fields, general, unknown, groups),
        wonder_name=wonder_label(wonder) if wonder else "", side=side, token_kinds=TOKEN_KINDS,
        deck_players=max(len(card_lists), MIN_PLAYERS), token_max=MAX_TOKENS, max_battles=MAX_BATTLES,
    ), status


def city_summary(form: CityForm, fields: dict[str, list[str]], general: list[str],
                 unknown: list[str], groups: list[dict]) -> list[dict]:
    """Every problem of the city form, in the page's order, for the summary at its top."""
    entries = [(None, None, general)]
    if unknown:
        entries.append((None, None, [_("Not buildings of this edition: %(ids)s", ids=", ".join(unknown))]))
    for name in ("stages", "coins", *TOKEN_KINDS):
        entries.append((form[name].id, form[name].label.text, [*form[name].errors, *fields[name]]))
    entries.append((None, form.cards.label.text, [*form.cards.errors, *fields["cards"]]))
    for group in groups:
        for colour in group["colours"]:
            entries.extend((f"cards-{chip['id']}", chip["label"], chip["errors"])
                           for chip in colour["chips"])
    return summary(entries)


def city_document(saved, index: int, form: CityForm) -> dict:
    """The game with this city as typed; a field the form refused keeps its saved value, so
    the engine still judges everything else and the page shows all problems in one go."""
    document = copy.deepcopy(saved.document)
    city = document["players"][index]
    typed = {name: form[name].data for name in ("stages", "coins", *TOKEN_KINDS) if not form[name].errors}
    tokens = {kind: (city.get("tokens") or {}).get(kind, 0) for kind in TOKEN_KINDS}
    tokens.update({kind: typed[kind] for kind in TOKEN_KINDS if kind in typed})
    city.update(cards=list(form.cards.data or []), stages=typed.get("stages", city.get("stages", 0)),
                coins=typed.get("coins", city.get("coins", 0)),
                tokens={kind: count for kind, count in tokens.items() if count})
    return document


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
    form_ok = form.validate()
    document = city_document(saved, index, form)
    _game, problems = parse_game(document)
    if problems or not form_ok:
        return render_city(saved, index, form, ErrorMap(problems), document, status=422)
    city = document["players"][index]
    if not storage.update_game(game_id, document):
        abort(404)
    flash(_("%(name)s's city is saved.", name=city["name"]))
    return redirect(target(game_id, index, len(document["players"]), request.form.get("action", "")))
