"""First-edition games exactly as saved by the app before rulesets existed, and their answers.

``tests/data/frozen_first_edition/`` was made by running the code of commit a005d16 (the last
one before the Ruleset refactor): games entered through the web forms, the stored documents
copied byte for byte from its SQLite database, then scored (English, Dutch, Polish) and asked
a hand question through its API. Every later version must load them and answer the same bytes:
a saved game scores the same forever. English is compared byte for byte; Dutch and Polish
answers byte for byte except for the explanation texts, whose wording translators improve
deliberately (the Polish quantifiers changed after a005d16).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "frozen_first_edition"
GAMES = sorted(path.name.removesuffix(".json") for path in DATA.glob("game-??.json"))


def test_the_frozen_set_is_there():
    assert len(GAMES) == 10


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
@pytest.mark.parametrize("name", GAMES)
def test_saved_game_scores_byte_for_byte_as_before(client, name, lang):
    document = (DATA / f"{name}.json").read_bytes()
    answer = client.post("/api/v1/score", data=document, content_type="application/json",
                         headers={"Accept-Language": lang})
    assert answer.status_code == 200
    expected = (DATA / f"{name}.score.{lang}.json").read_bytes()
    if lang == "en":
        assert answer.get_data() == expected
    else:
        assert without_explanations(answer.get_data()) == without_explanations(expected)


def without_explanations(body: bytes) -> str:
    report = json.loads(body)
    for player in report["players"]:
        player["explanations"] = sorted(player["explanations"])
    return json.dumps(report)


@pytest.mark.parametrize("name", GAMES)
def test_saved_game_trade_answers_byte_for_byte_as_before(client, name):
    question = (DATA / f"{name}.trade.json").read_bytes()
    answer = client.post("/api/v1/trade", data=question, content_type="application/json")
    assert answer.status_code == 200
    assert answer.get_data() == (DATA / f"{name}.trade.en.json").read_bytes()
