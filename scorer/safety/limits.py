"""Per-client limits for a public instance: creating games (and groups) and drawing PDFs.

One client once made 10,000 games in 31.5 s. With Flask-Limiter, each client (its address,
as ``PROXY_FIX`` reads it behind a proxy) may create ``LIMIT_CREATE`` games (default 10 a
minute and 100 an hour; the new-game page and ``POST /api/v1/games`` share it, and so do the
group endpoints that create, under the scope "create") and have ``LIMIT_PDF`` sheets drawn (30
a minute; a sheet served from the cache costs nothing). Beyond that the answer is 429 with a
translated message and ``Retry-After``.

``RATELIMIT_ENABLED`` switches the limits (on, except in tests: an app made with
``TESTING`` has them off unless the test turns them on). ``RATELIMIT_STORAGE_URI`` says where
the counts live: ``memory://`` by default, per worker process, so gunicorn's N workers let a
client do up to N times the limit; ``redis://host:6379`` (with the ``redis`` package) makes it
exact across workers and servers.
"""

from __future__ import annotations

from flask import Flask, current_app, g
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

DEFAULTS = {
    "LIMIT_CREATE": "10 per minute; 100 per hour",
    "LIMIT_PDF": "30 per minute",
    "RATELIMIT_STORAGE_URI": "memory://",
    "RATELIMIT_HEADERS_ENABLED": True,
    "RATELIMIT_STRATEGY": "moving-window",
}
#: endpoint -> (the config key of its limit, its scope, the methods it limits)
LIMITED = {
    "setup.new_game": ("LIMIT_CREATE", "create", ["POST"]),
    "games_api.create_game": ("LIMIT_CREATE", "create", ["POST"]),
    "groups_api.create_group": ("LIMIT_CREATE", "create", ["POST"]),
    "groups_api.create_game": ("LIMIT_CREATE", "create", ["POST"]),
    "pdf.game_sheet": ("LIMIT_PDF", "pdf", None),
    "groups_report.report": ("LIMIT_PDF", "pdf", None),
}


def _rendered(_response) -> bool:
    """A PDF request counts when a sheet was drawn for it, not when it came from the cache."""
    return bool(g.get("pdf_rendered"))


def limit(endpoint: str, setting: str, scope: str, methods: list[str] | None = None) -> None:
    """Put the ``setting`` limit on ``endpoint`` (a blueprint that creates adds its own)."""
    app = current_app._get_current_object()
    limiter: Limiter = app.extensions["scorer.limiter"]
    view = app.view_functions[endpoint]
    deduct = _rendered if scope == "pdf" else None
    app.view_functions[endpoint] = limiter.shared_limit(
        lambda: current_app.config[setting], scope=scope, methods=methods, deduct_when=deduct)(view)


def init_app(app: Flask) -> None:
    """Call after every blueprint is registered."""
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    if app.config.get("RATELIMIT_ENABLED") is None:
        app.config["RATELIMIT_ENABLED"] = not app.testing
    limiter = Limiter(get_remote_address, app=app)
    app.extensions["scorer.limiter"] = limiter
    with app.app_context():
        for endpoint, (setting, scope, methods) in LIMITED.items():
            limit(endpoint, setting, scope, methods)
