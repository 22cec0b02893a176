"""Issue 28 item 1: a backup holds every group (id, name, owner, its games, its merges) with the
games, and ``flask import`` restores them at the same ids; a round trip SQLite -> PostgreSQL
-> SQLite gives the same statistics for every group (and the same backup file). A backup from
before groups were backed up still imports; nothing is overwritten silently."""

from __future__ import annotations

import json
import random

import pytest

from scorer import create_app, storage
from scorer.games import access
from scorer.games import service as games_service
from scorer.groups import service
from scorer.storage import merges as stored_merges
from scorer.storage.groups import load_group
from scorer.storage.schema import group_alias
from tests import helpers
from tests.conftest import dispose

#: a player, spelt in several ways that count as one
PLAYERS = [["Ada", "ada", "ADA "], ["Ada L."], ["Zofia", "zofia"], ["Zosia"], ["Chloe"],
           ["Bram"], ["Łucja", "łucja"], ["Bo"], ["Cy"], ["Dirk"]]


def app_on(url: str):
    return create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": url,
                       "WTF_CSRF_ENABLED": False})


def named(document: dict, rng: random.Random) -> dict:
    for city, spellings in zip(document["players"], rng.sample(PLAYERS, len(document["players"])),
                               strict=False):
        city["name"] = rng.choice(spellings)
    return document


def club(app, games_per_group: int = 12, seed: int = 28) -> dict[str, str]:
    """Three groups with games (complete, still being entered, locked), merges of every kind
    (a chain, a chosen name, one undone, one as migration 0009 found it) and games in none:
    ``{group id: owner token}``."""
    rng = random.Random(seed)
    owners = {}
    with app.app_context():
        for number, name in enumerate(("Thursday", "Family", "Club Łódź")):
            token, owner_hash = access.minted_owner()
            group = service.create(name, owner_hash)
            owners[group.id] = token
            for index in range(games_per_group):
                document = named(helpers.deal(rng, rng.randint(3, 7),
                                              rng.choice(["first", "second"])), rng)
                for city in document["players"]:
                    city["entered"] = not (index == 3 and city is document["players"][-1])
                game_id, _ = service.create_game(group, document, title=f"{name} {index}")
                if index == 5:
                    storage.set_locked(game_id, True)
            for source, target, shown in (("Ada L.", "Ada", None), ("Ada", "Zofia", "Zosia Z."),
                                          ("Zosia", "Zofia", None), ("Bram", "Bo", None)):
                try:
                    service.merge(group, source, target, shown)
                except service.Refused:
                    pass  # a name this group's games do not have
            service.unmerge(group, "Bram")
            if number == 2:  # a merge of the flat kind older versions wrote
                with storage.get_engine().begin() as connection:
                    connection.execute(group_alias.insert().values(
                        group_id=group.pk, name_key="chloe", target_key="dirk", target_name="Dirk D."))
        for index in range(4):
            games_service.create_game(named(helpers.deal(rng, 4), rng), f"Alone {index}")
    return owners


def state(app) -> dict:
    """Everything a group shows, per group: its read, statistics (with a filter), merges, CSV,
    a player's page; with its owner. (Its revision moves on with every game put in it: the
    caches of its pages, in every process, are keyed by it.)"""
    client = app.test_client()
    found = {}
    with app.app_context():
        groups = {group.id: group for group in storage.snapshot()[1]}
    for group_id, group in groups.items():
        url = f"/api/v1/groups/{group_id}"
        stats = client.get(url + "/stats").get_json()
        first = stats["players"][0]["name"] if stats["players"] else "nobody"
        found[group_id] = {
            "group": client.get(url).get_json(), "stats": stats,
            "first": client.get(url + "/stats?edition=first").get_json(),
            "merges": client.get(url + "/aliases").get_json(),
            "csv": client.get(url + "/results.csv").get_data(as_text=True),
            "player": client.get(f"{url}/players/{first}").get_json(),
            "owner": group.owner_token_hash, "name": group.name}
    return found


