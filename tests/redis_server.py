"""A throwaway Redis server from Debian's ``redis-server`` package, for tests.

Like the PostgreSQL cluster of ``tests/postgres.py``: it listens only on a Unix socket inside
its own temporary directory (no port to collide with a system Redis or another test run),
keeps nothing on disk, and is stopped and deleted when the tests end.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager

MISSING = ("redis-server is not installed: apt-get install redis-server "
           "(sh scripts/setup.sh test does it), or deselect with -m 'not redis'")


def binary() -> str | None:
    return shutil.which("redis-server") or next(
        (path for path in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if os.path.exists(path)), None)


class RedisServer:
    def __init__(self) -> None:
        found = binary()
        if found is None:
            raise RuntimeError(MISSING)
        self.binary = found
        self.dir = tempfile.mkdtemp(prefix="scorer-redis-")
        self.socket = os.path.join(self.dir, "redis.sock")
        self.process: subprocess.Popen | None = None

    def start(self) -> RedisServer:
        self.process = subprocess.Popen(
            [self.binary, "--port", "0", "--unixsocket", self.socket, "--unixsocketperm", "700",
             "--save", "", "--appendonly", "no", "--dir", self.dir, "--daemonize", "no",
             "--logfile", os.path.join(self.dir, "log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)
        return self

    def answers(self) -> bool:
        try:
            with socket.socket(socket.AF_UNIX) as connection:
                connection.settimeout(2)
                connection.connect(self.socket)
                connection.sendall(b"PING\r\n")
                return connection.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def url(self) -> str:
        """The address for the ``redis`` package (``redis.Redis.from_url``), e.g. ``LOCK_URI``."""
        return f"unix://{self.socket}"

    def limits_url(self) -> str:
        """The address for Flask-Limiter's ``RATELIMIT_STORAGE_URI``."""
        return f"redis+unix://{self.socket}"

    def stop(self) -> None:
        try:
            if self.process is not None and self.process.poll() is None:
                self.process.terminate()
                self.process.wait(timeout=20)
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@contextmanager
def running_redis():
    server = RedisServer()
    try:
        yield server.start()
    finally:
        server.stop()
