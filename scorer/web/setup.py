"""New game and table set-up: player count, names, seating order, wonders and sides.

Everything works by plain form posts: the up/down buttons and the player-count change
re-show the form with what was typed, and only "create"/"save" validates and stores the game.
Editing the set-up of a saved game moves each city with its player when seats are reordered.
"""

from __future__ import annotations

import copy

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from wtforms.fields.choices import SelectChoice

from .. import storage
from ..engine.catalog import load_catalog
from ..engine.rules import DEFAULT_EDITION
from ..engine.table import deal
from ..engine.validation import MAX_PLAYERS, parse_game
from .forms import PLAYER_COUNTS, SetupForm, posted_rows
from .labels import wonder_label
from .problems import ErrorMap, summary

bp = Blueprint("setup", __name__)

DEFAULT_COUNT = "4"


def blank_seat(free_city: bool = False) -> dict:
    return {"key": "", "name": _("Free City") if free_city else "", "wonder": "", "side": "",
            "free_city": "1" if free_city else ""}


def seats_for_count(seats: list[dict], count: str) -> list[dict]:
    """The seats for a new player count, keeping the typed ones in order."""
    players = [seat for seat in seats if not seat.get("free_city")]
    wanted = 2 if count == "2" else int(count)
    players = players[:wanted] + [blank_seat() for _ in range(wanted - len(players))]
    if count == "2":
        free = [seat for seat in seats if seat.get("free_city")] or [blank_seat(free_city=True)]
        players.append(free[0])
    return players


def count_of(seats: list[dict]) -> str:
    return "2" if any(seat.get("free_city") for seat in seats) else str(len(seats))


def prepare(form: SetupForm) -> SetupForm:
    catalog = load_catalog()
    choices = [SelectChoice("", _("Deal at random"))] + [
        SelectChoice(wonder.id, wonder_label(wonder)) for wonder in catalog.wonders.values()]
    for entry in form.seats:
        entry.form.wonder.choices = choices
    return form


def form_with(seats: list[dict], title: str | None) -> SetupForm:
    return prepare(SetupForm(formdata=None, data={"title": title or "", "count": count_of(seats),
                                                  "seats": seats}))


def seats_of(document: dict) -> list[dict]:
    return [{"key": str(index), "name": player.get("name", ""), "wonder": player.get("wonder", ""),
             "side": player.get("side", ""), "free_city": "1" if player.get("free_city") else ""}
            for index, player in enumerate(document["players"])]


def moved(seats: list[dict], action: str) -> list[dict] | None:
    """Seats after an ``up-N``/``down-N`` button, or None when the action is not a move."""
    direction, _, position = action.partition("-")
    if direction not in ("up", "down") or not position.isdigit():
        return None
    index = int(position)
    other = index - 1 if direction == "up" else index + 1
    if not (0 <= index < len(seats) and 0 <= other < len(seats)):
        return seats
    seats = list(seats)
    seats[index], seats[other] = seats[other], seats[index]
    return seats


def build_document(seats: list[dict], original: dict | None) -> dict:
    """The game document for these seats; a saved game's cities follow their players."""
    dealt = deal(load_catalog(), [(seat["wonder"] or None, seat["side"] or None) for seat in seats])
    players = []
    for seat, (wonder, side) in zip(seats, dealt, strict=True):
        city = {"stages": 0, "cards": [], "coins": 0, "tokens": {}}
        key = seat.get("key") or ""
        if original is not None and key.isdigit() and int(key) < len(original["players"]):
            city = copy.deepcopy(original["players"][int(key)])
        city.update(name=seat["name"], wonder=wonder, side=side)
        city.pop("free_city", None)
        if seat.get("free_city"):
            city["free_city"] = True
        players.append(city)
    document = dict(original or {"edition": DEFAULT_EDITION})
    document["players"] = players
    return document


def seat_errors(errors: ErrorMap, count: int) -> list[dict]:
    rows = []
    for index in range(count):
        at = f"players[{index}]"
        row = {field: errors.take(f"{at}.{field}") for field in ("name", "wonder", "side")}
        row["other"] = errors.take_under(at)
        rows.append(row)
    return rows


def show(form: SetupForm, saved=None, errors: ErrorMap | None = None, status: int = 200):
    errors = errors or ErrorMap()
    rows = seat_errors(errors, len(form.seats))
    general = errors.rest()
    return render_template("setup.html", form=form, saved=saved, rows=rows,
                           summary=setup_summary(form, rows, general),
                           max_players=MAX_PLAYERS), status


def setup_summary(form: SetupForm, rows: list[dict], general: list[str]) -> list[dict]:
    """Every problem of the set-up form in the page's order, each naming its seat and field."""
    entries = [(None, None, general), (form.title.id, form.title.label.text, form.title.errors),
               (form.count.id, form.count.label.text, form.count.errors)]
    for number, (entry, row) in enumerate(zip(form.seats, rows, strict=True), start=1):
        seat = _("Free City") if entry.form.free_city.data else _("Seat %(number)d", number=number)
        for name in ("name", "wonder", "side"):
            field = entry.form[name]
            entries.append((field.id, f"{seat}, {field.label.text}", [*field.errors, *row[name]]))
        entries.append((entry.form.name.id, seat, row["other"]))
    return summary(entries)


def drop_refused(errors: ErrorMap, form: SetupForm) -> ErrorMap:
    """The engine's problems minus those about a field the form already refused (one message
    per problem, the form's)."""
    for index, entry in enumerate(form.seats):
        for name in ("name", "wonder", "side"):
            if entry.form[name].errors:
                errors.take(f"players[{index}].{name}")
    return errors


def handle(form: SetupForm, saved) -> object:
    """Shared POST handling of the new-game and edit-set-up forms."""
    prepare(form)
    if posted_rows(request.form, "seats") > MAX_PLAYERS:
        errors = ErrorMap()
        errors.add("players", _("A game has 3 to 7 players (or 2 and the Free City)."))
        return show(form, saved, errors, status=422)
    seats = [dict(entry.data) for entry in form.seats]
    action = request.form.get("action", "save")
    if action == "count":
        count = form.count.data if form.count.data in PLAYER_COUNTS else DEFAULT_COUNT
        return show(form_with(seats_for_count(seats, count), form.title.data))
    reordered = moved(seats, action)
    if reordered is not None:
        return show(form_with(reordered, form.title.data))
    form_ok = form.validate()
    original = saved.document if saved else None
    document = build_document(seats, original)
    _game, problems = parse_game(document)
    if problems or not form_ok:
        return show(form, saved, drop_refused(ErrorMap(problems), form), status=422)
    title = form.title.data or None
    if saved is None:
        public_id = storage.create_game(document, title)
        flash(_("Game saved. Now enter each city."))
        return redirect(url_for("cities.edit", game_id=public_id, index=0))
    if not storage.update_game(saved.id, document, title or ""):
        abort(404)
    flash(_("Set-up saved."))
    return redirect(url_for("games.pad", game_id=saved.id))


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    if request.method == "POST":
        return handle(SetupForm(), None)
    count = request.args.get("count", DEFAULT_COUNT)
    if count not in PLAYER_COUNTS:
        count = DEFAULT_COUNT
    return show(form_with(seats_for_count([], count), None))


@bp.route("/games/<game_id>/setup", methods=["GET", "POST"])
def edit_setup(game_id: str):
    saved = storage.load_game(game_id)
    if saved is None:
        abort(404)
    if request.method == "POST":
        return handle(SetupForm(), saved)
    return show(form_with(seats_of(saved.document), saved.title), saved)
