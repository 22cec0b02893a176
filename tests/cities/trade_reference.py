"""The build checker with Cities' trading effects (ruling C16) against the exhaustive search.

The search is the base game's (``tests/engine/trade_search.py``, which reads the base rules
and the Leaders effects straight from the rulebooks' words) given what a turn's trade may hold
beyond that: an :class:`~tests.engine.trade_search.Extra` the tests read from the cards, never
from the engine's market. The options are the points no other way beats on the bank and both
neighbours at once; each purchase must be one of the search's shopping lists.
"""

from __future__ import annotations

from collections import Counter

from scorer.engine.city import Game
from tests.engine.trade_search import Extra, exhaustive_ways, leader_effects, pareto, price


def expected(game: Game, index: int, cost, target: str, extra: Extra):
    """(bank, left, right) of the affordable options, the ways, the least total (None:
    impossible)."""
    ways = exhaustive_ways(game, index, cost, target, extra)
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
            bought[purchase.side, purchase.resource, full] += purchase.count
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
