"""The server side of the capacity benchmark: the checkout being measured, served by gunicorn,
and the CPU its processes (and PostgreSQL's) used, read from ``/proc``.

The checkout is either a directory (this one by default) or a git revision exported with
``git archive`` into a temporary folder and its catalogs compiled, so ``--ref main`` measures
main as committed, whatever the working tree holds.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def describe(app_dir: Path) -> str:
    """The commit a checkout is at, and whether its files differ from it."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(app_dir), *args], capture_output=True, text=True,
                              check=True).stdout.strip()
    try:
        commit = git("rev-parse", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "unknown (not a git checkout)"
    return commit + (" with uncommitted changes" if dirty else "")


@contextmanager
def exported(ref: str):
    """``ref`` of this repository as files in a temporary folder, catalogs compiled; yields
    (folder, commit)."""
    commit = subprocess.run(["git", "-C", str(HERE.parent), "rev-parse", ref], capture_output=True, text=True,
                            check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="capacity-app-") as folder:
        archive = subprocess.Popen(["git", "-C", str(HERE.parent), "archive", commit],
                                   stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", folder], stdin=archive.stdout, check=True)
        archive.wait()
        pybabel = os.path.join(os.path.dirname(sys.executable), "pybabel")
        subprocess.run([pybabel, "-q", "compile", "-d", "translations"], cwd=folder, check=True)
        yield Path(folder), commit


def _stat(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as source:
            text = source.read()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # fields from the 3rd (state) on


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root`` and every process under it (gunicorn's workers and their PDF
    render children, :mod:`scorer.pdf.render_process`; PostgreSQL's backends): the living ones'
    own time, and through each one's ``cutime``/``cstime`` the time of those that ended (a
    recycled worker, a replaced render child, a backend)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields:
                parents.setdefault(int(fields[1]), []).append(int(entry))
    ticks, pending = 0, [root]
    while pending:
        pid = pending.pop()
        fields = _stat(pid)
        if fields is not None:
            ticks += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
            pending += parents.get(pid, [])
    return ticks / TICK


def kind_cpu(folder: str) -> dict[str, list[float]]:
    """Per kind of request: [count, CPU seconds, seconds in the worker], summed over the workers'
    files (``capacity_gunicorn.py``)."""
    totals: dict[str, list[float]] = {}
    for name in os.listdir(folder):
        if not name.endswith(".json") or name == "server.json":  # server.json: the settings
            continue
        try:
            with open(os.path.join(folder, name)) as source:
                data = json.load(source)
        except (OSError, ValueError):
            continue
        for kind, values in data.items():
            entry = totals.setdefault(kind, [0, 0.0, 0.0])
            for index, value in enumerate(values):
                entry[index] += value
    return totals


class Gunicorn:
    """``workers`` workers of the checkout in ``app_dir`` (its own worker class) on a free port
    of 127.0.0.1."""

    def __init__(self, app_dir: Path, environment: dict, workers: int, folder: str) -> None:
        self.port = free_port()
        self.cpu_folder = os.path.join(folder, f"cpu-{self.port}")
        os.makedirs(self.cpu_folder)
        self.log_path = os.path.join(folder, f"gunicorn-{self.port}.log")
        env = {**os.environ, **environment, "BIND": f"127.0.0.1:{self.port}",
               "WEB_CONCURRENCY": str(workers), "CAPACITY_CPU_DIR": self.cpu_folder}
        env.pop("PYTHONPATH", None)
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(HERE / "capacity_gunicorn.py"),
             "scorer:create_app()"], cwd=app_dir, env=env, stdout=self.log, stderr=self.log)

    def workers_said(self) -> str:
        """What the checkout's gunicorn settings chose: "4 sync workers", "4 gthread workers of
        16 threads"."""
        try:
            with open(os.path.join(self.cpu_folder, "server.json")) as settings:
                said = json.load(settings)
        except (OSError, ValueError):
            return "workers of unknown class"
        threads = f" of {said['threads']} threads" if said["worker_class"] == "gthread" else ""
        return f"{said['workers']} {said['worker_class']} workers{threads}"

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2) as connection:
                    connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                       b"Connection: close\r\n\r\n")
                    if b" 200 " in connection.recv(100):
                        return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start; its log:\n{self.tail()}")
            time.sleep(0.2)

    def cpu(self) -> float:
        return tree_cpu(self.process.pid)

    def kinds(self) -> dict[str, list[float]]:
        return kind_cpu(self.cpu_folder)

    def tail(self, lines: int = 30) -> str:
        self.log.flush()
        with open(self.log_path, errors="replace") as source:
            return "".join(source.readlines()[-lines:])

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def postmaster_pid(data_dir: str) -> int:
    with open(os.path.join(data_dir, "postmaster.pid")) as source:
        return int(source.readline())
