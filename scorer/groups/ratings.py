"""The players' OpenSkill ratings over a group's counted games (spec "Teams, records, players,
ratings, merges").

Win rates ignore whom one played against; a skill rating does not. The ratings are the
``openskill`` package's Plackett-Luce model with its default parameters, fed the counted games
in the order they were saved: each game's players ranked by their rank in it (a shared rank is
a tie), a team game by team rank with each team one OpenSkill team. Names merged in the group
are one player; a player who sits twice in one game (two of their names merged) is rated from
the same rating at each seat and keeps what their first seat's result gave.

A rating depends on every game before it, so a group's ratings are a fold over its games:
rating 5,000 games takes OpenSkill about two seconds. :class:`Folds` keeps, per group and
filters (each app its own, as each has its database), the group's revision it folded (which
every change of the group or its games raises, :mod:`scorer.storage.revisions`), the games
it rated and the ratings every :data:`CHECKPOINT` games and before each of the last
:data:`RECENT`. At the same revision nothing is read again. At another, the games' rankings
are read (one query over a covering index, or the statistics' tally) and compared with those
kept, and only the games from the first that differs are rated again (a new game: that game;
a correction of one of the last games: from that game on; of an older one: from the
checkpoint before it).
"""

from __future__ import annotations

import math
import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache
from itertools import groupby
from operator import itemgetter

from flask import current_app
from openskill.models import PlackettLuce
from sqlalchemy import Connection

from ..storage.revisions import group_revision
from ..storage.schema import result

#: ratings are kept every this many games, to rate again from the nearest one before a change
CHECKPOINT = 200
#: the ratings before each of this many last games are kept too: a table corrects its own
#: game, one of the latest, and is rated again from it rather than from the checkpoint before.
#: A club's evening has every table's game among the latest, each corrected again and again
#: (at 50 tables, some 15 of them between two asks of the group's page): with 32 a change
#: of the evening's first games fell before them and rated again from the checkpoint (up to
#: 200 games, 20 ms); a copy of the ratings per game is a few kB
RECENT = 256
#: how many (group, filters) folds a process keeps
KEPT = 32

#: one game: ((player, rank, team) per seat, in seat order); team "" outside team play
Game = tuple[tuple[str, int, str], ...]
Ratings = dict[str, tuple[float, float]]


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


def rankings(connection: Connection, counted) -> list[Game]:
    """The counted games in the order saved, each its players' (player, rank, team) by seat
    (players after the group's merged names). The rows come in that order (the database
    sorts them): every change of a group's results reads them all, to compare with the fold."""
    merged = counted.merged
    found = connection.execute(
        counted.select(result, result.c.game_id, result.c.name_key, result.c.rank, result.c.team)
        .order_by(result.c.game_id, result.c.seat))
    return [tuple([(merged.get(key, key), rank, team) for _game_id, key, rank, team in seats])
            for _game_id, seats in groupby(found, key=itemgetter(0))]


def rate(ratings: Ratings, game: Game) -> None:
    """``ratings`` after one game (players not yet rated start at the model's prior)."""
    sides: dict[object, list[int]] = {}
    for seat, (_player, _rank, team) in enumerate(game):
        sides.setdefault(team or seat, []).append(seat)
    if len(sides) < 2:
        return
    openskill = model()
    prior = (openskill.mu, openskill.sigma)
    teams = [[ratings.get(game[seat][0], prior) for seat in seats] for seats in sides.values()]
    updated = plackett_luce(teams, [game[seats[0]][1] for seats in sides.values()])
    done = set()
    for seats, new in zip(sides.values(), updated, strict=True):
        for seat, rating in zip(seats, new, strict=True):
            player = game[seat][0]
            if player not in done:  # a player seated twice keeps their first seat's result
                done.add(player)
                ratings[player] = rating


