"""Issue 12: whose games. Two independent browsers; the history, deleting, set-up, hand-over."""

from __future__ import annotations

import re

import pytest

from scorer import create_app, storage
from tests.helpers import city_path, city_version


def new_game(client, *names):
    data = {"title": "", "count": str(len(names)), "action": "save", "edition": "first"}
    for index, name in enumerate(names):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "random",
                     f"seats-{index}-side": "random"})
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:500]
    return re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)


@pytest.fixture
def first(client):
    return client


@pytest.fixture
def second(app):
    return app.test_client()


def test_second_browser_sees_nothing_of_the_first_and_cannot_delete_its_game(app, first, second):
    game_id = new_game(first, "Ada", "Bob", "Cy")
    assert game_id in first.get("/games").get_data(as_text=True)
    assert game_id in first.get("/").get_data(as_text=True)
    assert game_id not in second.get("/games").get_data(as_text=True)
    assert game_id not in second.get("/").get_data(as_text=True)

    assert second.get(f"/games/{game_id}/delete").status_code == 403
    assert second.post(f"/games/{game_id}/delete").status_code == 403
    assert second.get(f"/games/{game_id}/setup").status_code == 403
    assert second.post(f"/games/{game_id}/setup", data={"action": "save"}).status_code == 403
    assert second.get(f"/games/{game_id}/owner").status_code == 403
    with app.app_context():
        assert storage.load_game(game_id) is not None

    # the link lets the table view the game and enter cities
    pad = second.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"/games/{game_id}/delete" not in pad and f"/games/{game_id}/setup" not in pad
    data = {"stages": "0", "coins": "4", "victory_1": "0", "victory_3": "0", "victory_5": "0",
            "defeat": "0", "action": "next", "version": city_version(app, game_id, 0)}
    assert second.post(city_path(app, game_id, 0), data=data).status_code == 302
    # ... and, once opened, it is in that browser's history too (but still not deletable)
    assert game_id in second.get("/games").get_data(as_text=True)
    assert second.post(f"/games/{game_id}/delete").status_code == 403

    assert f"/games/{game_id}/delete" in first.get(f"/games/{game_id}").get_data(as_text=True)
    assert first.post(f"/games/{game_id}/delete").status_code == 302
    with app.app_context():
        assert storage.load_game(game_id) is None
    assert game_id not in first.get("/games").get_data(as_text=True)


def test_ownership_is_stored_hashed_and_survives_a_restart(app, first, tmp_path):
    game_id = new_game(first, "Ada", "Bob", "Cy")
    with app.app_context():
        stored = storage.load_game(game_id).owner_token_hash
    device = first.get_cookie("device").value
    assert stored.startswith("v1$") and device not in stored
    restarted = create_app(dict(app.config))  # same database, same secret key: a restart
    again = restarted.test_client()
    for cookie in ("device", "games"):
        again.set_cookie(cookie, first.get_cookie(cookie).value)
    assert game_id in again.get("/games").get_data(as_text=True)
    assert again.get(f"/games/{game_id}/delete").status_code == 200


def test_forged_history_cookie_is_ignored(app, first, second):
    game_id = new_game(first, "Ada", "Bob", "Cy")
    second.set_cookie("games", game_id + ".forged")
    assert game_id not in second.get("/games").get_data(as_text=True)


def test_the_owner_hands_the_game_over_with_a_link(app, first, second):
    game_id = new_game(first, "Ada", "Bob", "Cy")
    polled = first.get(f"/games/{game_id}/live").headers["ETag"]  # the owner's pad, polling
    html = first.get(f"/games/{game_id}/owner").get_data(as_text=True)
    link = re.search(r'value="http://localhost(/games/[^"]+/claim/[^"]+)"', html).group(1)
    page = second.get(link)  # opening it only asks (a link preview takes nothing)
    assert page.status_code == 200 and "Take over" in page.get_data(as_text=True)
    assert second.get(f"/games/{game_id}/delete").status_code == 403
    assert second.post(link).status_code == 302
    assert second.get(f"/games/{game_id}/delete").status_code == 200
    assert first.get(f"/games/{game_id}/delete").status_code == 403
    assert second.get(link).status_code == 404  # used: the old token no longer matches
    # the old owner's polling pad loses the owner's buttons at its next poll
    live = first.get(f"/games/{game_id}/live", headers={"If-None-Match": polled})
    assert live.status_code == 200 and f"/games/{game_id}/delete" not in live.get_data(as_text=True)
    assert first.get(f"/games/{game_id}/claim/{'x' * 43}").status_code == 404


