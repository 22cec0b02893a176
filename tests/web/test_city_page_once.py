"""The city page looks this phone's chosen seat up once per request (issue 31: it was looked up
for the not-yours check and again for the page's header), and still shows the same: the
not-yours page for another seat's city, the header on one's own."""

from __future__ import annotations

import pytest

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


def test_the_city_pages_chips_link_as_the_build_checkers_do(app, client):
    """The city page's chips come with their info links and labels worked out in Python
    (chip_faces); the build checker's are drawn by the template: the same for every
    building, in every language (the labels escaped the same way)."""
    import re

    with app.app_context():
        game_id = games_service.create_game(game(player("Ada", "gizah"), player("Bob", "babylon"),
                                                 player("Cy", "rhodes")), "Links")
        ada = games_service.load(game_id).document["players"][0]["id"]
    link = re.compile(r'id="(?:cards|hand)-([^"]+)" value="[^"]*"[^>]*>.*?'
                      r'<a class="chip-info card-link" href="([^"]+)"[^>]*aria-label="([^"]+)"',
                      re.S)
    for language in ("en", "nl", "pl"):
        headers = {"Accept-Language": language}
        city = client.get(f"/games/{game_id}/players/{ada}", headers=headers).get_data(as_text=True)
        build = client.get(f"/games/{game_id}/build", headers=headers).get_data(as_text=True)
        on_city, on_build = dict((i, (h, a)) for i, h, a in link.findall(city)), {}
        on_build = {i: (h, a) for i, h, a in link.findall(build.split('name="hand"', 1)[1])}
        assert len(on_city) > 70 and on_city == {i: on_build[i] for i in on_city}, language


@pytest.mark.parametrize("players", [3, 7])
def test_the_chips_drawn_in_python_are_the_templates_bytes(app, client, monkeypatch, players):
    """chip_faces.city_chips draws the city page's chips as _chips.html would: the whole page
    is the same with them and with the template drawing every chip, in every language, with
    chips checked, missing from the decks, and all of whose copies the others hold."""
    import functools
    import random
    import re

    from scorer.web import cities
    from tests.helpers import deal

    with app.app_context():
        game_id = games_service.create_game(deal(random.Random(players), players, "first"), "Chips")
        ids = [p["id"] for p in games_service.load(game_id).document["players"]]

    def page(language: str) -> str:
        answer = client.get(f"/games/{game_id}/players/{ids[1]}",
                            headers={"Accept-Language": language})
        assert answer.status_code == 200
        return re.sub(r'name="csrf_token"[^>]*>', "", answer.get_data(as_text=True))

    for language in ("en", "nl", "pl"):
        drawn = page(language)
        with monkeypatch.context() as patched:
            patched.setattr(cities, "city_chips",
                            functools.partial(cities.city_chips, drawn=False))
            templated = page(language)
        assert drawn == templated, language
        assert "checked" in drawn and 'class="taken"' in drawn
    if players == 3:
        assert "not in the decks for 3 players" in page("en")
    else:
        assert "all copies taken:" in page("en")
