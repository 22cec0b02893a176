"""Handing the game to the other phones: the invite view with its QR code, and the join page.

The QR code holds the join page's address as the phones reach it. When the host looks at the
invite on the serving machine itself (``127.0.0.1``), that address would be useless to a phone,
so the machine's local-network address is shown instead (the one ``python -m scorer.serve``
announced, or found again).
"""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import segno
from flask import Blueprint, current_app, render_template, request, url_for

from ..lan import is_loopback, public_url
from .saved import saved_or_404

bp = Blueprint("invite", __name__)


def table_base_url() -> str:
    """Scheme, host and port of this app as the phones at the table reach it (no trailing /)."""
    here = urlsplit(request.host_url)
    if not is_loopback(here.hostname or ""):
        return request.host_url.rstrip("/")
    configured = current_app.config.get("TABLE_URL")
    if configured:
        return configured.rstrip("/")
    port = here.port or (443 if here.scheme == "https" else 80)
    return public_url("0.0.0.0", port).rstrip("/")


def join_url(game_id: str) -> str:
    return table_base_url() + url_for("invite.join", game_id=game_id)



@bp.get("/games/<game_id>/invite")
def invite(game_id: str):
    saved = saved_or_404(game_id)
    link = join_url(game_id)
    local_only = is_loopback(urlsplit(link).hostname or "")
    return render_template("invite.html", saved=saved, link=link, local_only=local_only)


@bp.get("/games/<game_id>/invite.svg")
def qr_code(game_id: str):
    saved_or_404(game_id)
    buffer = io.BytesIO()
    segno.make(join_url(game_id), error="m").save(
        buffer, kind="svg", border=4, omitsize=True, xmldecl=False, svgclass=None, lineclass=None,
        dark="#000", light="#fff")
    response = current_app.response_class(buffer.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=600"
    return response


@bp.get("/games/<game_id>/join")
def join(game_id: str):
    saved = saved_or_404(game_id)
    return render_template("join.html", saved=saved, players=saved.document["players"])
