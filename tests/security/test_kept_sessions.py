"""Verified session cookies are kept (scorer.safety.sessions), and still refused as Flask would
refuse them: tampered, signed with another key, or older than the session's lifetime."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask import session
from itsdangerous import URLSafeTimedSerializer

from scorer.safety import sessions


@pytest.fixture
def counted(app, monkeypatch):
    """How many times a session cookie's signature was checked."""
    checks = []
    original = URLSafeTimedSerializer.loads

    def loads(self, *args, **kwargs):
        checks.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(URLSafeTimedSerializer, "loads", loads)

    @app.get("/_set")
    def set_value():
        session["seen"] = ["a"]
        return "set"

    @app.get("/_get")
    def get_value():
        value = session.get("seen")
        if value is not None:
            value.append("changed in this request only")
        return repr(session.get("seen"))

    return checks


def test_a_cookie_is_checked_once_and_each_request_gets_its_own_copy(app, client, counted):
    assert isinstance(app.session_interface, sessions.KeptCookieSessionInterface)
    client.get("/_set")
    answers = [client.get("/_get").get_data(as_text=True) for _ in range(5)]
    assert answers == ["['a', 'changed in this request only']"] * 5
    assert len(counted) == 1


def test_a_tampered_cookie_is_refused(client, counted):
    client.get("/_set")
    value = client.get_cookie("session").value
    client.set_cookie("session", value[:-2] + ("AA" if not value.endswith("AA") else "BB"))
    assert client.get("/_get").get_data(as_text=True) == "None"


def test_a_new_secret_key_refuses_kept_cookies(app, client, counted):
    client.get("/_set")
    assert client.get("/_get").get_data(as_text=True) != "None"
    app.secret_key = "another"
    assert client.get("/_get").get_data(as_text=True) == "None"


def test_a_kept_cookie_expires_with_the_session_lifetime(app, client, counted, monkeypatch):
    app.permanent_session_lifetime = timedelta(seconds=100)
    client.get("/_set")
    assert client.get("/_get").get_data(as_text=True) != "None"
    now = sessions.time.time()
    monkeypatch.setattr(sessions.time, "time", lambda: now + 101)
    assert client.get("/_get").get_data(as_text=True) == "None"


def test_the_store_is_bounded(app, counted):
    app.session_interface = sessions.KeptCookieSessionInterface(size=3)
    clients = [app.test_client() for _ in range(5)]
    for client in clients:
        client.get("/_set")
        client.get("/_get")
    assert len(app.session_interface._kept) <= 3
    assert all(client.get("/_get").get_data(as_text=True) != "None" for client in clients)
