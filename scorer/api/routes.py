"""The JSON API (``/api/v1``): parse, hand to the engine, translate the answer."""

from __future__ import annotations

import json

from flask import Blueprint, request
from werkzeug.exceptions import HTTPException

from ..engine.messages import N_, Message
from ..engine.validation import Problem
from ..i18n import translator
from .questions import ask

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def read_json_object() -> tuple[dict | None, tuple[dict, int] | None]:
    """The request body as a JSON object, or the 400 answer explaining why it is not one."""
    try:
        document = json.loads(request.get_data(cache=False) or b"null")
    except (ValueError, RecursionError):
        return None, error_report([Problem("", "invalid_json",
                                           Message(N_("The body is not valid JSON.")))], 400)
    if not isinstance(document, dict):
        problem = Problem("", "invalid", Message(N_("The body must be a JSON object.")))
        return None, error_report([problem], 400)
    return document, None


def error_report(problems: list[Problem], status: int = 422) -> tuple[dict, int]:
    active = translator()
    return {"errors": [problem.as_dict(active) for problem in problems]}, status


def answer_json(question: str):
    document, failure = read_json_object()
    if failure:
        return failure
    report, problems = ask(question, document, translator())
    return error_report(problems) if problems else report


@bp.post("/score")
def score():
    return answer_json("score")


@bp.post("/trade")
def trade():
    return answer_json("trade")


HTTP_ERRORS = {
    403: N_("Only the game's owner may do this: send the owner_token that creating the game "
            "answered as the X-Owner-Token header."),
    404: N_("There is no such API endpoint; see the README for /api/v1/score, /api/v1/trade and "
            "/api/v1/games."),
    405: N_("This endpoint does not answer this method: /api/v1/score and /api/v1/trade take a "
            "POST with a JSON body; see the README for /api/v1/games."),
    413: N_("The body is too large."),
    429: N_("Too many requests from this client or your address in a short time; wait as long "
            "as Retry-After says, then try again."),
}


def http_error(error: HTTPException) -> tuple[dict, int]:
    """Routing errors under /api/ answer JSON too; Flask sends them to app-level handlers only."""
    text = HTTP_ERRORS.get(error.code, N_("The request could not be handled."))
    problem = Problem("", "http_error", Message(text))
    return error_report([problem], error.code)
