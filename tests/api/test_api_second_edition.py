"""The API and the command line take second-edition documents and questions."""

from __future__ import annotations

import json

from tests.helpers import player

GAME = {"edition": "second", "players": [
    player("Ada", "gizah", "night", 4, cards=["decorators-guild", "ludus", "barracks", "well"],
           coins=9, victory_5=1),
    player("Bob", "babylon", "night", 2, cards=["apothecary", "workshop"], coins=3),
    player("Cy", "olympia", "day", 2, cards=["stockade"], coins=5),
    player("Di", "ephesos", "day"), player("Ed", "rhodes", "day"),
]}


def test_api_scores_a_second_edition_game(client):
    answer = client.post("/api/v1/score", json=GAME)
    assert answer.status_code == 200, answer.json
    report = answer.json
    assert report["edition"] == "second"
    assert report["categories"] == ["wonder", "coins", "military", "civilian", "commercial",
                                    "science", "guilds"]
    ada = report["players"][0]
    assert ada["scores"] == {"wonder": 20, "coins": 3, "military": 5, "civilian": 3,
                             "commercial": 1, "science": 0, "guilds": 7}
    assert ada["total"] == 39 and report["winners"] == ["Ada"]


def test_api_explains_in_dutch_and_polish(client):
    dutch = client.post("/api/v1/score", json=GAME, headers={"Accept-Language": "nl"}).json
    assert dutch["players"][0]["explanations"]["guilds"] == (
        "Decorateursgilde: 4 van 4 fasen van De Piramides van Gizeh (Nacht) gebouwd: 7")
    polish = client.post("/api/v1/score", json=GAME, headers={"Accept-Language": "pl"}).json
    assert "Gildia Dekoratorów" in polish["players"][0]["explanations"]["guilds"]
    assert "(Noc)" in polish["players"][0]["explanations"]["guilds"]


def test_api_refuses_first_edition_sides_and_cards_with_every_problem(client):
    document = json.loads(json.dumps(GAME))
    document["players"][0]["side"] = "A"
    document["players"][1]["cards"].append("strategists-guild")
    answer = client.post("/api/v1/score", json=document, headers={"Accept-Language": "nl"})
    assert answer.status_code == 422
    assert [(e["path"], e["code"]) for e in answer.json["errors"]] == [
        ("players[0].side", "unknown_side"), ("players[1].cards[2]", "unknown_card")]
    assert answer.json["errors"][0]["message"] == (
        "Onbekende kant 'A': een wonder heeft kant \"day\" of \"night\".")


def test_api_trade_reports_olympia_free_builds(client):
    question = dict(GAME, player="Cy", build={"card": "university"})
    answer = client.post("/api/v1/trade", json=question)
    assert answer.status_code == 200
    assert answer.json["options"] == [{"total": 0, "bank": 0, "left": 0, "right": 0,
                                       "purchases": []}]
    assert [n["kind"] for n in answer.json["free_builds"]] == ["first_of_colour"]


def test_cli_scores_and_checks_second_edition_documents(runner):
    result = runner.invoke(args=["score", "-"], input=json.dumps(GAME))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["players"][0]["scores"]["guilds"] == 7
    question = dict(GAME, player="Ada", build={"card": "gardens"})
    result = runner.invoke(args=["trade", "-"], input=json.dumps(question))
    assert result.exit_code == 0, result.output
    assert "legal" in json.loads(result.output)
    bad = dict(GAME, players=GAME["players"][:2])
    result = runner.invoke(args=["score", "-"], input=json.dumps(bad))
    assert result.exit_code == 2