def export(app, tmp_path, name: str):
    """The backup file, and what it holds but the moment and the groups' revisions."""
    path = tmp_path / name
    result = app.test_cli_runner().invoke(args=["export", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text("utf-8"))
    data.pop("exported_at")
    for group in data["groups"]:
        group.pop("revision")
    return path, data


def restore(app, path):
    result = app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    return result.output


def test_export_holds_every_group_with_its_games_and_merges(app, tmp_path):
    owners = club(app, games_per_group=6)
    path, _data = export(app, tmp_path, "backup.json")
    data = json.loads(path.read_text("utf-8"))
    assert data["version"] == 2 and len(data["games"]) == 22
    records = {record["id"]: record for record in data["groups"]}
    assert set(records) == set(owners)
    thursday = next(record for record in records.values() if record["name"] == "Thursday")
    assert set(thursday) == {"id", "name", "owner_token_hash", "created_at", "updated_at",
                             "revision", "games", "merges"}
    with app.app_context():
        assert thursday["owner_token_hash"] == load_group(thursday["id"]).owner_token_hash
    assert len(thursday["games"]) == 6
    assert {"source": "Ada", "target": "Zofia", "name": "Zosia Z."} in thursday["merges"]
    club_lodz = next(record for record in records.values() if record["name"] == "Club Łódź")
    assert {"source": "chloe", "target": "dirk", "name": "Dirk D."} in club_lodz["merges"]
    assert not any(merge["source"] == "Bram" for record in records.values() for merge in record["merges"])


def test_a_round_trip_on_sqlite_keeps_every_group(app, tmp_path):
    owners = club(app)
    before = state(app)
    path, data = export(app, tmp_path, "first.json")
    second = app_on("sqlite:///" + str(tmp_path / "second.sqlite"))
    try:
        output = restore(second, path)
        assert "Imported 3 groups with" in output and "Imported 40 games;" in output
        assert state(second) == before
        assert export(second, tmp_path, "second.json")[1] == data
        # the owner's token still works, the links are the same
        client = second.test_client()
        group_id = next(iter(owners))
        renamed = client.patch(f"/api/v1/groups/{group_id}", json={"name": "Renamed"},
                               headers={"X-Owner-Token": owners[group_id]})
        assert renamed.status_code == 200
        assert client.get(f"/groups/{group_id}").status_code == 200
    finally:
        dispose(second)


@pytest.mark.postgresql
def test_a_round_trip_sqlite_postgresql_sqlite_gives_equal_statistics(app, tmp_path, postgres_cluster):
    club(app)
    before = state(app)
    path, data = export(app, tmp_path, "sqlite.json")
    with postgres_cluster.fresh_schema() as url:
        postgres = app_on(url)
        try:
            restore(postgres, path)
            assert state(postgres) == before
            path, from_postgres = export(postgres, tmp_path, "postgresql.json")
            assert from_postgres == data
        finally:
            dispose(postgres)
    back = app_on("sqlite:///" + str(tmp_path / "back.sqlite"))
    try:
        restore(back, path)
        assert state(back) == before
    finally:
        dispose(back)


def test_a_backup_without_groups_still_imports(storage_app, tmp_path):
    document = helpers.game(helpers.player("Ada", "gizah"), helpers.player("Bo", "rhodes"),
                            helpers.player("Cy", "babylon"))
    old = {"format": "7-wonders-scorer-backup", "version": 1, "exported_at": "2026-11-01T10:00:00+00:00",
           "games": [{"id": "old-game", "title": "Old", "created_at": "2026-11-01T09:00:00+00:00",
                      "updated_at": "2026-11-01T09:00:00+00:00", "revision": 2,
                      "owner_token_hash": None, "format_version": 1, "document": document}]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), "utf-8")
    output = restore(storage_app, path)
    assert "Imported 0 groups with 0 merges" in output and "Imported 1 games;" in output
    with storage_app.app_context():
        saved = storage.load_game("old-game")
        assert saved.title == "Old" and saved.group_pk is None


