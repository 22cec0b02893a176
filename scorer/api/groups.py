"""Groups as JSON (``/api/v1/groups``): create a group, create games in it, read its statistics
and its results as CSV. The endpoints only translate; :mod:`scorer.groups.service` decides.

A group's id is its key, as a game's is: whoever has it reads the statistics and adds games.
Renaming or deleting is the owner's: send the ``owner_token`` that creating the group answered
as ``X-Owner-Token``.
"""

from __future__ import annotations

import csv
import io

from flask import Blueprint, make_response, request

from .. import storage
from ..engine.messages import N_
from ..games import access
from ..groups import service
from ..groups.player_page import player_page
from ..groups.statistics import results_table
from ..safety.public_address import external_url
from ..web.group_cache import group_statistics
from .creation import Creation, created, key_reused, read_creation
from .games import create_from_body
from .routes import error_report, read_json_object

bp = Blueprint("groups_api", __name__, url_prefix="/api/v1/groups")


def group_urls(group_id: str) -> dict:
    return {"url": external_url("groups.page", group_id=group_id),
            "api_url": external_url("groups_api.read_group", group_id=group_id)}


def not_found():
    return error_report([service.problem("", "not_found", N_("There is no such group."))], 404)


def permitted(group_id: str, action: str):
    """``(group, None)`` once this request may do ``action`` (403 otherwise), or
    ``(None, the 404 answer)``."""
    group = service.load(group_id)
    if group is None:
        return None, not_found()
    access.require(action, group)
    return group, None


def refused(error: service.Refused):
    return error_report(error.problems)


def body_with(fields: tuple[str, ...]):
    """The JSON object body, refusing fields this endpoint does not know."""
    body, failure = read_json_object()
    if failure:
        return None, failure
    unknown = [service.problem(key, "invalid", N_("Unknown field '%(field)s'."), field=key)
               for key in body if key not in fields]
    return (None, error_report(unknown)) if unknown else (body, None)


@bp.errorhandler(403)
def forbidden(_error):
    return error_report([service.problem("", "forbidden", N_(
        "Only the group's owner may do this: send the owner_token that creating the group "
        "answered as the X-Owner-Token header."))], 403)


@bp.post("")
def create_group():
    """Create a group; ``Idempotency-Key`` makes a retry answer the group the first request
    made, as for games (:mod:`scorer.api.creation`)."""
    body, creation, failure = read_creation(lambda: body_with(("name",)))
    if failure:
        return failure
    try:
        made = storage.request_made(creation.request) if creation.request else None
        if made is not None:
            return group_answer(service.load(made), creation, replayed=True)
        group = service.create(body.get("name"), creation.owner_hash())
    except storage.KeyReused:
        return key_reused()
    except service.Refused as error:
        return refused(error)
    if creation.request and storage.remember_request(creation.request, group.id) != group.id:
        service.delete(group)  # a retry got there first
        return group_answer(service.load(storage.request_made(creation.request)), creation,
                            replayed=True)
    return group_answer(group, creation)


def group_answer(group, creation: Creation, replayed: bool = False):
    if group is None:
        return error_report([service.problem("", "not_found", N_(
            "The group this Idempotency-Key created has been deleted since."))], 404)
    return created({"id": group.id, **group_urls(group.id), "name": group.name,
                    "owner_token": creation.owner_token(group)}, replayed)


@bp.get("/<group_id>")
def read_group(group_id: str):
    group, failure = permitted(group_id, "view")
    if failure:
        return failure
    games, _count = service.games_of(group)
    return {"id": group.id, **group_urls(group.id), "name": group.name,
            "stats_url": external_url("groups_api.stats", group_id=group.id),
            "games": [{"id": saved.id,
                       "url": external_url("games.pad", game_id=saved.id),
                       "api_url": external_url("games_api.read_game", game_id=saved.id)}
                      for saved in games]}


@bp.route("/<group_id>", methods=["PATCH", "DELETE"])
def change_group(group_id: str):
    """Rename (``PATCH {"name": ...}``) or delete the group: the owner's. Its games stay."""
    group, failure = permitted(group_id, "delete")
    if failure:
        return failure
    if request.method == "DELETE":
        service.delete(group)
        return "", 204
    body, failure = body_with(("name",))
    if failure:
        return failure
    try:
        group = service.rename(group, body.get("name"))
    except service.Refused as error:
        return refused(error)
    return {"id": group.id, **group_urls(group.id), "name": group.name}


@bp.post("/<group_id>/games")
def create_game(group_id: str):
    group, failure = permitted(group_id, "view")
    if failure:
        return failure
    return create_from_body(lambda document, **options: service.create_game(group, document, **options))


