"""Leaders through the JSON API and the command line, in three languages."""

from __future__ import annotations

import json

from tests.leaders.leaders_docs import city, leaders_game

GAME = leaders_game(
    city("Ana", "babylon", "A", 2, cards=["apothecary", "workshop", "scriptorium", "library"],
         coins=9, leaders=["aristotle", "enheduanna", "aganice"]),
    city("Bo", "abu-simbel", "A", 3, cards=["courtesans-guild"], coins=4,
         leaders=["midas"], buried=["cleopatra"]),
    city("Cy", "roma", "B", 2, coins=7, leaders=["sappho", "phryne", "nitocris"],
         victory_1=3))


def test_api_scores_a_leaders_game(client):
    response = client.post("/api/v1/score", json=GAME)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["categories"][-1] == "leaders"
    ana, bo, cy = answer["players"]
    # 1 compass, 1 gear, 2 tablets, Babylon's free symbol, Enheduanna and Aganice make
    # two sets (2/2/2: 26), and Aristotle's 3 per set: 6
    assert (ana["scores"]["science"], ana["scores"]["leaders"]) == (26, 6)
    assert ana["science_choices"] == ["compass"]
    assert ana["science_copy"] == "compass"
    assert ana["science_swap"] == {"from": "compass", "to": "gear"}
    assert ana["explanations"]["science"] == (
        "1 compass, 1 gear, 2 tablets, free symbol as compass (The Hanging Gardens of Babylon "
        "stage 2), one more compass (Enheduanna), a compass turned into a gear (Aganice) → "
        "2 compasses, 2 gears, 2 tablets, 2 sets: 4 + 4 + 4 + 14 = 26")
    assert bo["scores"]["wonder"] == 3 + 5 + 8
    assert (bo["copied_leader"], bo["copied_leader_from"]) == ("sappho", "Cy")
    assert bo["scores"]["leaders"] == 1 + 2
    assert cy["scores"]["leaders"] == 2
    assert cy["explanations"]["leaders"].startswith(
        "Sappho: 2; Phryne: 0 blue cards, not more than Ana (0), Bo (0): 0")


def test_api_answers_in_dutch_and_polish(client):
    for language, word in (("nl", "begraven"), ("pl", "Pochowany lider")):
        response = client.post("/api/v1/score", json=GAME, headers={"Accept-Language": language})
        assert word in response.get_json()["players"][1]["explanations"]["wonder"]


def test_api_refuses_a_bad_leaders_game_with_every_problem(client):
    doc = json.loads(json.dumps(GAME))
    doc["players"][0]["leaders"].append("darius")
    doc["players"][2]["leaders"].append("midas")
    response = client.post("/api/v1/score", json=doc)
    assert response.status_code == 422
    assert [(e["path"], e["code"]) for e in response.get_json()["errors"]] == [
        ("players[0].leaders[3]", "unsupported_expansion"),
        ("players[2].leaders[3]", "duplicate_leader"),
    ]


def test_cli_scores_and_checks_a_recruit(runner, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    result = runner.invoke(args=["score", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["players"][1]["scores"]["wonder"] == 16
    question = dict(GAME, player="Ana", recruit="plato", age=3)
    result = runner.invoke(args=["trade", "-"], input=json.dumps(question))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["reasons"][0]["code"] == "no_leader_slot"
    question = dict(GAME, player="Bo", recruit="zenobia", age=3)
    result = runner.invoke(args=["trade", "-"], input=json.dumps(question))
    # Bo's neighbour Cy has Roma night: 1 coin less
    assert json.loads(result.output)["recruit"]["cost"] == 1
