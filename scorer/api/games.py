"""Saved games as JSON (``/api/v1/games``): create a game, read it with its score report, and
read or replace one player's city with optimistic locking (ETag / If-Match).

The endpoints only translate: every save goes through :mod:`scorer.games.service`, the same
path the pages take, so a city saved here and one saved on a phone never overwrite each other.
The city's ETag is a digest of the player's whole entry: a ``PUT`` must name it in ``If-Match``
(428 without), and one made from an older read answers 412 with the city as it is now.
"""

from __future__ import annotations

from flask import Blueprint, make_response, request
from flask_babel import get_locale

from .. import storage
from ..documents import player_ids
from ..engine.messages import N_, Message
from ..engine.validation import Problem, parse_game
from ..games import access
from ..games import service as games_service
from ..i18n import translator
from ..safety.public_address import external_url
from .creation import created, key_reused, read_creation
from .questions import ask
from .routes import error_report, read_json_object

bp = Blueprint("games_api", __name__, url_prefix="/api/v1/games")

#: the fields of a player the set-up owns: a city PUT may repeat them, not change them
SEAT_ONLY = ("id", "name", "wonder", "side", "free_city")


def problem(path: str, code: str, text: str, **params) -> Problem:
    return Problem(path, code, Message(text, params))


def not_found(what: str = "game"):
    text = (N_("There is no such game.") if what == "game"
            else N_("There is no such player in this game."))
    return error_report([problem("", "not_found", text)], 404)


def permitted_game(game_id: str, action: str):
    """``(saved game, None)`` once this request may do ``action`` to it (403 otherwise), or
    ``(None, the 404 answer)``: every endpoint on a game checks in this one order."""
    saved = games_service.load(game_id)
    if saved is None:
        return None, not_found()
    access.require(action, saved)
    return saved, None


def permitted_city(game_id: str, player_id: str, action: str):
    """``(the game, the player's stored entry, None)`` as :func:`permitted_game` allows, or
    ``(None, None, the 404 answer)`` for no such game or player. A save works its change out
    from this game (``loaded``): reading the row again before the write lock read it twice."""
    saved, failure = permitted_game(game_id, action)
    if failure:
        return None, None, failure
    index = player_ids.index_of(saved.document, player_id)
    if index is None:
        return None, None, not_found("player")
    return saved, saved.document["players"][index], None


def player_etag(player: dict) -> str:
    """The city resource's validator: its whole representation, seat included."""
    return "p" + games_service.digest(player)


def game_urls(game_id: str) -> dict:
    return {"url": external_url("games.pad", game_id=game_id),
            "api_url": external_url("games_api.read_game", game_id=game_id)}


def player_summary(game_id: str, player: dict) -> dict:
    return {"id": player["id"], "name": player.get("name"),
            "entered": player_ids.is_entered(player), "buildings": len(player.get("cards") or []),
            "url": external_url("cities.edit", game_id=game_id, player_id=player["id"]),
            "api_url": external_url("games_api.city", game_id=game_id, player_id=player["id"])}


def check_ids(document: dict) -> list[Problem]:
    """Ids a client chose: each must be URL-safe and unique in the game."""
    problems, seen = [], set()
    for index, player in enumerate(document.get("players") or []):
        if not isinstance(player, dict) or "id" not in player:
            continue
        pid = player["id"]
        if not isinstance(pid, str) or not player_ids.VALID_ID.fullmatch(pid):
            problems.append(problem(f"players[{index}].id", "invalid", N_(
                "A player id is 1 to 32 letters, digits, '-' or '_', starting with a letter.")))
        elif pid in seen:
            problems.append(problem(f"players[{index}].id", "duplicate_id", N_(
                "Two players have the id '%(id)s'."), id=pid))
        seen.add(pid)
    return problems


@bp.post("")
def create_game():
    return create_from_body(games_service.create_game_once)


def create_from_body(create):
    """``POST`` of a whole game document: validate, then ``create(document, owner_token_hash=,
    request=)`` (which answers ``(game id, created now)``); 201 with the game's links and owner
    token. The groups' endpoint creates games in a group through this too; the
    ``Idempotency-Key`` is :mod:`scorer.api.creation`'s."""
    document, creation, failure = read_creation(read_json_object)
    if failure:
        return failure
    access.require("create", None)
    _game, problems = parse_game(document)
    problems = list(problems) + ([] if problems else check_ids(document))
    if problems:
        return error_report(problems)
    for player in document["players"]:
        player.setdefault("entered", True)  # a game posted whole holds its cities as entered
    try:
        game_id, made_now = create(document, owner_token_hash=creation.owner_hash(),
                                   request=creation.request)
    except storage.KeyReused:
        return key_reused()
    saved = games_service.load(game_id)
    if saved is None:
        return error_report([problem("", "not_found", N_(
            "The game this Idempotency-Key created has been deleted since."))], 404)
    return created({"id": game_id, "owner_token": creation.owner_token(saved), **game_urls(game_id),
                    "players": [player_summary(game_id, p) for p in saved.document["players"]]},
                   replayed=not made_now)


