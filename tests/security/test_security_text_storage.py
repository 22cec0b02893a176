"""Issue 22, items 1 to 4 on SQLite and PostgreSQL: ids that cannot be ids are 404 before any
query, titles and names hold only text a table can read (and a database can store), and an
import checks every record as the database will store it, reporting each one it skips."""

from __future__ import annotations

import json

import pytest

from scorer import create_app, storage
from scorer.engine.names import same_name_key
from scorer.games import service as games_service
from scorer.games.backups import BACKUP_FORMAT
from tests.helpers import game, own, player, problems_of

ADA = game(player("Ada", "gizah", cards=["altar"]), player("Bob", "rhodes"), player("Cy", "babylon"))
BAD_IDS = ["%00", "a%00b", "%00" * 30, "x" * 65, "%C3%A9", "a%0Ab"]


@pytest.fixture
def saved(storage_app):
    client = storage_app.test_client()
    with storage_app.app_context():
        game_id = games_service.create_game(ADA, "Table")
        player_id = storage.load_game(game_id).document["players"][0]["id"]
    own(storage_app, client, game_id)
    return client, game_id, player_id


@pytest.mark.parametrize("bad", BAD_IDS)
def test_an_id_that_cannot_be_an_id_is_404_on_every_route(saved, bad):
    client, game_id, player_id = saved
    pages = [f"/games/{bad}", f"/games/{bad}/live", f"/games/{bad}/sheet.pdf", f"/games/{bad}/setup",
             f"/games/{bad}/delete", f"/games/{bad}/invite", f"/games/{bad}/game.json",
             f"/games/{bad}/players/{player_id}", f"/games/{game_id}/players/{bad}",
             f"/api/v1/games/{bad}", f"/api/v1/games/{bad}/document",
             f"/api/v1/games/{bad}/players/{player_id}", f"/api/v1/games/{game_id}/players/{bad}"]
    for url in pages:
        assert client.get(url).status_code == 404, url
    assert client.delete(f"/api/v1/games/{bad}").status_code == 404
    assert client.put(f"/api/v1/games/{game_id}/players/{bad}", json={},
                      headers={"If-Match": '"x"'}).status_code == 404
    assert client.post(f"/games/{bad}/delete").status_code == 404
    assert client.post(f"/games/{bad}/players/{player_id}", data={"action": "save"}).status_code == 404


def test_storage_never_sends_an_impossible_id_to_the_database(storage_app):
    with storage_app.app_context():
        assert storage.load_game("a\x00b") is None
        assert storage.modify_game("\x00", lambda document: document) is None
        assert storage.delete_game("\x00") is False
        assert storage.list_games(["\x00", "é"]) == []
        with pytest.raises(ValueError, match="NUL"):
            storage.create_game(ADA, "a\x00b")


def new_game_form(title: str, names=("Ada", "Bob", "Cy")) -> dict:
    data = {"title": title, "count": str(len(names)), "action": "save"}
    for index, name in enumerate(names):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "random",
                     f"seats-{index}-side": "random"})
    return data


@pytest.mark.parametrize(("title", "code"), [("Fin\x00al", "U+0000"), ("Ding\x07", "U+0007"),
                                             ("Two\r\nlines", "U+000D"), ("Evil\u202eexe", "U+202E")])
def test_a_title_with_a_hidden_character_is_refused_naming_it(storage_app, title, code):
    client = storage_app.test_client()
    answer = client.post("/games/new", data=new_game_form(title))
    assert answer.status_code == 422 and code in answer.text
    with storage_app.app_context():
        assert storage.list_games() == []


def test_the_set_up_refuses_such_a_title_too_and_keeps_the_limit(saved, storage_app):
    client, game_id, _player_id = saved
    page = client.get(f"/games/{game_id}/setup")
    version = page.text.split('name="version" type="hidden" value="')[1].split('"')[0]
    form = new_game_form("A\x00B") | {"version": version}
    answer = client.post(f"/games/{game_id}/setup", data=form)
    assert answer.status_code == 422 and "U+0000" in answer.text
    long = client.post("/games/new", data=new_game_form("x" * 81))
    assert long.status_code == 422
    fine = client.post("/games/new", data=new_game_form("Zażółć gęślą jaźń 🎲"))
    assert fine.status_code == 302
    with storage_app.app_context():
        assert storage.load_game(game_id).title == "Table"
        assert {g.title for g in storage.list_games()} == {"Table", "Zażółć gęślą jaźń 🎲"}


