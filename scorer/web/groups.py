"""The pages of a group: create one; its page (games, leaderboard, statistics and charts, with
filters); start a game in it; add or remove a game; rename, delete, merge names, hand over.

A group's link is its key, as a game's is: whoever has it sees everything and starts games in
it. Only the browser that created the group (or had it handed over) renames or deletes it,
removes a game or merges names; a game is added by the game's owner. The views only translate:
:mod:`scorer.groups.service` decides and :mod:`scorer.groups.statistics` counts.
"""

from __future__ import annotations

from functools import lru_cache

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale, get_timezone
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup
from wtforms import HiddenField, StringField

from .. import storage
from ..engine.rules import editions, get_ruleset
from ..games import access
from ..groups import remembered, service
from ..groups.tallied import available_filters
from ..i18n import translator
from ..safety.public_address import external_url
from .editions import expansion_label
from .expired_forms import shows_expired_buttons, shows_expired_forms
from .figures import list_moments
from .figures_html import figures_html
from .group_cache import (
    MISSING,
    charts_of,
    drawn,
    filters_key,
    group_statistics,
    lines,
    memo,
    shown_lines,
)
from .group_labels import row_label, row_typed, wonder_side_label
from .invite import qr_svg, table_url
from .labels import played_with
from .ownership import confirm_claim
from .page_form import PageForm
from .problems import ErrorMap

bp = Blueprint("groups", __name__)
#: the filter form's value for "played without expansions"
NO_EXPANSION = "none"
#: the games a group's page lists (the most recent; the statistics count them all)
GAMES_LISTED = 30


@bp.errorhandler(403)
def forbidden(_error):
    if request.endpoint in ("groups.add_game", "groups.join_group"):  # the game's owner adds it
        message = _("Only the browser that created this game can change its players or delete "
                    "it. Its owner can hand it over with the link on the score pad.")
    else:
        message = _("Only the browser that created this group can rename it, delete it, take "
                    "games out or merge names. Its owner can hand it over with the link on the "
                    "group's page.")
    return render_template("error.html", code=403, message=message), 403


class NameForm(PageForm):
    name = StringField(_l("Name of the group"))


class MergeForm(PageForm):
    source = StringField(_l("This player"))
    target = StringField(_l("is the same player as"))
    name = StringField(_l("Show them as (optional)"))


class GameForm(PageForm):
    game = HiddenField()


def page_query(filters) -> dict:
    """The filters as the pages' query string (the set of no expansions as ``none``)."""
    query = filters.as_dict()
    if query.get("expansions") == "":
        query["expansions"] = NO_EXPANSION
    return query


#: path segments a browser rewrites before it asks (``/players/..`` means the parent folder) or
#: the router merges (``//``): a name holding one is sent in the query instead
UNSAFE_SEGMENTS = frozenset({"", ".", ".."})


def player_url(group_id: str, name: str, filters=None) -> str:
    """The page of the player shown as ``name`` in the group, counting what ``filters`` count:
    ``/groups/<id>/players/<name>``, or ``/groups/<id>/player?name=...`` for a name such as
    ".." that no path keeps as it is."""
    query = tuple(sorted(page_query(filters).items())) if filters is not None else ()
    return kept_player_url(current_app._get_current_object(), request.script_root, group_id,
                           name, query)


@lru_cache(maxsize=4096)
def kept_player_url(_app, _script_root: str, group_id: str, name: str, query: tuple) -> str:
    """:func:`player_url`, kept per app (its routes), script root (the links' prefix), group,
    name and query: all ``url_for`` reads for it. A group's page links each player six times
    or more, and ``url_for`` takes some 20 us a link."""
    if UNSAFE_SEGMENTS.intersection(name.split("/")):
        return url_for("group_players.page_by_query", group_id=group_id, name=name, **dict(query))
    return url_for("group_players.page", group_id=group_id, name=name, **dict(query))


class UndoMergeForm(PageForm):
    source = HiddenField()


@bp.context_processor
def labels() -> dict:
    return {"row_label": row_label, "row_typed": row_typed, "wonder_side_label": wonder_side_label,
            "player_url": player_url}


def group_or_404(group_id: str):
    group = service.load(group_id)
    if group is None:
        abort(404)
    return group


def owned_group(group_id: str):
    group = group_or_404(group_id)
    access.require("delete", group)
    return group


def refused_errors(error: service.Refused) -> ErrorMap:
    return ErrorMap(error.problems)


