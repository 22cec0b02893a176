"""A group's revisions are sums over its games' rows (0012, issue 31): saves of different games
of one group do not wait for each other on PostgreSQL, every change of the group's games still
changes its revision (results changes its results revision) and no key ever comes back, and a
database saved before 0012 keeps its keys' order through the upgrade and back."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime

import pytest
from alembic import command
from sqlalchemy import func, select, text, update

from scorer import create_app, storage
from scorer.games import retention
from scorer.storage import driver, migrate
from scorer.storage import groups as stored_groups
from scorer.storage import merges as stored_merges
from scorer.storage.schema import game, game_group
from tests import helpers
from tests.conftest import dispose


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


def complete(seed: int, players: int = 4) -> dict:
    document = helpers.deal(random.Random(seed), players)
    for city in document["players"]:
        city["entered"] = True
    return document


def keys(group_id: str) -> tuple[int, int]:
    found = stored_groups.load_group(group_id)
    return found.revision, found.results_revision


def add_coin(seat: int = 0, entered: bool | None = None):
    def change(document):
        document["players"][seat]["coins"] += 1
        if entered is not None:
            document["players"][seat]["entered"] = entered
        return document
    return change


@pytest.mark.postgresql
def test_saves_of_two_games_of_one_group_do_not_wait_for_each_other(postgres_cluster,
                                                                     monkeypatch):
    """One save holds its transaction open just before its commit; a save of another game of
    the same group ends meanwhile (until 0012 it waited for the group row's lock)."""
    with postgres_cluster.fresh_schema() as url:
        app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url})
        try:
            with app.app_context():
                group = stored_groups.create_group("Club")
                first = storage.create_game(complete(1), group_pk=group.pk)
                second = storage.create_game(complete(2), group_pk=group.pk)
                before = keys(group.id)
            holding, release, ended = threading.Event(), threading.Event(), threading.Event()
            held = {}

            commit = driver.Batch.commit

            def hold(batch):
                if threading.current_thread().name == "held":
                    # what is queued goes to the server first (the writes, not yet COMMIT)
                    batch.cursor.execute("SELECT 1")
                    batch.cursor.fetchone()
                    holding.set()
                    release.wait(20)
                commit(batch)

            def save(public_id):
                with app.app_context():
                    held[public_id] = storage.modify_game(public_id, add_coin(0))
                if public_id == second:
                    ended.set()

            monkeypatch.setattr(driver.Batch, "commit", hold)
            try:
                slow = threading.Thread(target=save, args=(first,), name="held")
                slow.start()
                assert holding.wait(20)
                quick = threading.Thread(target=save, args=(second,))
                quick.start()
                passed = ended.wait(5)
                release.set()
                slow.join(20)
                quick.join(20)
            finally:
                release.set()
            assert passed, "the second game's save waited for the first one's commit"
            with app.app_context():
                after = keys(group.id)
                # both saves changed the results: each key rose once per save
                assert after == (before[0] + 2, before[1] + 2)
                assert [held[first].revision, held[second].revision] == [2, 2]
        finally:
            dispose(app)


