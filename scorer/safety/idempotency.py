"""``Idempotency-Key``: a program that retries a creation (a timeout, a dropped connection)
gets the thing its first request made instead of a second one.

The key is the client's own (a UUID, say): 1 to 255 visible ASCII characters. It is kept only
as a digest of (the client's scope, the endpoint, the key) beside a digest of the request body
read as JSON (so spacing and key order do not matter), for 24 hours
(:data:`scorer.storage.REQUEST_KEY_LIFETIME`). The same key with the same body answers the
first result again; with another body it is refused (422): the key was meant for one request.
"""

from __future__ import annotations

import hashlib
import json
import re

from flask import request

HEADER = "Idempotency-Key"
KEY = re.compile(r"[\x21-\x7e]{1,255}")


class BadKey(ValueError):
    """The header is there but is not a key."""


def read_key() -> str | None:
    """The request's key; None when it sends none; :class:`BadKey` when it is not a key."""
    if HEADER not in request.headers:
        return None
    value = request.headers.get(HEADER, "")
    if not KEY.fullmatch(value):
        raise BadKey(value)
    return value


def key_digest(scope: str, endpoint: str, key: str) -> str:
    return hashlib.sha256("\n".join((scope, endpoint, key)).encode("ascii")).hexdigest()


def request_digest(body: object) -> str:
    text = json.dumps(body, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()
