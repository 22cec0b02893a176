"""A cheap HTTP client for load generators: one connection per request, driven by the event
loop's file callbacks.

The capacity benchmark simulates hundreds of phones from one process on the machine that serves
them, so its own CPU must stay small: no HTTP library, no TLS, no HTML parser, and none of
asyncio's streams or transports either (a request through ``asyncio.open_connection`` took four
turns of the loop and some fifty Python calls before the first byte was read). gunicorn's
workers close every connection after one answer (the request says ``Connection: close``), so a
request is: a non-blocking socket connected (on 127.0.0.1 the handshake is done before
``connect`` returns), the request sent at once (or when the socket becomes writable, if the
server's listen backlog was full), the answer read until the server closes, and head split from
body. The headers are parsed only when asked for (:meth:`Answer.header`); a phone's cookies
(:class:`Jar`: the session with its CSRF token, the ``seats`` cookie a save sets) are taken from
the ``Set-Cookie`` lines alone, and the city form is read from the page's bytes with a few
regular expressions, within the form only (:func:`form_fields`).
"""

from __future__ import annotations

import asyncio
import errno
import html
import json as jsonlib
import os
import re
import select
import socket
from urllib.parse import quote_plus, urlsplit

#: what one read may take: a city page (about 60 kB with its headers) in one call. Read into
#: the poller's buffer and copied out at its length: a ``recv`` of this size allocated it
#: (glibc maps an allocation this large, then shrinks and unmaps it: three calls a read)
READ_SIZE = 256 * 1024


class Answer:
    """An answer: its status, the head's bytes (a header found in them when asked for: an HTML
    page's head has some twenty lines, of which the generator reads one or two) and the body."""

    __slots__ = ("status", "head", "body", "_headers", "_lower")

    def __init__(self, status: int, head: bytes, body: bytes) -> None:
        self.status, self.head, self.body, self._headers, self._lower = status, head, body, None, None

    @property
    def headers(self) -> dict[str, list[str]]:
        """Header name (lower case) -> its values, in order."""
        if self._headers is None:
            self._headers = {}
            for line in self.head.decode("latin-1").split("\r\n")[1:]:
                name, _, value = line.partition(":")
                self._headers.setdefault(name.strip().lower(), []).append(value.strip())
        return self._headers

    def values(self, name: str) -> list[str]:
        """The values of the header ``name`` (any case), in order."""
        if self._headers is not None:
            return self._headers.get(name.lower(), [])
        if self._lower is None:
            self._lower = self.head.lower()
        key = b"\r\n" + name.lower().encode("latin-1") + b":"
        found, at = [], self._lower.find(key)
        while at >= 0:
            start = at + len(key)
            end = self.head.find(b"\r\n", start)
            found.append(self.head[start:end if end >= 0 else len(self.head)].decode("latin-1").strip())
            at = self._lower.find(key, start)
        return found

    def header(self, name: str) -> str | None:
        values = self.values(name)
        return values[0] if values else None

    def json(self):
        return jsonlib.loads(self.body)


class Jar:
    """A browser's cookies for one host: name -> value (paths and expiry beyond deletion ignored)."""

    __slots__ = ("cookies", "_header")

    def __init__(self, cookies: dict[str, str] | None = None) -> None:
        self.cookies: dict[str, str] = dict(cookies or {})
        self._header: str | None = None

    def header(self) -> str | None:
        if self._header is None:
            self._header = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return self._header or None

    def take(self, answer: Answer) -> None:
        lines = answer.values("set-cookie")
        if not lines:
            return
        for line in lines:
            first, _, rest = line.partition(";")
            name, _, value = first.strip().partition("=")
            attributes = rest.lower()
            if "max-age=0" in attributes or "expires=thu, 01 jan 1970" in attributes:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        self._header = None


#: each field of a form as sent ("name=value", quoted as ``urlencode`` quotes it): a phone's
#: city form sends the same forty-odd fields at each save, three of them changed
_FIELDS: dict[tuple[str, str], str] = {}


def encode_form(form: list[tuple[str, str]]) -> str:
    """``urllib.parse.urlencode(form)``, each field quoted once."""
    pieces = []
    for field in form:
        piece = _FIELDS.get(field)
        if piece is None:
            if len(_FIELDS) > 100_000:
                _FIELDS.clear()
            piece = _FIELDS[field] = quote_plus(str(field[0])) + "=" + quote_plus(str(field[1]))
        pieces.append(piece)
    return "&".join(pieces)


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
    end = raw.find(b"\r\n\r\n")
    head, body = (raw, b"") if end < 0 else (raw[:end], raw[end + 4:])
    first = head.find(b"\r\n")
    status = int((head if first < 0 else head[:first]).split(b" ", 2)[1])
    answer = Answer(status, head, body)
    if b"chunked" in head.lower() and "chunked" in (answer.header("transfer-encoding") or "").lower():
        answer.body = _dechunk(body)
    return answer


