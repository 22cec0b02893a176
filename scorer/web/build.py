"""Build checker (written against scorer.engine.trade once it lands)."""

from __future__ import annotations

from flask import Blueprint, abort

bp = Blueprint("build", __name__)


@bp.route("/games/<game_id>/build", methods=["GET", "POST"])
def check(game_id: str):
    abort(404)
