"""Shared fixtures: an app with a temporary instance folder, its client and CLI runner."""

from __future__ import annotations

import pytest

from scorer import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "DATABASE": str(tmp_path / "test.sqlite"),
        "WTF_CSRF_ENABLED": False,
    })
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture(params=["sqlite"])
def storage_app(request, tmp_path):
    """An app on each database the storage layer supports (PostgreSQL joins in conftest below)."""
    config = {"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "test.sqlite"),
              "WTF_CSRF_ENABLED": False}
    yield create_app(config)
