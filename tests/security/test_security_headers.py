"""Issue 12: security headers on pages, PDFs and the API; cookie flags; Vary; file modes."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from scorer import create_app, storage
from scorer.safety.headers import CONTENT_SECURITY_POLICY
from tests.helpers import city_path, game, own, player

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def game_id(app, client):
    with app.app_context():
        game_id = storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                           player("Cy", "rhodes")))
    own(app, client, game_id)
    return game_id


def directives(policy: str) -> dict[str, str]:
    return dict((part.strip().split(" ", 1) + [""])[:2] for part in policy.split(";"))


def check_common(answer):
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "same-origin"
    assert directives(answer.headers["Content-Security-Policy"])["frame-ancestors"] == "'none'"


@pytest.mark.parametrize("url", ["/", "/games", "/games/new", "/quick", "/games/{id}",
                                 "/games/{id}/players/0", "/games/{id}/build", "/games/{id}/setup",
                                 "/games/{id}/delete", "/nope"])
def test_pages_have_a_strict_policy_and_vary_on_language(app, client, game_id, url):
    answer = client.get(url.format(id=game_id), follow_redirects=True)
    assert answer.status_code in (200, 404)
    check_common(answer)
    policy = directives(answer.headers["Content-Security-Policy"])
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert "unsafe-inline" not in answer.headers["Content-Security-Policy"]
    assert {"Accept-Language", "Cookie"} <= set(answer.vary)


@pytest.mark.parametrize("url", ["/pad.pdf?players=3", "/games/{id}/sheet.pdf"])
def test_pdfs_have_the_headers_and_vary_on_language(client, game_id, url):
    answer = client.get(url.format(id=game_id))
    assert answer.mimetype == "application/pdf"
    check_common(answer)
    assert "Accept-Language" in answer.vary


@pytest.mark.parametrize(("url", "body"), [("/api/v1/score", {}), ("/api/v1/trade", {}),
                                           ("/api/v1/score", None)])
def test_api_has_the_headers_and_varies_on_language(client, url, body):
    answer = client.post(url, json=body)
    check_common(answer)
    assert directives(answer.headers["Content-Security-Policy"])["default-src"] == "'none'"
    assert "Accept-Language" in answer.vary


def test_static_files_do_not_vary_on_language(client):
    with client.get("/static/app.css") as answer:
        check_common(answer)
        assert "Accept-Language" not in answer.vary


def test_pages_use_no_inline_script_or_style(app, client, game_id):
    """What the policy forbids is not used: every page works under it."""
    for url in ("/", "/games", "/games/new", "/quick", f"/games/{game_id}", city_path(app, game_id, 0),
                f"/games/{game_id}/build", f"/games/{game_id}/setup", f"/games/{game_id}/delete"):
        html = client.get(url).get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
        assert "<style" not in html and " style=" not in html, url
        assert not re.search(r"\son[a-z]+=", html), url
        assert not re.search(r'(href|src|action)="javascript:', html), url


def test_templates_for_browsers_have_nothing_inline():
    for path in (ROOT / "templates").glob("*.html"):
        text = path.read_text("utf-8")
        assert "<style" not in text and "style=" not in text, path.name
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), path.name


def test_policy_is_the_documented_one():
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert "unsafe" not in CONTENT_SECURITY_POLICY


def cookie_header(answer, name):
    return next(value for value in answer.headers.getlist("Set-Cookie") if value.startswith(name + "="))


def test_cookies_are_lax_and_httponly_and_not_secure_over_http(client):
    answer = client.get("/language/nl?next=/")
    cookie = cookie_header(answer, "lang")
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie and "Secure" not in cookie


def test_one_switch_makes_every_cookie_secure(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "s.sqlite"),
                      "SESSION_COOKIE_SECURE": True})
    client = app.test_client()
    cookie = cookie_header(client.get("/language/nl?next=/"), "lang")
    assert "Secure" in cookie and "SameSite=Lax" in cookie
    answer = client.get("/games/new", base_url="https://localhost")  # the CSRF token opens a session
    session = cookie_header(answer, "session")
    assert "Secure" in session and "SameSite=Lax" in session and "HttpOnly" in session


def test_every_cookie_of_a_whole_evening_is_secure_under_the_switch(tmp_path):
    """Each cookie the app sets (session, language, edition, device key, history, seats)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "e.sqlite"),
                      "SESSION_COOKIE_SECURE": True, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    answers = [client.get("/language/nl?next=/", base_url="https://localhost")]
    data = {"title": "", "count": "3", "action": "save", "edition": "second"}
    for index, name in enumerate(("Ada", "Bob", "Cy")):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "random",
                     f"seats-{index}-side": "random"})
    answers.append(client.post("/games/new", data=data, base_url="https://localhost"))
    game_id = re.search(r"/games/([^/]+)/", answers[-1].headers["Location"]).group(1)
    with app.app_context():
        from scorer.games import service as games_service

        player_id = games_service.load(game_id).document["players"][0]["id"]
    answers.append(client.post(f"/games/{game_id}/join/{player_id}", base_url="https://localhost"))
    set_cookies = [value for answer in answers for value in answer.headers.getlist("Set-Cookie")]
    names = {value.split("=", 1)[0] for value in set_cookies}
    assert {"lang", "edition", "device", "games", "seats"} <= names, names
    for value in set_cookies:
        assert "Secure" in value and "HttpOnly" in value and "SameSite=Lax" in value, value


def test_database_and_instance_folder_are_private(tmp_path):
    instance = tmp_path / "instance"
    database = instance / "games.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(database)})
    app.instance_path = str(instance)
    from scorer.safety import private_files

    private_files.init_app(app)
    with app.app_context():
        storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"), player("Cy", "rhodes")))
    assert stat.S_IMODE(os.stat(instance).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(database).st_mode) == 0o600
    for extra in instance.glob("games.sqlite-*"):
        assert stat.S_IMODE(os.stat(extra).st_mode) & 0o077 == 0, extra.name


def test_an_existing_open_instance_folder_is_tightened(tmp_path):
    from scorer.safety.private_files import private_folder

    folder = tmp_path / "open"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    private_folder(str(folder))
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
