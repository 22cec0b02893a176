"""Cookies the app reads back only if it wrote them: signed with the secret key in ``instance/``
(so they survive a restart), one salt per cookie so a value is never accepted as another's.

The browser's history of games (:mod:`scorer.games.access`) and its seat in each game
(:mod:`scorer.games.seats`) are kept this way.
"""

from __future__ import annotations

from flask import Response, current_app, request
from itsdangerous import BadSignature, Signer

from .headers import cookie_flags
from .kept import Kept

#: browsers keep a cookie at most 400 days; each use renews it
COOKIE_AGE = 400 * 24 * 3600
#: values already checked, per worker: a table's phones send the same cookies (history, seats,
#: groups) every 2 s, and checking the signatures was about 7% of a changed live pad's answer
#: (cProfile, issue 31); 100 tables' worth
CHECKED = Kept(2048)


def _signer(salt: str) -> Signer:
    return Signer(current_app.secret_key, salt=salt)


def read(name: str, salt: str) -> str:
    """The cookie's value as the app wrote it; "" when absent, forged or not ASCII. The same
    value sent with the same key and salt always reads the same, so a checked one is kept
    (:data:`CHECKED`) and never answers stale."""
    return read_sent(request.cookies.get(name, ""), salt)


def read_sent(sent: str, salt: str) -> str:
    """:func:`read` of a cookie's value as the browser sent it ("" when it sent none)."""
    if not sent:
        return ""  # what an absent cookie reads as, without a signature to check
    return CHECKED.get_or_make((current_app.secret_key, salt, sent), lambda: _unsigned(sent, salt))


def _unsigned(sent: str, salt: str) -> str:
    try:
        return _signer(salt).unsign(sent).decode("ascii")
    except (BadSignature, UnicodeDecodeError):
        return ""


def write(response: Response, name: str, salt: str, value: str) -> None:
    signed = _signer(salt).sign(value.encode("ascii")).decode("ascii")
    response.set_cookie(name, signed, max_age=COOKIE_AGE, **cookie_flags())
