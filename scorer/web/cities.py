"""City entry, one player at a time: buildings as chips, stage, coin and token steppers.

Each post saves the city (when the whole game still validates) and moves to the player or
page the button named, so nothing typed is lost between players. A city nothing was entered in
(no building, stage, coin, token...) is not counted as entered by passing through it; Done on
it asks once ("Save an empty city?"), and a city saved empty on purpose is saved. A building whose copies the
other cities already hold is shown as unavailable, but the engine's validation stays the
judge: a refused city comes back with every problem beside its field and the typed values kept.
"""

from __future__ import annotations

import copy
from functools import lru_cache

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_locale, get_translations
from flask_babel import gettext as _
from wtforms.fields.choices import SelectChoice

from .. import storage
from ..documents import player_ids
from ..engine.catalog import Catalog
from ..engine.rules import Ruleset
from ..engine.table import copies_in_decks, copies_left
from ..engine.validation import parse_game
from ..games import access
from ..games import seats as seats_remembered
from ..games import service as games_service
from ..games.service import OWN_SEAT_FIELDS
from ..safety.numbers import parse_int
from .chip_faces import city_chips
from .city_html import counters, seat_fix
from .editions import document_ruleset
from .expansions import parts_of
from .expired_forms import shows_expired_forms
from .forms import (
    VICTORIES,
    CityForm,
    city_form,
    side_choices,
    token_data,
    token_fields,
    token_text,
    tokens_typed,
)
from .labels import card_label, colour_labels, side_label, wonder_label
from .problems import ErrorMap, summary
from .saved import saved_or_404

bp = Blueprint("cities", __name__)
#: the field the "Save an empty city?" question adds to the page: its answer is yes
EMPTY_OK = "empty_ok"
#: the buttons that say a city is done (the joined phone's Done, the host's Score pad)
DONE = "pad"
#: the city form's own fields with problems of their own (the tokens' are added per ruleset)
SEAT_AND_COUNTS = ("wonder", "side", "stages", "coins", "cards")


def holders(catalog: Catalog, players: list, index: int) -> dict[str, list[str]]:
    """The other players holding each building, for a chip whose copies they all hold."""
    held: dict[str, list[str]] = {}
    for other, player in enumerate(players):
        if other == index or not isinstance(player, dict):
            continue
        for card_id in player.get("cards") or []:
            building = catalog.card_ids.get(card_id) if isinstance(card_id, str) else None
            names = held.setdefault(building, []) if building else []
            if building and player.get("name") not in names:
                names.append(player.get("name", ""))
    return held


def chip_groups(catalog: Catalog, selected: list[str], left: dict[str, int],
                card_errors: dict[str, list[str]]) -> list[dict]:
    """Buildings by age, then by colour, each with what its chip needs to show (the build
    checker's chips, which the template draws; the city page's: :mod:`.chip_faces`)."""
    chosen = {catalog.card_ids.get(card_id, card_id) for card_id in selected}
    translations = get_translations()  # the request's catalog, asked for once, not per card
    ages: dict[int, dict[str, list[dict]]] = {}
    for card in catalog.cards.values():
        age = card.ages[0]
        label = translations.upgettext("card", card.name)  # card_label(card), the same text
        ages.setdefault(age, {}).setdefault(card.colour, []).append({
            "id": card.id,
            "label": label,
            "search": f"{label} {card.name}".casefold(),
            "checked": card.id in chosen,
            "unavailable": left.get(card.id, 0) <= 0 and card.id not in chosen,
            "absent": False,
            "held_by": "",
            "errors": card_errors.get(card.id, []),
        })
    listed = list(colour_labels())
    return [{"age": age, "colours": [{"colour": colour, "chips": sorted(ages[age][colour],
                                                                          key=lambda c: c["label"])}
                                     for colour in [*listed, *sorted(set(ages[age]) - set(listed))]
                                     if colour in ages[age]]}
            for age in sorted(ages)]


def player_data(player: dict, ruleset: Ruleset) -> dict:
    tokens = player.get("tokens") or {}
    data = {"cards": list(player.get("cards", [])), "stages": player.get("stages", 0),
            "coins": player.get("coins", 0), "wonder": player.get("wonder"),
            "side": player.get("side")}
    data.update(token_data(ruleset, tokens))
    for part in parts_of(ruleset):
        data.update(part.player_data(player))
    return data


