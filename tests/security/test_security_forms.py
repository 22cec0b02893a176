"""Issue 12: an expired form token loses nothing typed."""

from __future__ import annotations

import json
import re
import time

import pytest

from scorer import create_app, storage
from scorer.games import service as games_service
from scorer.web.expired_forms import TOKEN_LIFETIME
from tests.helpers import city_path, game, own, player

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
VERSION = re.compile(r'name="version" type="hidden" value="([^"]+)"')


@pytest.fixture
def csrf_app(tmp_path):
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "c.sqlite")})


@pytest.fixture
def game_id(csrf_app):
    with csrf_app.app_context():
        return storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                        player("Cy", "rhodes")))


def documents(app):
    with app.app_context():
        return [json.dumps(g.document, sort_keys=True) for g in storage.list_games()]


def later(monkeypatch, seconds):
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + seconds)


def open_city(app, client, game_id):
    """The city page's path, form token and city version, as a phone opening it gets them."""
    path = city_path(app, game_id, 0)
    html = client.get(path).get_data(as_text=True)
    return path, TOKEN.search(html).group(1), VERSION.search(html).group(1)


def city_post(token, version, coins="7"):
    return {"csrf_token": token, "version": version, "cards": ["altar", "loom"], "stages": "1",
            "coins": coins, "victories": "1", "defeat": "0",
            "action": "next"}


def test_token_lasts_the_evening(csrf_app, game_id, monkeypatch):
    client = csrf_app.test_client()
    path, token, version = open_city(csrf_app, client, game_id)
    later(monkeypatch, 5 * 3600)
    assert client.post(path, data=city_post(token, version)).status_code == 302


def test_expired_city_form_is_shown_again_with_everything_typed(csrf_app, game_id, monkeypatch):
    client = csrf_app.test_client()
    path, token, version = open_city(csrf_app, client, game_id)
    before = documents(csrf_app)
    later(monkeypatch, TOKEN_LIFETIME + 60)
    answer = client.post(path, data=city_post(token, version))
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "open too long" in html and "nothing was saved" in html
    assert re.search(r'value="altar" checked', html) and re.search(r'value="loom" checked', html)
    assert re.search(r'name="coins"[^>]*value="7"', html)
    assert re.search(r'name="victories"[^>]*value="1"', html)
    assert documents(csrf_app) == before
    fresh = TOKEN.search(html).group(1)
    assert fresh != token
    answer = client.post(path, data=city_post(fresh, VERSION.search(html).group(1)))
    assert answer.status_code == 302
    with csrf_app.app_context():
        assert storage.load_game(game_id).document["players"][0]["coins"] == 7


def test_lost_session_shows_the_form_again(csrf_app, game_id):
    """A browser restarted between opening and saving sends no session: same answer."""
    path, token, version = open_city(csrf_app, csrf_app.test_client(), game_id)
    answer = csrf_app.test_client().post(path, data=city_post(token, version))
    assert answer.status_code == 400
    assert re.search(r'name="coins"[^>]*value="7"', answer.get_data(as_text=True))


@pytest.mark.parametrize("url", ["/games/new", "/games/{id}/setup", "/quick", "/games/{id}/build",
                                 "/games/{id}/delete"])
def test_every_form_page_shows_itself_again_and_changes_nothing(csrf_app, game_id, url, monkeypatch):
    client = csrf_app.test_client()
    own(csrf_app, client, game_id)
    url = url.format(id=game_id)
    client.get(url)
    before = documents(csrf_app)
    later(monkeypatch, TOKEN_LIFETIME + 60)
    data = {"csrf_token": "expired", "action": "save", "title": "Typed title", "count": "3"}
    for index, name in enumerate(("Ann", "Ben", "Col")):
        data.update({f"seats-{index}-name": name, f"seats-{index}-key": str(index)})
    answer = client.post(url, data=data)
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "open too long" in html
    assert 'name="csrf_token"' in html
    assert documents(csrf_app) == before
    if "setup" in url or "new" in url:
        assert 'value="Typed title"' in html and 'value="Col"' in html


