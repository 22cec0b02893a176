"""The home page, the score pad of a saved game, the history, and deleting a game.

The score pad shows the engine's score report: players as columns, the rows in the edition's
pad order, and every cell linked to its explanation lines further down the page (an anchor,
so it works without JavaScript).
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from markupsafe import Markup

from .. import storage
from ..engine.battles import unpaired
from ..engine.scoring import score_game
from ..engine.validation import parse_game
from ..games import access
from ..games import seats as seats_remembered
from ..games import service as games_service
from ..groups import remembered as groups_remembered
from ..groups import service as groups_service
from .card_links import card_url, name_links
from .editions import ruleset_title
from .expansions import pad_lines
from .expired_forms import shows_expired_buttons
from .groups import group_of_game
from .line_cache import line_linker
from .live_poll import live_etag, live_headers
from .pad_cache import PadGame, Unscorable, phone_part, shared_pad, stamped_pad
from .pad_html import explanations_html, pad_table
from .pad_rows import pad_rows
from .problems import ErrorMap
from .saved import saved_or_404

bp = Blueprint("games", __name__)

RECENT_ON_HOME = 5


def index():
    """The first page: start a game, use the quick pad, or reopen a recent game."""
    return render_template("index.html", recent=storage.list_games(access.remembered())[:RECENT_ON_HOME])


def load_scorable(game_id: str):
    """A saved game and its city model: 404 when unknown, and when the saved document no longer
    validates, the page listing why (answered at once, as an HTTPException's response)."""
    return scorable(games_service.load(game_id))


def scorable(saved):
    if saved is None:
        abort(404)
    game, problems = parse_game(saved.document)
    if problems:
        abort(make_response(render_template("pad_invalid.html", saved=saved,
                                            problems=ErrorMap(problems).rest()), 200))
    return saved, game


def tie_break(score) -> dict | None:
    """What the coins decided, when players on the winners' points were separated by coins."""
    if not score.decided_by_coins:
        return None
    contenders = [p for p in score.players if not p.free_city]
    best = max(p.total for p in contenders)
    tied = sorted((p for p in contenders if p.total == best), key=lambda p: -p.coins)
    return {"points": best, "players": tied}


def pad_context(saved, game) -> dict:
    """What every phone's pad shows alike: scores, explanations, whose city is entered (drawn
    once per revision and language, :mod:`scorer.web.pad_cache`)."""
    score = score_game(game)
    link_lines = line_linker(game.edition, name_links(game.edition))
    explanations = [{row: link_lines(player.explanations[row]) for row in score.categories}
                    for player in score.players]
    waiting = games_service.waiting_for(saved.document)
    tokens = unpaired(game)
    wonders = [city.wonder for city in game.cities]
    wonder_pages = [card_url(game.edition, city.wonder.id) for city in game.cities]
    seats = games_service.seats(saved.document)
    rows, lines = pad_rows(game.ruleset), pad_lines(game.ruleset, score)
    return {"unpaired": tokens if not waiting else None,
            "saved": saved, "score": score, "explanations": explanations, "tie": tie_break(score),
            "wonders": wonders, "waiting": waiting, "wonder_pages": wonder_pages,
            "complete": not waiting, "seats": seats, "rows": rows, "lines": lines,
            "table": pad_table(score, rows, seats, lines, not waiting),
            "why": explanations_html(score, rows, explanations, wonders, wonder_pages, saved.id,
                                     [player["id"] for player in saved.document["players"]]),
            "played_with": ruleset_title(game.ruleset)}


def pad_etag(game_id: str, stamp) -> str:
    """The live part's validator for this browser (:func:`scorer.web.live_poll.live_etag`):
    its own city, and the owner's buttons only while it owns the game (a hand-over changes
    that)."""
    return live_etag(stamp, seats_remembered.player_id(game_id), access.can_manage(stamp),
                     get_locale())


def live_part(saved) -> tuple[dict, str] | None:
    """The live part's context for this browser, with its validator; None when the engine no
    longer accepts the saved game."""
    shared = shared_pad(saved, pad_context)
    if isinstance(shared, Unscorable):
        return None
    return ({"shared": shared, "saved": saved, "me": seats_remembered.your_seat(saved),
             "complete": shared.complete},
            pad_etag(saved.id, saved))


@bp.get("/games/<game_id>")
def pad(game_id: str):
    saved = saved_or_404(game_id)
    part = live_part(saved)
    if part is None:
        scorable(saved)  # answers the page that lists why
    context, etag = part
    shared = context["shared"]
    live_html = Markup(phone_part(shared, saved, context["me"], access.can_manage(saved)))
    return render_template("pad.html", live_etag=etag, played_with=shared.played_with,
                           live_html=live_html, **context, **group_of_game(saved))


@bp.get("/games/<game_id>/live")
def live(game_id: str):
    """The pad's live part alone, polled by ``static/live.js``: 304 until the game changes, at
    the cost of one indexed read of the game's revision; a changed pad is drawn once per
    revision and language, whichever phone asks first (:mod:`scorer.web.pad_cache`), and the
    other phones add their own parts to it from that read alone (the game is not loaded)."""
    stamp = storage.game_stamp(game_id)
    if stamp is None:
        abort(404)
    seat, owner = seats_remembered.player_id(game_id), access.can_manage(stamp)
    etag = live_etag(stamp, seat, owner, get_locale())
    if request.if_none_match.contains_weak(etag):
        response = make_response("", 304)
    else:
        shared = stamped_pad(game_id, stamp, games_service.load, pad_context)
        if isinstance(shared, Unscorable):  # the full page explains why
            return make_response("", 409)
        if shared is None:  # the game changed since its stamp was read: answer the new one
            part = live_part(saved_or_404(game_id))
            if part is None:
                return make_response("", 409)
            context, etag = part
            response = make_response(render_template("_pad_live.html", **context))
        else:
            game = PadGame(game_id, stamp.locked, stamp.owner_token_hash)
            response = make_response(phone_part(shared, game, shared.seat(seat), owner))
    response.headers.extend(live_headers(etag))  # what scorer.web.live_poll sends with a 304
    return response


@bp.get("/games")
def history():
    return render_template("history.html", games=storage.list_games(access.remembered()),
                           groups=groups_service.known_groups(groups_remembered.remembered()))


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
@shows_expired_buttons
def delete(game_id: str):
    saved = saved_or_404(game_id)
    access.require("delete", saved)
    form = FlaskForm()
    if form.validate_on_submit():
        storage.delete_game(game_id)
        access.forget(game_id)
        flash(_("The game was deleted."))
        return redirect(url_for("games.history"))
    return render_template("delete.html", saved=saved, form=form)
