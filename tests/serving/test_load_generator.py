"""The capacity benchmark's load generator (issue 31): ``benchmarks/load_client.py``, the rung
of ``benchmarks/capacity.py`` that drives it, and the replay server of
``benchmarks/load_generator.py`` that measures it.

The generator shares the machine with the server it measures, so it was made cheaper; these
hold that it still sends the same bytes, reads the same answers, parses the city form as a
browser sends it, keeps its deadline, and runs a rung of the schedule against a server."""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import io
import json
import random
import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import capacity  # noqa: E402
import load_generator  # noqa: E402
from load_client import Client, Jar, form_fields, hidden_value  # noqa: E402


def run_apart(main):
    """``asyncio.run(main())`` on a thread of its own: in the whole suite the browser tests'
    Playwright leaves an event loop running on the main thread, where ``asyncio.run`` refuses
    to start (and the coroutine, never awaited, then failed a later test's warnings)."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(lambda: asyncio.run(main())).result()


def test_the_request_is_the_bytes_it_always_was():
    client = Client(5000)
    jar = Jar({"session": "abc", "seats": "x"})
    form = [("coins", "4"), ("action", "pad")]
    assert client.request_bytes("POST", "/games/g/players/p", jar, form=form) == (
        b"POST /games/g/players/p HTTP/1.1\r\nHost: 127.0.0.1:5000\r\nConnection: close\r\n"
        b"Accept-Language: en\r\nContent-Length: 18\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        b"Cookie: session=abc; seats=x\r\n\r\ncoins=4&action=pad")
    assert client.request_bytes("GET", "/games/g/live", jar, {"If-None-Match": 'W/"e"'}) == (
        b"GET /games/g/live HTTP/1.1\r\nHost: 127.0.0.1:5000\r\nConnection: close\r\n"
        b"Accept-Language: en\r\nContent-Length: 0\r\nIf-None-Match: W/\"e\"\r\n"
        b"Cookie: session=abc; seats=x\r\n\r\n")
    assert client.request_bytes("POST", "/api/v1/games", None, {"X-Owner-Token": "t"}, json={"a": 1}) == (
        b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1:5000\r\nConnection: close\r\n"
        b"Accept-Language: en\r\nContent-Length: 8\r\nX-Owner-Token: t\r\n"
        b"Content-Type: application/json\r\n\r\n{\"a\": 1}")


class Scripted(asyncio.Protocol):
    """A server that answers every request with ``answer`` (after ``wait`` seconds; none when
    None), then keeps the connection open ``hold`` seconds before it closes it."""

    answer: bytes | None = b""
    wait = 0.0
    hold = 0.0
    requests: list[bytes] = []

    def connection_made(self, transport) -> None:
        self.transport, self.data = transport, b""

    def data_received(self, data: bytes) -> None:
        self.data += data
        if b"\r\n\r\n" in self.data and self.answer is not None:
            type(self).requests.append(self.data)
            loop = asyncio.get_running_loop()
            loop.call_later(self.wait, self.transport.write, self.answer)
            loop.call_later(self.wait + self.hold, self.transport.close)


async def serve(answer: bytes | None, wait: float = 0.0, hold: float = 0.0):
    handler = type("Handler", (Scripted,), {"answer": answer, "wait": wait, "hold": hold, "requests": []})
    server = await asyncio.get_running_loop().create_server(handler, "127.0.0.1", 0)
    return server, handler, server.sockets[0].getsockname()[1]


def test_a_whole_answer_is_taken_before_the_server_closes():
    """gunicorn closes right after it writes; a wake of the loop for that close cost as much as
    the answer, so the answer is taken when its Content-Length is in (or it is a 304)."""
    async def main():
        body = b"<p>pad</p>"
        server, _, port = await serve(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nETag: W/\"7\"\r\n"
                                      b"Set-Cookie: seats=s1; Path=/\r\n\r\n" % len(body) + body, hold=5)
        jar, client = Jar(), Client(port)
        started = time.monotonic()
        answer = await client.request("GET", "/games/g/live", jar=jar)
        assert time.monotonic() - started < 2
        assert (answer.status, answer.body, answer.header("etag")) == (200, body, 'W/"7"')
        assert jar.cookies == {"seats": "s1"}
        server.close()
        client.close()
        server, _, port = await serve(b"HTTP/1.1 304 NOT MODIFIED\r\nETag: W/\"7\"\r\n\r\n", hold=5)
        client = Client(port)
        answer = await client.request("GET", "/games/g/live")
        assert time.monotonic() - started < 4
        assert (answer.status, answer.body) == (304, b"")
        client.close()
        server.close()

    run_apart(main)


def test_an_answer_without_a_length_is_read_to_the_close_and_dechunked():
    async def main():
        server, _, port = await serve(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
                                      b"Set-Cookie: session=gone; Max-Age=0\r\n\r\n"
                                      b"3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n", hold=0.3)
        jar, client = Jar({"session": "s", "seats": "x"}), Client(port)
        answer = await client.request("GET", "/", jar=jar)
        assert (answer.status, answer.body) == (200, b"abcde")
        assert jar.cookies == {"seats": "x"}
        assert jar.header() == "seats=x"
        client.close()
        server.close()

    run_apart(main)


def test_no_whole_answer_by_the_deadline_is_a_timeout_and_a_refusal_an_os_error():
    async def main():
        loop = asyncio.get_running_loop()
        server, _, port = await serve(None)  # reads, never answers
        started, client = loop.time(), Client(port)
        with pytest.raises(TimeoutError):
            await client.request("GET", "/", deadline=started + 0.3)
        assert 0.3 <= loop.time() - started < 1.5
        client.close()
        server.close()
        # the answer comes, but after the deadline: still a timeout, as when it never comes
        server, _, port = await serve(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", wait=0.5)
        client = Client(port)
        with pytest.raises(TimeoutError):
            await client.request("GET", "/", deadline=loop.time() + 0.4)
        server.close()
        await server.wait_closed()
        with pytest.raises(OSError):
            await client.request("GET", "/", deadline=loop.time() + 5)
        client.close()

    run_apart(main)


def test_many_requests_at_once_each_get_their_own_answer():
    async def main():
        server, handler, port = await serve(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        client = Client(port)
        answers = await asyncio.gather(*(client.request("GET", f"/{n}") for n in range(300)))
        assert {a.body for a in answers} == {b"ok"} and len(handler.requests) == 300
        client.close()
        server.close()

    run_apart(main)


PAGE = """<html><form action="/lang"><input name="lang" value="nl"></form>
<form method="post" action="/games/g/players/p">
  <input type="hidden" name="csrf_token" value="tok&amp;en">
  <input type="hidden" name="version" value="3">
  <input name="coins" value="4" type="number">
  <input type="text" name="note">
  <input type="checkbox" name="cards" value="lumber-yard" checked>
  <input type="checkbox" name="cards" value="baths">
  <input type="CHECKBOX" name="cards" value="altar" CHECKED>
  <input type="radio" name="stages" value="1">
  <input type="radio" name="stages" value="2" checked>
  <input type="checkbox" name="off" value="1" checked disabled>
  <input type="submit" name="action" value="pad">
  <select name="side"><option value="a">A</option><option value="b" selected>B</option></select>
  <select name="wonder"><option value="gizah">Gizah</option><option value="rhodes">Rhodes</option></select>
  <select name="many" multiple><option value="x">X</option></select>
  <textarea name="memo">two &lt;lines&gt;</textarea>
