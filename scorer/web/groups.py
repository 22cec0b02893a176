"""The pages of a group: create one, its page (games, leaderboard, statistics, charts)."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from ..groups import service

bp = Blueprint("groups", __name__)


def group_or_404(group_id: str):
    group = service.load(group_id)
    if group is None:
        abort(404)
    return group


@bp.get("/groups/<group_id>")
def page(group_id: str):
    group = group_or_404(group_id)
    return render_template("group.html", group=group)