#: seconds between two looks for requests past their deadline (an answer that comes after its
#: deadline is a timeout however soon it is read; this only bounds how late a request that never
#: ends is given up)
SWEEP_EVERY = 0.25


class _Poller:
    """The client's sockets in an epoll of their own, which the running loop watches as one
    file: a socket is added with one C call and leaves the epoll when it is closed, where the
    loop's ``add_reader``/``remove_reader`` made a handle, a selector key and a lookup each."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop, self.epoll = loop, select.epoll()
        self.view = memoryview(bytearray(READ_SIZE))
        self.exchanges: dict[int, _Exchange] = {}
        self.closing: list[socket.socket] = []  # answered, waiting to be closed
        self.sweeping: asyncio.TimerHandle | None = None
        loop.add_reader(self.epoll.fileno(), self.ready)

    def ready(self) -> None:
        exchanges = self.exchanges
        for fd, _events in self.epoll.poll(0):
            exchange = exchanges.get(fd)
            if exchange is not None:
                try:
                    exchange.ready()
                except Exception as error:  # a caller's callback: the other sockets still read
                    self.loop.call_exception_handler({"message": "a request's callback failed",
                                                      "exception": error})

    def sweep(self) -> None:
        now = self.loop.time()
        for exchange in [e for e in self.exchanges.values() if e.deadline is not None and e.deadline <= now]:
            exchange.fail(TimeoutError())
        self.close_set_aside()
        self.sweeping = None
        if self.exchanges:
            self.sweeping = self.loop.call_later(SWEEP_EVERY, self.sweep)

    def look_again(self) -> None:
        """The sweep set, if it is not: for the deadlines and the sockets set aside."""
        if self.sweeping is None:
            self.sweeping = self.loop.call_later(SWEEP_EVERY, self.sweep)

    def close_set_aside(self) -> None:
        for sock in self.closing:
            sock.close()
        self.closing.clear()

    def close(self) -> None:
        for exchange in list(self.exchanges.values()):
            exchange.fail(ConnectionAbortedError("the client was closed"))
        self.close_set_aside()
        if self.sweeping is not None:
            self.sweeping.cancel()
        if not self.loop.is_closed():
            self.loop.remove_reader(self.epoll.fileno())
        self.epoll.close()


#: each event once, then the socket is not watched until asked again (no call to stop watching
#: it when the answer is whole, no wake for the server's close that follows)
READABLE = select.EPOLLIN | select.EPOLLONESHOT
WRITABLE = select.EPOLLOUT | select.EPOLLONESHOT
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)", re.I)


def whole_length(chunks: list[bytes]) -> int | None:
    """How many bytes the answer begun in ``chunks`` has: None while its head is not all
    there, -1 when only the server's close tells (no ``Content-Length``: chunked, say)."""
    raw = chunks[0] if len(chunks) == 1 else b"".join(chunks)
    end = raw.find(b"\r\n\r\n")
    if end < 0:
        return None
    status = raw[9:12]
    if status in (b"304", b"204") or status[:1] == b"1":
        return end + 4
    length = CONTENT_LENGTH.search(raw, 0, end)
    return end + 4 + int(length.group(1)) if length else -1


