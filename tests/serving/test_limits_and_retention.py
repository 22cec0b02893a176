"""Issue 22, items 8 and 9: sheets drawn once per game revision, language and paper; renders
bounded across processes; per-client limits answering a translated 429 (retention: test_retention.py)."""

from __future__ import annotations

import re

import pytest

from scorer import create_app
from scorer.games import service as games_service
from scorer.safety import render_slots
from tests.conftest import dispose
from tests.helpers import game, player

ADA = game(player("Ada", "gizah", cards=["altar"]), player("Bob", "rhodes"), player("Cy", "babylon"))


def make(tmp_path, **config):
    return create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"),
                       "WTF_CSRF_ENABLED": False, **config})


@pytest.fixture
def app(tmp_path):
    app = make(tmp_path)
    yield app
    dispose(app)


def renders(monkeypatch):
    from scorer.pdf import views

    drawn = []
    real = views.game_sheet_pdf
    monkeypatch.setattr(views, "game_sheet_pdf", lambda *args: drawn.append(args[1:]) or real(*args))
    return drawn


def test_an_unchanged_sheet_is_drawn_once_per_language_and_paper(app, monkeypatch):
    drawn = renders(monkeypatch)
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA, "Cached")
    first = client.get(f"/games/{game_id}/sheet.pdf?paper=a4")
    again = client.get(f"/games/{game_id}/sheet.pdf?paper=a4")
    assert first.status_code == again.status_code == 200 and first.data == again.data
    assert len(drawn) == 1
    client.get(f"/games/{game_id}/sheet.pdf?paper=letter")
    client.get(f"/games/{game_id}/sheet.pdf?paper=a4", headers={"Accept-Language": "pl"})
    assert len(drawn) == 3
    with app.app_context():  # a save is a new revision: the sheet is drawn again
        games_service.modify(game_id, lambda document: document, title="Renamed")
    renamed = client.get(f"/games/{game_id}/sheet.pdf?paper=a4")
    assert len(drawn) == 4 and renamed.data != first.data
    assert "Renamed" not in first.headers["Content-Disposition"]


def test_a_deleted_games_sheets_go_with_it(app):
    client = app.test_client()
    created = client.post("/api/v1/games", json=ADA).get_json()
    assert client.get(f"/games/{created['id']}/sheet.pdf").status_code == 200
    import os

    from scorer.safety.render_slots import work_folder

    with app.app_context():
        folder = os.path.join(work_folder(), "sheet-cache")

    assert any(name.startswith(created["id"]) for name in os.listdir(folder))
    client.delete(f"/api/v1/games/{created['id']}", headers={"X-Owner-Token": created["owner_token"]})
    assert not any(name.startswith(created["id"]) for name in os.listdir(folder))


def test_when_every_render_slot_stays_busy_the_sheet_answers_503(tmp_path):
    app = make(tmp_path, PDF_RENDER_SLOTS=1, PDF_RENDER_WAIT=0.05)
    client = app.test_client()
    with app.app_context():
        game_id = games_service.create_game(ADA)
    with app.test_request_context(), render_slots.render_slot():  # another worker is drawing
        busy = client.get(f"/games/{game_id}/sheet.pdf", headers={"Accept-Language": "nl"})
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "2"
    assert "busy" not in busy.text and "<html" in busy.text  # translated page
    # the browser asks again by itself, keeping its place in the print queue
    assert re.fullmatch(rf"2; url=/games/{game_id}/sheet\.pdf\?turn=\d{{20}}-[0-9a-f]{{12}}",
                        busy.headers["Refresh"])
    again = busy.headers["Refresh"].split("url=", 1)[1]
    assert client.get(again).status_code == 200  # the slot is free again
    dispose(app)


def test_limits_are_off_in_tests_and_on_by_default(app):
    assert app.config["RATELIMIT_ENABLED"] is False
    plain = create_app({"SECRET_KEY": "x", "DATABASE": ":memory:"})
    assert plain.config["RATELIMIT_ENABLED"] is True


@pytest.mark.parametrize("language", ["en", "nl", "pl"])
def test_creating_too_many_games_answers_a_translated_429(tmp_path, language):
    app = make(tmp_path, RATELIMIT_ENABLED=True, LIMIT_CREATE="3 per minute")
    client = app.test_client()
    client.set_cookie("device", "d" * 43)  # a browser counted by its own key from the start
    headers = {"Accept-Language": language}
    answers = [client.post("/api/v1/games", json=ADA, headers=headers).status_code for _ in range(4)]
    assert answers == [201, 201, 201, 429]
    form = {"title": "", "count": "3", "action": "save", "edition": "first"}
    for index, name in enumerate(("Ada", "Bob", "Cy")):
        form.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "", f"seats-{index}-side": ""})
    page = client.post("/games/new", data=form, headers=headers)  # one budget for page and API
    assert page.status_code == 429 and "Retry-After" in page.headers
    english = "Too many requests from this"
    assert (english in page.text) == (language == "en")
    api = client.post("/api/v1/games", json=ADA, headers=headers).get_json()["errors"][0]["message"]
    assert (english in api) == (language == "en")
    other = app.test_client()
    assert other.post("/api/v1/games", json=ADA,
                      environ_base={"REMOTE_ADDR": "192.0.2.7"}).status_code == 201  # per client
    assert client.get("/games/new").status_code == 200  # only creating counts
    dispose(app)


def test_only_drawn_sheets_count_against_the_pdf_limit(tmp_path):
    app = make(tmp_path, RATELIMIT_ENABLED=True, LIMIT_PDF="2 per minute")
    client = app.test_client()
    with app.app_context():
        first, second, third = (games_service.create_game(ADA) for _ in range(3))
    assert [client.get(f"/games/{first}/sheet.pdf").status_code for _ in range(5)] == [200] * 5
    assert client.get(f"/games/{second}/sheet.pdf").status_code == 200
    assert client.get(f"/games/{third}/sheet.pdf").status_code == 429
    dispose(app)
