"""A group's statistics are SQL aggregates over the results table: on SQLite and PostgreSQL
they equal a recomputation from the score reports, field by field (200 random games of 3 to 7
players, both editions, with and without Leaders, names spelled in several ways, merged names,
a Free City), under every filter."""

from __future__ import annotations

import random
import unicodedata
from datetime import UTC, datetime, timedelta

import pytest

from scorer import storage
from scorer.groups import service
from scorer.groups.statistics import Filters
from scorer.groups.tallied import statistics
from tests import helpers
from tests.groups.reference import key, recompute
from tests.leaders import leaders_docs

#: spellings of the same people, and people who only look alike
NAMES = ["Ada", "ada ", "ADA", "Ada L.", "Bo", "bo", "Zoë", unicodedata.normalize("NFD", "ZOË"),
         "Cy  Young", "cy young", "Dara", "Eli", "Fien", "Gus", "Hana", "Ivo", "Jan", "Kai"]


def random_document(rng: random.Random) -> dict:
    players = rng.randint(3, 7)
    edition = rng.choice(["first", "second"])
    if rng.random() < 0.3:
        document = leaders_docs.deal(rng, edition, players)
    else:
        document = helpers.deal(rng, players, edition)
    chosen, keys = [], set()
    for name in rng.sample(NAMES, len(NAMES)):
        if key(name) not in keys and len(chosen) < players:
            chosen.append(name)
            keys.add(key(name))
    for city, name in zip(document["players"], chosen, strict=True):
        city["name"] = name
        city["entered"] = True
    return document


def free_city_game() -> dict:
    document = helpers.game(helpers.player("Ada", "rhodes", coins=9),
                            helpers.player("Bo", "gizah", coins=3),
                            dict(helpers.player("Free City", "babylon", coins=30), free_city=True))
    for city in document["players"]:
        city["entered"] = True
    return document


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


@pytest.fixture
def clock(monkeypatch):
    """Games created a few hours apart over several weeks (several on some days)."""
    moments = iter(datetime(2026, 9, 1, 18, tzinfo=UTC) + timedelta(hours=7 * n)
                   for n in range(10_000))
    monkeypatch.setattr(storage, "_now", lambda: next(moments))


def played(game_id: str) -> dict:
    saved = storage.load_game(game_id)
    return {"id": game_id, "date": saved.created_at.date().isoformat(), "document": saved.document}


def test_two_hundred_random_games_equal_a_recomputation(ctx, clock):
    rng = random.Random(20)
    group = service.create("Thursday", None)
    other = service.create("Elsewhere", None)
    games = []
    for index in range(200):
        document = random_document(rng)
        if index % 37 == 5:  # a game still being entered does not count
            document["players"][0]["entered"] = False
        game_id, _ = service.create_game(group, document)
        games.append(played(game_id))
    game_id, _ = service.create_game(group, free_city_game())
    games.append(played(game_id))
    service.create_game(other, random_document(rng))  # another group's game never counts
    # some games change after they were saved: a city saved again, one game taken out
    for changed in rng.sample(games[:-1], 5):
        def bump(document):
            document["players"][0]["coins"] += 3
            return document
        storage.modify_game(changed["id"], bump)
    removed = games.pop(rng.randrange(len(games)))
    assert service.remove_game(group, removed["id"])
    games = [played(entry["id"]) for entry in games]

    aliases: dict[str, tuple[str, str]] = {}
    assert_equal(group, games, aliases)
    service.merge(group, "Ada L.", "ada", "Ada Lovelace")
    aliases = {key("Ada L."): (key("Ada"), "Ada Lovelace"), key("Ada"): (key("Ada"), "Ada Lovelace")}
    service.merge(group, "Bo", "Cy Young")
    aliases[key("Bo")] = (key("Cy Young"), "Cy Young")
    aliases[key("Cy Young")] = (key("Cy Young"), "Cy Young")
    assert_equal(group, games, aliases)
    for filters in (dict(edition="first"), dict(edition="second", expansions=()),
                    dict(expansions=("leaders",)), dict(players=5),
                    dict(edition="first", expansions=(), players=3)):
        assert_equal(group, games, aliases, **filters)


def assert_equal(group, games, aliases, **filters):
    answer = statistics(group, Filters(**filters))
    expected = recompute({"id": group.id, "name": group.name}, games, aliases, **filters)
    assert answer["games"] == expected["games"] and answer["games"] > 0
    for field in ("group", "players", "wonders", "rows", "best_totals"):
        assert answer[field] == expected[field], field


def test_empty_group_and_filters_matching_nothing(ctx):
    group = service.create("New", None)
    empty = statistics(group)
    assert empty["games"] == 0
    assert empty["players"] == empty["wonders"] == empty["rows"] == empty["best_totals"] == []
    service.create_game(group, free_city_game())
    assert statistics(group, Filters(players=7))["games"] == 0
    answer = statistics(group)
    assert [p["name"] for p in answer["players"]] == ["Ada", "Bo"]  # the Free City is no player


def test_shared_wins_and_closest_games(ctx):
    group = service.create("Ties", None)
    tied = helpers.game(helpers.player("Ada", "rhodes", coins=9), helpers.player("Bo", "gizah", coins=9),
                        helpers.player("Cy", "babylon", coins=0))
    for city in tied["players"]:
        city["entered"] = True
    game_id, _ = service.create_game(group, tied)
    answer = statistics(group)
    ada = next(p for p in answer["players"] if p["name"] == "Ada")
    assert (ada["wins"], ada["shared_wins"], ada["win_rate"]) == (1, 1, 1.0)
    assert answer["closest_games"][0]["game"] == game_id
    assert answer["closest_games"][0]["margin"] == 0
    assert sorted(answer["closest_games"][0]["winners"]) == ["Ada", "Bo"]
