"""Saved games from before this version keep loading, scoring and rendering the same.

``data/saved_games/a005d16.sqlite`` was written by the app of commit a005d16 (the last version
before migrations and format versions, and before players had ids) through its web forms and
storage functions; ``a005d16.json`` holds what that code answered for each game. The current
code migrates a copy of the file in place and must give every game back with its id, title,
times and cities, score it to the same points, ranks, winners, science choices and copied
guilds, and render its pages and score sheet. The explanation texts are left out on purpose:
they are reworded deliberately (the numbers they explain are compared).
``data/saved_games/make_a005d16.py`` says how the files were made.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorer import create_app, storage

DATA = Path(__file__).parents[1] / "data" / "saved_games"
GOLDEN = json.loads((DATA / "a005d16.json").read_text("utf-8"))
#: what later format versions add to an old document (stripped before comparing)
ADDED_TO_PLAYERS = {"id", "entered"}  # format version 2 (scorer.documents.player_ids)


def without_additions(document: dict) -> dict:
    return {**document, "players": [{k: v for k, v in p.items() if k not in ADDED_TO_PLAYERS}
                                    for p in document["players"]]}


@pytest.fixture(scope="module")
def old_app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("old-games")
    shutil.copy(DATA / "a005d16.sqlite", folder / "scorer.sqlite")
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(folder / "scorer.sqlite")})
    yield app
    for engine in app.extensions.get("scorer.storage", {}).values():
        engine.dispose()


def test_every_old_game_loads_with_its_id_title_times_and_cities(old_app):
    with old_app.app_context():
        games = {saved.id: saved for saved in storage.list_games()}
    assert sorted(games) == sorted(GOLDEN) and len(games) == 10
    for public_id, old in GOLDEN.items():
        saved = games[public_id]
        assert saved.title == old["title"]
        assert saved.created_at == datetime.fromisoformat(old["created_at"])
        assert saved.updated_at == datetime.fromisoformat(old["updated_at"])
        assert without_additions(saved.document) == old["document"]


def comparable(report: dict) -> dict:
    """The report's numbers and choices: every old field but the explanation texts."""
    players = [{key: value for key, value in player.items() if key != "explanations"}
               for player in report["players"]]
    return {**{k: v for k, v in report.items() if k != "players"}, "players": players}


@pytest.mark.parametrize("public_id", sorted(GOLDEN))
def test_old_game_scores_and_renders_the_same(old_app, public_id):
    old = GOLDEN[public_id]
    client = old_app.test_client()
    with old_app.app_context():
        document = storage.load_game(public_id).document
    answer = client.post("/api/v1/score", json=document)
    assert answer.status_code == 200, answer.get_json()
    expected, got = comparable(old["report"]), comparable(answer.get_json())
    for key, value in expected.items():
        if key != "players":
            assert got[key] == value, key
    for old_player, new_player in zip(expected["players"], got["players"], strict=True):
        assert {key: new_player.get(key) for key in old_player} == old_player

    pad = client.get(f"/games/{public_id}")
    assert pad.status_code == 200
    html = pad.get_data(as_text=True)
    totals_row = re.search(r'<tr class="total">(.*?)</tr>', html, re.S).group(1)
    shown = [int(text.replace("−", "-")) for text in re.findall(r"<td[^>]*>(−?\d+)</td>", totals_row)]
    assert shown == [player["total"] for player in old["report"]["players"]]
    for index, player in enumerate(old["document"]["players"]):
        assert player["name"] in html or player["name"].replace("'", "&#39;") in html
        # the seat-number URLs of that version still lead to the same player's city
        city = client.get(f"/games/{public_id}/players/{index}", follow_redirects=True)
        assert city.status_code == 200 and player["name"] in city.get_data(as_text=True).replace("&#39;", "'")
    # saved before owners existed: nobody may change the set-up until the instance owner
    # hands the game to a browser
    assert client.get(f"/games/{public_id}/setup").status_code == 403
    hand_over = old_app.test_cli_runner().invoke(args=["hand-over", public_id, "--base-url", "http://h"])
    claim = re.search(r"^http://h(/\S+)$", hand_over.output, re.M).group(1)
    assert client.post(claim).status_code == 302
    assert client.get(f"/games/{public_id}/setup").status_code == 200
    assert client.get(f"/games/{public_id}/build").status_code == 200
    sheet = client.get(f"/games/{public_id}/sheet.pdf")
    assert sheet.status_code == 200
    first_page = PdfReader(io.BytesIO(sheet.data)).pages[0].extract_text()
    totals_line = re.search(r"^Total ([−\d ]+)$", first_page, re.M).group(1)
    assert [int(text.replace("−", "-")) for text in totals_line.split()] == [
        player["total"] for player in old["report"]["players"]]