def test_every_change_of_a_group_moves_its_keys_and_no_key_comes_back(ctx):
    group = stored_groups.create_group("Club")
    other = stored_groups.create_group("Elsewhere")
    seen = [keys(group.id)]

    def changed(results: bool) -> None:
        now = keys(group.id)
        assert now[0] > seen[-1][0], "the revision did not rise"
        assert (now[1] > seen[-1][1]) if results else (now[1] == seen[-1][1])
        seen.append(now)

    waiting = complete(3)
    waiting["players"][1]["entered"] = False
    first = storage.create_game(waiting, group_pk=group.pk)
    changed(results=False)  # a game still being entered has no results
    storage.modify_game(first, add_coin(0))
    changed(results=False)
    storage.modify_game(first, add_coin(1, entered=True))
    changed(results=True)  # complete now
    storage.modify_game(first, add_coin(2))
    changed(results=True)
    storage.modify_game(first, lambda document: document, title="Friday")
    changed(results=False)
    second = storage.create_game(complete(4), group_pk=group.pk)
    changed(results=True)
    for _ in range(5):  # a game with a high revision, which then leaves
        storage.modify_game(second, add_coin(0))
    changed(results=True)
    assert storage.set_locked(second, True)
    changed(results=False)
    assert storage.set_owner(second, None, "owner-hash")
    changed(results=False)
    assert stored_groups.set_game_group(second, other.pk)
    changed(results=True)
    outside = keys(other.id)
    storage.modify_game(second, add_coin(1))  # a game of another group
    assert keys(group.id) == seen[-1] and keys(other.id) > outside
    assert stored_groups.set_game_group(second, group.pk)
    changed(results=True)
    assert storage.delete_game(second)
    changed(results=True)
    stored_merges.merge_names(group.pk, storage.load_game(first).document["players"][0]["name"],
                              "Someone")
    changed(results=True)
    assert stored_groups.rename_group(group.id, "Club night")
    changed(results=False)
    assert len(set(seen)) == len(seen)


def test_pruned_games_leave_their_groups_keys_rising(ctx):
    group = stored_groups.create_group("Club")
    old = storage.create_game(complete(5), group_pk=group.pk)
    for _ in range(4):  # its revision (5) is more than the one the group row gets
        storage.modify_game(old, add_coin(0))
    before = keys(group.id)
    with storage.get_engine().begin() as connection:  # last changed long ago
        connection.execute(update(game).where(game.c.public_id == old).values(
            updated_at=datetime(2000, 1, 1, tzinfo=UTC)))
    assert retention.prune(30) == [old]
    after = keys(group.id)
    assert after[0] > before[0] and after[1] > before[1]


def test_the_keys_are_one_indexed_read(ctx):
    """The sums read the covering index on SQLite, not the games' rows (their documents); on
    PostgreSQL the group's rows through the index of the games by group (0013)."""
    with storage.get_engine().connect() as connection:
        if connection.dialect.name == "sqlite":
            plan = " ".join(str(row[-1]) for row in connection.execute(text(
                "EXPLAIN QUERY PLAN SELECT SUM(revision), SUM(results_revision) FROM game "
                "WHERE group_id = 1")))
            assert "COVERING INDEX game_group_revisions" in plan
        else:
            connection.exec_driver_sql("SET LOCAL enable_seqscan = off")  # an empty table
            plan = " ".join(row[0] for row in connection.execute(text(
                "EXPLAIN SELECT SUM(revision), SUM(results_revision) FROM game WHERE group_id = 1")))
            assert "game_in_group" in plan


#: the game row's columns a save writes (``storage._WRITE_SAVE``)
SAVED_COLUMNS = {"document", "format_version", "revision", "updated_at", "title",
                 "results_revision"}


@pytest.mark.postgresql
def test_no_index_of_the_games_holds_a_column_a_save_writes(postgres_cluster):
    """Then PostgreSQL's UPDATE of a saved game is HOT: it writes no index entry (0012 indexed
    ``revision``: every save wrote one into each of the table's indexes, issue 31)."""
    with postgres_cluster.fresh_schema() as url:
        app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url})
        try:
            with app.app_context(), storage.get_engine().connect() as connection:
                indexed = set(connection.execute(text(
                    "SELECT attribute.attname FROM pg_index JOIN pg_attribute attribute "
                    "ON attribute.attrelid = pg_index.indrelid "
                    "AND attribute.attnum = ANY(pg_index.indkey) "
                    "WHERE pg_index.indrelid = 'game'::regclass")).scalars())
                options = connection.execute(text(
                    "SELECT reloptions FROM pg_class WHERE oid = 'game'::regclass")).scalar()
        finally:
            dispose(app)
    assert indexed == {"id", "public_id", "created_at", "creation_key", "group_id"}
    assert not indexed & SAVED_COLUMNS
    assert options == ["fillfactor=90"]  # room on the row's page for its new version


