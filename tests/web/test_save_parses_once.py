"""A city save parses the game once (issue 31): the page checks the game as the save will
write it, and the save takes that game when the document it writes is the same; when it is
not (the game changed in between), the save checks its own."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from scorer import storage
from scorer.engine.validation import parse_game
from scorer.games import service as games_service
from tests.helpers import deal

ANSWERS = Path(__file__).resolve().parents[2] / "benchmarks" / "answers.py"


def form_of(page: str) -> list[tuple[str, str]]:
    """The fields a browser sends with the page's form (the benchmark's reader of them)."""
    spec = importlib.util.spec_from_file_location("answers_benchmark", ANSWERS)
    answers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(answers)
    return answers.form_of(page)


@pytest.mark.parametrize("action", ["pad", "progress", "next"])
def test_a_city_save_parses_the_game_once(app, client, monkeypatch, action):
    from scorer.web import cities

    with app.app_context():
        game_id = games_service.create_game(deal(random.Random(5), 5, "second"), "Once")
        ids = [p["id"] for p in games_service.load(game_id).document["players"]]
    url = f"/games/{game_id}/players/{ids[1]}?other=1"
    fields = [(k, "4" if k == "coins" else v) for k, v in form_of(client.get(url).get_data(as_text=True))]
    parsed = []
    counted = lambda document, *args: parsed.append(1) or parse_game(document, *args)  # noqa: E731
    monkeypatch.setattr(cities, "parse_game", counted)
    monkeypatch.setattr(games_service, "parse_game", counted)
    from werkzeug.datastructures import MultiDict
    answer = client.post(url, data=MultiDict([*fields, ("action", action)]))
    assert answer.status_code == 302 and len(parsed) == 1
    with app.app_context():
        city = games_service.load(game_id).document["players"][1]
    assert city["coins"] == 4 and city["entered"] is (action != "progress")


def test_a_save_checks_its_own_game_when_the_document_differs(app):
    with app.app_context():
        document = deal(random.Random(6), 4, "first")
        game_id = games_service.create_game(document, "Changed")
        stored = games_service.load(game_id).document
        player = stored["players"][0]
        clean = games_service.as_saved(stored, 0, True)
        game, problems = parse_game(clean)
        assert not problems
        taken = stored["players"][1]["cards"][0]  # another city's building: a second copy
        city = games_service.city_of(player) | {"cards": [*player["cards"], taken, taken]}
        with pytest.raises(games_service.Invalid):
            games_service.save_city(game_id, player["id"], city, lambda version: True,
                                    parsed=storage.Checked(clean, game))
        assert games_service.load(game_id).document["players"][0]["cards"] == player["cards"]
