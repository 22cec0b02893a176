"""Per-client limits for a public instance: creating games (and groups), PDFs and group pages.

One client once made 10,000 games in 31.5 s. With Flask-Limiter, each client may create
``LIMIT_CREATE`` games (default 10 a minute and 100 an hour; the new-game page and ``POST
/api/v1/games`` share it, and so do the group endpoints that create, under the scope "create"),
have ``LIMIT_PDF`` sheets and reports drawn (30 a minute), be answered ``LIMIT_PDF_SERVED``
PDFs in all (120 a minute, from the cache or drawn: a cached report is cheap, but 16 clients
asking for it without pause keep every worker busy) and open ``LIMIT_GROUP_PAGE`` group pages
(60 a minute). Beyond that the answer is 429 with a translated message and ``Retry-After``.

**Who is a client.** A browser that has an id of its own (the games wing registers it under
:data:`BROWSER_ID`: the ``device`` cookie) is counted by it, so a club's phones behind one
router's address each have their own budget; anything else by its address (as ``PROXY_FIX``
reads it behind a proxy). The id is hashed before it is counted (a Redis holding the counts
never holds what proves a game's ownership). A client can send a new id with every request, so
each limit also holds per address, ``LIMIT_ADDRESS_FACTOR`` times over (10 by default: ten
browsers' worth behind one address).

**Held refusals.** A client over a limit hears so only after ``LIMIT_HOLD`` seconds (2), when
the server runs threads (gunicorn's gthread workers, ``wsgi.multithread``): a client that asks
again at once, as a flood does, is then slowed to one request per hold, instead of taking a
thread and a core for every cheap refusal it can fit in a second (nginx's ``limit_req`` delays
the same way). At most ``LIMIT_HOLD_MAX`` refusals are held at once per process (the server's
threads less two, see :func:`hold_capacity`); beyond that they are answered at once, so held
clients never take every thread. A sync worker holds nothing: it would be a whole process asleep.

``RATELIMIT_ENABLED`` switches the limits (on, except in tests: an app made with
``TESTING`` has them off unless the test turns them on). ``RATELIMIT_STORAGE_URI`` says where
the counts live: ``memory://`` by default, per worker process, so gunicorn's N workers let a
client do up to N times the limit; ``redis://host:6379`` (with the ``redis`` package) makes it
exact across workers and servers.
"""

from __future__ import annotations

import hashlib
import threading
import time

from flask import Flask, current_app, g, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many

DEFAULTS = {
    "LIMIT_CREATE": "10 per minute; 100 per hour",
    "LIMIT_PDF": "30 per minute",
    "LIMIT_PDF_SERVED": "120 per minute",
    "LIMIT_GROUP_PAGE": "60 per minute",
    "LIMIT_ADDRESS_FACTOR": 10,
    "LIMIT_HOLD": 2.0,
    "LIMIT_HOLD_MAX": None,  # None: the server's threads (SERVER_THREADS) less two, at least one
    "RATELIMIT_STORAGE_URI": "memory://",
    "RATELIMIT_HEADERS_ENABLED": True,
    "RATELIMIT_STRATEGY": "moving-window",
}
#: endpoint -> [(the config key of its limit, its scope, the methods it limits)]
LIMITED = {
    "setup.new_game": [("LIMIT_CREATE", "create", ["POST"])],
    "games_api.create_game": [("LIMIT_CREATE", "create", ["POST"])],
    "groups_api.create_group": [("LIMIT_CREATE", "create", ["POST"])],
    "groups_api.create_game": [("LIMIT_CREATE", "create", ["POST"])],
    "pdf.game_sheet": [("LIMIT_PDF", "pdf", None), ("LIMIT_PDF_SERVED", "pdf-served", None)],
    "groups_report.report": [("LIMIT_PDF", "pdf", None), ("LIMIT_PDF_SERVED", "pdf-served", None)],
    "groups.page": [("LIMIT_GROUP_PAGE", "group-page", None)],
}
#: app.extensions key of a callable answering this browser's own id, or None (no id yet)
BROWSER_ID = "scorer.browser_id"
HOLDS = "scorer.limit_holds"
#: scopes whose count is the drawing, not the answer
DRAWN_ONLY = {"pdf"}