@bp.get("/<group_id>/aliases")
def list_merges(group_id: str):
    """The merges in force, in the order they were made: ``[{"source", "target", "name"}]``
    with ``source`` and ``target`` as typed and ``name`` as the merged player is shown."""
    group, failure = permitted(group_id, "view")
    if failure:
        return failure
    return service.merges_of(group)


@bp.delete("/<group_id>/aliases")
def undo_merge(group_id: str):
    """The owner undoes the merge of ``?source=<name>`` (any spelling that compares equal):
    204, or 404 when no merge of that name is in force."""
    group, failure = permitted(group_id, "delete")
    if failure:
        return failure
    unknown = [service.problem(key, "invalid", N_("Unknown parameter '%(field)s': use source."),
                               field=key) for key in request.args if key != "source"]
    sources = request.args.getlist("source")
    if len(sources) != 1 or not sources[0].strip():
        unknown.append(service.problem("source", "required", N_(
            "Name the merged player whose merge to undo: ?source=<name>, once.")))
    if unknown:
        return error_report(unknown)
    if not service.unmerge(group, sources[0]):
        return error_report([service.problem("source", "not_found", N_(
            "No merge of '%(source)s' is in force in this group."), source=sources[0][:40])], 404)
    return "", 204


@bp.post("/<group_id>/aliases")
def merge_names(group_id: str):
    """Merge two players' names (``{"source": ..., "target": ..., "name": shown}``): the owner's.
    Refused (422, nothing changed) for a source no game of the group has, or a name that
    breaks a player name's rules."""
    group, failure = permitted(group_id, "delete")
    if failure:
        return failure
    body, failure = body_with(("source", "target", "name"))
    if failure:
        return failure
    try:
        shown = service.merge(group, body.get("source"), body.get("target"), body.get("name"))
    except service.Refused as error:
        return refused(error)
    return {"name": shown}


def filtered(group_id: str):
    group, failure = permitted(group_id, "view")
    if failure:
        return None, None, failure
    try:
        return group, service.parse_filters(request.args), None
    except service.Refused as error:
        return None, None, refused(error)


@bp.get("/<group_id>/stats")
def stats(group_id: str):
    group, filters, failure = filtered(group_id)
    if failure:
        return failure
    return group_statistics(group, filters)  # the group page's, kept per results revision


@bp.get("/<group_id>/players/<path:name>")
def player(group_id: str, name: str):
    """One player's page (spec "A player's page"): 404 for a name no counted game has."""
    group, filters, failure = filtered(group_id)
    if failure:
        return failure
    found = player_page(group, name, filters)
    if found is None:
        return error_report([service.problem("name", "not_found", N_(
            "No counted game of this group has a player named '%(name)s'."), name=name[:60])], 404)
    return found


#: the CSV's columns before and after the score-pad rows
HEAD = ("date", "game", "seat", "name", "player", "edition", "expansions", "team", "wonder", "side")
TAIL = ("total", "rank", "team_rank")


def row_headers(rows: list[str]) -> list[str]:
    """The rows' column names: a row named as another column (the wonder row) gets
    ``_points`` after its name, so that no two headers are alike."""
    taken = set(HEAD) | set(TAIL)
    return [f"{row}_points" if row in taken else row for row in rows]


@bp.get("/<group_id>/results.csv")
def results_csv(group_id: str):
    """One row per player per complete game: date, game id, seat, the name as typed and the
    player as the statistics show them, edition, expansions, team, wonder, side, every
    score-pad row, total, rank and the team's rank."""
    group, filters, failure = filtered(group_id)
    if failure:
        return failure
    rows, table = results_table(group, filters)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([*HEAD, *row_headers(rows), *TAIL])
    for entry in table:
        writer.writerow([entry["date"], entry["game"], entry["seat"], safe_cell(entry["name"]),
                         safe_cell(entry["player"]), entry["edition"], entry["expansions"],
                         safe_cell(entry["team"]), entry["wonder"], entry["side"],
                         *[entry["scores"].get(row, "") for row in rows],
                         entry["total"], entry["rank"],
                         "" if entry["team_rank"] is None else entry["team_rank"]])
    response = make_response(out.getvalue())
    response.mimetype = "text/csv"
    response.charset = "utf-8"
    response.headers["Content-Disposition"] = 'attachment; filename="results.csv"'
    return response


def safe_cell(text: str) -> str:
    """A name a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@``) gets a quote
    in front, so opening the CSV never runs anything."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
