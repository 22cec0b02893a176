"""The groups this browser created or opened, for its history page: a signed cookie, as the
games' history is (:mod:`scorer.games.access`)."""

from __future__ import annotations

from flask import Flask, Response, g, request

from ..safety import signed_cookies
from .service import GROUP_ID

COOKIE = "groups"
SALT = "scorer.groups"
#: 50 ids of 22 characters stay far below a cookie's 4 KB
SIZE = 50


def remembered() -> list[str]:
    """The ids of the groups this browser created or opened, the most recent first."""
    if "groups_seen" not in g:
        value = signed_cookies.read(COOKIE, SALT)
        g.groups_seen = [gid for gid in value.split(".") if GROUP_ID.fullmatch(gid)][:SIZE]
    return g.groups_seen


def remember(group_id: str) -> None:
    ids = remembered()
    if ids[:1] != [group_id] and GROUP_ID.fullmatch(group_id):
        g.groups_seen = ([group_id] + [other for other in ids if other != group_id])[:SIZE]
        g.groups_changed = True


def forget(group_id: str) -> None:
    ids = remembered()
    if group_id in ids:
        g.groups_seen = [other for other in ids if other != group_id]
        g.groups_changed = True


def remember_opened(response: Response) -> Response:
    """A group's page shown to this browser puts the group in its history."""
    group_id = (request.view_args or {}).get("group_id")
    if (group_id and request.method == "GET" and response.status_code == 200
            and response.mimetype == "text/html"):
        remember(group_id)
    if g.get("groups_changed"):
        signed_cookies.write(response, COOKIE, SALT, ".".join(g.groups_seen))
    return response


def init_app(app: Flask) -> None:
    app.after_request(remember_opened)
