"""Groups and the results table in the database (SQLite and PostgreSQL): the results are
written in the save's transaction and deleted with the game, the migration fills them from the
games already saved, ``flask stats rebuild`` corrects them, deleting a group keeps its games,
and after random concurrent saves the table equals a recomputation from the documents."""

from __future__ import annotations

import json
import random
import threading

import pytest
from sqlalchemy import func, select, text, update

from scorer import create_app, storage
from scorer.games import service as games_service
from scorer.groups import service
from scorer.storage import groups as stored_groups
from scorer.storage import merges as stored_merges
from scorer.storage import migrate, results
from scorer.storage.schema import game, result
from tests import helpers
from tests.conftest import dispose


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


def entered(document: dict, *, but: int | None = None) -> dict:
    for index, city in enumerate(document["players"]):
        city["entered"] = index != but
    return document


def stored_results(game_id: str) -> list[tuple]:
    with storage.get_engine().connect() as connection:
        pk = connection.execute(select(game.c.id).where(game.c.public_id == game_id)).scalar()
        return results.stored(connection, pk)


def expected_results(game_id: str) -> list[tuple]:
    saved = storage.load_game(game_id)
    return results.expected(saved.document, saved.created_at, saved.group_pk)


def count(table) -> int:
    with storage.get_engine().connect() as connection:
        return connection.execute(select(func.count()).select_from(table)).scalar()


def test_results_follow_every_save_and_go_with_the_game(ctx):
    document = entered(helpers.deal(random.Random(1), 4), but=2)
    game_id = games_service.create_game(document)
    assert stored_results(game_id) == []  # a game still being entered has no results
    player_id = storage.load_game(game_id).document["players"][2]["id"]
    city = games_service.city_of(document["players"][2])
    city.pop("entered")
    games_service.save_city(game_id, player_id, city, lambda _version: True)
    rows = stored_results(game_id)
    assert rows == expected_results(game_id)
    assert len([r for r in rows if len(r) == len(results.HEAD_COLUMNS)]) == 4
    games_service.save_city(game_id, player_id, dict(city, coins=city["coins"] + 9),
                            lambda _version: True)
    assert stored_results(game_id) == expected_results(game_id) != rows
    assert storage.delete_game(game_id)
    assert count(result) == 0


def test_invalid_and_odd_documents_have_no_results(ctx):
    for document in ({"n": 1}, {"players": "x"}, {"players": []},
                     entered(helpers.game(helpers.player("Ada", "nowhere")))):
        storage.create_game(document)
    assert count(result) == 0


def test_a_group_deleted_keeps_its_games(ctx):
    group = service.create("Club", None)
    other = service.create("Other", None)
    game_id, _ = service.create_game(group, entered(helpers.deal(random.Random(2), 3)))
    assert storage.load_game(game_id).group_pk == group.pk
    assert not service.remove_game(other, game_id)  # not in that group: stays where it is
    assert storage.load_game(game_id).group_pk == group.pk
    assert service.delete(group)
    assert service.load(group.id) is None
    saved = storage.load_game(game_id)
    assert saved is not None and saved.group_pk is None
    assert stored_results(game_id) == expected_results(game_id)
    assert service.add_game(other, game_id)
    assert stored_groups.group_game_ids(other.pk) == [game_id]


def test_bad_names_and_merges_change_nothing(ctx):
    for name in ("", "   ", "x" * 10_000, 7, None, "a\u200bb"):
        with pytest.raises(service.Refused):
            service.create(name, None)
    assert service.create("  Thursday \t night ", None).name == "Thursday night"
    group = service.create("Merges", None)
    with pytest.raises(service.Refused) as refused:
        service.merge(group, "Ada", " ADA ")
    assert refused.value.problems[0].code == "same_player"
    with pytest.raises(service.Refused) as refused:
        service.merge(group, "Ada L.", "Ada")  # no game of the group has Ada L. yet
    assert refused.value.problems[0].code == "not_found"
    service.create_game(group, helpers.game(helpers.player("Ada L.", "gizah"),
                                            helpers.player("Ada", "rhodes"),
                                            helpers.player("Bo", "babylon")))
    service.merge(group, "Ada L.", "Ada")
    with pytest.raises(service.Refused):
        service.merge(group, "ada", "ada l.")  # already one player
    assert stored_merges.aliases(group.pk) == {"ada l.": ("ada", "Ada")}
    service.merge(group, "Ada", "Lovelace", "Ada Lovelace")  # the merged name follows
    assert stored_merges.aliases(group.pk) == {"ada l.": ("lovelace", "Ada Lovelace"),
                                               "ada": ("lovelace", "Ada Lovelace")}


