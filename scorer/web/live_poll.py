"""The live pad's 304, answered before Flask when nothing changed.

Every phone at a table asks for ``/games/<id>/live`` every two seconds (``static/live.js``)
with the ETag it has; while nobody saves, the answer is 304. Through Flask that 304 cost
about 0.5 ms of CPU in the process (a request context, the session, routing, nine request
hooks, a response object), most of it Flask's own: a bare Flask app answering a fixed 304
costs more than this whole path (the WSGI test client: 0.31 against 0.11 ms for a bare WSGI
callable), and at 100 tables the polls were two fifths of the server's CPU (issue 31).

So this middleware answers the one case it can be sure of, from the same parts read the same
way as the view reads them: a GET of the live path without an owner token header, whose
``If-None-Match`` is exactly the weak ETag the view would send now (:func:`live_etag`: the
game's stamp read from the database, the language from the ``lang`` cookie or
``Accept-Language``, the seat from the signed ``seats`` cookie, ownership from the ``device``
cookie). Anything else (another validator, a changed or unknown game, an untrusted host, a
configured ``SERVER_NAME`` or default rate limit, any error) goes to Flask untouched, which
answers as it always did. The headers are the view's and the request hooks' for a 304
(:func:`scorer.safety.headers.security_headers`); ``tests/web/test_live_poll.py`` compares
both paths' answers header by header and lists the app's request hooks this path accounts
for, so that a new hook is looked at here. The request's log line is written as Flask's is.

What a browser's headers give (its language, seat and device key) is kept per worker, keyed
by the exact headers and the secret key: a phone sends the same ones every two seconds.
"""

from __future__ import annotations

import re
import time
from typing import NamedTuple

from flask import Flask
from werkzeug.datastructures import ImmutableMultiDict
from werkzeug.http import parse_etags
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.sansio.http import parse_cookie
from werkzeug.wsgi import get_host

from .. import storage
from ..games import access, seats
from ..games import service as games_service
from ..i18n import LANGUAGE_COOKIE, language, locale_of
from ..safety.headers import security_headers
from ..safety.kept import Kept
from ..serving.hosting import log_request
from . import pad_cache

#: ``False`` sends every poll through Flask (the tests compare both answers)
SETTING = "LIVE_POLL_SHORTCUT"
#: the live view's rule, as the request log names it
RULE = "/games/<game_id>/live"
PATH = re.compile(r"/games/([^/]+)/live")
NOT_MODIFIED, OK = "304 NOT MODIFIED", "200 OK"
HTML = "text/html; charset=utf-8"
#: what the live view adds to its answers besides the ETag
CACHE_CONTROL = "no-cache"
VARY = ("Accept-Language", "Cookie")
#: the browsers whose headers are kept per worker (a table's phones send theirs every 2 s)
BROWSERS = 2048
#: Flask-Limiter's settings that would limit every endpoint, the live pad's too
EVERY_ENDPOINT_LIMITS = ("RATELIMIT_DEFAULT", "RATELIMIT_APPLICATION", "RATELIMIT_META")


class Browser(NamedTuple):
    """What a browser's headers say, for one game."""

    locale: str
    seat: str | None  # its remembered player id
    device: str | None  # its device key
    first_game: str | None  # the game it opened last (its history's first)


def live_etag(stamp, seat: str | None, owner: bool, locale) -> str:
    """The live part's validator for a browser: the game's revision and lock in the page's
    language (:func:`scorer.games.service.revision_tag`), the browser's own city (its
    remembered player id), and the owner's buttons only while it owns the game."""
    return f"{games_service.revision_tag(stamp, locale)}-{seat or ''}-{'owner' if owner else ''}"


def live_headers(etag: str) -> list[tuple[str, str]]:
    """The live view's own headers of an answer with ``etag``, as Werkzeug writes them."""
    return [("ETag", f'W/"{etag}"'), ("Cache-Control", CACHE_CONTROL), ("Vary", ", ".join(VARY))]