def card_problems(errors: ErrorMap, document: dict, index: int, selected: list[str],
                  catalog: Catalog) -> dict[str, list[str]]:
    """Problems about single buildings, keyed by building id, for the chips of this city.

    A "too many copies" problem lands on whichever city comes later in the seating, so one
    found in another city about a building this city also holds is shown here as well.
    """
    if not errors:  # every city page, and most saves refused for something else: no walk
        return {}
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


def wonder_taken(errors: ErrorMap, document: dict, index: int) -> list[str]:
    """This city's wonder played by another seat, said beside its wonder and naming that
    player (the engine reports the second of the two seats, which may be the other one)."""
    players = document["players"]
    mine = players[index].get("wonder")
    found = []
    for other, player in enumerate(players):
        if other != index and isinstance(player, dict) and player.get("wonder") == mine:
            errors.take(f"players[{max(other, index)}].wonder")
            wonder = document_ruleset(document).catalog.wonders.get(mine)
            found.append(_("%(wonder)s is played by %(name)s; choose the wonder you played.",
                           wonder=wonder_label(wonder) if wonder else mine, name=player.get("name", "")))
    return found


def token_problems(errors: ErrorMap, at: str, kinds, several: bool) -> list[str]:
    """The problems of a token field; in the field of several kinds each names its kind."""
    return [_("Tokens of %(value)d: %(problem)s", value=kind.value, problem=message) if several
            else message
            for kind in kinds for message in errors.take(f"{at}.tokens.{kind.id}")]


#: ``render_city``'s ``me`` when the caller has not looked it up
_LOOK_UP = object()


def render_city(saved, index: int, form: CityForm, errors: ErrorMap, document: dict, status=200,
                conflict: dict | None = None, ask_empty: bool = False, me=_LOOK_UP):
    ruleset = document_ruleset(saved.document)
    catalog = ruleset.catalog
    kinds = token_fields(ruleset)
    player = document["players"][index]
    at = f"players[{index}]"
    selected = form.cards.data or []
    chips = card_problems(errors, document, index, selected, catalog)
    sections = [(part, part.city_section(form, ruleset, errors, at, saved.document, document,
                                         index))
                for part in parts_of(ruleset)]
    fields = {name: errors.take(f"{at}.{name}") for name in SEAT_AND_COUNTS}
    fields["wonder"] += wonder_taken(errors, document, index)
    for name, held in kinds.items():
        fields[name] = token_problems(errors, at, held, several=name == VICTORIES)
    card_lists = [p.get("cards", []) if isinstance(p, dict) else [] for p in saved.document["players"]]
    left = copies_left(catalog, card_lists, index)
    wonder = catalog.wonders.get(saved.document["players"][index].get("wonder"))
    side = saved.document["players"][index].get("side")
    stage_count = len(wonder.sides[side]) if wonder and side in wonder.sides else 0
    unknown = [card_id for card_id in selected if card_id not in catalog.card_ids]
    general = errors.rest()
    deck_players = max(len(card_lists), ruleset.min_players)
    groups, chips_html = city_chips(catalog, saved.document, "cards", selected, left, chips,
                                    copies_in_decks(catalog, len(card_lists)),
                                    holders(catalog, saved.document["players"], index),
                                    deck_players)
    token_max = {name: held[0].limit for name, held in kinds.items()}
    return render_template(
        "city.html", saved=saved, index=index, form=form, player=player,
        seat_fix_html=seat_fix(form, fields),
        counters_html=counters(form, fields, stage_count, kinds, VICTORIES, token_max,
                               ruleset.max_battles),
        players=saved.document["players"], groups=groups, chips_html=chips_html,
        unknown=unknown, fields=fields, stage_count=stage_count,
        summary=city_summary(form, fields, general, unknown, groups, kinds, sections),
        sections=[{"template": part.city_template, "section": section, "chips": part.city_chips}
                  for part, section in sections if part.city_template],
        wonder_name=wonder_label(wonder) if wonder else "", side=side_label(ruleset, side),
        token_fields=list(kinds), typed_tokens=VICTORIES,
        deck_players=deck_players,
        token_max=token_max, max_battles=ruleset.max_battles,
        conflict=conflict, me=chosen_seat(saved) if me is _LOOK_UP else me,
        ask_empty=ask_empty, empty_ok=EMPTY_OK, done=DONE,
    ), status


