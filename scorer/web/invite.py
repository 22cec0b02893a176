"""Handing the game to the other phones: the invite view with its QR code, and the join page.

The QR code holds the join page's address as the phones reach it. When the host looks at the
invite on the serving machine itself (``127.0.0.1``), that address would be useless to a phone,
so the machine's local-network address is shown instead (the one ``python -m scorer.serving.serve``
announced, or found again).

"This is me" and "Not me" are small forms (POST, with CSRF) rather than links: they change
what this browser remembers (:mod:`scorer.games.seats`), then lead on.
"""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import segno
from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from ..documents import player_ids
from ..games import seats as seats_remembered
from ..safety import public_address
from ..serving.lan import is_loopback, public_url
from .expired_forms import shows_expired_buttons
from .saved import saved_or_404

bp = Blueprint("invite", __name__)


def table_base_url() -> str:
    """Scheme, host and port of this app as the phones at the table reach it (no trailing /):
    the host's ``PUBLIC_URL`` when set, never a host a request named."""
    if public_address.configured():
        return public_address.configured()
    here = urlsplit(request.host_url)
    if not is_loopback(here.hostname or ""):
        return request.host_url.rstrip("/")
    configured = current_app.config.get("TABLE_URL")
    if configured:
        return configured.rstrip("/")
    port = here.port or (443 if here.scheme == "https" else 80)
    return public_url("0.0.0.0", port).rstrip("/")


def table_url(endpoint: str, **values) -> str:
    """A page's address as the phones at the table reach it (see :func:`table_base_url`)."""
    if public_address.configured():
        return public_address.external_url(endpoint, **values)
    return table_base_url() + url_for(endpoint, **values)


def join_url(game_id: str) -> str:
    return table_url("invite.join", game_id=game_id)


def qr_svg(link: str):
    """A QR code of ``link`` as an SVG answer (black on white, whatever the scheme: cameras
    read it so), kept by the browser for ten minutes."""
    buffer = io.BytesIO()
    segno.make(link, error="m").save(
        buffer, kind="svg", border=4, omitsize=True, xmldecl=False, svgclass=None, lineclass=None,
        dark="#000", light="#fff")
    response = current_app.response_class(buffer.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=600"
    return response


@bp.get("/games/<game_id>/invite")
def invite(game_id: str):
    saved = saved_or_404(game_id)
    link = join_url(game_id)
    local_only = is_loopback(urlsplit(link).hostname or "")
    return render_template("invite.html", saved=saved, link=link, local_only=local_only)


@bp.get("/games/<game_id>/invite.svg")
def qr_code(game_id: str):
    saved_or_404(game_id)
    return qr_svg(join_url(game_id))


def render_join(saved, status: int = 200):
    """The join page: this browser's player first (when it has one), then everyone else."""
    me = seats_remembered.your_seat(saved)
    others = [player for player in saved.document["players"] if player is not me]
    # one FlaskForm's token serves every button's small form (rendered without an id, so the
    # page has no duplicate ids)
    return render_template("join.html", saved=saved, me=me, players=others,
                           form=FlaskForm()), status


@bp.get("/games/<game_id>/join")
def join(game_id: str):
    return render_join(saved_or_404(game_id))


@bp.post("/games/<game_id>/join/<player_id>")
@shows_expired_buttons
def this_is_me(game_id: str, player_id: str):
    """Remember the player for this browser, then open their city."""
    saved = saved_or_404(game_id)
    if not FlaskForm().validate_on_submit():
        return render_join(saved, 400)
    index = player_ids.index_of(saved.document, player_id)
    if index is None:
        flash(_("This player is no longer in the game: the set-up was changed on another "
                "phone. Choose again."))
        return redirect(url_for("invite.join", game_id=game_id), 303)
    seats_remembered.choose(game_id, saved.document["players"][index])
    return redirect(url_for("cities.edit", game_id=game_id, player_id=player_id), 303)


@bp.post("/games/<game_id>/not-me")
@shows_expired_buttons
def not_me(game_id: str):
    """Forget this browser's player in the game (and stop guessing it from saves)."""
    saved = saved_or_404(game_id)
    if not FlaskForm().validate_on_submit():
        return render_join(saved, 400)
    seats_remembered.forget(game_id)
    return redirect(url_for("invite.join", game_id=game_id), 303)
