"""A plain exhaustive search of the ways to pay for a build, read from the rulebooks' words.

One search serves the base game's property test (``tests/engine/test_trade_property.py``, with
the Leaders' effects) and the Cities one (``tests/cities/trade_reference.py``), independently
of the engine's trade modules: every needed unit is given by one source (the builder's board,
cards and stages; a neighbour's board, brown and grey cards), no source gives more units per
turn than it produces, and every way is priced unit by unit.

With Leaders the builder's leaders change the cost, again read from their effects' words: one
unit of the cost waived (any unit, every one tried) when a discount names the build's colour
or ``wonder_stage``, no resources for a ``free_build`` colour, one unit from the bank for its
price with ``bank_buy``. What a turn's trade may hold beyond that (Cities' black cards) is an
:class:`Extra`, which the tests read from the cards, never from the engine's market:

- ``cuts``: (side, resource) -> coins off each unit of it bought from that side (not below 0);
- ``docks``: sides where the first unit bought that costs something costs 1 coin less;
- ``units``: once-per-turn units for the owner alone, each any one resource of its set;
- ``free_stage``: the next wonder stage costs no resources (coins still paid).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations, product

from scorer.engine.catalog import RAW_MATERIALS, RESOURCES
from scorer.engine.city import City, Game

SELLING_COLOURS = ("brown", "grey")


@dataclass(frozen=True)
class Extra:
    cuts: dict = field(default_factory=dict)
    docks: frozenset = frozenset()
    units: tuple = ()
    free_stage: bool = False


#: a turn with nothing beyond the base game's and the Leaders' trade
NO_EXTRA = Extra()


def productions(city: City, *, for_sale: bool) -> list[tuple[tuple[str, ...], int]]:
    """(resources it may give, units per turn) of every source: the owner's or a buyer's view."""
    found = [((city.wonder.resource,), 1)] if city.wonder.resource else []
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


def leader_effects(builder: City, kind: str) -> list:
    return [effect for leader in builder.parts.get("leaders", ()) for effect in leader.effects
            if effect.type == kind]


def price(builder: City, extra: Extra, side: str, resource: str) -> int:
    """A unit's price from a neighbour, after the extra's cuts (before a dock's coin off)."""
    return max(unit_price(builder, side, resource) - extra.cuts.get((side, resource), 0), 0)


def exhaustive_ways(game: Game, index: int, cost, target: str = "",
                    extra: Extra = NO_EXTRA) -> dict[tuple, set[frozenset]]:
    """Every way to cover the cost: (bank extra, left coins, right coins) -> the shopping lists,
    each a set of ((side, resource, unit price), count).

    ``target`` is the build's colour or ``wonder_stage``, for the builder's leaders."""
    builder = game.cities[index]
    units = [resource for resource in RESOURCES for _ in range(cost.get(resource, 0))]
    if target == "wonder_stage" and extra.free_stage:
        units = []
    if any(e["colour"] == target for e in leader_effects(builder, "free_build")):
        units = []
    waives = sum(e["units"] for e in leader_effects(builder, "discount") if e["target"] == target)
    bank_buys = leader_effects(builder, "bank_buy")
    ways: dict[tuple, set[frozenset]] = defaultdict(set)
    # every choice of the units waived, and of the unit bought from the bank (or none)
    for waived in {tuple(sorted(c))
                   for c in combinations(range(len(units)), min(waives, len(units)))}:
        rest = [u for i, u in enumerate(units) if i not in waived]
        for banked in [None, *range(len(rest))] if bank_buys else [None]:
            bought = [u for i, u in enumerate(rest) if i != banked]
            bank = bank_buys[0]["price"] if banked is not None else 0
            for (left, right), lists in buying_ways(game, index, bought, extra).items():
                ways[bank, left, right] |= lists
    return ways


def buying_ways(game: Game, index: int, units: list[str],
                extra: Extra = NO_EXTRA) -> dict[tuple[int, int], set[frozenset]]:
    """Every way to gather these units: (left coins, right coins) -> the shopping lists."""
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
                unit = price(builder, extra, side, resource)
                coins[side] += unit
                bought[side, resource, unit] += 1
        for side in extra.docks:
            coins[side] = max(coins[side] - 1, 0)
        ways[coins["left"], coins["right"]].add(frozenset(bought.items()))
    return ways


def pareto(points) -> set[tuple[int, ...]]:
    return {p for p in points
            if not any(q != p and all(a <= b for a, b in zip(q, p, strict=True)) for q in points)}