def plackett_luce(teams: list[list[tuple[float, float]]],
                  ranks: list[int]) -> list[list[tuple[float, float]]]:
    """``openskill``'s ``PlackettLuce().rate(teams, ranks=ranks)`` with its default
    parameters, of (mu, sigma) pairs: the same arithmetic in the same order, so the same
    floats to the last bit (the tests hold them equal over random games, ties and teams).

    A group's ratings are a fold over its games, and a correction of one of an evening's
    games rates every game after it again: openskill's own ``rate`` checks its arguments,
    copies every rating deeply and gives each copy a fresh UUID, some 0.1 ms a game of seven
    in all, four fifths of which are not the model's arithmetic. Ties are not averaged:
    openskill's averaging compares each rating with itself (it updates its copies in place),
    so it changes nothing."""
    openskill = model()
    tau_squared = openskill.tau * openskill.tau
    beta_squared = openskill.beta ** 2
    kappa = openskill.kappa
    # sigma corrected with tau; the teams sorted by rank (stable), as openskill's _unwind
    order = sorted(range(len(teams)), key=ranks.__getitem__)
    ordered = [[(mu, math.sqrt(sigma * sigma + tau_squared)) for mu, sigma in teams[index]]
               for index in order]
    ranked = [int(rank) for rank in sorted(ranks)]
    team_mu, team_sigma_squared = [], []
    for team in ordered:  # openskill sums a team's players by ordinal, highest first
        if len(team) > 1:
            team = sorted(team, key=lambda player: player[0] - 3.0 * player[1], reverse=True)
        mu_summed = sigma_squared_summed = 0.0
        for mu, sigma in team:
            mu_summed += mu * 1.0
            sigma_squared_summed += (sigma * 1.0) ** 2
        team_mu.append(mu_summed)
        team_sigma_squared.append(sigma_squared_summed)
    collective = 0.0
    for sigma_squared in team_sigma_squared:
        collective += sigma_squared + beta_squared
    c = math.sqrt(collective)
    count = len(ordered)
    # the teams are sorted by rank: those ranked no worse than team i are the first through[i]
    through = [bisect_right(ranked, rank) for rank in ranked]
    exps = [math.exp(mu / c) for mu in team_mu]
    sum_q = [0.0] * count
    for i in range(count):
        summed = exps[i]
        for q in range(through[i]):
            sum_q[q] += summed
    a = [ranked.count(rank) for rank in ranked]
    result: list[list[tuple[float, float]]] = []
    for i, team in enumerate(ordered):
        omega = delta = 0.0
        sigma_squared_i = team_sigma_squared[i]
        i_mu_over_c = exps[i]
        for q in range(through[i]):
            share = i_mu_over_c / sum_q[q]
            delta += share * (1 - share) / a[q]
            if q == i:
                omega += (1 - share) / a[q]
            else:
                omega -= share / a[q]
        omega *= sigma_squared_i / c
        delta *= sigma_squared_i / c ** 2
        delta *= math.sqrt(sigma_squared_i) / c
        players = []
        for mu, sigma in team:
            if omega >= 0:
                mu += (sigma ** 2 / sigma_squared_i) * omega * 1.0
                sigma *= math.sqrt(max(1 - (sigma ** 2 / sigma_squared_i) * delta * 1.0, kappa))
            else:
                mu += (sigma ** 2 / sigma_squared_i) * omega / 1.0
                sigma *= math.sqrt(max(1 - (sigma ** 2 / sigma_squared_i) * delta / 1.0, kappa))
            players.append((mu, sigma))
        result.append(players)
    unsorted: list = [None] * count
    for place, index in enumerate(order):
        unsorted[index] = result[place]
    return unsorted


@dataclass
class Fold:
    """The games a fold rated, and the ratings before game ``n`` for every ``n`` that is a
    multiple of :data:`CHECKPOINT` (``checkpoints``) or one of the last :data:`RECENT`
    (``recent``, by ``n``)."""

    games: list[Game] = field(default_factory=list)
    checkpoints: list[Ratings] = field(default_factory=lambda: [{}])
    ratings: Ratings = field(default_factory=dict)
    revision: Hashable | None = None
    recent: dict[int, Ratings] = field(default_factory=dict)