def city_summary(form: CityForm, fields: dict[str, list[str]], general: list[str],
                 unknown: list[str], groups: list[dict], kinds,
                 sections: list = ()) -> list[dict]:
    """Every problem of the city form, in the page's order, for the summary at its top."""
    entries = [(None, None, general)]
    if unknown:
        entries.append((None, None, [_("Not buildings of this edition: %(ids)s", ids=", ".join(unknown))]))
    for name in ("wonder", "side", "stages", "coins", *kinds):
        entries.append((form[name].id, form[name].label.text, [*form[name].errors, *fields[name]]))
    for part, section in sections:
        if section is not None:
            entries.extend(part.summary_entries(form, section))
    entries.append((None, form.cards.label.text, [*form.cards.errors, *fields["cards"]]))
    for group in groups:
        for colour in group["colours"]:
            entries.extend((f"cards-{chip['id']}", chip["label"], chip["errors"])
                           for chip in colour["chips"])
    return summary(entries)


def city_document(saved, index: int, form: CityForm) -> dict:
    """The game with this city as typed; a field the form refused keeps its saved value, so
    the engine still judges everything else and the page shows all problems in one go. Only
    this city is a copy (the rest of the game is the saved one's, read, never changed)."""
    players = list(saved.document["players"])
    city = players[index] = copy.deepcopy(players[index])
    document = dict(saved.document, players=players)
    ruleset = document_ruleset(document)
    typed = {name: form[name].data for name in ("stages", "coins") if not form[name].errors}
    tokens = {kind.id: (city.get("tokens") or {}).get(kind.id, 0) for kind in ruleset.tokens}
    tokens.update(tokens_typed(form, ruleset))
    city.update(seat_typed(form))
    city.update(cards=list(form.cards.data or []), stages=typed.get("stages", city.get("stages", 0)),
                coins=typed.get("coins", city.get("coins", 0)),
                tokens={kind: count for kind, count in tokens.items() if count})
    for part in parts_of(ruleset):
        part.typed_city(form, city)
    return document


def seat_typed(form: CityForm) -> dict:
    """The wonder and side as sent (a page from before they were on it sends neither)."""
    return {name: form[name].data for name in OWN_SEAT_FIELDS
            if form[name].raw_data and not form[name].errors}


def known_action(document: dict, action: str) -> bool:
    """Whether ``action`` is the value of a button the city page has (checked before saving)."""
    if action in ("", "stay", "progress", "pad", "prev", "next", "build"):
        return True
    return action.startswith("goto-") and action[5:] in player_ids.ids_of(document)


def target(game_id: str, document: dict, player_id: str, action: str):
    """Where a save's button leads: this city again (Enter in a field), another player's city
    (by id, in today's seating), the pad or the build checker."""
    ids = player_ids.ids_of(document)
    if action == "stay":
        return city_url(game_id, player_id, **({"other": "1"} if request.args.get("other") else {}))
    index = ids.index(player_id) if player_id in ids else 0
    if action == "prev" and index > 0:
        return city_url(game_id, ids[index - 1])
    if action == "next" and index + 1 < len(ids):
        return city_url(game_id, ids[index + 1])
    if action.startswith("goto-") and action[5:] in ids:
        return city_url(game_id, action[5:])
    if action == "build":
        return url_for("build.check", game_id=game_id)
    return url_for("games.pad", game_id=game_id)


def city_url(game_id: str, player_id: str, **query) -> str:
    return url_for("cities.edit", game_id=game_id, player_id=player_id, **query)


@lru_cache(maxsize=64)
def accepted_cards(ruleset: Ruleset) -> frozenset[str]:
    """The values of the city form's building choices (:func:`city_choices`)."""
    return frozenset(ruleset.catalog.card_ids)