@bp.route("/groups/new", methods=["GET", "POST"])
@shows_expired_forms
def new_group():
    form = NameForm()
    errors = ErrorMap()
    if form.validate_on_submit():
        try:
            group = service.create(form.name.data, access.new_owner_hash())
        except service.Refused as error:
            errors = refused_errors(error)
        else:
            remembered.remember(group.id)
            flash(_("Group created. Share its link with the table; start a game in it below."))
            return redirect(url_for("groups.page", group_id=group.id))
    status = 422 if request.method == "POST" else 200
    return render_template("group_new.html", form=form, errors=errors), status


def filter_choices(group) -> dict:
    """The page's filter choices: the editions, sets of expansions and player counts of the
    group's complete games."""
    present = available_filters(group)
    active = translator()
    return {
        "editions": [(edition, get_ruleset(edition).label.render(active))
                     for edition in editions() if edition in present["editions"]],
        "expansions": [(",".join(chosen) or NO_EXPANSION, " + ".join(expansion_label(n) for n in chosen)
                        if chosen else _("No expansion")) for chosen in present["expansions"]],
        "players": present["players"],
    }


#: the leaderboard's orders (``?sort=``): the spec's (wins, win rate, mean total) by default
SORTS = ("wins", "rating")


def your_groups() -> list:
    """The groups this browser created or opened, the latest first (the home page lists them)."""
    return service.known_groups(remembered.remembered())


bp.add_app_template_global(your_groups)


def group_link(group_id: str) -> str:
    """The group page's address as the phones at the table reach it: shown on the page and
    held by its QR code."""
    return table_url("groups.page", group_id=group_id)


@bp.get("/groups/<group_id>/qr.svg")
def qr_code(group_id: str):
    """The QR code of the group's link: another phone joins the group by scanning it."""
    group = group_or_404(group_id)
    return qr_svg(group_link(group.id))


@bp.get("/groups/<group_id>")
def page(group_id: str):
    group = group_or_404(group_id)
    errors = ErrorMap()
    try:
        filters = service.parse_filters(page_filters(request.args))
    except service.Refused as error:
        errors = refused_errors(error)
        filters = service.Filters()
    sort = request.args.get("sort") or SORTS[0]
    if sort not in SORTS:
        errors.add("sort", _("The leaderboard sorts by wins or by rating, not '%(value)s'.",
                             value=sort[:40]))
        sort = SORTS[0]
    figures = group_statistics(group, filters)
    status = 422 if errors else 200
    return render_template(
        "group.html", group=group, link=group_link(group.id), figures=figures,
        games_html=games_part(group), filters=filters, sort=sort,
        choices=drawn(group, ("choices",), lambda: filter_choices(group)), errors=errors,
        figures_html=figures_part(group, filters, figures, sort),
        addable=addable_games(group), game_form=GameForm(), merges=owner_merges(group),
        query=filters.as_dict(), page_query=page_query(filters)), status


def figures_part(group, filters, figures: dict, sort: str) -> Markup:
    """The page's leaderboard, charts, wonders, rows, records and closest games, drawn once
    per results revision, language, filters, sort and script root (the links' prefix): what
    the figures hold and nothing of the browser's."""
    def draw() -> Markup:
        charts = charts_of(group, filters, figures)
        return figures_html(
            group, figures, filters, sort, sorted_players(figures["players"], sort), charts,
            {key: list_moments(figures[key]) for key in ("best_totals", "closest_games")},
            page_query(filters), player_url)

    return drawn(group, ("page", filters_key(filters), sort, request.script_root), draw)


def games_part(group) -> Markup:
    """The page's list of the group's latest games, drawn once per group revision (any save
    changes it), language, owner or not (the buttons that take a game out) and script root,
    of each game's line (:func:`game_lines`)."""
    manage = access.can_manage(group)

    def draw() -> Markup:
        stamps, count = service.game_stamps(group, GAMES_LISTED)
        return Markup(render_template("_group_games.html", group=group, game_count=count,
                                      items=game_lines(group, stamps, manage)))

    key = ("games page", group.id, group.revision, str(get_locale()), manage, request.script_root)
    return memo().get_or_make(group.pk, key, draw)


