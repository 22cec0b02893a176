"""Smaller things at the table (issue 21 item 10), through the test client: the build checker
starts from this phone's player and warns about a card whose copies are all in other cities,
the invite page's advice for a server on 127.0.0.1, and the hint when victory and defeat
tokens cannot pair up."""

from __future__ import annotations

import re

from scorer import storage
from tests.helpers import game, player


def ids(app, game_id: str) -> list[str]:
    from scorer.games import service as games_service

    with app.app_context():
        return [p["id"] for p in games_service.load(game_id).document["players"]]


def selected_player(html: str) -> str:
    start = html.index('name="player"')
    select = html[start:html.index("</select>", start)]
    return re.search(r"<option[^>]*selected[^>]*>", select).group(0)


def test_the_build_checker_starts_from_this_phones_player(app, client, game_id):
    assert 'value="Ada"' in selected_player(client.get(f"/games/{game_id}/build").get_data(as_text=True))
    client.post(f"/games/{game_id}/join/{ids(app, game_id)[1]}")  # "This is me: Bob"
    html = client.get(f"/games/{game_id}/build").get_data(as_text=True)
    assert 'value="Bob"' in selected_player(html)


def test_a_card_whose_copies_are_all_in_other_cities_is_warned_about(client, game_id):
    # one Lumber Yard at three players, and Ada has it
    html = client.post(f"/games/{game_id}/build", data={
        "player": "Bob", "what": "card", "card": "lumber-yard", "age": ""}).get_data(as_text=True)
    assert "Every copy of Lumber Yard in the decks for 3 players is already built: Ada." in html
    html = client.post(f"/games/{game_id}/build", data={
        "player": "Bob", "what": "card", "card": "baths", "age": ""}).get_data(as_text=True)
    assert "Every copy of" not in html


def test_the_invite_for_a_server_on_this_computer_only_says_how_to_open_it(app, client, game_id):
    app.config["TABLE_URL"] = "http://127.0.0.1:5000"
    html = client.get(f"/games/{game_id}/invite").get_data(as_text=True).replace("&#34;", '"')
    assert "without HOST=127.0.0.1" in html


def entered_game(app, *tokens: dict) -> str:
    players = [player(name, wonder, **kinds) for name, wonder, kinds in
               zip(("Ada", "Bob", "Cy"), ("alexandria", "gizah", "rhodes"), tokens, strict=True)]
    with app.app_context():
        return storage.create_game(game(*players))


def test_tokens_that_cannot_pair_up_are_a_hint_never_a_refusal(app, client):
    # three victories but two defeats: some battle has a winner without a loser
    game_id = entered_game(app, {"victory_1": 2, "victory_3": 1}, {"defeat": 1}, {"defeat": 1})
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "3 victory tokens but 2 defeat tokens" in html
    assert "wins with" in html  # scored all the same
    paired = entered_game(app, {"victory_1": 2}, {"defeat": 1}, {"defeat": 1})
    assert "defeat tokens" not in client.get(f"/games/{paired}").get_data(as_text=True)


def test_a_city_saved_as_in_progress_keeps_the_pad_from_naming_a_winner(app, client, game_id):
    """A mid-game check: the city is saved, the pad still waits for it."""
    from tests.helpers import city_path

    first = ids(app, game_id)[0]
    client.post(f"/games/{game_id}/join/{first}")  # "This is me": the Done page
    html = client.get(city_path(app, game_id, 0)).get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="([^"]*)"', html).group(1)
    data = {"cards": ["altar"], "stages": "0", "coins": "3", "victory_1": "0", "victory_3": "0",
            "victory_5": "0", "defeat": "0", "version": version, "action": "progress"}
    answer = client.post(city_path(app, game_id, 0), data=data)
    assert answer.status_code == 302
    with app.app_context():
        saved = storage.load_game(game_id).document["players"][0]
    assert saved["cards"] == ["altar"] and saved["entered"] is False
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Waiting for 1 city: Ada." in pad and "wins with" not in pad