</form></html>"""


def test_the_city_form_is_read_as_a_browser_sends_it():
    assert form_fields(PAGE) == [
        ("csrf_token", "tok&en"), ("version", "3"), ("coins", "4"), ("note", ""),
        ("cards", "lumber-yard"), ("cards", "altar"), ("stages", "2"), ("side", "b"),
        ("wonder", "gizah"), ("memo", "two <lines>")]
    assert hidden_value(PAGE, "csrf_token") == "tok&en"
    assert hidden_value(PAGE, "version") == "3"
    assert hidden_value(PAGE, "lang") == "nl"
    assert hidden_value(PAGE, "missing") is None
    with pytest.raises(ValueError):
        form_fields(PAGE, 'name="nowhere"')


def recorded() -> dict:
    """Answers for the replay server, as ``load_generator.record`` keeps them."""
    game, etag = load_generator.GAME, load_generator.ETAG
    html = b"text/html; charset=utf-8"
    city = (b'<form method="post" action="/games/' + game + b'/players/p">'
            b'<input type="hidden" name="csrf_token" value="t"><input type="hidden" name="version" value="1">'
            b'<input name="coins" value="3"><input type="checkbox" name="cards" value="baths"></form>')
    made = json.dumps({"id": "@", "owner_token": "o", "players": [{"id": f"p{n}"} for n in range(7)]})
    answers = {
        "game_made": (b"HTTP/1.1 201 CREATED\r\nContent-Type: application/json",
                      made.replace("@", "\x00game\x00").encode()),
        "pad": (b"HTTP/1.1 200 OK\r\nContent-Type: " + html, b'<div data-etag="' + etag + b'">pad</div>'),
        "live": (b"HTTP/1.1 200 OK\r\nETag: W/\"" + etag + b"\"", b"<div>live</div>"),
        "unchanged": (b"HTTP/1.1 304 NOT MODIFIED\r\nETag: W/\"" + etag + b"\"", b""),
        "city": (b"HTTP/1.1 200 OK\r\nSet-Cookie: session=s; HttpOnly; Path=/", city),
        "save": (b"HTTP/1.1 302 FOUND\r\nLocation: /games/" + game, b""),
        "group": (b"HTTP/1.1 200 OK", b"<p>group</p>"),
        "sheet": (b"HTTP/1.1 200 OK\r\nContent-Type: application/pdf", b"%PDF-1.7"),
        "deleted": (b"HTTP/1.1 204 NO CONTENT", b""),
    }
    return {"answers": answers, "game_length": 8, "etag_length": 12}


class NoServer:
    """What ``capacity.rung`` asks of a server, for one that keeps no figures."""

    def kinds(self) -> dict:
        return {}

    def cpu(self) -> float:
        return 0.0


def test_a_rung_runs_its_schedule_against_the_replay_server():
    """One table of seven phones for 3 s: every poll, city page, save, pad, group page and
    sheet sent and answered, the polls as the replay's revisions move (a save changes the
    game, the next polls get 200 and a new ETag, then 304s again), and the report printed."""
    load_generator.Replay.recorded = recorded()
    load_generator.Replay.revisions = {}

    async def main():
        server = await asyncio.get_running_loop().create_server(load_generator.Replay, "127.0.0.1", 0)
        client = Client(server.sockets[0].getsockname()[1])
        args = argparse.Namespace(seconds=3.0, poll=0.5, think=0.2, patience=5.0, outside_group=False,
                                  verbose=False)
        result = await capacity.rung(client, NoServer(), "group", 1, args, random.Random(1), None, quiet=True)
        client.close()
        server.close()
        return result

    result = run_apart(main)
    counts = {kind: len(result.of(kind)) for kind in capacity.KINDS}
    assert (counts["live"], counts["city"], counts["save"], counts["sheet"]) == (42, 21, 21, 1)
    assert counts["pad"] in (21, 22) and counts["group"] in (0, 1)  # the host's: every 10 and 30 s
    assert all(record.ok for record in result.records), [r for r in result.records if not r.ok]
    statuses = [record.status for record in result.of("live")]
    assert 200 in statuses and 304 in statuses
    assert not [reason for reason in result.failures() if "failed" in reason]  # (not p99: a busy machine)
    report = io.StringIO()
    result.report(out=report)
    assert re.search(r"load generator: [\d.]+ CPU-s \(\d+% of a core, [\d.]+ ms a request\)",
                     report.getvalue())
    assert re.search(r"machine \(/proc/stat, everything on it\): [\d.]+ of \d+ cores busy over "
                     r"the run; stolen by the hypervisor [\d.]+% of the cores' time", report.getvalue())
    timeline = io.StringIO()
    result.timeline(timeline, slices=3)
    assert len(re.findall(r"requests, .*; [\d.]+ busy, \d+% stolen", timeline.getvalue())) == 3
    assert list(load_generator.Replay.revisions.values()) == [21]  # each of the 7 saved 3 times


def test_the_machine_share_counts_busy_cores_and_stolen_time():
    """Two readings of /proc/stat 2 s apart: busy is everything but idle, iowait and steal, in
    cores; steal is a share of every tick, the hypervisor's own included."""
    import os

    import host_cpu

    tick = os.sysconf("SC_CLK_TCK")
    first = dict.fromkeys(host_cpu.COLUMNS, 1000)
    last = {**first, "user": 1000 + 2 * tick, "system": 1000 + tick // 2, "idle": 1000 + tick,
            "steal": 1000 + tick // 2}
    share = host_cpu.between(first, last, 2.0)
    assert share.busy_cores == pytest.approx(1.25, rel=0.02)
    assert share.steal == pytest.approx(0.125, rel=0.02)
    assert host_cpu.read() is None or set(host_cpu.read()) == set(host_cpu.COLUMNS)