@bp.get("/<game_id>")
def read_game(game_id: str):
    saved, failure = permitted_game(game_id, "view")
    if failure:
        return failure
    etag = games_service.revision_tag(saved, get_locale())
    if request.if_none_match.contains(etag):
        response = make_response("", 304)
    else:
        report, problems = ask("score", saved.document, translator())
        waiting = games_service.waiting_for(saved.document)
        body = {"id": saved.id, **game_urls(saved.id), "title": saved.title,
                "revision": saved.revision, "locked": saved.locked, "complete": not waiting,
                "waiting_for": waiting,
                "players": [player_summary(saved.id, p) for p in saved.document["players"]],
                "document": saved.document, "report": report}
        if problems:
            body["errors"] = [p.as_dict(translator()) for p in problems]
        response = make_response(body)
    response.set_etag(etag)
    response.vary.add("Accept-Language")
    return response


@bp.delete("/<game_id>")
def delete_game(game_id: str):
    """Deleting is the owner's, as on the pages: send the owner token as ``X-Owner-Token``."""
    _saved, failure = permitted_game(game_id, "delete")
    if failure:
        return failure
    if not storage.delete_game(game_id):
        return not_found()
    return "", 204


@bp.route("/<game_id>/lock", methods=["PUT", "DELETE"])
def lock(game_id: str):
    """The owner locks (``PUT``) or unlocks (``DELETE``) the game's cities; answers
    ``{"locked": ...}``. A locked game's city ``PUT`` answers 403 with the code ``locked``."""
    _saved, failure = permitted_game(game_id, "delete")
    if failure:
        return failure
    locked = request.method == "PUT"
    if not storage.set_locked(game_id, locked):
        return not_found()
    return {"id": game_id, "locked": locked}


def city_response(player: dict, status: int = 200, body: dict | None = None):
    response = make_response(body if body is not None else player, status)
    response.set_etag(player_etag(player))
    return response


@bp.route("/<game_id>/players/<player_id>", methods=["GET", "PUT"])
def city(game_id: str, player_id: str):
    return write_city(game_id, player_id) if request.method == "PUT" else read_city(game_id, player_id)


def read_city(game_id: str, player_id: str):
    _saved, player, failure = permitted_city(game_id, player_id, "view")
    if failure:
        return failure
    if request.if_none_match.contains(player_etag(player)):
        return city_response(player, 304, "")
    return city_response(player)


def seat_problems(body: dict, player: dict) -> list[Problem]:
    """A seat field in a city PUT must repeat the stored value: the set-up changes seats."""
    return [problem(key, "invalid", N_(
                "'%(field)s' is changed on the set-up, not with the city; send it unchanged or "
                "leave it out."), field=key)
            for key in SEAT_ONLY if key in body and body[key] != player.get(key)]


def relative(problems: list[Problem], index: int) -> list[Problem]:
    """Paths inside this city relative to the request's body; problems in other cities (the
    copies of a building) keep their path in the game document."""
    prefix = f"players[{index}]"
    moved = []
    for found in problems:
        path = found.path
        if path == prefix:
            path = ""
        elif path.startswith(prefix + "."):
            path = path[len(prefix) + 1:]
        moved.append(Problem(path, found.code, found.message))
    return moved


def write_city(game_id: str, player_id: str):
    loaded, stored, failure = permitted_city(game_id, player_id, "enter")
    if failure:
        return failure
    if not request.if_match:
        return error_report([problem("", "precondition_required", N_(
            "Send If-Match with the city's ETag from GET, so a save never overwrites one made "
            "since."))], 428)
    body, failure = read_json_object()
    if failure:
        return failure
    problems = seat_problems(body, stored)
    if body.get("entered", True) is not True:
        problems.append(problem("entered", "invalid", N_("A city that is saved is entered.")))
    if problems:
        return error_report(problems)
    city = {key: value for key, value in body.items() if key not in SEAT_ONLY and key != "entered"}
    try:
        saved = games_service.save_city(game_id, player_id, city, request.if_match.contains,
                                        version=player_etag, loaded=loaded)
    except games_service.NoSuchGame:
        return not_found()
    except games_service.NoSuchPlayer:
        return not_found("player")
    except games_service.Stale as stale:
        report, status = error_report([problem("", "stale", N_(
            "This city was saved by someone else since you read it; here it is as it is now."))],
            412)
        return city_response(stale.current, status, {**report, "current": stale.current})
    except games_service.Invalid as invalid:
        at = player_ids.index_of(invalid.document, player_id)
        return error_report(relative(invalid.problems, at))
    return city_response(saved.document["players"][player_ids.index_of(saved.document, player_id)])
