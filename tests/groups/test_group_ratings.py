"""The ratings' fold (scorer/groups/ratings.py): whatever games change, are added or go, the
ratings kept and brought up to date equal a fold from scratch over the games as they are now
(random edits, checkpoints every 3 games and before each of the last 4); the games are read
again only when the group's revision moved, and ``flask stats rebuild`` moves it when it corrects a game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
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


ratings_drawn = st.tuples(st.floats(-50, 80, allow_nan=False), st.floats(0.001, 12, allow_nan=False))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.lists(ratings_drawn, min_size=1, max_size=3), st.integers(1, 8)),
                min_size=2, max_size=8))
def test_the_quick_plackett_luce_rates_as_openskill_to_the_last_bit(teams):
    """:func:`ratings.plackett_luce` gives exactly openskill's floats: any ratings (sigmas so
    small the update meets kappa's floor), any ranks (ties), teams of one to three."""
    from openskill.models import PlackettLuce

    openskill = PlackettLuce()
    ranks = [rank for _team, rank in teams]
    theirs = openskill.rate([[openskill.rating(mu, sigma) for mu, sigma in team]
                             for team, _rank in teams], ranks=list(ranks))
    assert ratings.plackett_luce([team for team, _rank in teams], ranks) == [
        [(rating.mu, rating.sigma) for rating in team] for team in theirs]
    for team in theirs:
        for rating in team:
            assert repr(ratings.ordinal(rating.mu, rating.sigma)) == repr(rating.ordinal())
    assert repr(ratings.ordinal(3.0, 1.0)) == repr(openskill.rating(3.0, 1.0).ordinal()) == "0.0"


def test_a_game_rated_quickly_is_rated_as_by_openskill():
    """:func:`ratings.rate` of random games (ties, teams, a player seated twice, new players)
    from random ratings: openskill's own ratings."""
    from openskill.models import PlackettLuce

    openskill = PlackettLuce()
    rng = random.Random(7)
    for _ in range(300):
        game = random_game(rng)
        if rng.random() < 0.1:  # two names merged: one player in two seats
            game = ((game[1][0], *game[0][1:]), *game[1:])
        before = {player: (rng.uniform(0, 50), rng.uniform(0.01, 9)) for player in PLAYERS
                  if rng.random() < 0.7}
        sides: dict = {}
        for seat, (_player, _rank, team) in enumerate(game):
            sides.setdefault(team or seat, []).append(seat)
        expected = dict(before)
        if len(sides) > 1:
            updated = openskill.rate(
                [[openskill.rating(*before[game[seat][0]]) if game[seat][0] in before
                  else openskill.rating() for seat in seats] for seats in sides.values()],
                ranks=[game[seats[0]][1] for seats in sides.values()])
            done = set()
            for seats, new in zip(sides.values(), updated, strict=True):
                for seat, rating in zip(seats, new, strict=True):
                    if game[seat][0] not in done:
                        done.add(game[seat][0])
                        expected[game[seat][0]] = (rating.mu, rating.sigma)
        found = dict(before)
        ratings.rate(found, game)
        assert found == expected
