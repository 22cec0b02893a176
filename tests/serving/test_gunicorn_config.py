"""Hosting defaults (issue 28, item 8): gunicorn listens on this machine only unless ``BIND``
says otherwise, since ``SCORER_PROXY_FIX`` believes the forwarded headers of whoever connects;
a server that trusts them on an address others reach says so at start."""

from __future__ import annotations

import importlib
import logging
import sys

import pytest

from scorer import create_app
from scorer.safety import limits
from scorer.serving import gunicorn_config, heap


def settings(monkeypatch, **environment):
    for name in ("BIND", "PORT", "WEB_CONCURRENCY", "THREADS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return importlib.reload(gunicorn_config)


@pytest.fixture(autouse=True)
def fresh_module(monkeypatch):
    yield
    monkeypatch.undo()
    importlib.reload(gunicorn_config)


def test_gunicorn_binds_this_machine_only_by_default(monkeypatch):
    assert settings(monkeypatch).bind == "127.0.0.1:8000"
    assert settings(monkeypatch, PORT="9000").bind == "127.0.0.1:9000"
    assert settings(monkeypatch, BIND="0.0.0.0:8000").bind == "0.0.0.0:8000"
    assert settings(monkeypatch, BIND="unix:/run/scorer.sock", PORT="9000").bind == "unix:/run/scorer.sock"


@pytest.mark.parametrize("address, local", [
    ("127.0.0.1:8000", True), ("[::1]:8000", True), ("localhost:8000", True), ("unix:/run/s.sock", True),
    ("0.0.0.0:8000", False), ("[::]:8000", False), ("10.0.0.5:8000", False), ("scores.example:80", False),
])
def test_which_addresses_only_this_machine_reaches(address, local):
    assert gunicorn_config.local_only(address) is local


def test_trusting_forwarded_headers_on_an_open_address_is_warned_about(monkeypatch, caplog):
    assert gunicorn_config.exposure_warning(["127.0.0.1:8000"], "1") is None
    assert gunicorn_config.exposure_warning(["0.0.0.0:8000"], None) is None
    assert gunicorn_config.exposure_warning(["0.0.0.0:8000"], "0") is None
    warning = gunicorn_config.exposure_warning(["127.0.0.1:8000", "0.0.0.0:8000"], "1")
    assert "0.0.0.0:8000" in warning and "127.0.0.1:8000" not in warning

    class Server:  # what gunicorn hands its when_ready hook
        class cfg:
            bind = ["0.0.0.0:8000"]
        log = logging.getLogger("gunicorn.error")

    monkeypatch.setenv("SCORER_PROXY_FIX", "1")
    with caplog.at_level(logging.WARNING, logger="gunicorn.error"):
        gunicorn_config.when_ready(Server)
    assert "SCORER_PROXY_FIX trusts" in caplog.text


def test_workers_answer_on_threads_and_take_a_connection_only_with_a_thread_free(monkeypatch):
    """Issue 31: sync workers are taken whole by a flooding client; gthread workers hold its
    refusals on a few threads and answer the others. A worker with every thread busy leaves new
    connections to the other workers (``worker_connections`` = threads)."""
    config = settings(monkeypatch)
    assert config.worker_class == "gthread"
    assert config.threads == config.worker_connections == 16
    config = settings(monkeypatch, THREADS="6")
    assert config.threads == config.worker_connections == 6

    class Worker:  # what gunicorn hands its post_worker_init hook
        class cfg:
            threads = 6
        wsgi = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": ":memory:"})

    default = sys.getswitchinterval()
    monkeypatch.setattr(sys, "setswitchinterval", lambda seconds: switched.append(seconds))
    monkeypatch.setattr(heap, "settle", lambda: settled.append(True))
    settled: list[bool] = []
    switched: list[float] = []
    config.post_worker_init(Worker)
    assert Worker.wsgi.config["SERVER_THREADS"] == 6
    assert limits.hold_capacity(Worker.wsgi) == 4
    # a poll behind a sheet drawn on another thread of the worker waits 1 ms slices, not 5
    assert switched == [0.001] and default == 0.005
    assert settled == [True]  # the loaded app frozen out of full collections (scorer.serving.heap)
    switched.clear()
    settings(monkeypatch, SWITCH_INTERVAL="0.002").post_worker_init(Worker)
    assert switched == [0.002]
