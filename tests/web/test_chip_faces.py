"""The city page's chips are drawn once per ruleset and language (scorer/web/chip_faces.py,
issue 31) and each city's own state is applied per request: a page drawn after other cities',
other games' (another ruleset) and other languages' is the page drawn with nothing kept, and
shows its own city's buildings chosen, none of another's."""

from __future__ import annotations

import random
import re

from scorer.games import service as games_service
from scorer.web import chip_faces, cities
from tests.helpers import deal

CSRF = re.compile(r'name="csrf_token"[^>]*>')
CHECKED = re.compile(r'id="cards-([^"]+)" value="[^"]+" checked')


def fresh(app) -> None:
    """Forget every kept chip and form choice: the next page is drawn from nothing."""
    app.extensions.pop(chip_faces.EXTENSION, None)
    cities.city_choices.cache_clear()


def test_kept_chips_never_carry_one_city_or_language_into_another(app, client):
    with app.app_context():
        games = [games_service.create_game(deal(random.Random(seed), players, edition), edition)
                 for seed, players, edition in ((1, 3, "first"), (2, 5, "second"))]
        seats = [(game_id, player) for game_id in games
                 for player in games_service.load(game_id).document["players"][:3]]
    fresh(app)
    shown = 0
    for language in ("en", "nl", "pl", "en"):
        for game_id, player in seats:
            url = f"/games/{game_id}/players/{player['id']}?other=1"
            headers = {"Accept-Language": language}
            kept = CSRF.sub("", client.get(url, headers=headers).get_data(as_text=True))
            fresh(app)
            drawn = CSRF.sub("", client.get(url, headers=headers).get_data(as_text=True))
            assert kept == drawn, (language, game_id, player["name"])
            assert sorted(CHECKED.findall(kept)) == sorted(set(player["cards"])), player["name"]
            shown += 1
    assert shown == 24


def test_the_chips_are_drawn_once_per_ruleset_and_language(app, client, monkeypatch):
    with app.app_context():
        game_id = games_service.create_game(deal(random.Random(3), 4, "first"), "Once")
        ids = [p["id"] for p in games_service.load(game_id).document["players"]]
    fresh(app)
    drawn = []
    draw = chip_faces.draw
    monkeypatch.setattr(chip_faces, "draw", lambda *args: drawn.append(args) or draw(*args))
    for language in ("en", "nl", "en", "nl"):
        for player_id in ids:
            answer = client.get(f"/games/{game_id}/players/{player_id}?other=1",
                                headers={"Accept-Language": language})
            assert answer.status_code == 200
    assert len(drawn) == 2
