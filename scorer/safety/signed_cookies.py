"""Cookies the app reads back only if it wrote them: signed with the secret key in ``instance/``
(so they survive a restart), one salt per cookie so a value is never accepted as another's.

The browser's history of games (:mod:`scorer.games.access`) and its seat in each game
(:mod:`scorer.games.seats`) are kept this way.
"""

from __future__ import annotations

from flask import Response, current_app, request
from itsdangerous import BadSignature, Signer

from .headers import cookie_flags

#: browsers keep a cookie at most 400 days; each use renews it
COOKIE_AGE = 400 * 24 * 3600


def _signer(salt: str) -> Signer:
    return Signer(current_app.secret_key, salt=salt)


def read(name: str, salt: str) -> str:
    """The cookie's value as the app wrote it; "" when absent, forged or not ASCII."""
    try:
        return _signer(salt).unsign(request.cookies.get(name, "")).decode("ascii")
    except (BadSignature, UnicodeDecodeError):
        return ""


def write(response: Response, name: str, salt: str, value: str) -> None:
    signed = _signer(salt).sign(value.encode("ascii")).decode("ascii")
    response.set_cookie(name, signed, max_age=COOKIE_AGE, **cookie_flags())
