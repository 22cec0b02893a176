"""The storage seam the other features build on: locked read-modify-write, revisions, owners,
format versions upgraded on read and the write-back that keeps upgrades stable."""

from __future__ import annotations

import itertools

import pytest

from scorer import storage
from scorer.documents import upgrades as saved_documents


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


def test_new_games_start_at_revision_1_in_the_current_format(ctx):
    public_id = storage.create_game({"v": 1}, "t")
    saved = storage.load_game(public_id)
    assert saved.revision == 1
    assert saved.format_version == saved_documents.CURRENT_VERSION
    assert saved.owner_token_hash is None


def test_owner_token_hash_is_kept(ctx):
    public_id = storage.create_game({"v": 1}, owner_token_hash="sha256:" + "ab" * 32)
    assert storage.load_game(public_id).owner_token_hash == "sha256:" + "ab" * 32
    assert [game.owner_token_hash for game in storage.list_games()] == ["sha256:" + "ab" * 32]


def test_modify_game_writes_what_change_returns_and_bumps_the_revision(ctx):
    public_id = storage.create_game({"players": [{"name": "Ada"}, {"name": "Bob"}]}, "t")
    seen = []

    def add_coins(document):
        seen.append(document)
        document["players"][1]["coins"] = 4
        return document

    saved = storage.modify_game(public_id, add_coins)
    assert seen == [{"players": [{"name": "Ada"}, {"name": "Bob", "coins": 4}]}]
    assert saved.revision == 2 and saved.title == "t"
    assert saved.document == {"players": [{"name": "Ada"}, {"name": "Bob", "coins": 4}]}
    again = storage.load_game(public_id)
    assert again == saved
    assert storage.update_game(public_id, {"players": []}, title="")
    after = storage.load_game(public_id)
    assert (after.revision, after.title, after.document) == (3, "", {"players": []})
    assert after.updated_at >= saved.updated_at >= saved.created_at


def test_modify_game_of_no_game_is_none_and_never_calls_change(ctx):
    def change(_document):
        raise AssertionError("called")

    assert storage.modify_game("no-such-game", change) is None


def test_modify_game_refuses_a_non_document_and_writes_nothing(ctx):
    public_id = storage.create_game({"v": 1})
    with pytest.raises(TypeError):
        storage.modify_game(public_id, lambda document: None)
    assert storage.load_game(public_id).revision == 1


def test_list_games_of_given_ids(ctx):
    first, second, third = (storage.create_game({"v": n}) for n in range(3))
    assert [game.id for game in storage.list_games([first, third, "unknown"])] == [third, first]
    assert storage.list_games([]) == []
    assert [game.id for game in storage.list_games()] == [third, second, first]


def test_ping_answers(ctx):
    storage.ping()


@pytest.fixture
def step_2(monkeypatch):
    """A second document format whose upgrade adds a random value, as player ids will."""
    counter = itertools.count(1)

    def add_ids(document):
        for player in document.get("players", []):
            player["id"] = f"p{next(counter)}"
        return document

    monkeypatch.setitem(saved_documents.STEPS, 2, add_ids)
    monkeypatch.setattr(saved_documents, "CURRENT_VERSION", 2)
    monkeypatch.setattr(storage, "CURRENT_VERSION", 2)
    return counter


def _store_as_version_1(public_id: str) -> None:
    from sqlalchemy import update

    from scorer.storage.schema import game

    with storage.get_engine().begin() as connection:
        connection.execute(update(game).where(game.c.public_id == public_id).values(format_version=1))


def test_old_documents_are_upgraded_on_read_once_and_for_all(ctx, step_2):
    public_id = storage.create_game({"players": [{"name": "Ada"}, {"name": "Bob"}]})
    _store_as_version_1(public_id)
    first = storage.load_game(public_id)
    assert first.document == {"players": [{"name": "Ada", "id": "p1"}, {"name": "Bob", "id": "p2"}]}
    assert first.format_version == 2 and first.revision == 2
    # The upgrade was written back: later reads see the same ids and do not upgrade again.
    assert storage.load_game(public_id) == first
    assert storage.list_games() == [first]
    assert next(step_2) == 3


def test_modify_game_changes_the_upgraded_document(ctx, step_2):
    public_id = storage.create_game({"players": [{"name": "Ada"}]})
    _store_as_version_1(public_id)
    seen = []
    saved = storage.modify_game(public_id, lambda document: seen.append(dict(document)) or document)
    assert seen == [{"players": [{"name": "Ada", "id": "p1"}]}]
    assert saved.format_version == 2 and storage.load_game(public_id).document == saved.document


def test_upgrade_steps():
    assert saved_documents.upgrade({"a": 1}, None) == {"a": 1}
    assert saved_documents.upgrade({"a": 1}, 1) == {"a": 1}
    with pytest.raises(saved_documents.UnknownVersion):
        saved_documents.upgrade({}, saved_documents.CURRENT_VERSION + 1)
    assert sorted(saved_documents.STEPS) == list(range(2, saved_documents.CURRENT_VERSION + 1))
