"""New game and table set-up: edition and expansions, player count, names, seating order,
wonders and sides.

Everything works by plain form posts: the up/down buttons, the "change" button (player
count, edition, expansions) and the language switch re-show the form with what was typed, and
only "create"/"save" validates and stores the game. The wonders, sides and counts offered are
the chosen ruleset's. Editing the set-up of a saved game moves each city with its player when
seats are reordered; its edition and expansions change under the rule of :mod:`.setup_rules`.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from wtforms.fields.choices import SelectChoice

from ..documents import player_ids
from ..engine.rules import Ruleset
from ..engine.table import deal
from ..engine.validation import parse_game
from ..games import access
from ..games import service as games_service
from ..groups import service as groups_service
from ..groups.recent import recent_names
from ..i18n import switch_language
from ..safety.numbers import parse_int, parse_suffix
from .editions import (
    FREE_CITY_COUNT,
    chosen_ruleset,
    document_ruleset,
    edition_choices,
    expansion_choices,
    most_players,
    player_counts,
    remember_edition,
    ruleset_for_count,
    ruleset_title,
)
from .expansions import every_part, parts_of
from .expired_forms import shows_expired_forms
from .forms import RANDOM, SetupForm, count_choices, posted_rows, setup_form, side_choices
from .groups import visible_group
from .labels import side_label, wonder_label
from .problems import ErrorMap, summary
from .saved import saved_or_404
from .setup_rules import changes_rules, keep_misfits, misfits, posted_rules, refused

bp = Blueprint("setup", __name__)
#: the set-up's save that also removes players whose city is entered (after a warning)
DROP_CITIES = "save-removing-cities"

DEFAULT_COUNT = "4"


def blank_seat(free_city: bool = False) -> dict:
    return {"key": "", "name": _("Free City") if free_city else "", "wonder": "", "side": "",
            "free_city": "1" if free_city else ""}


def seats_for_count(seats: list[dict], count: str) -> list[dict]:
    """The seats for a new player count, keeping the typed ones in order."""
    players = [seat for seat in seats if not seat.get("free_city")]
    wanted = 2 if count == FREE_CITY_COUNT else parse_int(count)
    players = players[:wanted] + [blank_seat() for _ in range(wanted - len(players))]
    if count == FREE_CITY_COUNT:
        free = [seat for seat in seats if seat.get("free_city")] or [blank_seat(free_city=True)]
        players.append(free[0])
    return players


def count_of(seats: list[dict]) -> str:
    return FREE_CITY_COUNT if any(seat.get("free_city") for seat in seats) else str(len(seats))


def prepare(form: SetupForm, ruleset: Ruleset, saved=None) -> SetupForm:
    """The choices of the form for a table of ``ruleset``: its wonders, sides and counts (and
    a saved game's wonders and sides the ruleset lacks, marked)."""
    choices = [SelectChoice("", _("Choose…")), *(
        SelectChoice(wonder.id, wonder_label(wonder)) for wonder in ruleset.catalog.wonders.values()),
        SelectChoice(RANDOM, _("Deal at random"))]
    sides = side_choices(ruleset)
    for entry in form.seats:
        entry.form.wonder.choices = choices
        entry.form.side.choices = sides
    form.count.choices = count_choices(ruleset)
    form.edition.choices = edition_choices()
    form.expansions.choices = expansion_choices()
    seats = [dict(entry.data) for entry in form.seats]
    for part in parts_of(ruleset):
        part.prepare_setup(form, ruleset, seats)
    if saved is not None:
        keep_misfits(form, ruleset, saved)
    return form


def form_with(seats: list[dict], title: str | None, ruleset: Ruleset, version: str = "",
              saved=None, extra: dict | None = None) -> SetupForm:
    """A fresh set-up form; ``extra``: the expansions' set-up fields (as typed, or saved)."""
    return prepare(setup_form()(formdata=None, data={
        **(extra or {}), "title": title or "", "count": count_of(seats), "seats": seats,
        "version": version, "edition": ruleset.edition,
        "expansions": list(ruleset.expansions)}), ruleset, saved)


def typed_extra(form: SetupForm) -> dict:
    """The expansions' set-up fields as typed, carried over when the form is shown again."""
    return {name: form[name].data for part in every_part() for name in part.setup_fields()}


def saved_extra(document: dict) -> dict:
    extra = {}
    for part in every_part():
        extra.update(part.setup_data(document))
    return extra


def game_values(form: SetupForm, ruleset: Ruleset, seats: list[dict]) -> dict:
    """The game-document fields the expansions' set-up sections write; those of an expansion
    not played are removed (None)."""
    values = {}
    played = parts_of(ruleset)
    for part in every_part():
        values.update(dict.fromkeys(part.setup_keys))
        if part in played:
            values.update(part.setup_values(form, seats))
    return values


def fitting(seats: list[dict], ruleset: Ruleset) -> list[dict]:
    """The seats with what the ruleset does not have (a wonder, a side, the Free City) left
    to choose again, after the edition or an expansion changed."""
    fitted = []
    for seat in seats:
        wonder = ruleset.catalog.wonders.get(seat.get("wonder") or "")
        side = seat.get("side") or ""
        if seat.get("free_city") and not ruleset.free_city:
            continue
        random_wonder = RANDOM if seat.get("wonder") == RANDOM else ""
        fitted.append(dict(seat, wonder=wonder.id if wonder else random_wonder,
                           side=side if ruleset.side(side) or side == RANDOM else ""))
    return fitted


def seats_of(document: dict) -> list[dict]:
    """The form's seats for a saved game; each seat's key is its player's id."""
    return [{"key": player.get("id", ""), "name": player.get("name", ""),
             "wonder": player.get("wonder", ""), "side": player.get("side", ""),
             "free_city": "1" if player.get("free_city") else ""}
            for player in document["players"]]


def moved(seats: list[dict], action: str) -> list[dict] | None:
    """Seats after an ``up-N``/``down-N`` button, or None when the action is not a move."""
    for direction, step in (("up-", -1), ("down-", 1)):
        index = parse_suffix(action, direction, len(seats))
        if index is not None:
            other = index + step
            if not 0 <= other < len(seats):
                return seats
            seats = list(seats)
            seats[index], seats[other] = seats[other], seats[index]
            return seats
    return None


def bad_keys(seats: list[dict], saved) -> bool:
    """Whether a seat's hidden key could not have come from this page: a key on a new game, a
    key that is no player id, or two seats with one player (which would copy that city)."""
    keys = [seat.get("key") or "" for seat in seats if seat.get("key")]
    if saved is None:
        return bool(keys)
    return (len(set(keys)) != len(keys)
            or not all(player_ids.VALID_ID.fullmatch(key) for key in keys))


def unchosen(seats: list[dict], errors: ErrorMap) -> bool:
    """Adds to ``errors`` each wonder or side neither chosen nor left to chance ("Deal at
    random", "Random"), so a host who only types the names of a game already played does not
    get boards nobody played; whether there was any."""
    found = False
    for index, seat in enumerate(seats):
        name = seat.get("name") or _("this seat")
        if not seat.get("wonder"):
            errors.add(f"players[{index}].wonder", _(
                "Choose the wonder %(name)s played, or Deal at random.", name=name))
        if not seat.get("side"):
            errors.add(f"players[{index}].side", _(
                "Choose the side %(name)s played, or Random.", name=name))
        found = found or not (seat.get("wonder") and seat.get("side"))
    return found


def dealt(seats: list[dict], ruleset: Ruleset) -> list[dict]:
    """The seats with every wonder and side left to chance dealt from the ruleset's wonders."""
    def chance(value: str) -> str | None:
        return None if value in ("", RANDOM) else value

    chosen = deal(ruleset.catalog, [(chance(seat["wonder"]), chance(seat["side"])) for seat in seats])
    return [dict(seat, wonder=wonder, side=side) for seat, (wonder, side) in zip(seats, chosen, strict=True)]


def build_document(seats: list[dict], original: dict | None, ruleset: Ruleset,
                   values: dict | None = None) -> dict:
    """The game document for these (dealt) seats; a saved game's cities follow their players.
    A new game is of the chosen edition, with the expansions chosen; a saved game changes to
    them (its cities as they are)."""
    document = dict(original or {"edition": ruleset.edition})
    if original is None and ruleset.expansions:
        document["expansions"] = list(ruleset.expansions)
    if original is not None:
        games_service.with_rules(document, ruleset.edition, ruleset.expansions)
    document["players"] = games_service.build_players(original["players"] if original else [], seats)
    return games_service.with_game_fields(document, values or {})


def conflict_rows(form: SetupForm, stored: dict, title: str | None) -> list[dict]:
    """The set-up as typed beside the set-up saved elsewhere, seat by seat."""
    ruleset = document_ruleset(stored)
    catalog = ruleset.catalog

    def describe(name, wonder_id, side):
        wonder = catalog.wonders.get(wonder_id or "")
        return " · ".join(part for part in (name, wonder_label(wonder) if wonder else _("Deal at random"),
                                            side_label(ruleset, side) or _("Random")) if part)

    mine = [describe(e.form.name.data, e.form.wonder.data, e.form.side.data) for e in form.seats]
    theirs = [describe(p.get("name"), p.get("wonder"), p.get("side")) for p in stored["players"]]
    rows = [{"label": form.title.label.text, "mine": form.title.data or "–", "theirs": title or "–",
             "differs": (form.title.data or "") != (title or "")}]
    mine_rules = ruleset_title(chosen_ruleset(form.edition.data, form.expansions.data))
    theirs_rules = ruleset_title(ruleset)
    rows.append({"label": form.edition.label.text, "mine": mine_rules, "theirs": theirs_rules,
                 "differs": mine_rules != theirs_rules})
    for part in parts_of(chosen_ruleset(form.edition.data, form.expansions.data)):
        rows.extend(part.setup_conflict_rows(form, stored))
    for number in range(max(len(mine), len(theirs))):
        one = mine[number] if number < len(mine) else "–"
        other = theirs[number] if number < len(theirs) else "–"
        rows.append({"label": _("Seat %(number)d", number=number + 1), "mine": one, "theirs": other,
                     "differs": one != other})
    return rows


def seat_errors(errors: ErrorMap, count: int) -> list[dict]:
    rows = []
    for index in range(count):
        at = f"players[{index}]"
        row = {field: errors.take(f"{at}.{field}") for field in ("name", "wonder", "side")}
        row["other"] = errors.take_under(at)
        rows.append(row)
    return rows


def show(form: SetupForm, saved=None, errors: ErrorMap | None = None, status: int = 200,
         conflict: dict | None = None, confirm_drop: bool = False):
    errors = errors or ErrorMap()
    if saved is None and not access.valid_nonce(form.nonce.data):
        form.nonce.data = access.new_nonce()
    rows = seat_errors(errors, len(form.seats))
    expansions = errors.take("expansions")  # beside the switches
    ruleset = chosen_ruleset(form.edition.data, form.expansions.data)
    sections = [(part, part.setup_section(form, ruleset, errors, len(form.seats)))
                for part in parts_of(ruleset)]
    general = errors.rest()
    groups = next((found for part in parts_of(ruleset)
                   if (found := part.seat_groups(form, ruleset, len(form.seats)))), None)
    group = None if saved is not None else requested_group()
    return render_template("setup.html", form=form, saved=saved, rows=rows, group=group,
                           group_carried=not request.args.get("again"),
                           group_names=recent_names(group) if group is not None else [],
                           summary=setup_summary(form, rows, general, expansions, sections),
                           sections=[{"template": part.setup_template, "section": section}
                                     for part, section in sections if part.setup_template],
                           seat_groups=groups or [[index] for index in range(len(form.seats))],
                           teamed=groups is not None,
                           conflict=conflict, confirm_drop=confirm_drop,
                           language_form="setup-form",
                           drop_action=DROP_CITIES, expansion_errors=expansions), status


def setup_summary(form: SetupForm, rows: list[dict], general: list[str],
                  expansions: list[str] = (), sections: list = ()) -> list[dict]:
    """Every problem of the set-up form in the page's order, each naming its seat and field."""
    entries = [(None, None, general), (form.title.id, form.title.label.text, form.title.errors),
               (form.count.id, form.count.label.text, form.count.errors),
               (form.edition.id, form.edition.label.text, form.edition.errors),
               (f"{form.expansions.id}-0", form.expansions.label.text,
                [*form.expansions.errors, *expansions])]
    for part, section in sections:
        if section is not None:
            entries.extend(part.setup_summary(form, section))
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
    ruleset = posted_rules(form, saved, request.form)
    prepare(form, ruleset, saved)
    if posted_rows(request.form, "seats") > most_players():
        errors = ErrorMap()
        errors.add("players", _("A game has at most %(count)d players.", count=most_players()))
        return show(form, saved, errors, status=422)
    seats = [dict(entry.data) for entry in form.seats]
    action = request.form.get("action", "save")
    if switch_language(action):  # the form comes back as typed, in the chosen language
        action = "count"
    if action == "count" and saved is not None:
        # nothing dropped: what the rules lack stays, marked, until the host chooses again
        if form.count.data in player_counts(ruleset):
            seats = seats_for_count(seats, form.count.data)
        return show(form_with(seats, form.title.data, ruleset, form.version.data, saved,
                              typed_extra(form)), saved, misfits(seats, ruleset, saved))
    if action == "count":
        count = form.count.data if form.count.data in player_counts(ruleset) else DEFAULT_COUNT
        seats = seats_for_count(fitting(seats, ruleset), count)
        return show(form_with(seats, form.title.data, ruleset, form.version.data,
                              extra=typed_extra(form)), saved)
    reordered = moved(seats, action)
    if reordered is not None:
        return show(form_with(reordered, form.title.data, ruleset, form.version.data, saved,
                              typed_extra(form)), saved)
    if action not in ("save", DROP_CITIES) or bad_keys(seats, saved):
        errors = ErrorMap()
        errors.add("action", _("The form was sent with a button or a seat this page does not "
                               "have; nothing was saved. Check the table and save again."))
        form.validate()
        return show(form, saved, errors, status=400)
    form_ok = form.validate()
    # a seat left unchosen is dealt for now, so the rest of the table is judged all the same
    chosen = dealt(seats, ruleset)
    values = game_values(form, ruleset, chosen)
    document = build_document(chosen, saved.document if saved else None, ruleset, values)
    _game, problems = parse_game(document)
    errors = drop_refused(refused(problems, document, ruleset, saved), form)
    if unchosen(seats, errors) or problems or not form_ok:
        return show(form, saved, errors, status=422)
    seats = chosen
    title = form.title.data or None
    if saved is None:
        group = requested_group()
        if request.form.get("group") and group is None and not request.args.get("again"):
            errors = ErrorMap()
            errors.add("group", _("The group this game was to join no longer exists; "
                                  "nothing was saved. Start the game from the group's page."))
            return show(form, saved, errors, status=422)
        public_id, created = games_service.create_game_once(
            document, title, owner_token_hash=access.new_owner_hash(),
            creation_key=access.creation_key(form.nonce.data),
            group_pk=group.pk if group is not None else None)
        if not created:  # the same page sent again (double tap, reload, back)
            flash(_("This game was already saved."))
            return redirect(url_for("games.pad", game_id=public_id))
        access.remember(public_id)
        # Parallel entry is the normal way: the table is invited first (one phone may still
        # enter every city from there).
        flash(_("Game saved. Invite the players, or enter the cities on this phone."))
        return remember_edition(redirect(url_for("invite.invite", game_id=public_id)), ruleset.edition)
    access.require("setup", saved)
    try:
        rules = (ruleset.edition, list(ruleset.expansions)) if "edition" in request.form else None
        games_service.save_setup(saved.id, seats, title or "", form.version.data, rules,
                                 drop_cities=action == DROP_CITIES, game_fields=values)
    except games_service.NoSuchGame:
        abort(404)
    except games_service.Stale as stale:
        form.version.data = stale.version
        latest = games_service.load(saved.id) or abort(404)
        conflict = {"rows": conflict_rows(form, stale.current, latest.title), "action": "save",
                    "take": url_for("setup.edit_setup", game_id=saved.id),
                    "text": _("Someone saved the set-up elsewhere after you opened this page, so "
                              "your changes were not saved yet. Compare the two versions and "
                              "choose which one to keep; your changes are still in the form below.")}
        return show(form, latest, status=409, conflict=conflict)
    except games_service.DropsCities as drops:
        errors = ErrorMap()
        errors.add("players", _("Saving would remove %(names)s, whose city is already entered, so "
                                "nothing was saved yet. Remove them and their city, or start "
                                "again from the saved set-up to keep them.",
                                names=", ".join(drops.names)))
        form.validate()
        return show(form, saved, errors, status=409, confirm_drop=True)
    except games_service.Invalid as invalid:
        errors = refused(invalid.problems, invalid.document, ruleset, saved)
        return show(form, saved, drop_refused(errors, form), status=422)
    flash(_("Edition and expansions changed, set-up saved.") if changes_rules(saved, ruleset)
          else _("Set-up saved."))
    return redirect(url_for("games.pad", game_id=saved.id))


@bp.route("/games/new", methods=["GET", "POST"])
@shows_expired_forms
def new_game():
    if request.method == "POST":
        return handle(setup_form()(), None)
    page = request.args.get("page")
    made = games_service.made_by(access.creation_key(page)) if access.valid_nonce(page) else None
    if made is not None:  # Back to a page whose game is saved: that game's set-up, not a blank one
        saved = games_service.load(made)
        target = "setup.edit_setup" if saved and access.may("setup", saved) else "games.pad"
        return redirect(url_for(target, game_id=made), 303)
    again = request.args.get("again")
    if again:
        return play_again(again)
    count = request.args.get("count", DEFAULT_COUNT)
    ruleset, fits = ruleset_for_count(request.args.get("edition"), count)
    if not fits:
        count = DEFAULT_COUNT
    form = form_with(seats_for_count([], count), None, ruleset)
    if access.valid_nonce(page):
        form.nonce.data = page  # the page's own value (in its address), so it makes one game
    return show(form)


@bp.route("/games/<game_id>/setup", methods=["GET", "POST"])
@shows_expired_forms
def edit_setup(game_id: str):
    saved = saved_or_404(game_id)
    access.require("setup", saved)
    if request.method == "POST":
        return handle(setup_form()(), saved)
    version = games_service.setup_version(saved.document)
    return show(form_with(seats_of(saved.document), saved.title, document_ruleset(saved.document),
                          version, saved, saved_extra(saved.document)), saved)


def requested_group():
    """The group a new game is started in: the group of the game played again if this browser
    may see it there (it owns the game or knows the group, as its pad decides), or the page's
    ``group`` (from the group's page: this browser has its link); None for a game in no group
    (or a group deleted since). Always worked out here, on every request: a Play again page
    carries no group of its own, so a browser that does not know a group is never shown its
    link, and the posted form goes where the played game is now (a game taken out of its
    group meanwhile starts none)."""
    again = request.args.get("again")
    if again:
        played = games_service.load(again)
        return visible_group(played) if played is not None else None
    group_id = request.values.get("group")
    if group_id:
        return groups_service.load(group_id)
    return None


def play_again(game_id: str):
    """A new game with the seats, names, edition, expansions and wonders of a saved game (and
    in its group): the host changes what differs and saves."""
    saved = saved_or_404(game_id)
    seats = [dict(seat, key="") for seat in seats_of(saved.document)]
    return show(form_with(seats, None, document_ruleset(saved.document),
                          extra=saved_extra(saved.document)))
