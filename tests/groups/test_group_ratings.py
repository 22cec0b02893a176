"""The ratings' fold (scorer/groups/ratings.py): whatever games change, are added or go, the
ratings kept and brought up to date equal a fold from scratch over the games as they are now
(random edits, checkpoints every 3 games and before each of the last 4); the games are read
again only when the group's revision moved, and ``flask stats rebuild`` moves it when it corrects a game."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import update

from scorer import storage
from scorer.groups import ratings, service, tally
from scorer.groups.tallied import statistics
from scorer.storage.schema import result
from tests.groups.test_group_teams import solo_game

PLAYERS = ["a", "b", "c", "d", "e"]


def random_game(rng: random.Random) -> ratings.Game:
    seated = rng.sample(PLAYERS, rng.randint(2, 5))
    if len(seated) == 4 and rng.random() < 0.5:  # two teams of two
        ranks = rng.sample([1, 2], 2) if rng.random() < 0.8 else [1, 1]
        return tuple((p, ranks[i // 2], f"t{i // 2}") for i, p in enumerate(seated))
    return tuple((p, rng.randint(1, len(seated)), "") for p in seated)


def from_scratch(games: list[ratings.Game]) -> ratings.Ratings:
    found: ratings.Ratings = {}
    for game in games:
        ratings.rate(found, game)
    return found


def test_the_fold_kept_equals_a_fold_from_scratch(monkeypatch):
    monkeypatch.setattr(ratings, "CHECKPOINT", 3)
    monkeypatch.setattr(ratings, "RECENT", 4)
    rng = random.Random(5)
    folds = ratings.Folds(kept=2)
    games: list[ratings.Game] = []
    for revision in range(60):
        change = rng.random()
        if change < 0.5 or not games:
            games.append(random_game(rng))
        elif change < 0.75:
            games[rng.randrange(len(games))] = random_game(rng)
        elif change < 0.9:
            del games[rng.randrange(len(games))]
        else:
            games = games[:rng.randrange(len(games))]
        read = []
        answer = folds.ratings("group", revision,
                               lambda read=read, games=games: read.append(1) or list(games))
        assert answer == from_scratch(games)
        assert folds.ratings("group", revision, lambda: pytest.fail("read again")) == answer
        assert read == [1]
    folds.ratings("other", 1, list)
    folds.ratings("third", 1, list)
    assert list(folds.folds) == ["other", "third"]  # the least recently used went


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


def test_the_games_are_read_again_only_when_the_group_changed(ctx, monkeypatch):
    group = service.create("Reads", None)
    service.create_game(group, solo_game())
    reads = []
    real = tally.Tally.rankings  # the statistics' rankings come from the group's tally
    monkeypatch.setattr(tally.Tally, "rankings", lambda *args: reads.append(1) or real(*args))
    first = statistics(group)
    statistics(group)
    assert len(reads) == 1
    service.create_game(group, solo_game())
    assert statistics(group)["players"] != first["players"] and len(reads) == 2
    service.merge(group, "Bo", "Cy")
    merged = {p["name"]: p["rating"] for p in statistics(group)["players"]}
    assert len(reads) == 3 and set(merged) == {"Ada", "Cy"}
    # a correction made behind the app's back is put right by the rebuild, which says so
    with storage.get_engine().begin() as connection:
        connection.execute(update(result).where(result.c.name_key == "ada").values(rank=3))
    statistics(group)
    assert len(reads) == 3  # the revision did not move: nothing read
    runner = ctx.test_cli_runner()
    assert "corrected 2" in runner.invoke(args=["stats", "rebuild"]).output
    assert {p["name"]: p["rating"] for p in statistics(group)["players"]} == merged
    assert len(reads) == 4
