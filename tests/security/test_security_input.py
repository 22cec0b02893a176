"""Issue 12: strict numbers, local redirects only, and the probe's inputs that answered 500."""

from __future__ import annotations

import json

import pytest

from scorer import storage
from scorer.safety.numbers import parse_index, parse_int, parse_suffix
from scorer.safety.redirects import is_local_path
from tests.helpers import city_path, city_version, game, own, player


@pytest.mark.parametrize(("text", "expected"), [
    ("0", 0), ("7", 7), ("0999", 999), ("123456789012345678", 123456789012345678),
    ("²", None), ("①", None), ("٣", None), ("１", None), ("1_000", None), (" 7", None),
    ("+7", None), ("-7", None), ("", None), ("7\n", None), ("1" * 19, None), ("1" * 5000, None),
    (None, None), (7, None),
])
def test_parse_int_takes_ascii_digits_only(text, expected):
    assert parse_int(text) == expected


def test_signed_numbers_and_positions():
    assert parse_int("-12", signed=True) == -12
    assert parse_int("-", signed=True) is None and parse_int("--1", signed=True) is None
    # the true minus sign (U+2212), as the pads print it; no other dash, and only where signed
    assert parse_int("\u221212", signed=True) == -12 and parse_int("\u221212") is None
    assert parse_int("\u2212", signed=True) is None and parse_int("\u2212-1", signed=True) is None
    assert parse_int("\u20131", signed=True) is None and parse_int("\u22120", signed=True) == 0
    assert parse_index("2", 3) == 2 and parse_index("3", 3) is None
    assert parse_suffix("goto-1", "goto-", 3) == 1
    assert parse_suffix("goto-²", "goto-", 3) is None and parse_suffix("up-1", "goto-", 3) is None


@pytest.mark.parametrize("target", [
    "//evil.example", "/\t/evil.example", "/\n/evil.example", "/\\evil.example", "/\r\nSet-Cookie: x",
    "https://evil.example/", "evil.example", "javascript:alert(1)", "/\x00", "/\x7f", "/\u0085x",
    " /games", "/ /evil", "", None,
])
def test_targets_off_this_site_are_refused(target):
    assert not is_local_path(target)


@pytest.mark.parametrize("target", ["/", "/games", "/games/abc?x=1#y", "/quick?count=2", "/gry/łódź"])
def test_paths_of_this_site_are_kept(target):
    assert is_local_path(target)


@pytest.mark.parametrize("query", [
    "next=/%09/evil.example", "next=//evil.example", "next=/%0d%0aSet-Cookie:%20x=1",
    "next=/%5Cevil.example", "next=https://evil.example", "next=/%0a", "next=%00"])
def test_language_switch_never_leaves_the_site(client, query):
    answer = client.get(f"/language/en?{query}")
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/"
    assert "Set-Cookie: x" not in str(answer.headers).replace("\r\n", " ")


def test_language_switch_returns_to_the_page(client):
    assert client.get("/language/pl?next=/quick%3Fcount%3D5").headers["Location"] == "/quick?count=5"


@pytest.fixture
def game_id(app, client):
    game_id = new_id(app)
    own(app, client, game_id)
    return game_id


def stored(app):
    with app.app_context():
        return [(g.id, g.title, json.dumps(g.document, sort_keys=True)) for g in storage.list_games()]


def city_post(action, coins="5"):
    return {"stages": "0", "coins": coins, "victory_1": "0", "victory_3": "0", "victory_5": "0",
            "defeat": "0", "action": action}


def setup_post(app, game_id, action="save", **extra):
    """The set-up form of the game as its page sends it (keys are the players' ids)."""
    from scorer.games import service as games_service

    with app.app_context():
        saved = games_service.load(game_id)
        version = games_service.setup_version(saved.document)
    data = {"title": "", "count": "3", "action": action, "version": version}
    for index, seat in enumerate(saved.document["players"]):
        data.update({f"seats-{index}-key": seat["id"], f"seats-{index}-name": seat["name"],
                     f"seats-{index}-wonder": seat["wonder"], f"seats-{index}-side": seat["side"]})
    data.update({key: value(saved.document) if callable(value) else value for key, value in extra.items()})
    return data