def test_clashing_groups_are_reported_and_replaced_only_on_purpose(storage_app, tmp_path):
    owners = club(storage_app, games_per_group=4)
    path, data = export(storage_app, tmp_path, "backup.json")
    runner = storage_app.test_cli_runner()
    again = runner.invoke(args=["import", str(path)])
    assert again.exit_code == 0
    assert "Imported 0 groups with 0 merges; 3 already there unchanged" in again.output
    group_id = next(iter(owners))
    with storage_app.app_context():
        group = load_group(group_id)
        service.rename(group, "Someone else's")
        stored_merges.clear(group.pk)
    before = state(storage_app)
    clash = runner.invoke(args=["import", str(path)])
    assert clash.exit_code == 1
    assert (f"skipped group {group_id}: a different group (name or owner) with this id is "
            "already here") in clash.output
    assert state(storage_app) == before  # nothing of that group changed
    dry = runner.invoke(args=["import", "--replace", "--dry-run", str(path)])
    assert dry.exit_code == 0 and f"replaced group {group_id} (dry run)" in dry.output
    assert state(storage_app) == before
    replaced = runner.invoke(args=["import", "--replace", str(path)])
    assert replaced.exit_code == 0, replaced.output
    def kept(groups):  # a replaced group is a change: its revision and time move on
        return [{key: group[key] for key in ("id", "name", "owner_token_hash", "games", "merges")}
                for group in groups]
    assert kept(export(storage_app, tmp_path, "after.json")[1]["groups"]) == kept(data["groups"])


def test_bad_group_records_are_skipped_with_their_reason(storage_app, tmp_path):
    document = helpers.game(helpers.player("Ada", "gizah"), helpers.player("Bo", "rhodes"),
                            helpers.player("Cy", "babylon"))
    game = {"id": "g1", "title": None, "created_at": "2026-11-01T09:00:00+00:00",
            "updated_at": "2026-11-01T09:00:00+00:00", "document": document, "format_version": 1}
    good = {"id": "grp", "name": "Thursday", "owner_token_hash": None, "revision": 1,
            "created_at": "2026-11-01T08:00:00+00:00", "updated_at": "2026-11-01T08:00:00+00:00",
            "games": ["g1", "missing"], "merges": [{"source": "Ada", "target": "Bo", "name": None}]}
    bad = [dict(good, id="nul", name="Thurs\u0000day"), dict(good, id="long", name="x" * 61),
           dict(good, id="evil", games=[], merges=[{"source": "\u202eAda", "target": "Bo", "name": None}]),
           dict(good, id="extra", colour="red"), dict(good, id="grp"), "not a group",
           dict(good, id="again", games=["g1"])]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "7-wonders-scorer-backup", "version": 2, "games": [game],
                                "groups": [good, *bad]}), "utf-8")
    result = storage_app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert "skipped group nul: name: The group's name holds a control or invisible character." in lines
    assert any(line.startswith("skipped group long: name: The group's name is 61 characters")
               for line in lines)
    assert ("skipped group evil: merges[0].source: A name cannot hold invisible or text-direction "
            "characters (U+202E).") in lines
    assert "skipped group extra: unknown fields: colour" in lines
    assert "skipped group grp: the backup holds this group twice; the first was taken" in lines
    assert "skipped group 6: not a JSON object" in lines
    assert "skipped group again: game g1 is in group grp of the backup too" in lines
    assert "skipped group grp: its game missing is neither in the backup nor saved here" in lines
    with storage_app.app_context():
        group = load_group("grp")
        assert storage.load_game("g1").group_pk == group.pk
        assert stored_merges.aliases(group.pk) == {"ada": ("bo", "Bo")}
        assert load_group("nul") is None and load_group("evil") is None