def test_button_pages_say_to_tap_again_not_that_typing_was_kept(csrf_app, game_id, monkeypatch):
    client = csrf_app.test_client()
    own(csrf_app, client, game_id)
    with csrf_app.app_context():
        player_id = games_service.load(game_id).document["players"][0]["id"]
    for url in (f"/games/{game_id}/delete", f"/games/{game_id}/join/{player_id}"):
        client.get(url)
        later(monkeypatch, TOKEN_LIFETIME + 60)
        answer = client.post(url, data={"csrf_token": "expired"})
        html = answer.get_data(as_text=True)
        assert answer.status_code == 400, url
        assert "nothing was changed. Tap your choice again." in html and "you typed" not in html
    assert client.get_cookie("seats") is None
    with csrf_app.app_context():
        assert storage.load_game(game_id) is not None


def test_a_save_answered_with_a_redirect_signs_no_token(csrf_app, game_id, monkeypatch):
    """The form's token is signed when the form is drawn (scorer/web/page_form.py): a save
    that goes on to the next page signs none; a save refused shows a token that is taken."""
    from scorer.web import page_form

    client = csrf_app.test_client()
    path, token, version = open_city(csrf_app, client, game_id)
    signed = []
    sign = page_form.signed_csrf
    monkeypatch.setattr(page_form, "signed_csrf", lambda *kw: signed.append(kw) or sign(*kw))
    assert client.post(path, data=city_post(token, version)).status_code == 302
    assert signed == []
    refused = client.post(path, data=city_post(token, version, coins="many"))
    assert refused.status_code == 422 and len(signed) == 1
    shown = TOKEN.search(refused.get_data(as_text=True)).group(1)
    typed = VERSION.search(refused.get_data(as_text=True)).group(1)
    # the token is taken: the city is compared (saved since the page was opened: a conflict)
    assert client.post(path, data=city_post(shown, typed)).status_code == 409
    assert client.post(path, data=city_post("forged", typed)).status_code != 409


def test_the_drawn_token_is_flask_wtfs_token(csrf_app, monkeypatch):
    """A form's token (page_form.signed_csrf: itsdangerous' serializer and signer kept per key,
    the raw token's payload per session) is, at the same second, the token Flask-WTF's
    generate_csrf signs, for each session and key; Flask-WTF's check takes it, and refuses it
    under another key or another session's raw token."""
    from flask import g, session
    from flask_wtf.csrf import generate_csrf, validate_csrf
    from itsdangerous import TimestampSigner
    from wtforms.validators import ValidationError

    from scorer.web import page_form

    drawn = []
    for second in (1_790_000_000, 1_790_000_001):
        monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self, s=second: s)
        for key in ("test", "another key", b"bytes key"):
            for raw in ("a" * 40, "b" * 40):
                with csrf_app.test_request_context():
                    session["csrf_token"] = raw
                    ours = page_form.signed_csrf(key, "csrf_token")
                    assert g.csrf_token == ours and page_form.signed_csrf(key, "csrf_token") == ours
                    del g.csrf_token
                    assert generate_csrf(secret_key=key, token_key="csrf_token") == ours
                    drawn.append(ours)
    assert len(set(drawn)) == len(drawn)
    monkeypatch.undo()
    with csrf_app.test_request_context():
        session["csrf_token"] = "a" * 40
        token = page_form.signed_csrf("test", "csrf_token")
        validate_csrf(token, secret_key="test")
        with pytest.raises(ValidationError):
            validate_csrf(token, secret_key="another key")
        session["csrf_token"] = "b" * 40
        with pytest.raises(ValidationError):
            validate_csrf(token, secret_key="test")
    with csrf_app.test_request_context():  # a new session: Flask-WTF makes its raw token
        token = page_form.signed_csrf("test", "csrf_token")
        assert isinstance(session["csrf_token"], str)
        validate_csrf(token, secret_key="test")
