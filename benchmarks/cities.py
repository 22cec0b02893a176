"""Benchmark: validate and score 7-player Cities + Leaders games, beside base and Leaders games.

Each Cities game is dealt by the Cities tests' dealer (``tests/cities/cities_docs.py``: real
decks of both editions, as many black cards per Age as players, Petra and Byzantium among the
wonders, debt, Raider tokens, up to three leaders a city, Cities leaders included); then the
first player is made the slowest city there is: it holds the edition's three masks (every
end-game science choice of Cities) and Aganice, Enheduanna and Aristotle (every one of
Leaders), so the joint science search works hardest. Every game is timed by
``benchmarks/timing.py`` from the JSON document to the English report (validation, scoring,
every explanation rendered), warm, best of ``--repeat`` passes, beside the base and Leaders
games of ``benchmarks/leaders.py``, dealt and timed in the same run.

    .venv/bin/python benchmarks/cities.py [--games 1000] [--seed 19] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(ROOT))

from leaders import SCIENCE, deal_leaders_and_base  # noqa: E402
from timing import answer, report, report_ratio, warm_timings  # noqa: E402

from scorer.engine.rules import get_ruleset  # noqa: E402
from tests.cities.cities_docs import deal  # noqa: E402

MASK = "copy_neighbour_science"
#: a leader's victory token (Nitocris): the city keeps her, whose token it holds
TOKEN = "victory_token_now"


def hardest_first_city(document: dict) -> dict:
    """The first city takes the three masks and the three science leaders (moved from whoever
    held them; a mask no one held replaces a black card of its Age, so each Age keeps as many
    black cards as players). A city holding Nitocris keeps her (and her token): the seats turn
    so that the next city is the first."""
    ruleset = get_ruleset(document["edition"], document["expansions"])
    catalog = ruleset.catalog
    cities = document["players"]
    leaders = ruleset.data["leaders"].leaders
    if any(e.type == TOKEN for leader in cities[0].get("leaders", ())
           for e in leaders[leader].effects):  # keep the token: another city comes first
        cities = document["players"] = cities[1:] + cities[:1]
    first = cities[0]
    masks = [card for card in catalog.cards.values()
             if any(effect.type == MASK for effect in card.effects)]
    for mask in masks:
        holder = next((city for city in cities if mask.id in city["cards"]), None)
        if holder is first:
            continue
        if holder is not None:
            holder["cards"].remove(mask.id)
        else:
            age = mask.ages[0]
            found = next(((city, card) for city in cities for card in city["cards"]
                          if catalog.card(card).colour == "black"
                          and age in catalog.card(card).ages
                          and all(e.type != "victory_token_now"
                                  for e in catalog.card(card).effects)
                          and catalog.card(card) not in masks), None)
            if found is None:
                continue
            found[0]["cards"].remove(found[1])
        first["cards"].append(mask.id)
    for city in cities[1:]:
        city["leaders"] = [leader for leader in city.get("leaders", []) if leader not in SCIENCE]
    first["leaders"] = list(SCIENCE)
    return document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cities_games = [hardest_first_city(deal(rng, ("first", "second")[number % 2], 7,
                                            leaders=True))
                    for number in range(args.games)]
    leader_games, base_games = deal_leaders_and_base(rng, args.games)
    masked = sum(1 for document in cities_games
                 if answer(document)["players"][0].get("science_masks"))
    cities_times, leader_times, base_times = warm_timings(
        [cities_games, leader_games, base_games], args.repeat)
    print(f"the first city's masks copied something in {masked} of {len(cities_games)} games")
    report("Cities + Leaders, 7 players, both editions, validate + score + English report "
           "(warm)", cities_times)
    report("Leaders, 7 players, same run (warm)", leader_times)
    report("First edition without expansions, same run (warm)", base_times)
    report_ratio("Cities + Leaders / first edition", cities_times, base_times)


if __name__ == "__main__":
    main()
