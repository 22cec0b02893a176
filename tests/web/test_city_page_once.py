"""The city page looks this phone's chosen seat up once per request (issue 31: it was looked up
for the not-yours check and again for the page's header), and still shows the same: the
not-yours page for another seat's city, the header on one's own."""

from __future__ import annotations

from scorer.games import seats as seats_remembered
from scorer.games import service as games_service
from tests.helpers import game, player


def test_the_chosen_seat_is_looked_up_once(app, client, monkeypatch):
    with app.app_context():
        game_id = games_service.create_game(game(player("Ada", "gizah"), player("Bob", "babylon"),
                                                 player("Cy", "rhodes")), "Once")
        ids = [p["id"] for p in games_service.load(game_id).document["players"]]
    assert client.post(f"/games/{game_id}/join/{ids[0]}").status_code == 303
    calls = []
    original = seats_remembered.chosen_player
    monkeypatch.setattr(seats_remembered, "chosen_player",
                        lambda game: calls.append(game) or original(game))
    own = client.get(f"/games/{game_id}/players/{ids[0]}")
    assert own.status_code == 200 and len(calls) == 1
    other = client.get(f"/games/{game_id}/players/{ids[1]}")
    assert other.status_code == 200 and "Ada" in other.get_data(as_text=True) and len(calls) == 2
    anyway = client.get(f"/games/{game_id}/players/{ids[1]}?other=1")
    assert anyway.status_code == 200 and len(calls) == 3
    assert 'name="cards"' in anyway.get_data(as_text=True)
    assert 'name="cards"' not in other.get_data(as_text=True)