@lru_cache(maxsize=64)
def city_choices(ruleset: Ruleset, locale: str) -> tuple[tuple[SelectChoice, ...], ...]:
    """The city form's buildings, wonders and sides of a ruleset, named in ``locale`` (the
    request's): made once per ruleset and language, not for every city page and save."""
    return (tuple(SelectChoice(card_id) for card_id in ruleset.catalog.card_ids),
            tuple(SelectChoice(wonder.id, wonder_label(wonder))
                  for wonder in ruleset.catalog.wonders.values()),
            tuple(side_choices(ruleset, placeholder=False)))


def new_form(ruleset: Ruleset, player: dict, **options) -> CityForm:
    """The city form of the game's ruleset (its token kinds, its expansions' fields), with its
    buildings as choices."""
    form = city_form(ruleset)(**options)
    cards, wonders, sides = city_choices(ruleset, str(get_locale()))
    form.cards.choices, form.wonder.choices, form.side.choices = list(cards), list(wonders), list(sides)
    form.cards.accepted = accepted_cards(ruleset)
    for part in parts_of(ruleset):
        part.prepare_city(form, ruleset, player)
    return form


def typed_city(document: dict, index: int) -> dict:
    return games_service.city_of(document["players"][index])


def conflict_rows(form: CityForm, stored: dict, ruleset: Ruleset) -> list[dict]:
    """The city as typed beside the city as saved elsewhere, field by field."""
    catalog = ruleset.catalog
    data = player_data(stored, ruleset)
    rows = []
    for name in ("stages", "coins", *token_fields(ruleset)):
        mine, theirs = (token_text(ruleset, name, value) for value in (form[name].data, data[name]))
        rows.append({"label": form[name].label.text, "mine": mine, "theirs": theirs,
                     "differs": mine != theirs})

    def names(cards):
        known = [catalog.cards.get(catalog.card_ids.get(card_id, "")) for card_id in cards]
        return sorted(card_label(card) for card in known if card is not None)

    mine, theirs = names(form.cards.data or []), names(data["cards"])
    rows.append({"label": form.cards.label.text, "mine": ", ".join(mine) or "–",
                 "theirs": ", ".join(theirs) or "–", "differs": mine != theirs,
                 "counts": (len(mine), len(theirs))})
    for part in parts_of(ruleset):
        rows.extend(part.conflict_rows(form, stored, ruleset))
    return rows


def seat_redirect(game_id: str, seat: int):
    """The old seat-number URLs: a link opens the city of whoever sits there now; a form posted
    to one (opened before ids existed) is re-posted to that player's URL, where it arrives
    without a version and is shown back as out of date instead of being saved."""
    saved = games_service.load(game_id)
    if saved is None or not seat < len(saved.document.get("players", [])):
        abort(404)
    location = city_url(game_id, saved.document["players"][seat]["id"])
    return redirect(location, code=307 if request.method == "POST" else 302)


