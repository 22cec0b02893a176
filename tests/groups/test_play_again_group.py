"""Issue 28 item 4, on SQLite and PostgreSQL: Play again carries the group only for a browser
that owns the game or knows the group, and the group is worked out again on the server when
the form is posted: the page holds no group id of its own (only the game's), so the game goes
where the played game is at that moment, and nobody learns a group's key from it."""

from __future__ import annotations

import re

import pytest

from scorer import storage
from scorer.groups import service
from tests.groups.test_group_pages import new_game_form, new_group


@pytest.fixture
def client(storage_app):
    return storage_app.test_client()


def played_in(client, group_id: str) -> str:
    answer = client.post("/games/new", data=new_game_form(["Ada", "Bo", "Cy"], group=group_id))
    return re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)


def group_of(app, game_id: str):
    with app.app_context():
        return storage.load_game(game_id).group_pk


def test_the_page_names_the_group_but_carries_no_key(storage_app, client):
    group_id = new_group(client)
    game_id = played_in(client, group_id)
    page = client.get(f"/games/new?again={game_id}").text
    assert "This game will count in the group Thursday." in page
    assert group_id not in page  # no hidden field, no link: the game's id is the only key on it
    answer = client.post(f"/games/new?again={game_id}", data=new_game_form(["Ada", "Bo", "Cy", "Di"]))
    second = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    with storage_app.app_context():
        assert group_of(storage_app, second) == service.load(group_id).pk


def test_a_game_taken_out_of_its_group_meanwhile_starts_none(storage_app, client):
    group_id = new_group(client)
    game_id = played_in(client, group_id)
    page = client.get(f"/games/new?again={game_id}").text
    assert "Thursday" in page
    assert client.post(f"/groups/{group_id}/games/{game_id}/remove").status_code == 302
    # the page was shown in the group; the post is judged as things are now
    answer = client.post(f"/games/new?again={game_id}",
                         data=new_game_form(["Ada", "Bo", "Cy"], group=group_id))
    second = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    assert group_of(storage_app, second) is None


def test_a_game_moved_to_another_group_meanwhile_follows_it(storage_app, client):
    first, other = new_group(client), new_group(client, "Friday")
    game_id = played_in(client, first)
    client.get(f"/games/new?again={game_id}")
    assert client.post(f"/groups/{other}/games", data={"game": game_id}).status_code == 302
    answer = client.post(f"/games/new?again={game_id}",
                         data=new_game_form(["Ada", "Bo", "Cy"], group=first))
    second = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    with storage_app.app_context():
        assert group_of(storage_app, second) == service.load(other).pk


def test_a_stranger_with_the_games_link_and_a_posted_group_gets_no_group(storage_app, client):
    group_id = new_group(client)
    game_id = played_in(client, group_id)
    stranger = storage_app.test_client()
    page = stranger.get(f"/games/new?again={game_id}").text
    assert "Thursday" not in page and group_id not in page
    # whatever the form says, the group of a game played again is the server's to work out
    answer = stranger.post(f"/games/new?again={game_id}",
                           data=new_game_form(["Ada", "Bo", "Cy"], group=group_id))
    assert answer.status_code == 302
    second = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    assert group_of(storage_app, second) is None


def test_the_games_owner_who_forgot_the_group_still_plays_again_in_it(storage_app, client):
    group_id = new_group(client)
    game_id = played_in(client, group_id)
    client.delete_cookie("groups")  # the history of groups lost; the game's ownership kept
    page = client.get(f"/games/new?again={game_id}").text
    assert "This game will count in the group Thursday." in page
    answer = client.post(f"/games/new?again={game_id}", data=new_game_form(["Ada", "Bo", "Cy"]))
    second = re.search(r"/games/([^/]+)/", answer.headers["Location"]).group(1)
    with storage_app.app_context():
        assert group_of(storage_app, second) == service.load(group_id).pk
