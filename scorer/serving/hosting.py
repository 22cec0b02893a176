"""What a hosted instance needs around the pages: the health check, request logs, proxies.

- ``/healthz`` answers 200 when the database answers a query and 503 otherwise, for a load
  balancer or a container runtime to route around a server that lost its database.
- One log line per request on the ``scorer.requests`` logger, whatever WSGI server runs the app
  (waitress logs none, gunicorn's access log only with a flag): method, the route's pattern
  (``/games/<game_id>``, never the game's id: a game's link is what lets people into it, and
  logs are read by more people than the games), status, bytes and milliseconds.
- ``PROXY_FIX = N`` (``SCORER_PROXY_FIX=1``) trusts N reverse proxies' ``X-Forwarded-For``,
  ``-Proto``, ``-Host`` and ``-Prefix`` headers (werkzeug's ProxyFix), so links, redirects and
  the Secure cookie follow the address the players actually opened.
"""

from __future__ import annotations

import logging
import sys
import time

from flask import Blueprint, Flask, g, jsonify, request
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.middleware.proxy_fix import ProxyFix

from .. import storage

bp = Blueprint("hosting", __name__)
request_log = logging.getLogger("scorer.requests")


@bp.route("/healthz")
def healthz():
    try:
        storage.ping()
    except (SQLAlchemyError, OSError) as error:
        logging.getLogger(__name__).warning("health check: the database does not answer: %s",
                                            type(error).__name__)
        response = jsonify(status="unavailable", database="unavailable")
        response.status_code = 503
    else:
        response = jsonify(status="ok", database="ok")
    response.headers["Cache-Control"] = "no-store"
    return response


def _start_timer() -> None:
    g.request_started = time.perf_counter()


def _log_request(response):
    started = g.pop("request_started", None)
    if started is not None and request_log.isEnabledFor(logging.INFO):
        rule = request.url_rule.rule if request.url_rule else "(no route)"
        log_request(request.remote_addr, request.method, rule, response.status_code,
                    response.calculate_content_length() or 0, started)
    return response


def log_request(address: str | None, method: str, rule: str, status: int, length: int,
                started: float) -> None:
    """The request's log line (also of the answers given before Flask:
    :mod:`scorer.web.live_poll`), made as ``request_log.info`` makes it but without the
    caller's file and line (``Logger.findCaller`` walks the stack on every call: a tenth of a
    polled pad's answer, issue 31); they would always name this function anyway."""
    if request_log.isEnabledFor(logging.INFO):
        request_log.handle(request_log.makeRecord(
            request_log.name, logging.INFO, __file__, 0, "%s %s %s %s %d %.1fms",
            (address or "-", method, rule, status, length, (time.perf_counter() - started) * 1000),
            None, "_log_request"))


def _ensure_log_output(app: Flask) -> None:
    """Print request logs to standard error unless logging was set up elsewhere."""
    if app.testing or logging.getLogger().handlers or request_log.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
    request_log.addHandler(handler)
    request_log.setLevel(logging.INFO)


def init_app(app: Flask) -> None:
    proxies = int(app.config.get("PROXY_FIX") or 0)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies,
                                x_prefix=proxies)
    if app.config.get("REQUEST_LOG"):
        app.before_request(_start_timer)
        app.after_request(_log_request)
        _ensure_log_output(app)
    app.register_blueprint(bp)
