"""The saved-games store: round trips, ordering, transactions, unknown ids (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC

import pytest

from scorer import storage


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


def test_database_is_created_on_first_use(app, tmp_path):
    app.config["DATABASE"] = str(tmp_path / "sub" / "fresh.sqlite")
    with app.app_context():
        assert storage.list_games() == []
    assert (tmp_path / "sub" / "fresh.sqlite").exists()


def test_round_trip(ctx):
    document = {"edition": "first", "players": [{"name": "Zoë ąć"}]}
    public_id = storage.create_game(document, title="Friday")
    saved = storage.load_game(public_id)
    assert saved.id == public_id
    assert saved.title == "Friday"
    assert saved.document == document
    assert saved.created_at.tzinfo == UTC
    assert saved.created_at == saved.updated_at


def test_ids_are_long_and_distinct(ctx):
    ids = {storage.create_game({"n": n}) for n in range(20)}
    assert len(ids) == 20
    assert all(len(public_id) >= 20 for public_id in ids)


def test_new_ids_never_begin_with_a_dash(ctx, monkeypatch):
    """A command line would read ``-Xy3...`` as an option: such draws are drawn again."""
    from scorer.storage import groups, public_ids

    drawn = iter(["-dash1", "-dash2", "GameId", "-dash3", "GroupId"])
    monkeypatch.setattr(public_ids.secrets, "token_urlsafe", lambda size: next(drawn))
    assert storage.create_game({"v": 1}) == "GameId"
    assert groups.create_group("Club").id == "GroupId"
    assert storage.load_game("-dash1") is None


def test_update_keeps_title_unless_given(ctx):
    public_id = storage.create_game({"v": 1}, title="one")
    assert storage.update_game(public_id, {"v": 2})
    saved = storage.load_game(public_id)
    assert saved.document == {"v": 2} and saved.title == "one"
    assert saved.updated_at >= saved.created_at
    assert storage.update_game(public_id, {"v": 3}, title="two")
    assert storage.load_game(public_id).title == "two"


def test_a_save_answers_the_game_as_stored(ctx):
    """modify_game reads and writes the row through the driver (storage.driver): the game it
    answers, its times, flags and title, is the one a later read finds, field by field."""
    public_id = storage.create_game({"v": 1}, title="one", owner_token_hash="h" * 64)
    assert storage.set_locked(public_id, True)
    for title in (None, "two", ""):
        saved = storage.modify_game(public_id, lambda document: {"v": document["v"] + 1},
                                    title=title)
        assert saved == storage.load_game(public_id)
        assert saved.updated_at.tzinfo == UTC and saved.locked is True
    assert saved.title == "" and saved.revision == 4 and saved.document == {"v": 4}


def test_unknown_ids(ctx):
    assert storage.load_game("nope") is None
    assert storage.update_game("nope", {}) is False
    assert storage.delete_game("nope") is False


def test_delete(ctx):
    public_id = storage.create_game({"v": 1})
    assert storage.delete_game(public_id)
    assert storage.load_game(public_id) is None


def test_list_newest_first(ctx):
    first = storage.create_game({"v": 1})
    second = storage.create_game({"v": 2})
    storage.update_game(first, {"v": 3})
    assert [game.id for game in storage.list_games()] == [second, first]


def test_failed_write_is_rolled_back(ctx):
    public_id = storage.create_game({"v": 1})
    with pytest.raises(TypeError):
        storage.update_game(public_id, ["not", "a", "dict"])

    def half_then_fail(document):
        with storage.get_engine().connect() as other:  # the change itself is not yet visible
            assert storage.load_game(public_id).document == {"v": 1}
            other.rollback()
        document["v"] = 2
        raise RuntimeError("the change fails after editing its copy")

    with pytest.raises(RuntimeError):
        storage.modify_game(public_id, half_then_fail, title="half")
    saved = storage.load_game(public_id)
    assert saved.title is None and saved.document == {"v": 1} and saved.revision == 1


def test_connections_go_back_to_the_pool(storage_app):
    with storage_app.app_context():
        storage.list_games()
        storage.create_game({"v": 1})
        assert storage.get_engine().pool.checkedout() == 0
