"""Benchmark: validate and score 7-player Leaders games, against first-edition games without.

Each Leaders game is dealt from the real first-edition decks with the Leaders expansion (Roma
and Abu Simbel among the wonders, the four Leaders guilds among the guilds) as in
``benchmarks/score.py``, then every player recruits three different leaders: the first player
always Aganice, Enheduanna and Aristotle (every end-game science choice at once), the others
three leaders drawn from the 49. The second player always holds the Courtesans Guild, so it
copies one of its neighbours' leaders (the first player's among them). Each game is timed
by ``benchmarks/timing.py`` (the JSON document to the English report, warm, best of
``--repeat`` passes); the median and the worst game are printed, for Leaders games and for
base first-edition games dealt in the same run, in wall-clock time and in the CPU time of the
process. ``--cold`` also forgets every memoised line and science answer before each game.

    .venv/bin/python benchmarks/leaders.py [--games 2000] [--seed 7] [--repeat 5] [--cold]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from score import deal_game  # noqa: E402
from timing import answer, report, report_ratio, timings, warm_timings  # noqa: E402

from scorer.engine.rules import get_ruleset  # noqa: E402

SCIENCE = ("aganice", "enheduanna", "aristotle")
COURTESANS = "courtesans-guild"


def deal_leaders_game(rng: random.Random, ruleset) -> dict:
    document = deal_game(rng, ruleset)
    document["expansions"] = ["leaders"]
    cities = document["players"]
    others = [leader.id for leader in ruleset.data["leaders"].playable if leader.id not in SCIENCE]
    drawn = rng.sample(others, 3 * (len(cities) - 1))
    for index, city in enumerate(cities):
        city["leaders"] = list(SCIENCE) if index == 0 else drawn[3 * index - 3:3 * index]
    holder = next((city for city in cities if COURTESANS in city["cards"]), None)
    if holder is not cities[1]:
        if holder is not None:
            holder["cards"].remove(COURTESANS)
        else:  # keep players + 2 guilds at most: the Courtesans replaces one dealt guild
            built = [(city, card) for city in cities for card in city["cards"]
                     if ruleset.catalog.card(card).is_guild]
            if len(built) >= len(cities) + ruleset.guilds_extra:
                city, card = built[0]
                city["cards"].remove(card)
        cities[1]["cards"].append(COURTESANS)
    return document


def deal_leaders_and_base(rng: random.Random, games: int) -> tuple[list[dict], list[dict]]:
    """``games`` Leaders games, then as many base first-edition games, dealt in that order."""
    leaders = get_ruleset("first", ["leaders"])
    base = get_ruleset("first")
    leader_games = [deal_leaders_game(rng, leaders) for _ in range(games)]
    return leader_games, [deal_game(rng, base) for _ in range(games)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cold", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    leader_games, base_games = deal_leaders_and_base(rng, args.games)
    copies = sum(1 for document in leader_games
                 if answer(document)["players"][1].get("copied_leader"))
    leader_times, base_times = warm_timings([leader_games, base_games], args.repeat)
    print(f"Courtesans copied a leader in {copies} of {len(leader_games)} Leaders games")
    report("Leaders, 7 players, validate + score + English report (warm)", leader_times)
    report("First edition without Leaders, same run (warm)", base_times)
    report_ratio("Leaders / first edition", leader_times, base_times)
    if args.cold:
        report("Leaders, cold (memos cleared before each game)",
               timings(leader_games, True, args.repeat))
        report("First edition, cold", timings(base_games, True, args.repeat))


if __name__ == "__main__":
    main()
