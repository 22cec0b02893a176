"""What each city brings to a trade: what its owner produces, what it sells, what it pays.

The planner works on bit masks, not on cards: a source is ``(mask, units)`` where the mask
holds the resources it can give (one bit for a plain card, several for a choice card) and
``units`` how many it gives per turn. Cities are turned into that form here, from the
catalog's data alone (``produce`` effects with their ``sellable`` flag, ``trade_discount``
effects), so that no trading rule depends on a card's name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .catalog import MANUFACTURED_GOODS, RAW_MATERIALS, RESOURCES, Card, Effect, Stage, Wonder
from .city import City, Game
from .rules import TradeRules

BIT = {resource: 1 << index for index, resource in enumerate(RESOURCES)}
RAW_MASK = sum(BIT[r] for r in RAW_MATERIALS)
MANUFACTURED_MASK = sum(BIT[r] for r in MANUFACTURED_GOODS)
#: the two classes of goods, each priced on its own (trading posts vs Marketplace)
CLASSES = (("raw", RAW_MASK), ("manufactured", MANUFACTURED_MASK))
SIDES = ("left", "right")

Source = tuple[int, int]
"""``(mask, units)``: a production a city may use (or sell) once per turn."""


@dataclass(frozen=True, slots=True)
class Yield:
    """What one card or built stage contributes to trading, worked out once per object."""

    own: tuple[Source, ...]
    sellable: tuple[Source, ...]
    #: (class, direction) pairs the owner buys at the discount price
    discounts: tuple[tuple[str, str], ...]


#: id(card or stage) -> (the object, its Yield); the object is kept so its id is never reused
_YIELDS: dict[int, tuple[object, Yield]] = {}


def mask_of(resources: Iterable[str]) -> int:
    mask = 0
    for resource in resources:
        mask |= BIT[resource]
    return mask


def _yield_of(effects: tuple[Effect, ...]) -> Yield:
    own, sellable, discounts = [], [], []
    for effect in effects:
        role = effect.kind.role
        if role == "production":
            mask = mask_of(effect["choice"])
            if mask & RAW_MASK and mask & MANUFACTURED_MASK:
                raise ValueError("a production mixes raw materials and manufactured goods; "
                                 "the trade planner prices the two classes apart")
            source = (mask, int(effect.get("amount", 1)))
            own.append(source)
            if effect.get("sellable", False):
                sellable.append(source)
        elif role == "trade_discount":
            discounts.append((effect["goods"], effect["direction"]))
    return Yield(tuple(own), tuple(sellable), tuple(discounts))


def yield_of(item: Wonder | Card | Stage) -> Yield:
    cached = _YIELDS.get(id(item))
    if cached is not None and cached[0] is item:
        return cached[1]
    result = _yield_of(item.effects)
    _YIELDS[id(item)] = (item, result)
    return result


def _add(pool: dict[int, int], sources: Iterable[Source]) -> None:
    for mask, units in sources:
        pool[mask] = pool.get(mask, 0) + units


def _items(city: City) -> Iterable[Wonder | Card | Stage]:
    if city.wonder.effects:
        yield city.wonder
    yield from city.cards
    yield from city.built_stages


def _board(city: City) -> dict[int, int]:
    """The resource printed on the board (some expansions' boards print none)."""
    resource = city.wonder.resource
    return {BIT[resource]: 1} if resource else {}


def own_production(city: City) -> dict[int, int]:
    """Everything the owner may use: board, brown, grey, producing yellow cards and stages."""
    pool = _board(city)
    for item in _items(city):
        _add(pool, yield_of(item).own)
    return pool


def for_sale(city: City) -> dict[int, int]:
    """What a neighbour may buy: the board resource and the sellable (brown, grey) cards."""
    pool = _board(city)
    for item in _items(city):
        _add(pool, yield_of(item).sellable)
    return pool


@dataclass(frozen=True, slots=True)
class Prices:
    """Unit prices a buyer pays: ``prices.of(side, class)``; discounts never stack."""

    left_raw: int
    left_manufactured: int
    right_raw: int
    right_manufactured: int

    def of(self, side: str, goods: str) -> int:
        return getattr(self, f"{side}_{goods}")


def prices_for(city: City, rules: TradeRules) -> Prices:
    """The ruleset's base price, or its discount price where a built effect grants one."""
    found = {(goods, side): rules.base_price for goods, _ in CLASSES for side in SIDES}
    for item in _items(city):
        for goods, direction in yield_of(item).discounts:
            for side in (SIDES if direction == "both" else (direction,)):
                found[goods, side] = rules.discount_price
    return Prices(found["raw", "left"], found["manufactured", "left"],
                  found["raw", "right"], found["manufactured", "right"])


@dataclass(frozen=True, slots=True)
class Market:
    """The builder's side of a trade: own production, both neighbours' offers, the prices.

    The last three fields are what an expansion's ``adjust_market`` hook may add to a turn's
    trade; left at their defaults the planner takes its counting path unchanged.
    """

    own: dict[int, int]
    left: dict[int, int]
    right: dict[int, int]
    prices: Prices
    coins: int
    #: the expansions played: their build-checker hooks may change how the builder pays
    expansions: tuple = ()
    #: ``(side, resource, coins)``: each unit of that resource bought from that side costs so
    #: many coins less than its class price, never below 0
    price_cuts: tuple[tuple[str, str, int], ...] = ()
    #: sides whose bill is one coin lower once per turn (the first unit bought there that costs
    #: something costs 1 coin less)
    first_coin_off: frozenset[str] = frozenset()
    #: once-per-turn units for the owner alone, each the mask of the resources it may be (a mask
    #: may hold goods of both classes: the unit is then one or the other)
    extra_own: tuple[int, ...] = ()

    @property
    def extended(self) -> bool:
        """Whether an expansion changed the turn's trade beyond sources and class prices."""
        return bool(self.price_cuts or self.first_coin_off or self.extra_own)

    def unit_price(self, side: str, resource: str) -> int:
        goods = "raw" if BIT[resource] & RAW_MASK else "manufactured"
        price = self.prices.of(side, goods)
        for cut_side, cut_resource, coins in self.price_cuts:
            if cut_side == side and cut_resource == resource:
                price -= coins
        return max(price, 0)


def market_for(game: Game, index: int) -> Market:
    builder = game.cities[index]
    market = Market(own_production(builder), for_sale(game.left(index)),
                    for_sale(game.right(index)), prices_for(builder, game.ruleset.trade),
                    builder.coins, game.ruleset.parts)
    for expansion in game.ruleset.parts:
        market = expansion.adjust_market(game, index, market)
    return market