def game_lines(group, stamps: list[tuple], manage: bool) -> list[Markup]:
    """Each game's line, kept per game revision and last save (the stamps read), group,
    language, owner or not and script root: only the games saved since are loaded. A line
    loaded is drawn again only when what it shows changed (:func:`line_shows`): a city saved
    changes no line, and at a club's evening every listed game is saved between two asks of
    the page."""
    shared = (group.id, str(get_locale()), manage, request.script_root)
    kept = lines()
    found = {game_id: kept.get(game_id, revision, (updated_at, *shared))
             for game_id, revision, updated_at in stamps}
    missing = [game_id for game_id, line in found.items() if line is MISSING]
    if missing:
        item = current_app.jinja_env.get_template("_group_game.html").module.game_item
        shown = shown_lines()
        zone = str(get_timezone())
        for saved in loaded(missing):
            found[saved.id] = shown.get_or_make(
                saved.id, (line_shows(saved), zone, *shared),
                lambda saved=saved: Markup(item(group, saved)))
            # kept by what was loaded: a save made since the stamps were read is the newer
            kept.put(saved.id, saved.revision, (saved.updated_at, *shared), found[saved.id])
    return [found[game_id] for game_id, *_stamp in stamps if found[game_id] is not MISSING]


#: up to this many games whose lines are drawn again are read one by one (through the
#: driver, as a pad reads its game: :func:`scorer.storage.load_game`), more in one query
LOADED_ONE_BY_ONE = 3


def loaded(game_ids: list[str]) -> list:
    """The saved games of ``game_ids`` that exist: after a save the page reads one or two
    (the games saved since it was last drawn), each read as a pad reads it, which costs a
    fraction of SQLAlchemy Core's query of every column."""
    if len(game_ids) > LOADED_ONE_BY_ONE:
        return storage.list_games(game_ids)
    return [saved for saved in map(storage.load_game, game_ids) if saved is not None]


def line_shows(saved) -> tuple:
    """All of a saved game that its line in the group's list shows (``_group_game.html``):
    its id, title, creation moment, players' names and what it is played with."""
    players = saved.document.get("players")
    names = repr([player.get("name") if isinstance(player, dict) else player
                  for player in players]) if isinstance(players, list) else repr(players)
    return saved.id, saved.title, saved.created_at, names, played_with(saved.document)


def sorted_players(players: list[dict], sort: str) -> list[dict]:
    """The leaderboard in the order asked: as the statistics sort it, or by rating (the
    ordinal, then mu, highest first, then name)."""
    if sort == "rating":
        return sorted(players, key=lambda p: (-p["rating"]["ordinal"], -p["rating"]["mu"], p["name"]))
    return players


def owner_merges(group) -> list[dict]:
    """The merges in force, for the owner's page (who alone may undo them)."""
    return service.merges_of(group) if access.can_manage(group) else []


def page_filters(args) -> dict:
    """The page's filter form in the API's terms: an empty choice is "any", and the set of no
    expansions is sent as ``none`` (the API's empty value); ``sort`` is the page's own."""
    chosen = {key: value for key, value in args.items() if value and key != "sort"}
    if chosen.get("expansions") == NO_EXPANSION:
        chosen["expansions"] = ""
    return chosen


def addable_games(group) -> list:
    """This browser's games it owns that are not in this group (what it may add)."""
    mine = access.remembered()
    return [saved for saved in storage.list_games(mine)
            if saved.group_pk != group.pk and access.can_manage(saved)] if mine else []


def visible_group(saved):
    """The game's group if this browser may see it: it knows the group or owns the game."""
    return _if_visible(saved, service.of_game(saved))


def _if_visible(saved, group):
    """``group`` (the game's) if this browser may see it: it knows the group or owns the game."""
    if group is not None and not (access.can_manage(saved) or group.id in remembered.remembered()):
        return None
    return group


def group_of_game(saved) -> dict:
    """The score pad's group part: the game's group (:func:`visible_group`), and for the
    game's owner the groups it may add the game to. Only the group's id and name are read
    (:func:`scorer.groups.service.label_of_game`): the pad shows no more of it."""
    group = _if_visible(saved, service.label_of_game(saved))
    owner = access.can_manage(saved)
    choices = []
    if owner and saved.group_pk is None:
        choices = service.known_group_labels(remembered.remembered())
    # the form (its CSRF token: a session write) only where _pad_group.html shows it
    return {"group": group, "group_choices": choices,
            "group_form": GameForm() if choices and not group else None}


@bp.post("/groups/<group_id>/games")
@shows_expired_buttons
def add_game(group_id: str):
    """A game added from the group's page (the game chosen among this browser's own)."""
    group = group_or_404(group_id)
    form = GameForm()
    if not form.validate_on_submit():
        return redirect(url_for("groups.page", group_id=group.id))
    add_owned_game(group, form.game.data or "")
    return redirect(url_for("groups.page", group_id=group.id))


@bp.post("/games/<game_id>/group")
@shows_expired_buttons
def join_group(game_id: str):
    """A game added from its score pad (the group chosen among this browser's groups)."""
    form = GameForm()
    if form.validate_on_submit():
        group = group_or_404(request.form.get("group", ""))
        add_owned_game(group, game_id)
    return redirect(url_for("games.pad", game_id=game_id))


