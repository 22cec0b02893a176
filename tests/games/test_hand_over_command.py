"""``flask hand-over GAME_ID``: the instance owner gives a game (one without owner, or one whose
owner lost their phone) to the browser that opens the printed link and confirms."""

from __future__ import annotations

import re

import pytest

from scorer import storage
from tests.helpers import filler, game
from tests.security.test_security_ownership import new_game


def hand_over(runner, *arguments):
    result = runner.invoke(args=["hand-over", *arguments])
    link = re.search(r"^(https?://\S+)$", result.output, re.MULTILINE)
    return result, link and link.group(1)


def test_a_game_without_owner_gets_one_through_the_printed_link(app, runner, client):
    with app.app_context():
        game_id = storage.create_game(game(*filler(3)))
    result, link = hand_over(runner, game_id, "--base-url", "http://192.0.2.7:5000")
    assert result.exit_code == 0, result.output
    assert "had an owner" not in result.output
    assert link.startswith(f"http://192.0.2.7:5000/games/{game_id}/claim/")
    path = link.removeprefix("http://192.0.2.7:5000")
    assert client.get(f"/games/{game_id}/delete").status_code == 403  # not before confirming
    assert client.get(path).status_code == 200
    assert client.post(path).status_code == 302
    assert client.get(f"/games/{game_id}/setup").status_code == 200
    assert client.post(f"/games/{game_id}/delete").status_code == 302
    with app.app_context():
        assert storage.load_game(game_id) is None


def test_a_used_link_takes_nothing_and_others_stay_refused(app, runner, client):
    with app.app_context():
        game_id = storage.create_game(game(*filler(3)))
    _result, link = hand_over(runner, game_id, "--base-url", "https://scores.example.org/")
    path = link.removeprefix("https://scores.example.org")
    assert client.post(path).status_code == 302
    latecomer = app.test_client()
    assert latecomer.get(path).status_code == 404
    assert latecomer.post(path).status_code == 404
    assert latecomer.get(f"/games/{game_id}/delete").status_code == 403


def test_an_owned_game_moves_and_the_old_owner_is_told(app, runner, client):
    game_id = new_game(client, "Ada", "Bob", "Cy")
    assert client.get(f"/games/{game_id}/setup").status_code == 200
    result, link = hand_over(runner, game_id, "--base-url", "http://host:8000")
    assert "had an owner" in result.output
    assert client.get(f"/games/{game_id}/setup").status_code == 403  # the lost phone's rights end
    newcomer = app.test_client()
    assert newcomer.post(link.removeprefix("http://host:8000")).status_code == 302
    assert newcomer.get(f"/games/{game_id}/setup").status_code == 200


def test_the_address_defaults_to_the_configured_table_url(app, runner):
    app.config["TABLE_URL"] = "http://10.1.2.3:5000/"
    with app.app_context():
        game_id = storage.create_game(game(*filler(3)))
    _result, link = hand_over(runner, game_id)
    assert link.startswith(f"http://10.1.2.3:5000/games/{game_id}/claim/")


@pytest.mark.parametrize("game_id", ["no-such-game", "../etc", "x" * 65])
def test_an_unknown_game_is_an_error_and_changes_nothing(runner, game_id):
    result, link = hand_over(runner, game_id, "--base-url", "http://host:5000")
    assert result.exit_code == 1 and link is None
    assert "no saved game has the id" in result.output


def test_a_bad_address_is_refused_before_anything_changes(app, runner):
    with app.app_context():
        game_id = storage.create_game(game(*filler(3)))
    result, _link = hand_over(runner, game_id, "--base-url", "javascript:alert(1)")
    assert result.exit_code == 2 and "--base-url" in result.output
    with app.app_context():
        assert storage.load_game(game_id).owner_token_hash is None


def test_a_game_id_starting_with_a_dash_is_an_id_not_an_option(runner):
    """Ids are URL-safe base64, so one in 64 starts with "-" (click read it as an option)."""
    result = runner.invoke(args=["hand-over", "-no-such-game"])
    assert "no saved game has the id '-no-such-game'" in result.output
