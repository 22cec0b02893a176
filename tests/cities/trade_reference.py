"""A plain exhaustive search for the build checker with Cities' trading effects (ruling C16).

It extends the search of ``tests/engine/test_trade_property.py`` (which reads the base rules
and the Leaders effects straight from the rulebooks' words) with what a turn's trade may hold
beyond that, described by an :class:`Extra` read from the cards by the tests, never from the
engine's market:

- ``cuts``: (side, resource) -> coins off each unit of it bought from that side (not below 0);
- ``docks``: sides where the first unit bought that costs something costs 1 coin less;
- ``units``: once-per-turn units for the owner alone, each any one resource of its set;
- ``free_stage``: the next wonder stage costs no resources (coins still paid).

Every needed unit is given by one source, no source gives more than it makes per turn, every
way is priced unit by unit, and the options are the points no other way beats on the bank and
both neighbours at once.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations, product

from scorer.engine.catalog import RESOURCES
from scorer.engine.city import City, Game
from tests.engine.test_trade_property import leader_effects, pareto, productions, unit_price


@dataclass(frozen=True)
class Extra:
    cuts: dict = field(default_factory=dict)
    docks: frozenset = frozenset()
    units: tuple = ()
    free_stage: bool = False


def price(builder: City, extra: Extra, side: str, resource: str) -> int:
    return max(unit_price(builder, side, resource) - extra.cuts.get((side, resource), 0), 0)


def buying_ways(game: Game, index: int, units: list[str], extra: Extra) -> dict:
    """(left coins, right coins) -> the shopping lists, each a Counter of (side, resource)."""
    builder = game.cities[index]
    sources = ([("own", s) for s in productions(builder, for_sale=False)]
               + [("own", (tuple(choice), 1)) for choice in extra.units]
               + [("left", s) for s in productions(game.left(index), for_sale=True)]
               + [("right", s) for s in productions(game.right(index), for_sale=True)])
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
                coins[side] += price(builder, extra, side, resource)
                bought[side, resource] += 1
        for side in extra.docks:
            coins[side] = max(coins[side] - 1, 0)
        ways[coins["left"], coins["right"]].add(frozenset(bought.items()))
    return ways


def all_ways(game: Game, index: int, cost, target: str, extra: Extra) -> dict:
    """(bank extra, left, right) -> shopping lists, with the builder's leaders' help."""
    builder = game.cities[index]
    units = [resource for resource in RESOURCES for _ in range(cost.get(resource, 0))]
    if target == "wonder_stage" and extra.free_stage:
        units = []
    if any(e["colour"] == target for e in leader_effects(builder, "free_build")):
        units = []
    waives = sum(e["units"] for e in leader_effects(builder, "discount") if e["target"] == target)
    bank_buys = leader_effects(builder, "bank_buy")
    ways: dict[tuple, set[frozenset]] = defaultdict(set)
    for waived in {tuple(sorted(c))
                   for c in combinations(range(len(units)), min(waives, len(units)))}:
        rest = [u for i, u in enumerate(units) if i not in waived]
        for banked in [None, *range(len(rest))] if bank_buys else [None]:
            bought = [u for i, u in enumerate(rest) if i != banked]
            bank = bank_buys[0]["price"] if banked is not None else 0
            for (left, right), lists in buying_ways(game, index, bought, extra).items():
                ways[bank, left, right] |= lists
    return ways


def expected(game: Game, index: int, cost, target: str, extra: Extra):
    """(bank, left, right) of the affordable options, the ways, the least total (None:
    impossible)."""
    ways = all_ways(game, index, cost, target, extra)
    if not ways:
        return set(), ways, None
    bank = cost.get("coins", 0)
    best = pareto(set(ways))
    least = min(bank + b + left + right for b, left, right in best)
    coins = game.cities[index].coins
    return ({(bank + b, left, right) for b, left, right in best
             if bank + b + left + right <= coins}, ways, least)


def check_report(report, game: Game, index: int, cost, target: str, extra: Extra) -> None:
    """The planner's report equals the exhaustive search: options, cheapest, purchases."""
    options, ways, least = expected(game, index, cost, target, extra)
    builder = game.cities[index]
    assert {(o.bank, o.left, o.right) for o in report.options} == options
    assert report.legal == bool(options)
    assert report.cheapest == least
    totals = [o.total for o in report.options]
    assert totals == sorted(totals)
    rebates = leader_effects(builder, "trade_rebate")
    for option in report.options:
        banked = sum(p.count * p.unit_price for p in option.purchases if p.side == "bank")
        assert option.bank == cost.get("coins", 0) + banked
        bought = Counter()
        for purchase in option.purchases:
            if purchase.side == "bank":
                continue
            full = price(builder, extra, purchase.side, purchase.resource)
            assert purchase.unit_price in (full, full - 1)
            if purchase.unit_price == full - 1:  # the dock's coin off: one unit, once a side
                assert purchase.side in extra.docks and purchase.count == 1
            bought[purchase.side, purchase.resource] += purchase.count
        assert frozenset(bought.items()) in ways[banked, option.left, option.right]
        for side in ("left", "right"):
            assert sum(p.count * p.unit_price for p in option.purchases
                       if p.side == side) == getattr(option, side)
            assert sum(1 for p in option.purchases
                       if p.side == side and p.unit_price
                       < price(builder, extra, side, p.resource)) <= 1
        if rebates:
            assert option.rebate == rebates[0]["coins"] * ((option.left > 0) + (option.right > 0))
    codes = {reason.code for reason in report.reasons}
    if report.legal:
        assert not codes
    elif least is None:
        assert codes == {"missing_resources"}
    else:
        assert codes == {"not_enough_coins"}
