"""Hosting: configuration from the environment, the health check, request logs, proxies, and the
pages working on PostgreSQL as on SQLite."""

from __future__ import annotations

import logging

import pytest

from scorer import create_app, storage
from tests.helpers import game, own, player


@pytest.fixture
def environment(monkeypatch, tmp_path):
    for name in ("SCORER_SECRET_KEY", "SCORER_DATABASE_URL", "SCORER_SECURE_COOKIES",
                 "SCORER_PROXY_FIX", "SCORER_REQUEST_LOG", "SCORER_HSTS_INCLUDE_SUBDOMAINS",
                 "SCORER_PDF_RENDER_PROCESS", "SCORER_DATABASE_AUTO_MIGRATE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SCORER_INSTANCE_PATH", str(tmp_path / "instance"))
    return monkeypatch


def test_configuration_from_environment_variables(environment, tmp_path):
    environment.setenv("SCORER_SECRET_KEY", "from-the-environment")
    environment.setenv("SCORER_DATABASE_URL", "postgresql://club:pw@db.example/scorer")
    environment.setenv("SCORER_SECURE_COOKIES", "true")
    environment.setenv("SCORER_MAX_CONTENT_LENGTH", "2048")
    app = create_app()
    assert app.instance_path == str(tmp_path / "instance")
    assert app.config["SECRET_KEY"] == "from-the-environment"
    assert app.config["SESSION_COOKIE_SECURE"] is True
    assert app.config["MAX_CONTENT_LENGTH"] == 2048
    from scorer.storage.engine import database_url

    assert database_url(app.config) == "postgresql+psycopg://club:pw@db.example/scorer"


def test_environment_beats_instance_config_which_beats_defaults(environment, tmp_path):
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "config.py").write_text(
        "SECRET_KEY = 'from-config-py'\nDATABASE = '/srv/games.sqlite'\nSESSION_COOKIE_SECURE = True\n")
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-config-py"
    assert app.config["DATABASE"] == "/srv/games.sqlite"
    environment.setenv("SCORER_SECRET_KEY", "from-the-environment")
    environment.setenv("SCORER_SECURE_COOKIES", "0")
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-the-environment"
    assert app.config["SESSION_COOKIE_SECURE"] is False


@pytest.mark.parametrize(("word", "on"), [("off", False), ("No", False), ("false", False),
                                          ("0", False), ("on", True), ("YES", True), ("1", True)])
def test_a_switch_written_as_a_word_is_on_or_off_as_written(environment, word, on):
    """Flask reads ``off`` as the text "off", which Python calls true: the request log, the
    render child, includeSubDomains and the start-up migration stayed on when turned off."""
    for name in ("SCORER_REQUEST_LOG", "SCORER_HSTS_INCLUDE_SUBDOMAINS",
                 "SCORER_PDF_RENDER_PROCESS", "SCORER_DATABASE_AUTO_MIGRATE",
                 "SCORER_SECURE_COOKIES"):
        environment.setenv(name, word)
    config = create_app().config
    assert [config[key] for key in ("REQUEST_LOG", "HSTS_INCLUDE_SUBDOMAINS", "PDF_RENDER_PROCESS",
                                    "DATABASE_AUTO_MIGRATE", "SESSION_COOKIE_SECURE")] == [on] * 5


def test_a_switch_that_is_neither_on_nor_off_stops_the_start_naming_it(environment):
    environment.setenv("SCORER_REQUEST_LOG", "of")
    with pytest.raises(ValueError, match="REQUEST_LOG must be on or off .*not 'of'"):
        create_app()


def test_off_in_the_environment_silences_the_request_log(environment, caplog):
    environment.setenv("SCORER_REQUEST_LOG", "off")
    environment.setenv("SCORER_SECRET_KEY", "t")
    caplog.set_level(logging.INFO, logger="scorer.requests")
    assert create_app().test_client().get("/healthz").status_code == 200
    assert not [r for r in caplog.records if r.name == "scorer.requests"]


def test_tests_never_read_the_environment(environment):
    environment.setenv("SCORER_DATABASE_URL", "postgresql://must-not-be-used/")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": "x.sqlite"})
    assert app.config["DATABASE_URL"] is None


def test_healthz_answers_when_the_database_does(storage_app):
    response = storage_app.test_client().get("/healthz")
    assert response.status_code == 200
    assert response.json == {"status": "ok", "database": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_healthz_is_503_when_the_database_does_not_answer(tmp_path, caplog):
    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "DATABASE_URL": f"postgresql://nobody@/nothing?host={tmp_path}"})
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.json == {"status": "unavailable", "database": "unavailable"}
    assert "the database does not answer" in caplog.text


def test_one_log_line_per_request_without_game_ids(app, caplog):
    with app.app_context():
        game_id = storage.create_game(game(player("Ada", "gizah"), player("Bob", "rhodes"),
                                           player("Cy", "babylon")))
    caplog.set_level(logging.INFO, logger="scorer.requests")
    client = app.test_client()
    assert client.get(f"/games/{game_id}").status_code == 200
    client.get("/no/such/page")
    lines = [record.getMessage() for record in caplog.records if record.name == "scorer.requests"]
    assert len(lines) == 2
    assert lines[0].startswith("127.0.0.1 GET /games/<game_id> 200 ")
    assert lines[0].endswith("ms")
    assert "GET (no route) 404" in lines[1]
    assert game_id not in caplog.text


def test_behind_a_reverse_proxy(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite"),
                      "PROXY_FIX": 1})

    @app.route("/where")
    def where():
        from flask import request, url_for

        return f"{request.remote_addr} {url_for('index', _external=True)}"

    answer = app.test_client().get("/where", headers={
        "X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "scores.club.example", "X-Forwarded-Prefix": "/7w"})
    assert answer.text == "203.0.113.7 https://scores.club.example/7w/"
    plain = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite")})
    plain.add_url_rule("/where", "where", where)
    assert plain.test_client().get("/where", headers={"X-Forwarded-Proto": "https"}).text.split()[1] \
        == "http://localhost/"


def test_pages_and_saves_work_on_every_database(storage_app):
    with storage_app.app_context():
        game_id = storage.create_game(game(player("Ada", "gizah"), player("Bob", "rhodes"),
                                           player("Cy", "babylon")), "Club night")
    client = storage_app.test_client()
    own(storage_app, client, game_id)
    for path in ("/", "/games", f"/games/{game_id}", f"/games/{game_id}/setup",
                 f"/games/{game_id}/build"):
        assert client.get(path).status_code == 200, path
    assert client.get(f"/games/{game_id}/sheet.pdf").data.startswith(b"%PDF")
