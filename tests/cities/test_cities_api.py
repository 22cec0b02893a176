"""Cities games through the JSON API, the command line, saved games and backups: they go
through the engine like any game, so each layer only has to carry the new fields."""

from __future__ import annotations

import json
import random

from scorer import storage
from tests.cities.cities_docs import deal
from tests.helpers import report

TEAM_GAME = deal(random.Random(19), "first", 6, leaders=True, teams=True)


def test_api_scores_a_cities_game_with_teams_and_debt(client):
    response = client.post("/api/v1/score", json=TEAM_GAME)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["categories"][-2:] == ["leaders", "cities"]
    assert [team["players"] for team in answer["teams"]] == TEAM_GAME["teams"]
    assert all("debt" in player for player in answer["players"])
    assert answer == report(TEAM_GAME)


def test_api_answers_cities_problems_with_their_paths_in_three_languages(client):
    document = json.loads(json.dumps(TEAM_GAME))
    document["players"][0]["debt"] = 100
    document["teams"][0] = ["P0", "P2"]
    for language in ("en", "nl", "pl"):
        response = client.post("/api/v1/score", json=document,
                               headers={"Accept-Language": language})
        assert response.status_code == 422
        paths = [error["path"] for error in response.get_json()["errors"]]
        assert "players[0].debt" in paths and "teams[0]" in paths
    dutch = client.post("/api/v1/score", json=document, headers={"Accept-Language": "nl"})
    assert any("schuld" in error["message"] for error in dutch.get_json()["errors"])


def test_cli_scores_a_cities_game(runner):
    result = runner.invoke(args=["score", "-"], input=json.dumps(TEAM_GAME))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["teams"] == report(TEAM_GAME)["teams"]


def test_saved_cities_game_answers_its_report_and_survives_a_backup(app, client, runner,
                                                                    storage_app, tmp_path):
    created = client.post("/api/v1/games", json=TEAM_GAME)
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    read = client.get(f"/api/v1/games/{game_id}")
    assert read.status_code == 200
    assert read.json["report"]["teams"] == report(TEAM_GAME)["teams"]
    with app.app_context():
        before = storage.list_games()
    path = tmp_path / "backup.json"
    assert runner.invoke(args=["export", str(path)]).exit_code == 0
    result = storage_app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    with storage_app.app_context():
        assert storage.list_games() == before