def _rendered(_response) -> bool:
    """A PDF request counts when a sheet was drawn for it, not when it came from the cache."""
    return bool(g.get("pdf_rendered"))


def client_key() -> str:
    """The browser's own id (hashed) when it has one, else its address."""
    browser_id = current_app.extensions.get(BROWSER_ID)
    found = browser_id() if browser_id else None
    if found:
        return "browser:" + hashlib.sha256(found.encode()).hexdigest()[:32]
    return get_remote_address()


def address_limit(setting: str) -> str:
    """``setting``'s limit ``LIMIT_ADDRESS_FACTOR`` times over: what one address may do."""
    factor = int(current_app.config["LIMIT_ADDRESS_FACTOR"])
    return "; ".join(f"{item.amount * factor} per {item.multiples} {item.GRANULARITY.name}"
                     for item in parse_many(current_app.config[setting]))


def hold_capacity(app: Flask) -> int:
    """How many refusals one process holds at once."""
    configured = app.config.get("LIMIT_HOLD_MAX")
    if configured is not None:
        return max(0, int(configured))
    return max(1, int(app.config.get("SERVER_THREADS") or 4) - 2)


def _holds(app: Flask) -> threading.BoundedSemaphore:
    holds = app.extensions.get(HOLDS)
    if holds is None:
        with app.extensions["scorer.limit_holds_lock"]:
            holds = app.extensions.get(HOLDS)
            if holds is None:
                holds = app.extensions[HOLDS] = threading.BoundedSemaphore(hold_capacity(app))
    return holds


def hold(_limit) -> None:
    """Flask-Limiter's ``on_breach``: keep a threaded server's refusal for ``LIMIT_HOLD``
    seconds when a hold is free (a non-blocking semaphore), then let the 429 go out."""
    if not request.environ.get("wsgi.multithread"):
        return
    seconds = float(current_app.config.get("LIMIT_HOLD") or 0)
    if seconds <= 0 or g.get("limit_held"):
        return
    holds = _holds(current_app._get_current_object())
    if not holds.acquire(blocking=False):
        return
    g.limit_held = True
    try:
        time.sleep(seconds)
    finally:
        holds.release()


def limit(endpoint: str, setting: str, scope: str, methods: list[str] | None = None) -> None:
    """Put the ``setting`` limit on ``endpoint``, per client and per address (a blueprint that
    creates adds its own)."""
    app = current_app._get_current_object()
    limiter: Limiter = app.extensions["scorer.limiter"]
    view = app.view_functions[endpoint]
    deduct = _rendered if scope in DRAWN_ONLY else None
    per_client = limiter.shared_limit(lambda: current_app.config[setting], scope=scope,
                                      methods=methods, deduct_when=deduct)
    per_address = limiter.shared_limit(lambda: address_limit(setting), scope=f"{scope}-address",
                                       key_func=get_remote_address, methods=methods,
                                       deduct_when=deduct)
    app.view_functions[endpoint] = per_address(per_client(view))


def init_app(app: Flask) -> None:
    """Call after every blueprint is registered."""
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    if app.config.get("RATELIMIT_ENABLED") is None:
        app.config["RATELIMIT_ENABLED"] = not app.testing
    limiter = Limiter(client_key, app=app, on_breach=hold)
    app.extensions["scorer.limiter"] = limiter
    app.extensions["scorer.limit_holds_lock"] = threading.Lock()
    with app.app_context():
        for endpoint, limits in LIMITED.items():
            for setting, scope, methods in limits:
                limit(endpoint, setting, scope, methods)