class _Exchange:
    """One request on its own connection: sent, read until the server closes, closed; then
    ``done(answer, None)``, or ``done(None, error)`` (an ``OSError``; a ``TimeoutError`` when the
    whole answer was not there by ``deadline``), called once."""

    __slots__ = ("poller", "sock", "fd", "data", "chunks", "done", "deadline", "jar", "received", "expected")

    def __init__(self, poller: _Poller, address: tuple[str, int], data: bytes, done, deadline: float | None,
                 jar: Jar | None) -> None:
        self.poller, self.data, self.chunks, self.done, self.deadline, self.jar = (
            poller, data, [], done, deadline, jar)
        self.sock, self.received, self.expected = None, 0, None
        if poller.closing:
            poller.close_set_aside()
        try:
            # made non-blocking (no ioctl after it)
            self.sock = sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM | socket.SOCK_NONBLOCK)
            self.fd = sock.fileno()
            code = sock.connect_ex(address)
        except OSError as error:
            self.fail(error)
            return
        if code not in (0, errno.EINPROGRESS):
            self.fail(OSError(code, f"connect: {os.strerror(code)}"))
            return
        poller.exchanges[self.fd] = self
        if poller.sweeping is None:
            poller.look_again()
        self.send(True)

    def send(self, new: bool) -> None:
        """The request sent at once (on 127.0.0.1 the connection is made before ``connect``
        returns); when the server's backlog was full, once the socket can be written."""
        try:
            sent = self.sock.send(self.data)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError as error:
            self.fail(error)
            return
        if sent < len(self.data):
            self.data = self.data[sent:]
            events = WRITABLE
        else:
            self.data, events = None, READABLE
        if new:
            self.poller.epoll.register(self.fd, events)
        else:
            self.poller.epoll.modify(self.fd, events)

    def ready(self) -> None:
        if self.data is None:
            self.readable()
            return
        code = self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if code:
            self.fail(OSError(code, f"connect: {os.strerror(code)}"))
        else:
            self.send(False)

    def readable(self) -> None:
        """What came read; the answer taken when the server has closed, or as soon as it is
        whole (its ``Content-Length`` of body read, or a 304): gunicorn writes the answer, then
        closes, and a wake of the loop for that close alone cost as much as the answer's. The
        socket is then closed with the next request (the server's close has come by then),
        not at once, which would leave the client the first to close."""
        recv, chunks, view = self.sock.recv_into, self.chunks, self.poller.view
        try:
            while size := recv(view):
                chunks.append(view[:size].tobytes())
                self.received += size
                if self.expected is None:
                    self.expected = whole_length(chunks)
                if self.expected is not None and 0 <= self.expected <= self.received:
                    self.set_aside()
                    break
            else:
                self.close()
        except (BlockingIOError, InterruptedError):
            self.poller.epoll.modify(self.fd, READABLE)  # one-shot: watched again
            return
        except OSError as error:
            self.fail(error)
            return
        if self.deadline is not None and self.poller.loop.time() > self.deadline:
            self.end(None, TimeoutError())
        elif not chunks:
            self.end(None, ConnectionError("the server closed the connection without an answer"))
        else:
            try:
                answer = parse(b"".join(chunks))
            except ValueError as error:
                self.end(None, error)
                return
            if self.jar is not None:
                self.jar.take(answer)
            self.end(answer, None)

    def set_aside(self) -> None:
        """The socket (which its one-shot event took out of the epoll's watch) closed when the
        next request starts."""
        poller = self.poller
        poller.exchanges.pop(self.fd, None)
        poller.closing.append(self.sock)
        if poller.sweeping is None:
            poller.look_again()
        self.sock = None

    def close(self) -> None:
        """The socket closed (which takes it out of the epoll), the request forgotten."""
        if self.sock is not None:
            self.poller.exchanges.pop(self.fd, None)
            self.sock.close()
            self.sock = self.chunks = None

    def fail(self, error: BaseException) -> None:
        self.close()
        self.end(None, error)

    def end(self, answer: Answer | None, error: BaseException | None) -> None:
        done, self.done = self.done, None
        if done is not None:
            done(answer, error)


class Client:
    """Requests to one server (``127.0.0.1:port``)."""

    def __init__(self, port: int, host: str = "127.0.0.1", language: str = "en") -> None:
        self.port, self.host, self.language = port, host, language
        self.address = (host, port)
        self._start = f"Host: {host}:{port}\r\nConnection: close\r\nAccept-Language: {language}\r\n"
        self._poller: _Poller | None = None

    def request_bytes(self, method: str, path: str, jar: Jar | None = None,
                      headers: dict[str, str] | None = None, form: list[tuple[str, str]] | None = None,
                      json=None) -> bytes:
        """The request as sent: request line, Host, Connection, Accept-Language,
        Content-Length, then ``headers``, the body's Content-Type and the jar's Cookie."""
        body, kind = b"", None
        if form is not None:
            body, kind = encode_form(form).encode(), "application/x-www-form-urlencoded"
        elif json is not None:
            body, kind = jsonlib.dumps(json).encode(), "application/json"
        cookie = jar.header() if jar is not None else None
        extra = headers or {}
        if kind is not None or cookie is not None:
            extra = dict(extra)
            if kind is not None:
                extra["Content-Type"] = kind
            if cookie is not None:
                extra["Cookie"] = cookie
        text = f"{method} {path} HTTP/1.1\r\n{self._start}Content-Length: {len(body)}\r\n"
        if extra:
            text += "".join(f"{k}: {v}\r\n" for k, v in extra.items())
        return (text + "\r\n").encode("latin-1") + body

    def close(self) -> None:
        """Every request still under way ended, every socket closed."""
        if self._poller is not None:
            self._poller.close()
            self._poller = None

    def poller(self) -> _Poller:
        """The poller of the running loop (made on first use, or anew for another loop)."""
        poller = self._poller
        if poller is not None and poller.loop.is_running():  # (asking for the running loop
            return poller  # is a getpid() call)
        loop = asyncio.get_running_loop()
        if self._poller is None or self._poller.loop is not loop:
            if self._poller is not None:
                self._poller.close()
            self._poller = _Poller(loop)
        return self._poller

    def start(self, method: str, path: str, done, *, jar: Jar | None = None,
              headers: dict[str, str] | None = None, form: list[tuple[str, str]] | None = None,
              json=None, deadline: float | None = None) -> _Exchange:
        """Starts a request and returns; ``done(answer, error)`` is called when it ends (from
        the loop, or at once if it fails at once): an :class:`Answer` and None, or None and an
        ``OSError`` (``TimeoutError``: no whole answer by ``deadline``, in the loop's time).
        No task and no future: the load generator's live polls are callbacks alone."""
        data = self.request_bytes(method, path, jar, headers, form, json)
        return _Exchange(self.poller(), self.address, data, done, deadline, jar)

    async def request(self, method: str, path: str, *, jar: Jar | None = None,
                      headers: dict[str, str] | None = None, form: list[tuple[str, str]] | None = None,
                      json=None, deadline: float | None = None) -> Answer:
        """:meth:`start` awaited: the answer, or its error raised."""
        future = self.poller().loop.create_future()

        def done(answer: Answer | None, error: BaseException | None) -> None:
            if future.done():  # cancelled
                return
            if error is None:
                future.set_result(answer)
            else:
                future.set_exception(error)

        exchange = self.start(method, path, done, jar=jar, headers=headers, form=form, json=json,
                              deadline=deadline)
        try:
            return await future
        except asyncio.CancelledError:
            exchange.done = None
            exchange.close()
            raise