def test_games_without_owner_cannot_be_changed_or_deleted_by_anyone(app, first, second):
    from tests.helpers import filler, game

    with app.app_context():
        game_id = storage.create_game(game(*filler(3)))  # as saved before owners existed
    assert game_id not in second.get("/games").get_data(as_text=True)
    for client in (first, second):
        for path in ("delete", "setup", "owner"):
            assert client.get(f"/games/{game_id}/{path}").status_code == 403
        assert client.post(f"/games/{game_id}/delete").status_code == 403
        assert client.post(f"/games/{game_id}/setup", data={"action": "save"}).status_code == 403
        assert client.delete(f"/api/v1/games/{game_id}").status_code == 403
        pad = client.get(f"/games/{game_id}").get_data(as_text=True)
        assert f"/games/{game_id}/delete" not in pad and f"flask hand-over {game_id}" in pad
    assert second.get(f"/api/v1/games/{game_id}").status_code == 200  # the link still shows it
    with app.app_context():
        assert storage.load_game(game_id) is not None


def test_api_games_get_an_owner_too(app, first, second):
    from tests.helpers import filler, game

    new_game(first, "Ada", "Bob", "Cy")  # this browser has a device key now
    answer = first.post("/api/v1/games", json=game(*filler(3)))
    assert answer.status_code == 201, answer.get_json()
    game_id = answer.get_json()["id"]
    with app.app_context():
        assert storage.load_game(game_id).owner_token_hash.startswith("v1$")
    assert second.get(f"/games/{game_id}/delete").status_code == 403
    created = app.test_client().post("/api/v1/games", json=game(*filler(3))).get_json()  # a program
    program, token = created["id"], created["owner_token"]
    with app.app_context():
        assert storage.load_game(program).owner_token_hash.startswith("v1$")
    # it owns the game by its token, sent as X-Owner-Token; another client does not
    refused = second.delete(f"/api/v1/games/{program}")
    assert refused.status_code == 403 and "X-Owner-Token" in refused.get_json()["errors"][0]["message"]
    wrong = token[:-1] + ("B" if token[-1] == "A" else "A")
    assert second.delete(f"/api/v1/games/{program}", headers={"X-Owner-Token": wrong}).status_code == 403
    assert second.get(f"/games/{program}/setup", headers={"X-Owner-Token": token}).status_code == 200
    assert second.delete(f"/api/v1/games/{program}", headers={"X-Owner-Token": token}).status_code == 204
    assert second.get(f"/api/v1/games/{program}").status_code == 404


def test_one_game_per_new_game_page(app, first):
    html = first.get("/games/new?count=3").get_data(as_text=True)
    nonce = re.search(r'name="nonce" type="hidden" value="([^"]+)"', html).group(1)
    data = {"title": "", "count": "3", "action": "save", "edition": "first", "nonce": nonce}
    for index, name in enumerate(("Ada", "Bob", "Cy")):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "random",
                     f"seats-{index}-side": "random"})
    answers = [first.post("/games/new", data=data) for _ in range(3)]  # double tap, reload, back
    assert [answer.status_code for answer in answers] == [302, 302, 302]
    game_id = re.search(r"/games/([^/]+)/", answers[0].headers["Location"]).group(1)
    assert all(answer.headers["Location"] == f"/games/{game_id}" for answer in answers[1:])
    with app.app_context():
        assert len(storage.list_games()) == 1
    other = app.test_client()  # another browser sending the same page makes its own game
    assert other.post("/games/new", data=data).status_code == 302
    with app.app_context():
        assert len(storage.list_games()) == 2
