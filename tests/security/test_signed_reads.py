"""Signed cookies checked once per value (issue 31): what :func:`signed_cookies.read` keeps
never lets a value through that a fresh check of the signature refuses, whichever app, cookie
or salt checked it first."""

from __future__ import annotations

import pytest
from itsdangerous import BadSignature, Signer

from scorer import create_app
from scorer.games import access
from scorer.safety import signed_cookies
from tests.conftest import dispose


def signed(secret: str, salt: str, value: str) -> str:
    return Signer(secret, salt=salt).sign(value.encode("ascii")).decode("ascii")


@pytest.fixture
def other(app, tmp_path):
    """An app with another secret key."""
    made = create_app({**app.config, "SECRET_KEY": "another", "DATABASE": str(tmp_path / "o.db")})
    yield made
    dispose(made)


def fresh(secret: str, salt: str, sent: str | None) -> str:
    try:
        return Signer(secret, salt=salt).unsign(sent or "").decode("ascii")
    except BadSignature:
        return ""


def read(app, name: str, salt: str, sent: str | None) -> tuple[str, str]:
    """(kept read, fresh check) of a request sending ``sent`` as cookie ``name``."""
    headers = {"Cookie": f"{name}={sent}"} if sent is not None else {}
    with app.test_request_context(headers=headers):
        return signed_cookies.read(name, salt), fresh(app.secret_key, salt, sent)


def test_a_value_reads_as_the_plain_read_does_whatever_was_checked_before(app, other):
    signed_cookies.CHECKED.clear()
    good = signed("test", access.HISTORY_SALT, "abc")
    cases = [(app, access.HISTORY_COOKIE, access.HISTORY_SALT, good, "abc"),
             (other, access.HISTORY_COOKIE, access.HISTORY_SALT, good, ""),  # another key
             (app, "seats", "scorer.seats", good, ""),  # another cookie's salt
             (app, access.HISTORY_COOKIE, access.HISTORY_SALT, good[:-1] + "x", ""),  # forged
             (app, access.HISTORY_COOKIE, access.HISTORY_SALT, "", ""),
             (app, access.HISTORY_COOKIE, access.HISTORY_SALT, None, "")]
    for _round in range(2):  # the second round answers from what the first remembered
        for made, name, salt, sent, expected in cases:
            assert read(made, name, salt, sent) == (expected, expected), (name, salt, sent)


def test_the_store_stays_bounded(app, monkeypatch):
    monkeypatch.setattr(signed_cookies.CHECKED, "size", 3)
    signed_cookies.CHECKED.clear()
    for number in range(10):
        value = signed("test", access.HISTORY_SALT, f"v{number}")
        assert read(app, access.HISTORY_COOKIE, access.HISTORY_SALT, value)[0] == f"v{number}"
        assert len(signed_cookies.CHECKED) <= 3