@pytest.mark.parametrize("players", ["%C2%B2", "①", "%E2%91%A0", "٣", "3.0", "-3", "9" * 5000, ""])
def test_pad_pdf_with_a_bad_number_answers_400_naming_players(client, players):
    answer = client.get(f"/pad.pdf?players={players}")
    assert answer.status_code == 400
    assert "players" in answer.get_data(as_text=True)


@pytest.mark.parametrize("action", ["goto-²", "goto-①", "goto-٢", "goto-3", "goto--1", "goto-", "jump",
                                    "goto-1\n", "prev\x00"])
def test_city_post_with_a_bad_action_saves_nothing(app, client, game_id, action):
    path, version = city_path(app, game_id, 1), city_version(app, game_id, 1)
    before = stored(app)
    answer = client.post(path, data={**city_post(action), "version": version})
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "nothing was saved" in html and 'value="5"' in html
    assert stored(app) == before


@pytest.mark.parametrize("extra", [
    {"action": "up-²"}, {"action": "down-①"}, {"action": "up-٢"}, {"action": "delete"},
    {"seats-0-key": "²"}, {"seats-0-key": "7"}, {"seats-0-key": "a b"},
    {"seats-1-key": lambda document: document["players"][0]["id"]}])
def test_setup_post_with_a_bad_button_or_seat_saves_nothing(app, client, game_id, extra):
    data = setup_post(app, game_id, **extra)
    before = stored(app)
    answer = client.post(f"/games/{game_id}/setup", data=data)
    assert answer.status_code == 400
    assert "nothing was saved" in answer.get_data(as_text=True)
    assert stored(app) == before


def test_setup_post_with_a_stray_row_number_is_ignored(app, client, game_id):
    answer = client.post(f"/games/{game_id}/setup", data=setup_post(app, game_id, **{"seats-²-name": "x"}))
    assert answer.status_code == 302


def test_new_game_seats_have_no_keys(app, client):
    data = setup_post(app, new_id(app))
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 400


def new_id(app):
    with app.app_context():
        return storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                        player("Cy", "rhodes")))


def test_setup_moves_still_work(app, client, game_id):
    answer = client.post(f"/games/{game_id}/setup", data=setup_post(app, game_id, "up-1"))
    html = answer.get_data(as_text=True)
    assert html.index('value="Bob"') < html.index('value="Ada"')


@pytest.mark.parametrize("url", ["/games/{id}/players/١", "/games/{id}/players/" + "1" * 30,
                                 "/games/{id}/players/²", "/games/{id}/players/3"])
def test_url_numbers_are_ascii_only(client, game_id, url):
    assert client.get(url.format(id=game_id)).status_code == 404


@pytest.mark.parametrize("data", [{"columns-²-name": "x"}, {"columns-0-coins": "٣"},
                                  {"columns-0-military": "1_0"}, {"count": "²", "action": "count"}])
def test_quick_pad_refuses_non_ascii_numbers(client, data):
    answer = client.post("/quick", data={"action": "total", **data})
    assert answer.status_code in (200, 422)


def test_typed_numbers_must_be_ascii_digits(app, client, game_id):
    path, version = city_path(app, game_id, 0), city_version(app, game_id, 0)
    before = stored(app)
    answer = client.post(path, data={**city_post("next", coins="٣"), "version": version})
    assert answer.status_code == 422
    assert "Type a whole number with the digits 0 to 9." in answer.get_data(as_text=True)
    assert stored(app) == before
    answer = client.post(path, data={**city_post("next", coins=" 7 "), "version": version})
    assert answer.status_code == 302


def test_no_control_character_reaches_the_sheet_file_name(app, client):
    with app.app_context():
        game_id = storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                           player("Cy", "rhodes")), "Evening\r\nX-Evil: 1\x01\t\"")
    answer = client.get(f"/games/{game_id}/sheet.pdf")
    assert answer.status_code == 200
    for name, value in answer.headers.items():
        assert not any(ord(char) < 0x20 or ord(char) == 0x7F for char in name + value), name
