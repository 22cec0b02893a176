"""Export and import: one game's JSON document (page and API), and whole backups that come back
exactly, validated, and never overwrite a game silently."""

from __future__ import annotations

import json
import os

import pytest

from scorer import storage
from scorer.documents.upgrades import CURRENT_VERSION, upgrade
from scorer.games.backups import BACKUP_FORMAT
from tests.helpers import game, player

ADA = game(player("Ada Łęcka", "gizah", cards=["altar"], coins=4), player("Bob", "rhodes"),
           player("Cy", "babylon", stages=1, victory_1=1))


@pytest.fixture
def saved_id(app):
    with app.app_context():
        return storage.create_game(ADA, "Zażółć")


def test_download_a_game_as_its_document(client, saved_id):
    response = client.get(f"/games/{saved_id}/game.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith('attachment; filename="7-wonders-zazolc-')
    assert json.loads(response.data) == ADA
    # the file is a game the API and the command line score as it is
    assert client.post("/api/v1/score", data=response.data,
                       content_type="application/json").status_code == 200
    assert f'href="/games/{saved_id}/game.json"' in client.get(f"/games/{saved_id}").text


def test_api_answers_the_document(client, saved_id):
    response = client.get(f"/api/v1/games/{saved_id}/document")
    assert response.status_code == 200 and response.json == ADA
    missing = client.get("/api/v1/games/nope/document")
    assert missing.status_code == 404 and missing.is_json
    assert client.get("/games/nope/game.json").status_code == 404


def test_round_trip_keeps_every_game_exactly(app, runner, storage_app, tmp_path):
    with app.app_context():
        storage.create_game(ADA, "Zażółć")
        second = storage.create_game(game(player("A", "olympia", side="B"), player("B", "ephesos"),
                                          player("C", "halikarnassos")), owner_token_hash="h" * 64)
        storage.modify_game(second, lambda document: {**document, "players": [
            {**document["players"][0], "coins": 9}, *document["players"][1:]]})
        storage.create_game(game(player("X", "gizah"), player("Y", "rhodes"), player("Z", "babylon")))
        before = storage.list_games()
    path = tmp_path / "backup.json"
    result = runner.invoke(args=["export", str(path)])
    assert result.exit_code == 0 and "Exported 3 games" in result.output
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == BACKUP_FORMAT and len(data["games"]) == 3

    result = storage_app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    assert "Imported 3 games; 0 already there unchanged; 0 replaced; 0 skipped." in result.output
    with storage_app.app_context():
        after = storage.list_games()
    assert after == before  # ids, titles, documents, times, revisions, owners, order

    again = storage_app.test_cli_runner().invoke(args=["import", str(path)])
    assert again.exit_code == 0
    assert "Imported 0 games; 3 already there unchanged" in again.output


def test_export_to_standard_output(runner, saved_id):
    result = runner.invoke(args=["export"])
    assert json.loads(result.output)["games"][0]["id"] == saved_id


def backup_of(*records) -> str:
    return json.dumps({"format": BACKUP_FORMAT, "version": 1, "games": list(records)})


def record(public_id, document=ADA, **fields):
    return {"id": public_id, "title": None, "created_at": "2026-11-01T20:00:00+00:00",
            "updated_at": "2026-11-01T21:00:00+00:00", "revision": 1, "format_version": 1,
            "owner_token_hash": None, "document": document, **fields}


def upgrade_like_storage(document, public_id):
    """``document`` upgraded from format 1, with the random player ids the stored game got."""
    stored = storage.load_game(public_id).document
    expected = upgrade(document, 1)
    for entry, stored_player in zip(expected["players"], stored["players"], strict=True):
        if "id" in stored_player:
            entry["id"] = stored_player["id"]
    return expected


def test_import_skips_and_reports_what_it_does_not_take(app, runner, saved_id, tmp_path):
    bad_card = game(player("A", "gizah", cards=["no-such-card"]), player("B", "rhodes"),
                    player("C", "babylon"))
    other = game(player("P", "gizah"), player("Q", "rhodes"), player("R", "babylon"))
    path = tmp_path / "backup.json"
    path.write_text(backup_of(
        record("fine-game"), record(saved_id, other), record("broken", bad_card),
        record("fine-game", other), record("bad id!"), record("later", format_version=99),
        record("timeless", created_at="yesterday"), "not an object",
        record("extra", surprise=1)), "utf-8")
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"skipped {saved_id}: a different game with this id is already saved" in result.output
    assert "skipped broken: the game is not valid: players[0].cards[0]: unknown_card" in lines
    assert "skipped fine-game: the backup holds this id twice; the first was taken" in lines
    assert "skipped games[4]: id is missing or not 1 to 64 letters, digits, - or _" in lines
    assert f"skipped later: format version 99 is newer than this app ({CURRENT_VERSION})" in lines
    assert "skipped timeless: created_at is not an ISO 8601 date and time" in lines
    assert "skipped games[7]: not a JSON object" in lines
    assert "skipped extra: unknown fields: surprise" in lines
    assert lines[-1] == "Imported 1 games; 0 already there unchanged; 0 replaced; 8 skipped."
    with app.app_context():
        assert storage.load_game(saved_id).document == ADA  # not overwritten
        assert storage.load_game("fine-game").document == upgrade_like_storage(ADA, "fine-game")
        assert storage.load_game("broken") is None


def test_replace_overwrites_on_purpose_and_dry_run_changes_nothing(app, runner, saved_id, tmp_path):
    other = game(player("P", "gizah"), player("Q", "rhodes"), player("R", "babylon"))
    path = tmp_path / "backup.json"
    path.write_text(backup_of(record(saved_id, other, title="New"), record("brand-new")), "utf-8")
    dry = runner.invoke(args=["import", "--replace", "--dry-run", str(path)])
    assert dry.exit_code == 0 and f"replaced {saved_id} (dry run)" in dry.output
    assert "Would import 1 games" in dry.output
    with app.app_context():
        assert storage.load_game(saved_id).document == ADA and storage.load_game("brand-new") is None
    result = runner.invoke(args=["import", "--replace", str(path)])
    assert result.exit_code == 0 and f"replaced {saved_id}" in result.output
    with app.app_context():
        replaced = storage.load_game(saved_id)
        assert replaced.title == "New" and replaced.revision == 2
        # the record was format version 1: imported as upgraded (player ids added)
        assert replaced.document["players"] == [
            {**player, "id": replaced.document["players"][n]["id"]}
            for n, player in enumerate(upgrade(other, 1)["players"])]


def test_import_refuses_what_is_not_a_backup(runner, tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps(ADA), "utf-8")
    result = runner.invoke(args=["import", str(path)])
    assert result.exit_code == 1 and "not a backup of this app" in result.output
    path.write_text("{", "utf-8")
    assert "not valid JSON" in runner.invoke(args=["import", str(path)]).output


def test_an_over_long_title_is_shortened_with_a_note(storage_app, tmp_path):
    """Issue 28 item 8: the pages take at most 80 characters; an import keeps the game, cut to
    80 (no half of an emoji left), and says so."""
    document = upgrade(ADA, 1)
    long_title = "Thursday " + "x" * 4991
    emoji = "y" * 79 + "👩\u200d👩\u200d👧" + "z" * 10
    records = [{"id": name, "title": title, "created_at": "2026-11-20T19:00:00+00:00",
                "updated_at": "2026-11-20T19:00:00+00:00", "document": document,
                "format_version": CURRENT_VERSION}
               for name, title in (("long", long_title), ("emoji", emoji), ("short", "Friday"))]
    path = tmp_path / "backup.json"
    path.write_text(json.dumps({"format": BACKUP_FORMAT, "version": 1, "games": records}), "utf-8")
    result = storage_app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    assert ("cleaned long: the title of 5000 characters was shortened to the 80 the pages allow"
            in result.output)
    assert "cleaned emoji:" in result.output and "cleaned short" not in result.output
    with storage_app.app_context():
        assert storage.load_game("long").title == long_title[:80]
        assert storage.load_game("emoji").title == "y" * 79
        assert storage.load_game("short").title == "Friday"