def test_flask_stats_rebuild_corrects_the_table(storage_app):
    runner = storage_app.test_cli_runner()
    with storage_app.app_context():
        game_ids = [games_service.create_game(entered(helpers.deal(random.Random(n), 5)))
                    for n in range(3)]
        with storage.get_engine().begin() as connection:
            connection.execute(update(result).values(p3=99))
            connection.execute(text("DELETE FROM result WHERE seat = 0"))
    answer = runner.invoke(args=["stats", "rebuild"])
    assert answer.exit_code == 0, answer.output
    assert "Checked the results of 3 games; corrected 3." in answer.output
    with storage_app.app_context():
        for game_id in game_ids:
            assert stored_results(game_id) == expected_results(game_id)
    assert "corrected 0" in runner.invoke(args=["stats", "rebuild"]).output


def test_the_migration_fills_the_results_of_saved_games(database_url):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                      "DATABASE_AUTO_MIGRATE": False})
    old = helpers.deal(random.Random(3), 4)  # format 1: no ids, cities held as entered
    waiting = entered(helpers.deal(random.Random(4), 3), but=0)
    try:
        with app.app_context():
            engine = storage.get_engine()
            migrate.upgrade(engine, "0003")
            with engine.begin() as connection:
                for public_id, document, version in (("old", old, 1), ("waiting", waiting, 2)):
                    connection.execute(game.insert().values(
                        public_id=public_id, document=json.dumps(document), format_version=version,
                        revision=1, created_at=helpers_moment(), updated_at=helpers_moment()))
            assert migrate.upgrade(engine) == ("0003", migrate.head())
            assert len(stored_results("old")) == 4
            assert stored_results("waiting") == []
            with engine.connect() as connection:  # the stored text was not touched
                assert connection.execute(select(game.c.format_version).where(
                    game.c.public_id == "old")).scalar() == 1
            assert stored_results("old") == expected_results("old")  # reading upgrades it
    finally:
        dispose(app)


def helpers_moment():
    from datetime import UTC, datetime

    return datetime(2026, 10, 1, 19, tzinfo=UTC)


def test_after_random_concurrent_saves_the_table_equals_a_recomputation(storage_app):
    """Threads, half of them through a second app on the same database, save random cities of
    a few games at once (completing, changing and re-entering them)."""
    second = create_app(dict(storage_app.config))
    rng = random.Random(7)
    with storage_app.app_context():
        group = service.create("Race", None)
        game_ids = []
        for n in range(4):
            document = entered(helpers.deal(random.Random(10 + n), rng.randint(3, 7)), but=0)
            game_ids.append(service.create_game(group, document)[0])
        players = {gid: storage.load_game(gid).document["players"] for gid in game_ids}
    plans = [[(rng.choice(game_ids), rng.randint(0, 20)) for _ in range(25)] for _ in range(6)]
    errors = []
    barrier = threading.Barrier(len(plans))

    def saver(index, plan):
        app = (storage_app, second)[index % 2]
        try:
            with app.app_context():
                barrier.wait()
                for game_id, coins in plan:
                    seat = coins % len(players[game_id])
                    player = players[game_id][seat]
                    city = dict(games_service.city_of(player), coins=coins)
                    city.pop("entered", None)
                    games_service.save_city(game_id, player["id"], city, lambda _version: True)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=saver, args=pair) for pair in enumerate(plans)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    dispose(second)
    assert errors == []
    with storage_app.app_context():
        for game_id in game_ids:
            assert stored_results(game_id) == expected_results(game_id)
        assert count(result) == sum(len(players[gid]) for gid in game_ids
                                    if games_service.waiting_for(storage.load_game(gid).document) == [])


def test_every_score_pad_fits_the_results_table():
    from itertools import combinations

    from scorer.engine.rules import editions, expansions, get_ruleset
    from scorer.storage.schema import PAD_SLOTS

    for edition in editions():
        for size in range(len(expansions()) + 1):
            for played in combinations(expansions(), size):
                assert len(get_ruleset(edition, played).categories) <= PAD_SLOTS, (edition, played)
