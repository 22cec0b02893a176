"""A cheap HTTP client for load generators: raw asyncio streams, one connection per request.

The capacity benchmark simulates hundreds of phones from one process on the machine that serves
them, so its own CPU must stay small: no HTTP library, no TLS, no HTML parser. gunicorn's sync
workers close every connection after one answer anyway, so a request is: connect, write the
request, read to the end, split head from body. Each phone keeps its cookies in a :class:`Jar`
(the session with its CSRF token, the ``seats`` cookie a save sets), and the city form is read
from the page with a few regular expressions (:func:`form_fields`).
"""

from __future__ import annotations

import asyncio
import html
import json as jsonlib
import re
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit


@dataclass
class Answer:
    status: int
    headers: dict[str, list[str]]
    body: bytes

    def header(self, name: str) -> str | None:
        values = self.headers.get(name.lower())
        return values[0] if values else None

    def json(self):
        return jsonlib.loads(self.body)


@dataclass
class Jar:
    """A browser's cookies for one host: name -> value (paths and expiry beyond deletion ignored)."""

    cookies: dict[str, str] = field(default_factory=dict)

    def header(self) -> str | None:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items()) or None

    def take(self, answer: Answer) -> None:
        for line in answer.headers.get("set-cookie", []):
            first, _, rest = line.partition(";")
            name, _, value = first.strip().partition("=")
            attributes = rest.lower()
            if "max-age=0" in attributes or "expires=thu, 01 jan 1970" in attributes:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value


def _dechunk(body: bytes) -> bytes:
    out, position = bytearray(), 0
    while True:
        end = body.index(b"\r\n", position)
        size = int(body[position:end].split(b";")[0], 16)
        if size == 0:
            return bytes(out)
        out += body[end + 2:end + 2 + size]
        position = end + 2 + size + 2


def parse(raw: bytes) -> Answer:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers: dict[str, list[str]] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    if "chunked" in (headers.get("transfer-encoding") or [""])[0].lower():
        body = _dechunk(body)
    return Answer(status, headers, body)


class Client:
    """Requests to one server (``127.0.0.1:port``)."""

    def __init__(self, port: int, host: str = "127.0.0.1", language: str = "en") -> None:
        self.port, self.host, self.language = port, host, language

    async def request(self, method: str, path: str, *, jar: Jar | None = None,
                      headers: dict[str, str] | None = None, form: list[tuple[str, str]] | None = None,
                      json=None) -> Answer:
        body = b""
        extra = dict(headers or {})
        if form is not None:
            body = urlencode(form).encode()
            extra["Content-Type"] = "application/x-www-form-urlencoded"
        elif json is not None:
            body = jsonlib.dumps(json).encode()
            extra["Content-Type"] = "application/json"
        if jar is not None and jar.header():
            extra["Cookie"] = jar.header()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Connection: close",
                 f"Accept-Language: {self.language}", f"Content-Length: {len(body)}",
                 *(f"{k}: {v}" for k, v in extra.items())]
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
            raw = await reader.read()
        finally:
            writer.close()
        if not raw:
            raise ConnectionError("the server closed the connection without an answer")
        answer = parse(raw)
        if jar is not None:
            jar.take(answer)
        return answer


def path_of(location: str) -> str:
    """The path and query of a ``Location`` header (absolute or not)."""
    parts = urlsplit(location)
    return parts.path + (f"?{parts.query}" if parts.query else "")


TAG_ATTRIBUTE = re.compile(r'([a-zA-Z_:][-\w:.]*)(?:\s*=\s*"([^"]*)")?')
INPUT = re.compile(r"<input\b([^>]*)>", re.I)
SELECT = re.compile(r"<select\b([^>]*)>(.*?)</select>", re.I | re.S)
OPTION = re.compile(r"<option\b([^>]*)>", re.I)
TEXTAREA = re.compile(r"<textarea\b([^>]*)>(.*?)</textarea>", re.I | re.S)
FORM = re.compile(r"<form\b[^>]*>(.*?)</form>", re.I | re.S)


def attributes(text: str) -> dict[str, str | None]:
    return {name.lower(): (html.unescape(value) if value is not None else None)
            for name, value in TAG_ATTRIBUTE.findall(text)}


def form_fields(page: str, marker: str = 'name="version"') -> list[tuple[str, str]]:
    """What a browser would send from the page's form that contains ``marker`` (without a
    button's name and value): text and hidden inputs, checked boxes and radios, selected options,
    text areas."""
    form = next((m.group(1) for m in FORM.finditer(page) if marker in m.group(1)), None)
    if form is None:
        raise ValueError(f"no form with {marker} on the page")
    fields: list[tuple[str, str]] = []
    for match in INPUT.finditer(form):
        attrs = attributes(match.group(1))
        name, kind = attrs.get("name"), (attrs.get("type") or "text").lower()
        if not name or kind in ("submit", "button", "image", "reset", "file") or "disabled" in attrs:
            continue
        if kind in ("checkbox", "radio") and "checked" not in attrs:
            continue
        fields.append((name, attrs.get("value") or ("on" if kind in ("checkbox", "radio") else "")))
    for match in SELECT.finditer(form):
        attrs = attributes(match.group(1))
        if not attrs.get("name") or "disabled" in attrs:
            continue
        options = [attributes(o) for o in OPTION.findall(match.group(2))]
        chosen = [o for o in options if "selected" in o] or ([] if "multiple" in attrs else options[:1])
        fields.extend((attrs["name"], o.get("value") or "") for o in chosen)
    for match in TEXTAREA.finditer(form):
        attrs = attributes(match.group(1))
        if attrs.get("name"):
            fields.append((attrs["name"], html.unescape(match.group(2))))
    return fields


def hidden_value(page: str, name: str) -> str | None:
    """The value of the hidden input ``name`` (the CSRF token, the city's version)."""
    match = re.search(rf'<input\b[^>]*\bname="{re.escape(name)}"[^>]*>', page)
    return attributes(match.group(0)).get("value") if match else None
