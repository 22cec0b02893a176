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
    dispose(app)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def postgres_cluster():
    """One throwaway PostgreSQL cluster for the whole run, started on first use (about 2 s)."""
    from tests.postgres import running_cluster

    with running_cluster() as cluster:
        yield cluster


@pytest.fixture(scope="session")
def redis_server():
    """One throwaway Redis server for the whole run, started on first use; the tests that need
    it are skipped, saying why, only where redis-server is not installed (CI installs it)."""
    from tests.redis_server import MISSING, binary, running_redis

    if binary() is None:
        pytest.skip(MISSING)
    with running_redis() as server:
        yield server


def dispose(app) -> None:
    for engine in app.extensions.get("scorer.storage", {}).values():
        engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def database_url(request, tmp_path):
    """A fresh, empty database of each kind the storage layer supports, as a URL."""
    if request.param == "sqlite":
        yield "sqlite:///" + str(tmp_path / "storage.sqlite")
    else:
        with request.getfixturevalue("postgres_cluster").fresh_schema() as url:
            yield url


@pytest.fixture
def storage_app(database_url):
    """An app on each database: the storage tests run against SQLite and PostgreSQL."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                      "WTF_CSRF_ENABLED": False})
    yield app
    dispose(app)