class Folds:
    """The kept folds, by (group, filters), the least recently used dropped first."""

    def __init__(self, kept: int = KEPT):
        self.kept = kept
        self.folds: OrderedDict[object, Fold] = OrderedDict()
        self.lock = threading.Lock()

    def ratings(self, key, revision: Hashable | None,
                read: Callable[[], list[Game]]) -> Ratings:
        """The ratings after the games ``read()`` answers, read only when ``revision`` is not
        the one last folded (None: always read)."""
        with self.lock:
            fold = self.folds.pop(key, None) or Fold()
            self.folds[key] = fold
            while len(self.folds) > self.kept:
                self.folds.popitem(last=False)
            if revision is not None and fold.revision == revision:
                return dict(fold.ratings)
            games = read()
            same = 0
            limit = min(len(fold.games), len(games))
            while same < limit and fold.games[same] == games[same]:
                same += 1
            if same == len(fold.games) == len(games):
                fold.revision = revision
                return dict(fold.ratings)
            start = same // CHECKPOINT * CHECKPOINT
            if same == len(fold.games) and same:  # only games added: go on from the last one
                start, ratings = same, dict(fold.ratings)
            elif same in fold.recent:  # one of the last games changed: go on from before it
                start, ratings = same, dict(fold.recent[same])
            else:
                ratings = dict(fold.checkpoints[start // CHECKPOINT])
            del fold.checkpoints[start // CHECKPOINT + 1:]
            first_recent = len(games) - RECENT
            fold.recent = {index: kept for index, kept in fold.recent.items()
                           if first_recent <= index <= start}
            for index in range(start, len(games)):
                if index and index % CHECKPOINT == 0 and index // CHECKPOINT == len(fold.checkpoints):
                    fold.checkpoints.append(dict(ratings))
                if index >= first_recent:
                    fold.recent[index] = dict(ratings)
                rate(ratings, games[index])
            fold.games = list(games)
            fold.ratings = ratings
            fold.revision = revision
            return dict(ratings)


#: ``app.extensions`` key of the app's folds (each app its own: its own database)
EXTENSION = "scorer.rating_folds"


def folds() -> Folds:
    return current_app.extensions.setdefault(EXTENSION, Folds())


def player_ratings(connection: Connection, counted,
                   read: Callable[[], list[Game]] | None = None,
                   revision: Hashable | None = None) -> dict[str, dict]:
    """Each player's rating ``{"mu", "sigma", "ordinal"}``, rounded to 2 decimals. ``read``:
    the counted games' rankings when they are at hand (:meth:`.tally.Tally.rankings`), else
    they are read (:func:`rankings`). ``revision``: what the games ``read`` answers are
    known by (the tally's ``("results", its results revision)``: a tagged pair, never equal
    to a group's revision, which is read otherwise)."""
    # the public id too: SQLite gives the pk of the group deleted last to the next one made
    key = (counted.group_pk, counted.group_id, counted.filters)
    if revision is None:
        # the revision as stored now, read before the games (a Group object may be an old copy)
        revision = group_revision(connection, counted.group_pk)
    found = folds().ratings(key, revision, read or (lambda: rankings(connection, counted)))
    return {player: {"mu": round(mu, 2), "sigma": round(sigma, 2),
                     "ordinal": round(ordinal(mu, sigma), 2)} for player, (mu, sigma) in found.items()}


def ordinal(mu: float, sigma: float) -> float:
    """openskill's ``rating(mu, sigma).ordinal()`` (mu - 3 sigma, as it writes it: -0.0 made
    0.0), without making a rating (and its UUID) per player."""
    return 1 * ((mu - 3.0 * sigma) + (0 / 1))
