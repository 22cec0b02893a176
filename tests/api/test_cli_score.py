"""``flask --app scorer score FILE``: the report on standard output and exit 0, or exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers import game, player

GAME = game(player("Ada", "alexandria", "A", 3, coins=14,
                   cards=["altar", "aqueduct", "town-hall", "chamber-of-commerce", "loom",
                          "glassworks"], victory_1=1, victory_3=1, victory_5=1, defeat=3),
            player("Bob", "gizah"), player("Cy", "rhodes"), player("Di", "babylon"))


def test_score_file_prints_the_report(runner, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    result = runner.invoke(args=["score", str(path)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["players"][0]["scores"]["civilian"] == 13
    assert report["players"][0]["total"] == 37
    assert report["winners"] == ["Ada"]


def test_dash_reads_standard_input(runner):
    result = runner.invoke(args=["score", "-"], input=json.dumps(GAME))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["players"][0]["scores"]["military"] == 6


def test_invalid_game_prints_every_error_and_exits_2(runner):
    doc = json.loads(json.dumps(GAME))
    doc["players"][1]["wonder"] = "atlantis"
    doc["players"][2]["cards"] = ["chamber-of-commerce"]
    result = runner.invoke(args=["score", "-"], input=json.dumps(doc))
    assert result.exit_code == 2
    assert json.loads(result.output) == {"errors": [
        {"path": "players[1].wonder", "code": "unknown_wonder",
         "message": "Unknown wonder 'atlantis'."},
        {"path": "players[2].cards[0]", "code": "too_many_copies",
         "message": "The decks for 4 players hold 1 × Chamber of Commerce, but 2 cities have it: "
                    "Ada, Cy."},
    ]}


def test_not_json_exits_2(runner):
    result = runner.invoke(args=["score", "-"], input="{oops")
    assert result.exit_code == 2
    assert json.loads(result.output)["errors"][0]["code"] == "invalid_json"


def test_not_an_object_exits_2(runner):
    result = runner.invoke(args=["score", "-"], input="[1, 2]")
    assert result.exit_code == 2
    assert json.loads(result.output)["errors"][0] == {
        "path": "", "code": "invalid", "message": "A game must be a JSON object."}


def test_missing_file_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(args=["score", str(tmp_path / "nope.json")])
    assert result.exit_code == 2


def test_the_real_command_line(tmp_path):
    """The installed ``flask`` command, as a user types it, with a file and with stdin."""
    flask = Path(sys.executable).with_name("flask")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    env = {**os.environ, "FLASK_APP": ""}
    done = subprocess.run([str(flask), "--app", "scorer", "score", str(path)],
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == ["Ada"]
    bad = subprocess.run([str(flask), "--app", "scorer", "score", "-"], input="[]",
                         capture_output=True, text=True, env=env, timeout=60, check=False)
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["errors"][0]["code"] == "invalid"
