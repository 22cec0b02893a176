"""Flask's signed-cookie sessions, with the cookies already verified kept.

Every request opens the session: a phone's live pad polls every two seconds with the same
cookie, and checking its signature each time (key derivation, HMAC, base64, zlib, tagged JSON)
was a twentieth of the server's interpreter time under the capacity benchmark (issue 31). A
cookie's content never changes for the same bytes and keys, so what a verified cookie holds is
kept with its signing time, and a kept cookie is still refused once older than the session's
lifetime, as itsdangerous refuses it. Each request gets its own copy to change.
"""

from __future__ import annotations

import copy
import time

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

from .kept import Kept

#: verified cookies kept per worker; a full store is emptied and filled again
KEPT_COOKIES = 4096


class KeptCookieSessionInterface(SecureCookieSessionInterface):
    def __init__(self, size: int = KEPT_COOKIES):
        self._kept: Kept[tuple[float, dict] | None] = Kept(size)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if not app.secret_key:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        key = (value, app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))

        def verified() -> tuple[float, dict] | None:
            try:
                data, signed = self.get_signing_serializer(app).loads(
                    value, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return None
            return signed.timestamp(), data

        kept = self._kept.get_or_make(key, verified)
        if kept is None:
            return self.session_class()
        signed_at, data = kept
        if not 0 <= int(time.time()) - signed_at <= max_age:  # as itsdangerous: SignatureExpired
            return self.session_class()
        return self.session_class(copy.deepcopy(data))


def init_app(app: Flask) -> None:
    app.session_interface = KeptCookieSessionInterface()