class LivePolls:
    """WSGI middleware in front of the Flask app (under ``ProxyFix``, when the app has it)."""

    def __init__(self, app: Flask, wsgi_app):
        self.app = app
        self.wsgi_app = wsgi_app
        self.browsers: Kept[Browser] = Kept(BROWSERS)
        #: requests answered here: what the tests check it did
        self.answered = 0

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET" and "HTTP_X_OWNER_TOKEN" not in environ:
            match = PATH.fullmatch(environ.get("PATH_INFO", ""))
            if match is not None:
                started = time.perf_counter()
                found = self.answer(environ, match[1])
                if found is not None:
                    status, headers, body = found
                    start_response(status, headers)
                    self.answered += 1
                    if self.app.config.get("REQUEST_LOG"):
                        log_request(environ.get("REMOTE_ADDR"), "GET", RULE, int(status[:3]),
                                    len(body), started)
                    return [body] if body else []
        return self.wsgi_app(environ, start_response)

    def answer(self, environ, game_id: str) -> tuple[str, list, bytes] | None:
        """The answer's status, headers and body when this path can give it, else None."""
        config = self.app.config
        if not config.get(SETTING, True) or config.get("SERVER_NAME") or any(
                config.get(name) for name in EVERY_ENDPOINT_LIMITS):
            return None
        try:
            if config.get("TRUSTED_HOSTS") is not None:
                get_host(environ, config["TRUSTED_HOSTS"])  # SecurityError: Flask answers 400
            with self.app.app_context():
                return self.answer_in_context(environ, game_id)
        except Exception:  # Flask answers it, as it would have
            return None

    def answer_in_context(self, environ, game_id: str) -> tuple[str, list, bytes] | None:
        stamp = storage.game_stamp(game_id)
        if stamp is None:
            return None
        cookie = environ.get("HTTP_COOKIE", "")
        accept = environ.get("HTTP_ACCEPT_LANGUAGE", "")
        browser = self.browsers.get_or_make((self.app.secret_key, cookie, accept, game_id),
                                            lambda: self.browser(cookie, accept, game_id))
        owner = bool(stamp.owner_token_hash) and access.owned_by(stamp, browser.device)
        etag = live_etag(stamp, browser.seat, owner, browser.locale)
        secure = environ.get("wsgi.url_scheme") == "https"
        sent = environ.get("HTTP_IF_NONE_MATCH")
        # as the view's request.if_none_match.contains_weak; the two forms a phone sends first:
        # the weak ETag of the answers, and the bare one of the page's data-etag (live.js)
        if sent is not None and (sent == f'W/"{etag}"' or sent == etag
                                 or parse_etags(sent).contains_weak(etag)):
            return NOT_MODIFIED, [*live_headers(etag), *security_headers(False, secure)], b""
        # a changed pad, for a phone that is not the owner's (its lock form holds the session's
        # CSRF token) and already has the game first in its history (else the view sends the
        # history cookie): answered when this worker keeps both the pad and the phone's frame
        if owner or browser.first_game != game_id:
            return None
        part = self.part(environ, game_id, stamp, browser)
        if part is None:
            return None
        body = part.encode()
        return OK, [("Content-Type", HTML), ("Content-Length", str(len(body))),
                    *live_headers(etag), *security_headers(False, secure)], body

    def part(self, environ, game_id: str, stamp, browser: Browser) -> str | None:
        """The phone's live part from what this worker keeps (:mod:`.pad_cache`), else None."""
        shared = pad_cache.kept_pad(self.app, game_id, stamp.revision, stamp.locked, browser.locale)
        script_name = environ.get("SCRIPT_NAME", "")
        if not isinstance(shared, pad_cache.SharedPad) or not script_name.isascii():
            return None
        game = pad_cache.PadGame(game_id, stamp.locked, stamp.owner_token_hash)
        frame = pad_cache.kept_frame(self.app, pad_cache.frame_key(
            game, shared, shared.seat(browser.seat), browser.locale, script_name.rstrip("/")))
        return None if frame is None else pad_cache.framed(frame, shared)

    def browser(self, cookie: str, accept: str, game_id: str) -> Browser:
        """A browser's language, seat in ``game_id``, device key and last game opened, from its
        headers as the request's ``cookies`` and ``Accept-Language`` read them."""
        cookies = parse_cookie(cookie, cls=ImmutableMultiDict)
        code = language(cookies.get(LANGUAGE_COOKIE), accept, self.app.config)
        return Browser(str(locale_of(code)), seats.player_in(cookies.get(seats.COOKIE, ""), game_id),
                       access.sent_key(cookies.get(access.DEVICE_COOKIE, "")),
                       access.first_remembered(cookies.get(access.HISTORY_COOKIE, "")))


def init_app(app: Flask) -> None:
    """Put :class:`LivePolls` in front of the app, under a ``ProxyFix`` (made by
    :mod:`scorer.serving.hosting` before this): it reads the scheme, host and address the
    proxies say, as Flask does."""
    outer = app.wsgi_app
    if isinstance(outer, ProxyFix):
        outer.app = LivePolls(app, outer.app)
    else:
        app.wsgi_app = LivePolls(app, outer)  # type: ignore[method-assign]
