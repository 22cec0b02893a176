"""The trade planner against a plain exhaustive search, on random small tables.

The search below reads the rules straight from the rulebooks' wording, independently of the
engine's trade modules: every needed unit is given by one source (the builder's board, cards
and stages; a neighbour's board, brown and grey cards), no source gives more units per turn
than it produces, and every way is priced unit by unit. Its Pareto set of (left, right)
coins must be exactly the planner's options.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine.catalog import RAW_MATERIALS, RESOURCES
from scorer.engine.city import City, Game
from scorer.engine.rules import get_ruleset
from scorer.engine.trade import BuildReport, card_report, stage_report
from scorer.engine.trade_market import market_for

RULESET = get_ruleset()
CATALOG = RULESET.catalog
SELLING_COLOURS = ("brown", "grey")


def productions(city: City, *, for_sale: bool) -> list[tuple[tuple[str, ...], int]]:
    """(resources it may give, units per turn) of every source: the owner's or a buyer's view."""
    found = [((city.wonder.resource,), 1)]
    for card in city.cards:
        if for_sale and card.colour not in SELLING_COLOURS:
            continue
        found += [(tuple(e["choice"]), e["amount"]) for e in card.effects if e.type == "produce"]
    if not for_sale:
        for stage in city.built_stages:
            found += [(tuple(e["choice"]), e["amount"]) for e in stage.effects
                      if e.type == "produce"]
    return found


def unit_price(buyer: City, side: str, resource: str) -> int:
    goods = "raw" if resource in RAW_MATERIALS else "manufactured"
    for item in (*buyer.cards, *buyer.built_stages):
        for effect in item.effects:
            if (effect.type == "trade_discount" and effect["goods"] == goods
                    and effect["direction"] in (side, "both")):
                return 1
    return 2


def exhaustive_ways(game: Game, index: int, cost) -> dict[tuple[int, int], set[frozenset]]:
    """Every way to cover the cost: (left coins, right coins) -> the shopping lists giving it."""
    builder = game.cities[index]
    sources = ([("own", s) for s in productions(builder, for_sale=False)]
               + [("left", s) for s in productions(game.left(index), for_sale=True)]
               + [("right", s) for s in productions(game.right(index), for_sale=True)])
    units = [resource for resource in RESOURCES for _ in range(cost.get(resource, 0))]
    candidates = [[i for i, (_, (gives, _)) in enumerate(sources) if resource in gives]
                  for resource in units]
    ways: dict[tuple[int, int], set[frozenset]] = defaultdict(set)
    for pick in product(*candidates):
        used = Counter(pick)
        if any(count > sources[i][1][1] for i, count in used.items()):
            continue
        coins = {"left": 0, "right": 0}
        bought = Counter()
        for resource, i in zip(units, pick, strict=True):
            side = sources[i][0]
            if side != "own":
                coins[side] += unit_price(builder, side, resource)
                bought[side, resource, unit_price(builder, side, resource)] += 1
        ways[coins["left"], coins["right"]].add(frozenset(bought.items()))
    return ways


def pareto(points) -> set[tuple[int, int]]:
    return {p for p in points
            if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in points)}


def expected(game: Game, index: int, target) -> tuple[set[tuple[int, int, int]], dict, int | None]:
    """(bank, left, right) of the options, the ways found, and the least total (None: impossible)."""
    builder = game.cities[index]
    if target == "stage":
        cost = builder.stages[builder.stages_built].cost
    else:
        card = CATALOG.cards[target]
        if card.id in builder.card_ids:
            return set(), {}, None
        if any(earlier in builder.card_ids for earlier in card.chains_from):
            return {(0, 0, 0)}, {(0, 0): {frozenset()}}, 0
        cost = card.cost
    bank = cost.get("coins", 0)
    ways = exhaustive_ways(game, index, cost)
    if not ways:
        return set(), ways, None
    best = pareto(set(ways))
    least = min(bank + left + right for left, right in best)
    return ({(bank, left, right) for left, right in best if bank + left + right <= builder.coins},
            ways, least)


def planner_report(game: Game, index: int, target) -> BuildReport:
    market = market_for(game, index)
    builder = game.cities[index]
    if target == "stage":
        return stage_report(builder, market, game.ruleset)
    return card_report(builder, market, CATALOG.cards[target])


def signature(option) -> frozenset:
    return frozenset(((p.side, p.resource, p.unit_price), p.count) for p in option.purchases)


# Cards that make and sell resources, that make them for their owner only, that discount
# purchases, and a few that do none of it (some of them start chains).
SELLERS = sorted(card.id for card in CATALOG.cards.values() if card.colour in SELLING_COLOURS)
OWN_USE = sorted(card.id for card in CATALOG.cards.values()
                 if card.colour == "yellow" and any(e.type == "produce" for e in card.effects))
DISCOUNTS = sorted(card.id for card in CATALOG.cards.values()
                   if any(e.type == "trade_discount" for e in card.effects))
OTHER_CARDS = ["altar", "scriptorium", "theater", "baths", "workshop", "apothecary", "statue",
               "library", "temple", "laboratory", "school"]
TARGETS = sorted(card.id for card in CATALOG.cards.values()
                 if sum(v for k, v in card.cost.items() if k != "coins") <= 6)


def some(ids: list[str], most: int):
    return st.lists(st.sampled_from(ids), max_size=most, unique=True)


@st.composite
def cities(draw, wonder_id: str, name: str, sellers: int) -> City:
    wonder = CATALOG.wonders[wonder_id]
    side = draw(st.sampled_from("AB"))
    stages = draw(st.integers(0, len(wonder.sides[side])))
    ids = (draw(some(SELLERS, sellers)) + draw(some(OWN_USE, 2)) + draw(some(DISCOUNTS, 2))
           + draw(some(OTHER_CARDS, 2)))
    return City(name=name, wonder=wonder, side=side, stages_built=stages,
                cards=tuple(CATALOG.cards[i] for i in ids), coins=draw(st.integers(0, 20)),
                tokens={})


@st.composite
def tables(draw) -> tuple[Game, int, str]:
    count = draw(st.integers(3, 4))
    wonders = draw(st.permutations(sorted(CATALOG.wonders)))[:count]
    index = draw(st.integers(0, count - 1))
    # a builder short of resources makes for more trading than a rich one
    seated = tuple(draw(cities(w, f"P{i}", 2 if i == index else 6))
                   for i, w in enumerate(wonders))
    game = Game(RULESET, seated)
    builder = seated[index]
    choices = TARGETS + (["stage"] if builder.stages_built < len(builder.stages) else [])
    return game, index, draw(st.sampled_from(choices))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_planner_options_equal_the_exhaustive_search(table):
    game, index, target = table
    options, ways, least = expected(game, index, target)
    report = planner_report(game, index, target)
    assert {(o.bank, o.left, o.right) for o in report.options} == options
    assert report.legal == bool(options)
    assert report.cheapest == least
    totals = [o.total for o in report.options]
    assert totals == sorted(totals)
    for option in report.options:
        assert signature(option) in ways[option.left, option.right]
        assert sum(p.count * p.unit_price for p in option.purchases if p.side == "left") \
            == option.left
    codes = {reason.code for reason in report.reasons}
    if report.legal:
        assert not codes
    elif target != "stage" and CATALOG.cards[target].id in game.cities[index].card_ids:
        assert codes == {"duplicate_building"}
    elif least is None:
        assert codes == {"missing_resources"}
    else:
        assert codes == {"not_enough_coins"}