@bp.route("/games/<game_id>/players/<player_id>", methods=["GET", "POST"])
@shows_expired_forms
def edit(game_id: str, player_id: str):
    seat = parse_int(player_id)
    if seat is not None:
        return seat_redirect(game_id, seat)
    saved = saved_or_404(game_id)
    index = player_ids.index_of(saved.document, player_id)
    if index is None:
        return player_gone() if request.method == "POST" else abort(404)
    access.require("enter", saved)  # a locked game shows no city form (403, saying why)
    ruleset = document_ruleset(saved.document)
    chosen = chosen_seat(saved)
    me = not_yours(chosen, player_id)
    if request.method == "GET" and me is not None and not request.args.get("other"):
        return render_template("not_yours.html", saved=saved, me=me,
                               player=saved.document["players"][index])
    if request.method == "GET":
        player = saved.document["players"][index]
        form = new_form(ruleset, player, formdata=None, data={
            **player_data(player, ruleset), "version": games_service.city_version(player)})
        return render_city(saved, index, form, ErrorMap(), saved.document, me=chosen)
    form = new_form(ruleset, saved.document["players"][index])
    if not known_action(saved.document, request.form.get("action", "")):
        errors = ErrorMap()
        errors.add("action", _("The form was sent with a button this page does not have; "
                               "nothing was saved. Check the city and save again."))
        form.validate()
        return render_city(saved, index, form, errors, saved.document, status=400, me=chosen)
    form_ok = form.validate()
    document = city_document(saved, index, form)
    action = request.form.get("action", "")
    typed = typed_city(document, index)
    waiting = untouched(saved.document["players"][index], typed)
    entered = action != "progress" and not (waiting and action != DONE)
    # the game as the save writes it (the city marked entered or not): checked once, here
    checked = games_service.as_saved(document, index, entered)
    game, problems = parse_game(checked)
    if problems or not form_ok:
        return render_city(saved, index, form, ErrorMap(problems), document, status=422,
                           me=chosen)
    if waiting and action == DONE and not request.form.get(EMPTY_OK):
        return render_city(saved, index, form, ErrorMap(), document, ask_empty=True, me=chosen)
    try:
        saved = games_service.save_city(game_id, player_id, typed,
                                        games_service.version_is(form.version.data),
                                        seat=seat_typed(form), entered=entered,
                                        parsed=storage.Checked(checked, game), loaded=saved)
    except games_service.NoSuchGame:
        abort(404)
    except games_service.NoSuchPlayer:
        return player_gone()
    except games_service.Stale as stale:
        return show_conflict(game_id, player_id, form, stale, action)
    except games_service.Invalid as invalid:
        return show_invalid(game_id, player_id, form, invalid)
    player = saved.document["players"][player_ids.index_of(saved.document, player_id)]
    seats_remembered.city_saved(game_id, player, host=access.can_manage(saved))
    if action == "progress":
        flash(_("%(name)s's city is saved as in progress: the pad names no winner until it is "
                "saved as done.", name=player["name"]))
    elif entered:
        flash(_("%(name)s's city is saved.", name=player["name"]))
    return redirect(target(game_id, saved.document, player_id, action))


def untouched(stored: dict, city: dict) -> bool:
    """Whether a city was never entered and nothing is typed in it now: passing through it
    (another player's tab, Next) leaves it waiting, and Done asks first."""
    return not player_ids.is_entered(stored) and not games_service.holds_anything(city)


def chosen_seat(saved) -> dict | None:
    """The player this phone said "This is me" for (not a guess from a save), if still in the
    game: looked up once per request, for the not-yours page and the city page's header."""
    return seats_remembered.your_seat(saved) if seats_remembered.chosen_player(saved.id) else None


def not_yours(chosen: dict | None, player_id: str) -> dict | None:
    """The player this phone said "This is me" for (``chosen``, :func:`chosen_seat`), when it
    opens another seat's city."""
    return chosen if chosen is not None and chosen["id"] != player_id else None


def player_gone():
    return render_template("error.html", code=409, message=_(
        "This player is no longer in the game: the set-up was changed on another phone. "
        "Nothing was saved.")), 409


def fresh(game_id: str, player_id: str):
    """The game as stored now and this player's seat in it (after a save was refused)."""
    saved = games_service.load(game_id)
    index = player_ids.index_of(saved.document, player_id) if saved else None
    if index is None:
        abort(404)
    return saved, index


def show_conflict(game_id: str, player_id: str, form: CityForm, stale, action: str):
    """Saved elsewhere since this page was opened: both versions side by side, what was typed
    kept in the form, whose version now carries the stored one so "keep mine" saves over it."""
    saved, index = fresh(game_id, player_id)
    rows = conflict_rows(form, stale.current, document_ruleset(saved.document))
    form.version.data = stale.version
    conflict = {"rows": rows, "action": action or "pad",
                "take": city_url(game_id, player_id)}
    return render_city(saved, index, form, ErrorMap(), saved.document, status=409, conflict=conflict)


def show_invalid(game_id: str, player_id: str, form: CityForm, invalid):
    """The city passed against the game as this page knew it, not against the game as it is
    now (another phone took the last copy of a building, say): the problems, nothing saved."""
    saved, index = fresh(game_id, player_id)
    document = invalid.document
    attempted = player_ids.index_of(document, player_id)
    if attempted != index:
        document = saved.document
    return render_city(saved, index, form, ErrorMap(invalid.problems), document, status=422)
