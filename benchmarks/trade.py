"""Benchmark: the trade planner on realistic mid-game questions and on adversarial tables.

Realistic questions come from games dealt from the real decks and stopped at a random turn
of a random age: the builder asks about a card of its current hand or its next wonder stage.
Adversarial tables are built directly (the deck's copy limits are ignored on purpose): every
city holds many choice cards, Caravanseries and Forums, two-unit cards, the builder often
Alexandria B, and the question is the Palace (seven resources), a Pantheon, a guild or a
stage. Per set it prints the median and the worst time per question (best of ``--repeat``
runs each) of the whole answer (market, planner, report rendered in English), and the speed
ratio against the plain exhaustive search of ``tests/engine/trade_search.py``, run in the
same process on the same questions (where its product of choices stays under ``--cap``),
after checking that both find the same options.

    .venv/bin/python benchmarks/trade.py [--questions 2000] [--adversarial 300] [--seed 7]
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import statistics
import sys
import time

from scorer import PROJECT_ROOT
from scorer.engine.city import City, Game
from scorer.engine.messages import ENGLISH
from scorer.engine.rules import get_ruleset, load_catalog
from scorer.engine.trade import TradeQuestion, answer, parse_trade_question
from scorer.engine.trade_market import market_for

sys.path.insert(0, str(PROJECT_ROOT))
reference = importlib.import_module("tests.engine.test_trade_property")
search = importlib.import_module("tests.engine.trade_search")

CATALOG = load_catalog()
CHOICE_CARDS = ["tree-farm", "excavation", "clay-pit", "timber-yard", "forest-cave", "mine"]
TWO_UNITS = ["sawmill", "quarry", "brickyard", "foundry"]
GOODS = ["loom", "glassworks", "press"]
HEAVY_TARGETS = ["palace", "pantheon", "workers-guild", "builders-guild", "scientists-guild",
                 "shipowners-guild", "magistrates-guild", "philosophers-guild", "senate",
                 "lodge", "observatory", "stables", "university", "fortifications", "circus"]


def deal_midgame(rng: random.Random) -> dict:
    """A table stopped at a random turn, and one player's question about its hand."""
    players = rng.randint(3, 7)
    now, turn = rng.randint(1, 3), rng.randint(1, 6)
    wonders = rng.sample(sorted(CATALOG.wonders), players)
    cities, built, hands = [], [set() for _ in range(players)], []
    for index, wonder_id in enumerate(wonders):
        side = rng.choice("AB")
        cities.append({"name": f"Player {index + 1}", "wonder": wonder_id, "side": side,
                       "stages": 0, "cards": [], "coins": rng.randint(0, 14)})
    for age in range(1, now + 1):
        deck = [card.id for card in CATALOG.deck(age, players)]
        if age == 3:
            deck += [g.id for g in rng.sample(CATALOG.guilds, players + get_ruleset().guilds_extra)]
        rng.shuffle(deck)
        played = 6 if age < now else turn - 1
        hands = [deck[i * 7:(i + 1) * 7] for i in range(players)]
        for index, city in enumerate(cities):
            most = len(CATALOG.wonders[city["wonder"]].sides[city["side"]])
            for card_id in hands[index][:played]:
                building = CATALOG.card(card_id).id
                if city["stages"] < most and rng.random() < 0.15:
                    city["stages"] += 1
                elif building not in built[index] and rng.random() < 0.9:
                    built[index].add(building)
                    city["cards"].append(card_id)
    index = rng.randrange(players)
    hand = hands[index][turn - 1:]
    document = {"edition": "first", "players": cities, "player": cities[index]["name"],
                "age": now}
    builder = cities[index]
    stages_left = len(CATALOG.wonders[builder["wonder"]].sides[builder["side"]]) - builder["stages"]
    if stages_left and rng.random() < 0.15:
        document["build"] = {"wonder_stage": True}
    else:
        document["build"] = {"card": rng.choice(hand)}
    return document