def path_of(location: str) -> str:
    """The path and query of a ``Location`` header (absolute or not)."""
    parts = urlsplit(location)
    return parts.path + (f"?{parts.query}" if parts.query else "")


TAG_ATTRIBUTE = re.compile(r'([a-zA-Z_:][-\w:.]*)(?:\s*=\s*"([^"]*)")?')
INPUT = re.compile(r"<input\b([^>]*)>", re.I)
SELECT = re.compile(r"<select\b([^>]*)>(.*?)</select>", re.I | re.S)
OPTION = re.compile(r"<option\b([^>]*)>", re.I)
TEXTAREA = re.compile(r"<textarea\b([^>]*)>(.*?)</textarea>", re.I | re.S)
#: a checkbox or radio, which the browser sends only when checked
UNCHECKABLE = re.compile(r'\btype="(?:checkbox|radio)"', re.I)
FORM_START = re.compile(r"<form\b", re.I)
FORM_END = re.compile(r"</form>", re.I)


def attributes(text: str) -> dict[str, str | None]:
    return {name.lower(): (html.unescape(value) if value is not None else None)
            for name, value in TAG_ATTRIBUTE.findall(text)}


def form_of(page: str, marker: str) -> str | None:
    """The inside of the page's first form that contains ``marker``: where the marker is,
    between the last ``<form`` before it and the next ``</form>`` (forms do not nest)."""
    at = page.find(marker)
    while at >= 0:
        start = max((m.start() for m in FORM_START.finditer(page, 0, at)), default=-1)
        end = FORM_END.search(page, at)
        if start >= 0 and end is not None:
            opened = page.find(">", start)
            if FORM_END.search(page, start, at) is None and 0 <= opened < at:
                return page[opened + 1:end.start()]
        at = page.find(marker, at + 1)
    return None


def form_fields(page: str, marker: str = 'name="version"') -> list[tuple[str, str]]:
    """What a browser would send from the page's form that contains ``marker`` (without a
    button's name and value): text and hidden inputs, checked boxes and radios, selected options,
    text areas."""
    form = form_of(page, marker)
    if form is None:
        raise ValueError(f"no form with {marker} on the page")
    fields: list[tuple[str, str]] = []
    for match in INPUT.finditer(form):
        tag = match.group(1)
        if "checked" not in tag.lower() and UNCHECKABLE.search(tag):
            continue  # most of a city form: a box or radio not checked, skipped unparsed
        attrs = attributes(tag)
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
    """The value of the first input named ``name`` (the CSRF token, the city's version): found by
    its ``name="..."``, the tag around it read."""
    marker = f'name="{name}"'
    at = page.find(marker)
    while at >= 0:
        start, end = page.rfind("<", 0, at), page.find(">", at)
        if start >= 0 and end >= 0 and page.startswith("<input", start) and page[start + 6] in " \t\r\n/":
            return attributes(page[start + 6:end]).get("value")
        at = page.find(marker, at + 1)
    return None