def test_a_database_saved_before_0012_keeps_its_keys_in_order(database_url):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                      "DATABASE_AUTO_MIGRATE": False})
    try:
        with app.app_context():
            engine = storage.get_engine()
            migrate.upgrade(engine, "0011")
            with engine.begin() as connection:
                connection.execute(text(
                    "INSERT INTO game_group (public_id, name, revision, results_revision, "
                    "created_at, updated_at) VALUES ('club', 'Club', 40, 9, :moment, :moment)"),
                    {"moment": "2026-11-20T19:00:00.000000+00:00"})
                pk = connection.execute(select(game_group.c.id)).scalar()
            with engine.begin() as connection:
                for number, revision in ((1, 3), (2, 11)):
                    connection.execute(text(
                        "INSERT INTO game (public_id, document, format_version, revision, "
                        "created_at, updated_at, group_id) VALUES (:pid, :document, 0 + :version, "
                        ":revision, :moment, :moment, :pk)"),
                        {"pid": f"old-game-{number}", "revision": revision, "pk": pk,
                         "document": storage._encode(complete(number)),
                         "version": storage.CURRENT_VERSION,
                         "moment": "2026-11-20T19:00:00.000000+00:00"})
            assert migrate.upgrade(engine) == ("0011", migrate.head())
            revision, results_revision = keys("club")
            # a key the old version never reached: its own caches are never taken for new ones
            assert revision == 40 + 3 + 11 and results_revision == 9
            saved = storage.modify_game("old-game-2", add_coin(0))
            assert saved.revision == 12
            assert keys("club") == (revision + 1, results_revision + 1)
            with engine.connect() as connection:
                assert connection.execute(select(func.sum(game.c.results_revision))).scalar() == 1
            before_downgrade = keys("club")
            with engine.begin() as connection:  # and back: the group row takes the sums
                command.downgrade(migrate._config(connection), "0011")
            with engine.connect() as connection:
                assert tuple(connection.execute(text(
                    "SELECT revision, results_revision FROM game_group")).one()) == before_downgrade
            engine.dispose()
    finally:
        dispose(app)


def game_indexes(connection) -> set[str]:
    if connection.dialect.name == "sqlite":
        return {row[1] for row in connection.exec_driver_sql("PRAGMA index_list(game)")
                if not row[1].startswith("sqlite_")}
    return set(connection.execute(text(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'game' "
        "AND schemaname = current_schema()")).scalars())


def test_0013_goes_down_and_up_again_keeping_the_games(database_url):
    """PostgreSQL's index by group becomes 0012's covering index and back; SQLite's stays."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url})
    try:
        with app.app_context():
            group = stored_groups.create_group("Club")
            public_id = storage.create_game(complete(3), group_pk=group.pk)
            storage.modify_game(public_id, add_coin(0))
            before = keys(group.id)
            engine = storage.get_engine()
            postgresql = engine.dialect.name == "postgresql"
            with engine.begin() as connection:
                assert ("game_in_group" in game_indexes(connection)) == postgresql
                command.downgrade(migrate._config(connection), "0012")
            with engine.connect() as connection:
                assert "game_group_revisions" in game_indexes(connection)
                assert "game_in_group" not in game_indexes(connection)
            assert keys(group.id) == before
            with engine.begin() as connection:
                command.upgrade(migrate._config(connection), "head")
            with engine.connect() as connection:
                assert ("game_group_revisions" in game_indexes(connection)) != postgresql
            assert keys(group.id) == before
            assert storage.modify_game(public_id, add_coin(0)).revision == 3
            assert keys(group.id)[0] > before[0]
            engine.dispose()
    finally:
        dispose(app)