def adversarial(rng: random.Random) -> TradeQuestion:
    """Three crowded cities: choice cards everywhere, yellow producers, two-unit cards."""
    wonders = ["alexandria"] + rng.sample(sorted(set(CATALOG.wonders) - {"alexandria"}), 2)
    if rng.random() < 0.3:
        rng.shuffle(wonders)
    poor = rng.random() < 0.5  # half the time the builder must buy nearly everything
    cities = []
    for seat, wonder_id in enumerate(wonders):
        side = "B" if wonder_id == "alexandria" else rng.choice("AB")
        stages = len(CATALOG.wonders[wonder_id].sides[side]) - (1 if seat == 0 else 0)
        if seat == 0 and poor:
            ids = rng.sample(CHOICE_CARDS, rng.randint(0, 2)) + rng.sample(GOODS, rng.randint(0, 1))
            ids.append(rng.choice(["caravansery", "forum"]))
        else:
            ids = (rng.sample(CHOICE_CARDS, rng.randint(3, 6))
                   + rng.sample(TWO_UNITS, rng.randint(1, 4)) + rng.sample(GOODS, rng.randint(1, 3))
                   + ["caravansery", "forum"])
        if seat == 0:
            ids += rng.sample(["marketplace", "east-trading-post", "west-trading-post"],
                              rng.randint(0, 2))
        cities.append(City(name=f"P{seat}", wonder=CATALOG.wonders[wonder_id], side=side,
                           stages_built=rng.randint(0, stages), coins=rng.randint(0, 25),
                           cards=tuple(CATALOG.cards[i] for i in ids), tokens={}))
    game = Game(get_ruleset(), tuple(cities))
    if rng.random() < 0.2 and cities[0].stages_built < len(cities[0].stages):
        return TradeQuestion(game, 0, wonder_stage=True)
    card = CATALOG.cards[rng.choice(HEAVY_TARGETS)]
    return TradeQuestion(game, 0, card=card, card_id=card.id)


def target_of(question: TradeQuestion) -> str:
    return "stage" if question.wonder_stage else question.card.id


def choices(question: TradeQuestion) -> int:
    """How many assignments the exhaustive search walks through (its product of choices)."""
    game, index = question.game, question.player
    builder = game.cities[index]
    cost = builder.stages[builder.stages_built].cost if question.wonder_stage else question.card.cost
    sources = (search.productions(builder, for_sale=False)
               + search.productions(game.left(index), for_sale=True)
               + search.productions(game.right(index), for_sale=True))
    return math.prod(sum(1 for gives, _ in sources if resource in gives)
                     for resource, count in cost.items() if resource != "coins"
                     for _ in range(count))


def best_time(function, item, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function(item)
        best = min(best, time.perf_counter() - start)
    return best


def full_answer(question: TradeQuestion) -> dict:
    return answer(question).as_dict(ENGLISH)


def planner_only(question: TradeQuestion):
    return reference.planner_report(question.game, question.player, target_of(question))


def exhaustive(question: TradeQuestion):
    return reference.expected(question.game, question.player, target_of(question))


def measure(label: str, questions: list[TradeQuestion], args) -> None:
    for question in questions[:50]:  # warm the caches as a running server has them
        full_answer(question)
    timings = [best_time(full_answer, q, args.repeat) for q in questions]
    compared, skipped, ratios, slow = 0, 0, [], []
    for question in questions:
        if choices(question) > args.cap:
            skipped += 1
            continue
        options, _, _ = exhaustive(question)
        planned = planner_only(question)
        if {(o.bank, o.left, o.right) for o in planned.options} != options:
            raise SystemExit(f"planner and exhaustive search disagree on {question}")
        planner_time = best_time(planner_only, question, args.repeat)
        search_time = best_time(exhaustive, question, 1)
        ratios.append(search_time / planner_time)
        slow.append(search_time)
        compared += 1
    legal = sum(full_answer(q)["legal"] for q in questions)
    print(f"{label}: {len(questions)} questions, {legal} legal")
    print(f"  answer (market + planner + English report): median "
          f"{statistics.median(timings) * 1e6:.1f} µs, worst {max(timings) * 1e6:.1f} µs")
    if compared:
        print(f"  exhaustive search on {compared} of them (skipped {skipped} above "
              f"{args.cap:,} assignments): median {statistics.median(slow) * 1e6:.1f} µs, "
              f"worst {max(slow) * 1e3:.1f} ms; same options on all; speed ratio "
              f"(exhaustive / planner) median {statistics.median(ratios):.1f}x, "
              f"max {max(ratios):.0f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=2000)
    parser.add_argument("--adversarial", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5, help="runs per question, best counts")
    parser.add_argument("--cap", type=int, default=200_000,
                        help="skip the exhaustive search above this many assignments")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    realistic = []
    documents = [deal_midgame(rng) for _ in range(args.questions)]
    for document in documents:
        question, problems = parse_trade_question(document)
        if problems:
            raise SystemExit(f"dealt an invalid question: {[p.as_dict() for p in problems]}")
        realistic.append(question)
    measure("realistic mid-game", realistic, args)
    parse = [best_time(lambda d: full_answer(parse_trade_question(d)[0]), d, args.repeat)
             for d in documents]
    print(f"  with validation (parse_trade_question + answer): median "
          f"{statistics.median(parse) * 1e6:.1f} µs")
    measure("adversarial", [adversarial(rng) for _ in range(args.adversarial)], args)
    market = [best_time(lambda q: market_for(q.game, q.player), q, args.repeat)
              for q in realistic]
    print(f"  (of which reading the three cities: median {statistics.median(market) * 1e6:.1f} µs "
          f"on the realistic set)")


if __name__ == "__main__":
    main()
