"""``POST /api/v1/trade`` and ``flask --app scorer trade FILE``, as the spec describes them."""

from __future__ import annotations

import json

from tests.helpers import game, player

UNIVERSITY = {"legal": True, "reasons": [], "options": [
    {"total": 4, "bank": 0, "left": 2, "right": 2,
     "purchases": [{"resource": "wood", "count": 1, "from": "left", "unit_price": 2},
                   {"resource": "papyrus", "count": 1, "from": "right", "unit_price": 2}]}]}


def university(**fields) -> dict:
    document = game(player("Ada", "olympia", cards=["glassworks"], coins=4),
                    player("Bob", "babylon", cards=["lumber-yard"]), player("Cy", "ephesos"))
    document.update({"player": "Ada", "build": {"card": "university"}, "age": 3})
    document.update(fields)
    return document


def test_trade_answers_the_report(client):
    answer = client.post("/api/v1/trade", json=university())
    assert answer.status_code == 200
    assert answer.mimetype == "application/json"
    assert answer.json == UNIVERSITY


def test_trade_reasons_when_illegal(client):
    document = university()
    document["players"][0]["coins"] = 3
    answer = client.post("/api/v1/trade", json=document)
    assert answer.status_code == 200
    assert answer.json == {"legal": False, "options": [], "reasons": [
        {"code": "not_enough_coins", "message": "costs at least 4 coins, you hold 3"}]}


def test_trade_hand(client):
    document = university()
    del document["build"], document["age"]
    document["hand"] = ["university", "altar"]
    answer = client.post("/api/v1/trade", json=document)
    assert answer.status_code == 200
    assert [entry["card"] for entry in answer.json["hand"]] == ["university", "altar"]
    assert answer.json["hand"][0]["options"] == UNIVERSITY["options"]
    assert answer.json["wonder_stage"]["stage"] == 1


def test_invalid_question_answers_422_with_every_problem(client):
    document = university(player="Eve", build={"card": "lumberyard"})
    document["players"][1]["cards"] = ["nothing"]
    answer = client.post("/api/v1/trade", json=document)
    assert answer.status_code == 422
    assert [(e["path"], e["code"]) for e in answer.json["errors"]] == [
        ("players[1].cards[0]", "unknown_card"), ("player", "unknown_player"),
        ("build.card", "unknown_card")]
    assert all(e["message"] for e in answer.json["errors"])


def test_not_json_or_not_an_object_answers_400(client):
    answer = client.post("/api/v1/trade", data=b"{nope", content_type="application/json")
    assert answer.status_code == 400 and answer.json["errors"][0]["code"] == "invalid_json"
    answer = client.post("/api/v1/trade", json=[1, 2])
    assert answer.status_code == 400 and answer.json["errors"][0]["code"] == "invalid"


def test_get_is_not_allowed(client):
    assert client.get("/api/v1/trade").status_code == 405


def test_messages_follow_the_request_language(client):
    document = university()
    document["players"][0]["cards"].append("university")
    answer = client.post("/api/v1/trade", json=document, headers={"Accept-Language": "nl"})
    reason = answer.json["reasons"][0]
    assert reason["code"] == "duplicate_building"
    assert "Universiteit" in reason["message"]  # the card's Dutch name


def test_score_still_works_beside_trade(client):
    answer = client.post("/api/v1/score", json=game(player("Ada", "gizah"), player("Bob", "rhodes"),
                                                    player("Cy", "babylon")))
    assert answer.status_code == 200 and answer.json["winners"]


def test_cli_trade_prints_the_report(runner, tmp_path):
    path = tmp_path / "question.json"
    path.write_text(json.dumps(university()), encoding="utf-8")
    result = runner.invoke(args=["trade", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == UNIVERSITY


def test_cli_trade_reads_standard_input(runner):
    result = runner.invoke(args=["trade", "-"], input=json.dumps(university()))
    assert result.exit_code == 0 and json.loads(result.output) == UNIVERSITY


def test_cli_trade_errors_exit_2(runner):
    result = runner.invoke(args=["trade", "-"], input=json.dumps(university(player="Eve")))
    assert result.exit_code == 2
    assert json.loads(result.output)["errors"][0]["code"] == "unknown_player"
    result = runner.invoke(args=["trade", "-"], input="not json")
    assert result.exit_code == 2
    assert json.loads(result.output)["errors"][0]["code"] == "invalid_json"


def test_cli_score_still_works(runner):
    document = game(player("Ada", "gizah"), player("Bob", "rhodes"), player("Cy", "babylon"))
    result = runner.invoke(args=["score", "-"], input=json.dumps(document))
    assert result.exit_code == 0 and json.loads(result.output)["winners"]
