"""Issue 22, item 10, on SQLite and PostgreSQL: the owner locks a finished game; its pad still
shows, every city edit (pages and API) answers 403 saying why, until the owner unlocks it."""

from __future__ import annotations

import json

import pytest

from scorer import storage
from scorer.games import service as games_service
from tests.helpers import game, own, player

ADA = game(player("Ada", "gizah", cards=["altar"]), player("Bob", "rhodes"), player("Cy", "babylon"))
for _city in ADA["players"]:
    _city["entered"] = True  # finished: the pad offers the lock
CITY_FORM = {"action": "save", "coins": "5"}


@pytest.fixture
def table(storage_app):
    owner = storage_app.test_client()
    with storage_app.app_context():
        game_id = games_service.create_game(ADA, "Finished")
        player_id = storage.load_game(game_id).document["players"][1]["id"]
    own(storage_app, owner, game_id)
    return storage_app, owner, storage_app.test_client(), game_id, player_id


def document_of(app, game_id):
    with app.app_context():
        return json.dumps(storage.load_game(game_id).document, sort_keys=True)


def test_the_owner_locks_and_unlocks_on_the_pad(table):
    app, owner, guest, game_id, player_id = table
    pad = owner.get(f"/games/{game_id}").text
    assert 'value="lock"' in pad and "Lock the game" in pad
    assert 'value="lock"' not in guest.get(f"/games/{game_id}").text
    assert guest.post(f"/games/{game_id}/lock", data={"action": "lock"}).status_code == 403
    answer = owner.post(f"/games/{game_id}/lock", data={"action": "lock"})
    assert answer.status_code == 303
    with app.app_context():
        assert storage.load_game(game_id).locked
    before = document_of(app, game_id)

    shown = guest.get(f"/games/{game_id}")
    assert shown.status_code == 200 and "Locked by its owner" in shown.text
    for client in (guest, owner):
        page = client.get(f"/games/{game_id}/players/{player_id}?other=1")
        assert page.status_code == 403 and "locked by its owner" in page.text
        saved = client.post(f"/games/{game_id}/players/{player_id}", data=CITY_FORM)
        assert saved.status_code == 403 and "locked by its owner" in saved.text
    assert owner.get(f"/games/{game_id}/setup").status_code == 403
    assert document_of(app, game_id) == before
    # the pad, its PDF and its file still answer
    assert guest.get(f"/games/{game_id}/sheet.pdf").status_code == 200
    assert guest.get(f"/games/{game_id}/game.json").status_code == 200

    assert "Unlock the cities" in owner.get(f"/games/{game_id}").text
    assert owner.post(f"/games/{game_id}/lock", data={"action": "unlock"}).status_code == 303
    assert guest.get(f"/games/{game_id}/players/{player_id}?other=1").status_code == 200


def test_a_locked_game_is_translated(table):
    app, owner, guest, game_id, player_id = table
    owner.post(f"/games/{game_id}/lock", data={"action": "lock"})
    page = guest.get(f"/games/{game_id}/players/{player_id}?other=1", headers={"Accept-Language": "pl"})
    assert page.status_code == 403 and "locked by its owner" not in page.text


def test_the_api_locks_for_the_owner_and_refuses_city_puts(table):
    app, _owner, _guest, _game_id, _player_id = table
    client = app.test_client()
    created = client.post("/api/v1/games", json=ADA).get_json()
    game_id, token = created["id"], created["owner_token"]
    stranger = app.test_client()
    assert stranger.put(f"/api/v1/games/{game_id}/lock").status_code == 403
    locked = stranger.put(f"/api/v1/games/{game_id}/lock", headers={"X-Owner-Token": token})
    assert locked.status_code == 200 and locked.get_json()["locked"] is True
    assert stranger.get(f"/api/v1/games/{game_id}").get_json()["locked"] is True
    player_id = created["players"][0]["id"]
    city = stranger.get(f"/api/v1/games/{game_id}/players/{player_id}")
    put = stranger.put(f"/api/v1/games/{game_id}/players/{player_id}", json={"coins": 3},
                       headers={"If-Match": city.headers["ETag"]})
    assert put.status_code == 403
    assert put.get_json()["errors"][0]["code"] == "locked"
    assert "unlock" in put.get_json()["errors"][0]["message"]
    assert stranger.delete(f"/api/v1/games/{game_id}/lock",
                           headers={"X-Owner-Token": token}).get_json()["locked"] is False
    again = stranger.put(f"/api/v1/games/{game_id}/players/{player_id}", json={"coins": 3},
                         headers={"If-Match": city.headers["ETag"]})
    assert again.status_code == 200


def test_a_lock_taken_between_reading_and_saving_still_refuses(table):
    """The lock is checked again under the game's write lock: a save that read the game
    unlocked cannot land after the owner locked it."""
    app, _owner, _guest, game_id, player_id = table
    with app.app_context():
        storage.set_locked(game_id, True)
        with pytest.raises(storage.GameLocked):
            games_service.save_city(game_id, player_id, {"coins": 1}, lambda _version: True)
        assert storage.modify_game(game_id, lambda document: document) is not None  # import --replace


def test_locked_games_go_through_a_backup(table, tmp_path):
    app, _owner, _guest, game_id, _player_id = table
    with app.app_context():
        storage.set_locked(game_id, True)
    path = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(args=["export", str(path)]).exit_code == 0
    (record,) = json.loads(path.read_text("utf-8"))["games"]
    assert record["locked"] is True
    with app.app_context():
        storage.delete_game(game_id)
    assert app.test_cli_runner().invoke(args=["import", str(path)]).exit_code == 0
    with app.app_context():
        assert storage.load_game(game_id).locked
