"""What the JSON endpoints that create something share (``POST /api/v1/games``,
``/api/v1/groups`` and ``/api/v1/groups/<id>/games``): the ``Idempotency-Key``, the owner a key
makes for a client without a device key, and the ``201`` answer.

With ``Idempotency-Key`` the same key and body within 24 hours answer what the first request
made (``Idempotent-Replayed: true``), the same key with another body 422
(:mod:`scorer.safety.idempotency`). The key is read before the body, so a bad key answers 400
whatever the body holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import make_response, request

from ..engine.messages import N_, Message
from ..engine.validation import Problem
from ..games import access
from ..safety import idempotency
from .routes import error_report


@dataclass(frozen=True)
class Creation:
    """A create request's key, as the storage and the owner tokens use it."""

    #: ``(key digest, request digest)`` when the request came with a key (see
    #: :func:`scorer.storage.create_game_once`)
    request: tuple[str, str] | None
    #: the owner the key makes when the client sent no device key, else None
    owner_key: str | None

    def owner_hash(self) -> str | None:
        """The owner hash to store with what is created."""
        return access.owner_of(self.owner_key)[1] if self.owner_key else access.api_owner_hash()

    def owner_token(self, created) -> str:
        """The owner token the answer hands over for ``created`` (a saved game or a group)."""
        if self.owner_key:
            return access.token_for(created, self.owner_key)
        return access.hand_over_token(created)


def read_creation(read_body: Callable[[], tuple[dict | None, object]]):
    """``(body, Creation, None)``, or ``(None, None, the error answer)`` for a bad key or a body
    ``read_body`` refuses (it answers ``(body, None)`` or ``(None, the error answer)``)."""
    try:
        key = idempotency.read_key()
    except idempotency.BadKey:
        return None, None, error_report([Problem(idempotency.HEADER, "invalid", Message(N_(
            "Idempotency-Key is 1 to 255 visible ASCII characters (a UUID, for example).")))],
            400)
    body, failure = read_body()
    if failure:
        return None, None, failure
    if key is None:
        return body, Creation(None, None), None
    digests = (idempotency.key_digest(access.device_key() or "", request.path, key),
               idempotency.request_digest(body))
    return body, Creation(digests, None if access.device_key() else access.keyed_owner(key)), None


def key_reused():
    return error_report([Problem(idempotency.HEADER, "idempotency_key_reused", Message(N_(
        "This Idempotency-Key came with another request in the last 24 hours; send a new key "
        "with a new request.")))], 422)


def created(answer: dict, replayed: bool):
    """201 with ``answer`` (which holds the new resource's ``api_url``, sent as ``Location``);
    a retry answered from its key's first request says so."""
    response = make_response(answer, 201)
    response.headers["Location"] = answer["api_url"]
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response
