"""HTTP entry points for the printable PDFs: they only parse the query and send bytes."""

from __future__ import annotations

from flask import Blueprint, abort

bp = Blueprint("pdf", __name__)


@bp.get("/pad.pdf")
def blank_pad():
    abort(501)


@bp.get("/games/<game_id>/sheet.pdf")
def game_sheet(game_id: str):
    abort(404)