@pytest.mark.parametrize("name", ["\u3164", "\u115f", "\u2800", "Ada\u2800", "\u0301\u0302", "\ufdd0",
                                  "A\ufdd0", "\U0010fffe"])
def test_names_that_render_blank_are_refused(name):
    found = problems_of(game(player(name, "gizah"), player("Bob", "rhodes"), player("Cy", "babylon")))
    assert found[0] == ("players[0].name", "invalid")


@pytest.mark.parametrize("name", ["👨\u200d👩\u200d👧", "❤\ufe0f\u200d🔥", "👍🏽",
                                  "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
                                  "Zoë", "محمد", "한국"])
def test_names_that_show_one_sign_or_letters_pass(name):
    assert problems_of(game(player(name, "gizah"), player("Bob", "rhodes"), player("Cy", "babylon"))) == []


def test_a_joiner_outside_an_emoji_is_still_refused():
    found = problems_of(game(player("A\u200dda", "gizah"), player("Bob", "rhodes"), player("Cy", "babylon")))
    assert found[0] == ("players[0].name", "invalid")


@pytest.mark.parametrize(("first", "second"),
                         [("Ada", "ＡＤＡ"), ("ﬁn", "FIN"), ("Mary Ann", "mary\u2003ann")])
def test_names_equal_after_nfkc_case_folding_are_one_name(first, second):
    assert same_name_key(first) == same_name_key(second)
    found = problems_of(game(player(first, "gizah"), player(second, "rhodes"), player("Cy", "babylon")))
    assert ("players[1].name", "duplicate_name") in found


def test_the_pages_refuse_those_names_on_either_database(storage_app):
    client = storage_app.test_client()
    for names in (("Ada", "ＡＤＡ", "Cy"), ("\u3164", "Bob", "Cy")):
        assert client.post("/games/new", data=new_game_form("", names)).status_code == 422
    family = new_game_form("", ("👨\u200d👩\u200d👧", "Bob", "Cy"))
    assert client.post("/games/new", data=family).status_code == 302
    with storage_app.app_context():
        (only,) = storage.list_games()
        assert only.document["players"][0]["name"] == "👨\u200d👩\u200d👧"


def record(public_id, **fields):
    return {"id": public_id, "title": None, "created_at": "2026-11-01T20:00:00+00:00",
            "updated_at": "2026-11-01T21:00:00+00:00", "revision": 1, "format_version": 1,
            "owner_token_hash": None, "document": ADA, **fields}


@pytest.mark.parametrize("dry_run", [False, True])
def test_import_checks_each_record_as_the_database_stores_it(storage_app, tmp_path, dry_run):
    path = tmp_path / "backup.json"
    path.write_text(json.dumps({"format": BACKUP_FORMAT, "version": 1, "games": [
        record("first"), record("nul", title="Fin\x00al"), record("owner", owner_token_hash="h" * 300),
        record("surrogate", title="\ud800"), record("last", title="Last")]}), "utf-8")
    args = ["import", str(path)] + (["--dry-run"] if dry_run else [])
    result = storage_app.test_cli_runner().invoke(args=args)
    assert result.exit_code == 1, result.output
    assert "skipped owner: owner_token_hash is longer than 128 characters" in result.output
    assert "cleaned nul: removed from the title: U+0000" in result.output
    assert "cleaned surrogate: removed from the title: U+D800" in result.output
    verb = "Would import" if dry_run else "Imported"
    assert f"{verb} 4 games; 0 already there unchanged; 0 replaced; 1 skipped." in result.output
    with storage_app.app_context():
        titles = {saved.id: saved.title for saved in storage.list_games()}
    assert titles == ({} if dry_run else {"first": None, "nul": "Final", "surrogate": None, "last": "Last"})


def test_a_game_with_a_nul_in_its_title_moves_from_sqlite_to_postgresql(tmp_path, storage_app):
    """The hosting docs' move: export from the SQLite file, import into the other database.
    An older version stored the NUL (SQLite holds one); the move keeps the game, without it."""
    old = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "old.sqlite")})
    with old.app_context():
        game_id = storage.create_game(ADA, "Table")
        with storage.get_engine().begin() as connection:
            connection.execute(storage.schema.game.update().values(title="Fin\x00al"))
    path = tmp_path / "move.json"
    assert old.test_cli_runner().invoke(args=["export", str(path)]).exit_code == 0
    result = storage_app.test_cli_runner().invoke(args=["import", str(path)])
    assert "Imported 1 games; 0 already there unchanged; 0 replaced; 0 skipped." in result.output
    assert result.exit_code == 0, result.output
    with storage_app.app_context():
        assert storage.load_game(game_id).title == "Final"
