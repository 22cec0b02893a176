"""Benchmark: validate and score 7-player Leaders games, against first-edition games without.

Each Leaders game is dealt from the real first-edition decks with the Leaders expansion (Roma
and Abu Simbel among the wonders, the four Leaders guilds among the guilds) as in
``benchmarks/score.py``, then every player recruits three different leaders: the first player
always Aganice, Enheduanna and Aristotle (every end-game science choice at once), the others
three leaders drawn from the 49. The second player always holds the Courtesans Guild, so it
copies one of its neighbours' leaders (the first player's among them). Each game is timed
from the JSON document to the English report (validation, scoring, every explanation
rendered), in a warm process as a server runs, best of ``--repeat`` passes; the median and the
worst game are printed, for Leaders games and for base first-edition games dealt in the same
run, in wall-clock time and in the CPU time of the process (on a shared machine the wall-clock
worst case mostly measures the other jobs). ``--cold`` also forgets every memoised line and
science answer before each game.

    .venv/bin/python benchmarks/leaders.py [--games 2000] [--seed 7] [--repeat 5] [--cold]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from score import deal_game  # noqa: E402

from scorer.engine.expansions.leaders.science import clear_memos as clear_science  # noqa: E402
from scorer.engine.messages import ENGLISH  # noqa: E402
from scorer.engine.rules import get_ruleset  # noqa: E402
from scorer.engine.scoring import clear_memos, score_game  # noqa: E402
from scorer.engine.validation import parse_game  # noqa: E402

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


def answer(document: dict) -> dict:
    game, problems = parse_game(document)
    assert not problems, [problem.as_dict() for problem in problems]
    return score_game(game).as_dict(ENGLISH)


def timings(documents: list[dict], cold: bool, repeat: int) -> tuple[list[float], list[float]]:
    """Per game the best of ``repeat`` runs, made in separate passes over all the games so that
    one pause of the shared, noisy machine cannot spoil every run of the same game: wall-clock
    time, and the CPU time of this process (which a pause of the machine does not inflate)."""
    wall = [float("inf")] * len(documents)
    cpu = [float("inf")] * len(documents)
    for _ in range(repeat):
        for index, document in enumerate(documents):
            if cold:
                clear_memos()
                clear_science()
            start, start_cpu = time.perf_counter(), time.process_time()
            answer(document)
            cpu[index] = min(cpu[index], time.process_time() - start_cpu)
            wall[index] = min(wall[index], time.perf_counter() - start)
    return wall, cpu


def report(label: str, found: tuple[list[float], list[float]]) -> None:
    wall, cpu = found
    print(f"{label}: median {statistics.median(wall) * 1e3:.3f} ms, "
          f"worst {max(wall) * 1e3:.3f} ms; CPU time median "
          f"{statistics.median(cpu) * 1e3:.3f} ms, worst {max(cpu) * 1e3:.3f} ms "
          f"({len(wall)} games)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cold", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    leaders = get_ruleset("first", ["leaders"])
    base = get_ruleset("first")
    leader_games = [deal_leaders_game(rng, leaders) for _ in range(args.games)]
    base_games = [deal_game(rng, base) for _ in range(args.games)]
    copies = sum(1 for document in leader_games
                 if answer(document)["players"][1].get("copied_leader"))
    # the games and the catalogs live for the whole run: keep the collector off them, as a
    # server's long-lived objects are after its first collections
    gc.collect()
    gc.freeze()
    leader_times = timings(leader_games, False, args.repeat)
    base_times = timings(base_games, False, args.repeat)
    print(f"Courtesans copied a leader in {copies} of {len(leader_games)} Leaders games")
    report("Leaders, 7 players, validate + score + English report (warm)", leader_times)
    report("First edition without Leaders, same run (warm)", base_times)
    ratio = statistics.median(leader_times[0]) / statistics.median(base_times[0])
    print(f"ratio of the wall-clock medians, Leaders / first edition: {ratio:.2f}")
    if args.cold:
        report("Leaders, cold (memos cleared before each game)",
               timings(leader_games, True, args.repeat))
        report("First edition, cold", timings(base_games, True, args.repeat))


if __name__ == "__main__":
    main()
