"""What a game's owner does beside the set-up: hand it over, lock it, unlock it.

Handing over: the owner shows a link, the new owner confirms.

The link carries the owner token (see :mod:`scorer.games.access`); opening it only shows a question,
so a messenger's link preview cannot take the game. Confirming (a form post with its CSRF
token) stores a hash for the new browser's own key, which ends the old owner's rights and the
link's.

Locking: a finished game's cities stay as they were entered (anyone with its link could
otherwise change them months later); the pad still shows, and the owner may unlock it.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from .. import storage
from ..games import access
from ..games import service as games_service
from ..safety.public_address import external_url
from .expired_forms import shows_expired_buttons
from .saved import saved_or_404

bp = Blueprint("ownership", __name__)


@bp.get("/games/<game_id>/owner")
def hand_over(game_id: str):
    saved = saved_or_404(game_id)
    access.require("delete", saved)  # the owner's, locked or not: a lock freezes the cities only
    link = external_url("ownership.claim", game_id=game_id, token=access.hand_over_token(saved))
    return render_template("hand_over.html", saved=saved, link=link)


def confirm_claim(owned, token: str, set_owner: Callable[[str], bool]) -> FlaskForm | None:
    """The hand-over link of a game or a group (``owned``): 404 unless ``token`` is its owner
    token; the confirming form to show, or None once it was sent and ``set_owner(new owner
    hash)`` made this browser the owner (404 when it answers False: handed over meanwhile)."""
    if not access.token_matches(owned, token):
        abort(404)
    form = FlaskForm()
    if not form.validate_on_submit():
        return form
    if not set_owner(access.new_owner_hash()):
        abort(404)
    return None


@bp.route("/games/<game_id>/claim/<token>", methods=["GET", "POST"])
@shows_expired_buttons
def claim(game_id: str, token: str):
    saved = saved_or_404(game_id)
    form = confirm_claim(saved, token,
                         lambda owner: storage.set_owner(game_id, saved.owner_token_hash, owner))
    if form is not None:
        return render_template("claim.html", saved=saved, form=form)
    access.remember(game_id)
    flash(_("This game is now yours: this browser can change its players or delete it."))
    return redirect(url_for("games.pad", game_id=game_id))


@bp.post("/games/<game_id>/lock")
def lock(game_id: str):
    """Lock (``action=lock``) or unlock (``action=unlock``) the game: its owner only."""
    saved = saved_or_404(game_id)
    access.require("delete", saved)  # the owner's: who may delete the game may freeze it
    action = request.form.get("action")
    if action not in ("lock", "unlock") or not FlaskForm().validate_on_submit():
        abort(400)
    if action == "lock" and not saved.locked and games_service.waiting_for(saved.document):
        # the pad offers the lock on a finished game only; an older page may still send it
        flash(_("Only a finished game can be locked: enter every city first."))
        return redirect(url_for("games.pad", game_id=game_id), 303)
    if not storage.set_locked(game_id, action == "lock"):
        abort(404)
    flash(_("The game is locked: its cities can no longer be changed.") if action == "lock"
          else _("The game is unlocked: its cities can be changed again."))
    return redirect(url_for("games.pad", game_id=game_id), 303)