def add_owned_game(group, game_id: str) -> None:
    saved = storage.load_game(game_id) if access.GAME_ID.fullmatch(game_id) else None
    if saved is None:
        abort(404)
    # a game is added to a group by its owner, locked or not (a lock freezes the cities only)
    access.require("delete", saved)
    if service.add_game(group, saved.id):
        flash(_("The game is in the group %(name)s now.", name=group.name))


@bp.route("/groups/<group_id>/games/<game_id>/remove", methods=["GET", "POST"])
@shows_expired_buttons
def remove_game(group_id: str, game_id: str):
    group = owned_group(group_id)
    saved = storage.load_game(game_id) if access.GAME_ID.fullmatch(game_id) else None
    if saved is None or saved.group_pk != group.pk:
        abort(404)
    form = PageForm()
    if form.validate_on_submit():
        service.remove_game(group, game_id)
        flash(_("The game was taken out of the group; the game itself is kept."))
        return redirect(url_for("groups.page", group_id=group.id))
    return render_template("group_remove.html", group=group, saved=saved, form=form)


@bp.route("/groups/<group_id>/rename", methods=["GET", "POST"])
@shows_expired_forms
def rename(group_id: str):
    group = owned_group(group_id)
    form = NameForm(data={"name": group.name} if request.method == "GET" else None)
    errors = ErrorMap()
    if form.validate_on_submit():
        try:
            service.rename(group, form.name.data)
        except service.Refused as error:
            errors = refused_errors(error)
        else:
            flash(_("Group renamed."))
            return redirect(url_for("groups.page", group_id=group.id))
    status = 422 if request.method == "POST" else 200
    return render_template("group_rename.html", group=group, form=form, errors=errors), status


@bp.route("/groups/<group_id>/delete", methods=["GET", "POST"])
@shows_expired_buttons
def delete(group_id: str):
    group = owned_group(group_id)
    form = PageForm()
    if form.validate_on_submit():
        service.delete(group)
        remembered.forget(group.id)
        flash(_("The group was deleted. Its games are kept."))
        return redirect(url_for("games.history"))
    return render_template("group_delete.html", group=group, form=form,
                           games=service.games_of(group, 0)[1])


@bp.route("/groups/<group_id>/merge", methods=["GET", "POST"])
@shows_expired_forms
def merge(group_id: str):
    group = owned_group(group_id)
    form = MergeForm()
    errors = ErrorMap()
    if form.validate_on_submit():
        try:
            shown = service.merge(group, form.source.data, form.target.data, form.name.data)
        except service.Refused as error:
            errors = refused_errors(error)
        else:
            flash(_("%(source)s and %(target)s are one player now, shown as %(name)s.",
                    source=form.source.data, target=form.target.data, name=shown))
            return redirect(url_for("groups.page", group_id=group.id))
    names = [player["name"] for player in group_statistics(group)["players"]]
    status = 422 if request.method == "POST" else 200
    return render_template("group_merge.html", group=group, form=form, errors=errors,
                           names=sorted(names, key=str.casefold),
                           merges=service.merges_of(group)), status


@bp.post("/groups/<group_id>/merges/undo")
@shows_expired_buttons
def undo_merge(group_id: str):
    """The owner undoes one merge (a button beside it on the group's page and the merge page)."""
    group = owned_group(group_id)
    form = UndoMergeForm()
    if form.validate_on_submit():
        source = form.source.data or ""
        if service.unmerge(group, source):
            flash(_("%(source)s counts as a player of their own again.", source=source[:40]))
        else:
            flash(_("There is no merge of %(source)s to undo: it was undone already.",
                    source=source[:40]))
    return redirect(url_for("groups.page", group_id=group.id, _anchor="merges"))


@bp.get("/groups/<group_id>/owner")
def hand_over(group_id: str):
    group = owned_group(group_id)
    link = external_url("groups.claim", group_id=group.id, token=access.hand_over_token(group))
    return render_template("group_hand_over.html", group=group, link=link)


@bp.route("/groups/<group_id>/claim/<token>", methods=["GET", "POST"])
@shows_expired_buttons
def claim(group_id: str, token: str):
    group = group_or_404(group_id)
    form = confirm_claim(group, token, lambda owner: service.set_owner(group, owner))
    if form is not None:
        return render_template("group_claim.html", group=group, form=form)
    remembered.remember(group.id)
    flash(_("This group is now yours: this browser can rename or delete it."))
    return redirect(url_for("groups.page", group_id=group.id))
