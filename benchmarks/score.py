"""Benchmark: score many random valid 7-player games dealt from the real decks.

Games are made the way a table makes them, so the engine sees realistic cities: every age's
deck for seven players is shuffled (Age III with nine guilds drawn from the ten) and dealt in
hands of seven; each city builds up to six of its seven cards (never the same building twice)
and may tuck some of them under wonder stages; conflicts are fought between neighbours after
every age; coins are random. Prints the median time per game of the engine alone (scoring
plus explanations rendered in English) and of validation plus scoring, both in the steady
state of a running server, and the engine's cold path: every memoised explanation line
(conflict tokens, treasury, wonder, per-item cards, science) forgotten before each game.

    .venv/bin/python benchmarks/score.py [--games 2000] [--seed 7] [--edition second]

With ``--edition second`` the same measurements run on second-edition games and, in the same
process, on first-edition games, so the two medians can be compared (these machines are noisy
from one run to the next).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from scorer.engine.messages import ENGLISH
from scorer.engine.rules import editions, get_ruleset
from scorer.engine.scoring import clear_memos, score_game
from scorer.engine.validation import parse_game

PLAYERS = 7
VICTORY = {1: "victory_1", 2: "victory_3", 3: "victory_5"}


def deal_game(rng: random.Random, ruleset, players: int = PLAYERS) -> dict:
    catalog = ruleset.catalog
    wonders = rng.sample(sorted(catalog.wonders), players)
    cities = []
    for index, wonder_id in enumerate(wonders):
        side = rng.choice(ruleset.side_ids)
        cities.append({"name": f"Player {index + 1}", "wonder": wonder_id, "side": side,
                       "stages": 0, "cards": [], "coins": rng.randint(0, 40), "tokens": {},
                       "_most": len(catalog.wonders[wonder_id].sides[side]), "_built": set()})
    for age in (1, 2, 3):
        deck = [card.id for card in catalog.deck(age, players)]
        if age == 3:
            deck += [g.id for g in rng.sample(catalog.guilds, players + ruleset.guilds_extra)]
        rng.shuffle(deck)
        for index, city in enumerate(cities):
            hand = deck[index * 7:(index + 1) * 7]
            for card_id in hand[:6]:
                if card_id in city["_built"]:
                    continue
                if city["stages"] < city["_most"] and rng.random() < 0.15:
                    city["stages"] += 1
                    continue
                if rng.random() < 0.9:
                    city["_built"].add(card_id)
                    city["cards"].append(card_id)
        for index, city in enumerate(cities):
            left = cities[(index + 1) % players]
            outcome = rng.choice((-1, 0, 1))
            if outcome:
                winner, loser = (city, left) if outcome > 0 else (left, city)
                tokens = winner["tokens"]
                tokens[VICTORY[age]] = tokens.get(VICTORY[age], 0) + 1
                loser["tokens"]["defeat"] = loser["tokens"].get("defeat", 0) + 1
    for city in cities:
        del city["_most"], city["_built"]
    return {"edition": ruleset.edition, "players": cities}


def median_microseconds(function, items, repeat: int, cold: bool = False) -> float:
    timings = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            if cold:
                clear_memos()
            start = time.perf_counter()
            function(item)
            best = min(best, time.perf_counter() - start)
        timings.append(best)
    return statistics.median(timings) * 1e6


def engine_only(game) -> dict:
    return score_game(game).as_dict(ENGLISH)


def validate_and_score(document) -> dict:
    game, problems = parse_game(document)
    assert not problems
    return score_game(game).as_dict(ENGLISH)


def measure(edition: str, args) -> dict[str, float]:
    rng = random.Random(args.seed)
    ruleset = get_ruleset(edition)
    documents = [deal_game(rng, ruleset) for _ in range(args.games)]
    games = []
    for document in documents:
        game, problems = parse_game(document)
        if problems:
            raise SystemExit(f"dealt an invalid game: {[p.as_dict() for p in problems]}")
        games.append(game)
    cards = statistics.mean(len(city.cards) for game in games for city in game.cities)
    for game in games[:50]:  # warm caches the way a long-running server has them
        engine_only(game)
    figures = {"engine": median_microseconds(engine_only, games, args.repeat),
               "full": median_microseconds(validate_and_score, documents, args.repeat),
               "cold": median_microseconds(engine_only, games, args.repeat, cold=True)}
    print(f"{edition} edition: {args.games} random valid {PLAYERS}-player games, {cards:.1f} "
          f"buildings per city, best of {args.repeat} runs per game")
    print(f"  engine (score_game + as_dict, English explanations): median "
          f"{figures['engine']:.1f} µs/game")
    print(f"  validate + score (parse_game + score_game + as_dict): median "
          f"{figures['full']:.1f} µs/game")
    print(f"  engine with the memoised lines forgotten before each game: median "
          f"{figures['cold']:.1f} µs/game")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="runs per game, the best counts")
    parser.add_argument("--edition", choices=editions(), default="first")
    args = parser.parse_args()
    asked = measure(args.edition, args)
    first = editions()[0]
    if args.edition != first:
        base = measure(first, args)
        print(f"validate + score, {args.edition} / {first}: "
              f"{asked['full']:.1f} / {base['full']:.1f} µs = {asked['full'] / base['full']:.2f}")

if __name__ == "__main__":
    main()
