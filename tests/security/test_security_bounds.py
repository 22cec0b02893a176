"""Issue 12: bounded error reports, oversized documents refused first, coins bounded."""

from __future__ import annotations

import json

from scorer.engine.bounds import MAX_REPORTED
from tests.helpers import filler, game, player, problems_of


def test_a_megabyte_of_unknown_cards_answers_one_short_problem(client):
    document = game(player("Ada", "gizah", cards=["x"] * 200_000), *filler(2, ["gizah"]))
    body = json.dumps(document).encode()
    assert 1_000_000 <= len(body) <= 1024 * 1024
    answer = client.post("/api/v1/score", data=body, content_type="application/json")
    assert answer.status_code == 422
    assert len(answer.data) < 1000
    assert answer.get_json()["errors"] == [{"path": "players[0].cards", "code": "invalid", "message":
                                            "cards: no city holds more than 60; this list has 200000."}]


def test_a_report_lists_at_most_100_problems_and_says_how_many_more(client):
    document = game(*(player(f"P{i}", "gizah", cards=[f"x{j}" for j in range(50)]) for i in range(7)))
    answer = client.post("/api/v1/score", json=document)
    errors = answer.get_json()["errors"]
    assert len(errors) == MAX_REPORTED + 1
    assert errors[-1]["code"] == "too_many_problems"
    assert errors[-1]["message"].startswith(f"{7 * 50 + 6 - MAX_REPORTED} more problems were found")
    assert len(answer.data) < 20_000


def test_the_count_of_the_rest_is_translated(client):
    document = game(*(player(f"P{i}", "gizah", cards=[f"x{j}" for j in range(50)]) for i in range(7)))
    answer = client.post("/api/v1/score", json=document, headers={"Accept-Language": "pl"})
    assert "problem" in answer.get_json()["errors"][-1]["message"]
    assert "more problems" not in answer.get_json()["errors"][-1]["message"]


def test_too_many_players_are_refused_before_anything_else(client):
    answer = client.post("/api/v1/score", json={"players": [{"name": 1}] * 10_000})
    assert answer.get_json()["errors"][0]["code"] == "player_count"
    assert len(answer.get_json()["errors"]) == 1


def test_coins_have_an_upper_bound():
    ok = game(player("Ada", "gizah", coins=999), *filler(2, ["gizah"]))
    assert problems_of(ok) == []
    rich = game(player("Ada", "gizah", coins=10**100), *filler(2, ["gizah"]))
    assert problems_of(rich) == [("players[0].coins", "invalid")]
