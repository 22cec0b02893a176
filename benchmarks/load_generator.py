"""Benchmark: the capacity benchmark's load generator alone, its CPU per request (issue 31).

``benchmarks/capacity.py`` sends hundreds of requests a second from one process on the machine
that serves them, so every CPU-millisecond it spends is taken from the server it measures. This
runs its rungs unchanged (``capacity.rung``: the same tables, schedule, requests and report)
against a server that only replays answers, so the generator's cost can be measured at 100
tables without saturating the machine, and compared between versions of ``load_client.py``.

The answers are recorded first from the app itself (this checkout, gunicorn with one worker):
a group, a seven-player game, its pad, live part (200 and 304), city page, a save's redirect,
the group page and the sheet PDF, each as gunicorn sent it. The replay server (a child process,
asyncio) answers each request with the recorded answer of its kind, the game's id and a live
ETag of the game's revision put in (a save moves the revision, so the phones' next polls get
200s as they would), and closes the connection as gunicorn does.

Printed per rung: capacity.py's report (its "server" lines are the replay server's), whose
"load generator" line is the figure this is for.

    .venv/bin/python benchmarks/load_generator.py --tables 100 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pickle
import random
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import capacity  # noqa: E402
from capacity_server import Gunicorn, tree_cpu  # noqa: E402
from load_client import Jar, form_fields, hidden_value, parse  # noqa: E402

GAME, ETAG = b"\x00game\x00", b"\x00etag\x00"
#: the answers gunicorn adds and the replay computes
DROPPED = re.compile(rb"^(content-length|date):", re.I)


def fetch(port: int, method: str, path: str, jar: Jar | None = None, headers: dict | None = None,
          body: bytes = b"", content_type: str | None = None) -> bytes:
    """One request, blocking, the answer's bytes as sent."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
             "Accept-Language: en", f"Content-Length: {len(body)}"]
    if content_type:
        lines.append(f"Content-Type: {content_type}")
    if jar is not None and jar.header():
        lines.append(f"Cookie: {jar.header()}")
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    raw = b"".join(chunks)
    if jar is not None:
        jar.take(parse(raw))
    return raw


def template(raw: bytes, game: str, etag: str | None = None) -> tuple[bytes, bytes]:
    """An answer as (head, body) with the game's id and the ETag made placeholders, without the
    headers the replay writes itself."""
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = [line for line in head.split(b"\r\n") if not DROPPED.match(line)]
    head = b"\r\n".join(lines)

    def mark(data: bytes) -> bytes:
        data = data.replace(game.encode(), GAME)
        return data.replace(etag.encode(), ETAG) if etag else data

    return mark(head), mark(body)


def record(folder: str) -> dict:
    """Each kind of answer as this checkout's gunicorn sends it."""
    import json

    environment = {"SCORER_SECRET_KEY": "capacity", "SCORER_INSTANCE_PATH": folder,
                   "SCORER_RATELIMIT_ENABLED": "false", "SCORER_DATABASE_AUTO_MIGRATE": "true",
                   "SCORER_DATABASE": os.path.join(folder, "scorer.sqlite")}
    server = Gunicorn(HERE.parent, environment, 1, folder)
    try:
        server.wait_ready()
        port = server.port
        group_raw = fetch(port, "POST", "/api/v1/groups", body=b'{"name": "Friday club"}',
                          content_type="application/json")
        group = parse(group_raw).json()["id"]
        made_raw = fetch(port, "POST", f"/api/v1/groups/{group}/games",
                         body=json.dumps(capacity.varied_game(1)).encode(), content_type="application/json")
        made = parse(made_raw).json()
        game, player = made["id"], made["players"][0]["id"]
        jar = Jar()
        pad = fetch(port, "GET", f"/games/{game}", jar)
        etag = re.search(rb'data-etag="([^"]*)"', parse(pad).body).group(1).decode()
        city = fetch(port, "GET", f"/games/{game}/players/{player}", jar)
        text = parse(city).body.decode()
        form = dict(form_fields(text)) | {"csrf_token": hidden_value(text, "csrf_token"), "action": "pad"}
        from urllib.parse import urlencode

        saved = fetch(port, "POST", f"/games/{game}/players/{player}", jar, body=urlencode(form).encode(),
                      content_type="application/x-www-form-urlencoded")
        if parse(saved).status not in (302, 303):
            raise RuntimeError(f"the recorded save answered {parse(saved).status}")
        pad = fetch(port, "GET", f"/games/{game}", jar)
        etag = re.search(rb'data-etag="([^"]*)"', parse(pad).body).group(1).decode()
        live = fetch(port, "GET", f"/games/{game}/live", jar)
        unchanged = fetch(port, "GET", f"/games/{game}/live", jar, headers={"If-None-Match": f'W/"{etag}"'})
        if parse(unchanged).status != 304:
            raise RuntimeError(f"the recorded live poll answered {parse(unchanged).status}, not 304")
        answers = {
            "group_made": template(group_raw, game), "game_made": template(made_raw, game),
            "pad": template(pad, game, etag), "live": template(live, game, etag),
            "unchanged": template(unchanged, game, etag), "city": template(city, game),
            "save": template(saved, game),
            "group": template(fetch(port, "GET", f"/groups/{group}", jar), game),
            "sheet": template(fetch(port, "GET", f"/games/{game}/sheet.pdf", jar), game),
            "deleted": template(fetch(port, "DELETE", f"/api/v1/games/{game}",
                                      headers={"X-Owner-Token": made["owner_token"]}), game),
        }
        return {"answers": answers, "game_length": len(game), "etag_length": len(etag)}
    finally:
        server.stop()


