"""Security headers on every answer (pages, PDFs, the API, static files) and the cookies' flags.

The pages use only same-origin scripts and style sheets (``static/``), so the policy allows
nothing inline: an injected ``<script>`` or ``style`` attribute does not run. WeasyPrint reads
the PDF templates' inline ``<style>`` itself; those templates are never served to a browser.
A PDF answer gets only ``frame-ancestors 'none'``: the browsers' own PDF viewers run inside
the PDF's document and break under ``default-src 'none'`` (Chrome's viewer page uses inline
styles, Firefox's pdf.js its own scripts), and a PDF runs no script of ours anyway.

Every answer to a request that arrived over HTTPS (directly, or behind ``PROXY_FIX`` with
``X-Forwarded-Proto: https``) carries ``Strict-Transport-Security`` with ``HSTS_MAX_AGE``
seconds (a year unless the host sets another; 0 sends none) and ``includeSubDomains`` when
``HSTS_INCLUDE_SUBDOMAINS`` is true; an answer over plain http never does (browsers ignore it
there, and a LAN server on http must stay reachable).

``SESSION_COOKIE_SECURE`` is the one switch for HTTPS: when true, every cookie the app sets
(the session with its CSRF token, the language, the edition last used, the device key, the
browser's games and its seats) carries ``Secure``.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, g, request

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
))
PDF_POLICY = "frame-ancestors 'none'"
HSTS_MAX_AGE = 365 * 24 * 3600
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def cookie_flags() -> dict:
    """The flags of every cookie the app sets itself, as keyword arguments of ``set_cookie``."""
    return {"secure": bool(current_app.config["SESSION_COOKIE_SECURE"]), "httponly": True,
            "samesite": "Lax"}


def mark_language_dependent() -> None:
    """Called where the answer's language is chosen: caches must key it on what chose it."""
    g.language_negotiated = True


#: the headers every answer gets unless its view set its own, lower-cased once
_EVERY_ANSWER = tuple((name.lower(), name, value) for name, value in HEADERS.items())
_LANGUAGE_VARY = ("cookie", "accept-language")


def add_headers(response: Response) -> Response:
    """Called for every answer, so it reads the headers once: werkzeug answers a missing name
    (``setdefault``, ``in``, ``get``) by raising and catching an HTTP exception, some 5 us
    each, and this hook asked five times on every poll of every phone (issue 31)."""
    headers = response.headers
    present = {name.lower() for name, _ in headers}
    if "content-security-policy" not in present:
        pdf = response.mimetype == "application/pdf"
        headers.add("Content-Security-Policy", PDF_POLICY if pdf else CONTENT_SECURITY_POLICY)
    for lowered, name, value in _EVERY_ANSWER:
        if lowered not in present:
            headers.add(name, value)
    if request.is_secure:
        transport_security(response)
    if g.get("language_negotiated") and not _varies_on(response, _LANGUAGE_VARY, present):
        response.vary.update(("Cookie", "Accept-Language"))
    return response


def _varies_on(response: Response, lowered: tuple[str, ...], present: set[str]) -> bool:
    """Whether the answer's ``Vary`` already names each of ``lowered`` (its view set them)."""
    if "vary" not in present:
        return False
    named = {token.strip().lower() for token in response.headers["Vary"].split(",")}
    return all(name in named for name in lowered)


def security_headers(pdf: bool, secure: bool) -> list[tuple[str, str]]:
    """What :func:`add_headers` adds to an answer that set none of them, in order: what the
    live pad's 304 sends without Flask (:mod:`scorer.web.live_poll`)."""
    found = [("Content-Security-Policy", PDF_POLICY if pdf else CONTENT_SECURITY_POLICY),
             *HEADERS.items()]
    if secure:
        found.extend(transport_security_header())
    return found


def transport_security_header() -> list[tuple[str, str]]:
    max_age = int(current_app.config.get("HSTS_MAX_AGE", HSTS_MAX_AGE) or 0)
    if max_age <= 0:
        return []
    value = f"max-age={max_age}"
    if current_app.config.get("HSTS_INCLUDE_SUBDOMAINS"):
        value += "; includeSubDomains"
    return [("Strict-Transport-Security", value)]


def transport_security(response: Response) -> None:
    for name, value in transport_security_header():
        response.headers.setdefault(name, value)


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
