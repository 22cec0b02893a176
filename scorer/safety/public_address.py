"""The address players reach the app at, as the host configured it: never as a request says.

Behind a reverse proxy (``PROXY_FIX``) the ``Host`` a link is built from comes from the
client's ``X-Forwarded-Host`` unless the proxy overwrites it, so ``evil.example`` could end up
in an API's ``Location``, a join link or its QR code. Two settings close that:

- ``PUBLIC_URL`` (``SCORER_PUBLIC_URL=https://scores.club.example``, a path after the host when
  the app is served under one): every absolute link (the API's ``url``, ``api_url`` and
  ``Location``, the join link and its QR code, the hand-over link) is built from it, whatever
  the request said. Its host (and the loopback names a health check on the machine itself
  uses) become ``TRUSTED_HOSTS`` unless that is set.
- ``TRUSTED_HOSTS`` (Flask's own): a request for any other host answers 400 before any view.

With ``PROXY_FIX`` on and neither set, the factory logs a warning at start.
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from flask import Flask, current_app, has_request_context, request, url_for
from flask_babel import gettext as _
from werkzeug.exceptions import SecurityError

#: a health check or a command on the serving machine itself asks for these hosts
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")


def configured(app: Flask | None = None) -> str | None:
    """``PUBLIC_URL`` without its trailing slash, or None."""
    value = (app or current_app).config.get("PUBLIC_URL")
    return value.rstrip("/") if value else None


def external_url(endpoint: str, **values) -> str:
    """``url_for(..., _external=True)``, from ``PUBLIC_URL`` when the host configured one."""
    public = configured()
    if not public:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values)
    root = request.script_root if has_request_context() else ""
    if root and path.startswith(root):
        path = path[len(root):]
    return public + path


def check(value: str) -> str:
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(f"PUBLIC_URL must be an http:// or https:// address such as "
                         f"https://scores.example.org, not {value!r}")
    return parts.netloc


def refuse_host(_error: SecurityError):
    """A plain answer: no page can be drawn, since no link may be built for this host."""
    text = _("This site is not served at this address.")
    return text + "\n", 400, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}


def init_app(app: Flask) -> None:
    app.register_error_handler(SecurityError, refuse_host)
    public = configured(app)
    if public:
        host = check(public)
        if app.config.get("TRUSTED_HOSTS") is None:
            app.config["TRUSTED_HOSTS"] = [host, *LOOPBACK_HOSTS]
    elif app.config.get("PROXY_FIX") and app.config.get("TRUSTED_HOSTS") is None:
        logging.getLogger(__name__).warning(
            "PROXY_FIX is on but neither PUBLIC_URL nor TRUSTED_HOSTS is set: links follow the "
            "X-Forwarded-Host a client sends unless the proxy overwrites it")