class Replay(asyncio.Protocol):
    """One connection of the replay server: read a request, answer it, close."""

    recorded: dict
    revisions: dict[str, int] = {}
    made = 0

    def connection_made(self, transport) -> None:
        self.transport, self.data = transport, b""

    def data_received(self, data: bytes) -> None:
        self.data += data
        head, found, body = self.data.partition(b"\r\n\r\n")
        if not found:
            return
        length = re.search(rb"\r\ncontent-length: *(\d+)", head, re.I)
        if length and len(body) < int(length.group(1)):
            return
        self.transport.write(self.answer(head))
        self.transport.close()

    def answer(self, head: bytes) -> bytes:
        method, path = head.split(b" ", 2)[:2]
        parts = path.decode().split("?")[0].strip("/").split("/")
        cls, game = type(self), parts[1] if len(parts) > 1 else ""
        if method == b"POST" and parts[:3] == ["api", "v1", "groups"] and len(parts) == 3:
            kind = "group_made"
        elif method == b"POST" and parts[:2] == ["api", "v1"]:
            cls.made += 1
            kind, game = "game_made", f"{cls.made:0{cls.recorded['game_length']}d}"
        elif method == b"DELETE":
            kind, game = "deleted", parts[-1]
        elif parts[0] == "groups":
            kind = "group"
        elif len(parts) == 2:
            kind = "pad"
        elif parts[2] == "live":
            etag = self.etag(game)
            kind = "unchanged" if etag in head else "live"
        elif parts[2] == "sheet.pdf":
            kind = "sheet"
        elif method == b"POST":
            kind = "save"
            cls.revisions[game] = cls.revisions.get(game, 0) + 1
        else:
            kind = "city"
        head_part, body = cls.recorded["answers"][kind]
        etag = self.etag(game)
        head_part = head_part.replace(GAME, game.encode()).replace(ETAG, etag)
        body = body.replace(GAME, game.encode()).replace(ETAG, etag)
        return head_part + b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body

    def etag(self, game: str) -> bytes:
        """The live ETag of the game's revision, as long as the recorded one."""
        width = type(self).recorded["etag_length"]
        return f"{game}-{type(self).revisions.get(game, 0)}".rjust(width, "r")[-width:].encode()


def serve(recorded_path: str) -> None:
    """The replay server's process: prints its port, serves until terminated."""
    with open(recorded_path, "rb") as source:
        Replay.recorded = pickle.load(source)

    async def main() -> None:
        server = await asyncio.get_running_loop().create_server(Replay, "127.0.0.1", 0, backlog=2048)
        print(server.sockets[0].getsockname()[1], flush=True)
        await server.serve_forever()

    asyncio.run(main())


class ReplayServer:
    """The replay process, with the calls ``capacity.rung`` makes of a server."""

    def __init__(self, recorded_path: str) -> None:
        self.process = subprocess.Popen([sys.executable, __file__, "--serve", recorded_path],
                                        stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def kinds(self) -> dict[str, list[float]]:
        return {}

    def cpu(self) -> float:
        return tree_cpu(self.process.pid)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


async def rungs(server: ReplayServer, args) -> None:
    client = capacity.Client(server.port)
    rng = random.Random(args.seed)
    warm = argparse.Namespace(**{**vars(args), "seconds": 5.0})
    try:
        await capacity.rung(client, server, "group", 2, warm, rng, None, quiet=True)
        for tables in args.tables:
            await capacity.rung(client, server, "group", tables, args, rng, None)
    finally:
        client.close()


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        serve(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100], help="the rungs, in tables")
    parser.add_argument("--seconds", type=float, default=20, help="scheduled length of each rung")
    parser.add_argument("--poll", type=float, default=2.0)
    parser.add_argument("--think", type=float, default=2.0)
    parser.add_argument("--patience", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    args.outside_group, args.verbose = False, False
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory(prefix="load-generator-") as folder:
        started = time.monotonic()
        recorded = record(folder)
        path = os.path.join(folder, "recorded.pickle")
        with open(path, "wb") as out:
            pickle.dump(recorded, out)
        print(f"answers recorded from this checkout in {time.monotonic() - started:.0f} s; "
              f"replayed by a server of their own (its CPU is the report's \"server\")", flush=True)
        server = ReplayServer(path)
        try:
            asyncio.run(rungs(server, args))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
