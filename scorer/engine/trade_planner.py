"""The cheapest legal ways to gather a cost's resources: exact, and fast enough for every card.

Trying every way to use every card grows exponentially with choice cards (a Caravansery, a
Forum and three choice cards on each side already make thousands of ways). The planner
instead counts. Covering a need from sources that each give some resources is a
transportation problem, and by Hall's theorem (Gale's, with capacities) it is feasible
exactly when every set ``T`` of needed resources is needed no more often than the sources
able to give something of ``T`` can give. With the builder's own sources free, at most ``a``
units bought from the left and ``c`` from the right, that reads, for every ``T``::

    need(T) - own(T) <= min(a, left(T)) + min(c, right(T))

Raw materials and manufactured goods never share a source, and each class has one price per
neighbour, so each class is solved alone: for every ``a`` the least ``c`` follows from the
inequalities (at most 15 sets ``T`` for the four raw materials), which gives that class's
Pareto front of ``(a, c)``. The fronts of the two classes are combined, priced, and filtered
to the options no other option beats on both neighbours. Only for the options kept is an
actual shopping list worked out, by a small search that the same inequalities guide.

An expansion may change a turn's trade beyond that (``Market.extended``): a resource cheaper
from one side than the rest of its class, a coin off one side's bill once per turn, a unit for
the owner alone that may be of either class. :func:`plan_extended` answers those exactly too,
more slowly: a unit that may be of either class is tried in each; a class with a cheaper
resource is solved by listing every split of its need between the sides (each checked by the
same inequalities) instead of by counting; the coin off a side's bill comes off last, as it
lowers a side's bill by 1 whenever that bill is not 0, which keeps the undominated set of each
class the only candidates.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import product

from .catalog import RESOURCES
from .trade_market import CLASSES, Market

Pool = list[tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Purchase:
    resource: str
    count: int
    side: str
    unit_price: int

    def as_dict(self) -> dict:
        return {"resource": self.resource, "count": self.count, "from": self.side,
                "unit_price": self.unit_price}


@dataclass(frozen=True, slots=True)
class Payment:
    """What the neighbours receive for one way of buying the missing resources."""

    left: int
    right: int
    purchases: tuple[Purchase, ...]


@dataclass(frozen=True, slots=True)
class Shortage:
    """A set of resources the city and its neighbours cannot supply often enough."""

    resources: tuple[str, ...]
    needed: int
    #: what the builder's own city can give towards them
    own: int
    #: what the two neighbours sell of them
    sold: int


@dataclass(frozen=True, slots=True)
class Plan:
    #: every payment no other beats on both neighbours and within ``budget``, cheapest first
    payments: tuple[Payment, ...]
    #: the least the neighbours must receive, affordable or not; None when impossible
    cheapest: int | None
    shortages: tuple[Shortage, ...]


def _bits(mask: int) -> list[int]:
    return [index for index in range(len(RESOURCES)) if mask >> index & 1]


def _capacity(pool: Pool, subset: int) -> int:
    total = 0
    for mask, units in pool:
        if mask & subset:
            total += units
    return total


def _relevant(pool: Mapping[int, int], support: int) -> Pool:
    return [(mask, units) for mask, units in pool.items() if mask & support]


@dataclass(slots=True)
class _ClassProblem:
    """One class of goods (raw or manufactured): its need and the sources that matter."""

    need: list[int]
    support: int
    own: Pool
    left: Pool
    right: Pool
    front: list[tuple[int, int]]
    shortages: list[Shortage]

    def split(self, bought_left: int, bought_right: int) -> tuple[list[int], list[int]]:
        """Per resource, how much to buy from each side for a point of the front."""
        bits = _bits(self.support)
        need = [self.need[i] for i in bits]
        for from_left in _vectors(need, bought_left):
            if not _covers(self.left, bits, from_left):
                continue
            rest = [n - x for n, x in zip(need, from_left, strict=True)]
            for from_right in _vectors(rest, bought_right):
                if not _covers(self.right, bits, from_right):
                    continue
                own = [n - x for n, x in zip(rest, from_right, strict=True)]
                if _covers(self.own, bits, own):
                    left, right = [0] * len(RESOURCES), [0] * len(RESOURCES)
                    for i, bit in enumerate(bits):
                        left[bit], right[bit] = from_left[i], from_right[i]
                    return left, right
        raise AssertionError("a point of the front without a purchase plan")  # pragma: no cover


def _vectors(limits: list[int], total: int) -> Iterator[list[int]]:
    """Every way to take ``total`` units with at most ``limits[i]`` of resource ``i``."""
    if not limits:
        if total == 0:
            yield []
        return
    head, tail = limits[0], limits[1:]
    room = sum(tail)
    for take in range(min(head, total), max(0, total - room) - 1, -1):
        for rest in _vectors(tail, total - take):
            yield [take, *rest]


def _covers(pool: Pool, bits: list[int], amounts: list[int]) -> bool:
    """Whether the sources can give exactly these amounts (Hall's condition, every subset)."""
    support = 0
    for bit, amount in zip(bits, amounts, strict=True):
        if amount:
            support |= 1 << bit
    subset = support
    while subset:
        wanted = sum(amount for bit, amount in zip(bits, amounts, strict=True)
                     if subset >> bit & 1)
        if wanted > _capacity(pool, subset):
            return False
        subset = (subset - 1) & support
    return True


def _solve_class(need: list[int], class_mask: int, market: Market) -> _ClassProblem:
    support = 0
    for bit in _bits(class_mask):
        if need[bit]:
            support |= 1 << bit
    problem = _ClassProblem(need, support, _relevant(market.own, support),
                            _relevant(market.left, support), _relevant(market.right, support),
                            [], [])
    if not support:
        problem.front.append((0, 0))
        return problem
    bits = _bits(support)
    rows, short = [], {}
    subset = support
    while subset:
        needed = sum(need[bit] for bit in bits if subset >> bit & 1)
        excess = needed - _capacity(problem.own, subset)
        if excess > 0:
            left, right = _capacity(problem.left, subset), _capacity(problem.right, subset)
            if excess > left + right:
                short[subset] = Shortage(tuple(RESOURCES[b] for b in bits if subset >> b & 1),
                                         needed, needed - excess, left + right)
            rows.append((excess, left, right))
        subset = (subset - 1) & support
    if short:
        # the smallest sets say most plainly what is missing
        problem.shortages.extend(s for m, s in short.items()
                                 if not any(o != m and o & m == o for o in short))
        return problem
    least_right = None
    for bought_left in range(sum(need[bit] for bit in bits) + 1):
        bought_right = 0
        for excess, left, right in rows:
            lack = excess - (bought_left if bought_left < left else left)
            if lack > 0:
                if lack > right:
                    break
                if lack > bought_right:
                    bought_right = lack
        else:
            if least_right is None or bought_right < least_right:
                problem.front.append((bought_left, bought_right))
                least_right = bought_right
                if bought_right == 0:
                    break
    return problem


def plan(need: Mapping[str, int], market: Market, budget: int) -> Plan:
    """Every undominated way to buy what ``need`` lacks, within ``budget`` coins for neighbours."""
    if market.extended:
        return plan_extended(need, market, budget)
    vector = [need.get(resource, 0) for resource in RESOURCES]
    problems = [(goods, _solve_class(vector, mask, market)) for goods, mask in CLASSES]
    shortages = tuple(s for _, p in problems for s in p.shortages)
    if shortages:
        return Plan((), None, shortages)
    prices = market.prices
    (raw_goods, raw), (made_goods, made) = problems
    raw_left, raw_right = prices.of("left", raw_goods), prices.of("right", raw_goods)
    made_left, made_right = prices.of("left", made_goods), prices.of("right", made_goods)
    combined = sorted(
        (raw_left * a + made_left * b, raw_right * c + made_right * d, (a, c), (b, d))
        for a, c in raw.front for b, d in made.front)
    kept, least_right = [], None
    for entry in combined:
        if least_right is None or entry[1] < least_right:
            kept.append(entry)
            least_right = entry[1]
    kept.sort(key=lambda entry: (entry[0] + entry[1], entry[0]))
    cheapest = kept[0][0] + kept[0][1]
    payments = tuple(_payment(entry, problems, prices) for entry in kept
                     if entry[0] + entry[1] <= budget)
    return Plan(payments, cheapest, ())


def _payment(entry, problems, prices) -> Payment:
    left_coins, right_coins = entry[0], entry[1]
    purchases_left, purchases_right = [], []
    for (goods, problem), (bought_left, bought_right) in zip(problems, entry[2:], strict=True):
        if not bought_left and not bought_right:
            continue
        left, right = problem.split(bought_left, bought_right)
        for bit, resource in enumerate(RESOURCES):
            if left[bit]:
                purchases_left.append(Purchase(resource, left[bit], "left",
                                               prices.of("left", goods)))
            if right[bit]:
                purchases_right.append(Purchase(resource, right[bit], "right",
                                                prices.of("right", goods)))
    return Payment(left_coins, right_coins, tuple(purchases_left + purchases_right))


# -- the extended path: what an expansion's market adds (see the module's docstring) ---------

#: a class's way to pay: (left coins, right coins, units bought), the units either the counts
#: ``(from the left, from the right)`` of a point of the class's front (split when kept) or the
#: per-resource vectors ``(left, right)`` already listed
_Point = tuple[int, int, tuple]


def _own_variants(market: Market) -> list[dict[int, int]]:
    """The builder's own pool with each extra unit placed in one class (every placement)."""
    placements = []
    for mask in market.extra_own:
        parts = [mask & class_mask for _, class_mask in CLASSES if mask & class_mask]
        if parts:
            placements.append(parts)
    pools, seen = [], set()
    for chosen in product(*placements):
        pool = dict(market.own)
        for mask in chosen:
            pool[mask] = pool.get(mask, 0) + 1
        key = tuple(sorted(pool.items()))
        if key not in seen:
            seen.add(key)
            pools.append(pool)
    return pools


def _all_vectors(limits: list[int]) -> Iterator[list[int]]:
    """Every vector with ``0 <= v[i] <= limits[i]``."""
    for total in range(sum(limits) + 1):
        yield from _vectors(limits, total)


def _undominated(points: list) -> list:
    """The points no other beats on both sides (one of each equal pair), least left first."""
    kept = []
    least_right = None
    for point in sorted(points, key=lambda p: (p[0], p[1])):
        if least_right is None or point[1] < least_right:
            kept.append(point)
            least_right = point[1]
    return kept


def _class_points(goods: str, problem: _ClassProblem, market: Market) -> list[_Point]:
    """A class's undominated ways to pay, in coins, under the market's unit prices."""
    bits = _bits(problem.support)
    cut_resources = {resource for _, resource, _ in market.price_cuts}
    if not any(RESOURCES[bit] in cut_resources for bit in bits):
        left, right = market.prices.of("left", goods), market.prices.of("right", goods)
        return [(left * a, right * c, ("counts", a, c)) for a, c in problem.front]
    need = [problem.need[bit] for bit in bits]
    left_prices = [market.unit_price("left", RESOURCES[bit]) for bit in bits]
    right_prices = [market.unit_price("right", RESOURCES[bit]) for bit in bits]
    points = []
    for from_left in _all_vectors(need):
        if not _covers(problem.left, bits, from_left):
            continue
        rest = [n - x for n, x in zip(need, from_left, strict=True)]
        for from_right in _all_vectors(rest):
            own = [n - x for n, x in zip(rest, from_right, strict=True)]
            if not (_covers(problem.right, bits, from_right)
                    and _covers(problem.own, bits, own)):
                continue
            left, right = [0] * len(RESOURCES), [0] * len(RESOURCES)
            for i, bit in enumerate(bits):
                left[bit], right[bit] = from_left[i], from_right[i]
            points.append((sum(p * x for p, x in zip(left_prices, from_left, strict=True)),
                           sum(p * x for p, x in zip(right_prices, from_right, strict=True)),
                           ("vectors", left, right)))
    return _undominated(points)


def _after_coin_off(coins: int, side: str, market: Market) -> int:
    return max(coins - 1, 0) if side in market.first_coin_off else coins


def plan_extended(need: Mapping[str, int], market: Market, budget: int) -> Plan:
    """:func:`plan` for a market an expansion extended (``Market.extended``)."""
    vector = [need.get(resource, 0) for resource in RESOURCES]
    candidates: list[tuple[int, int, tuple]] = []
    shortage_sets: list[tuple[Shortage, ...]] = []
    for pool in _own_variants(market):
        variant = replace(market, own=pool)
        problems = [_solve_class(vector, mask, variant) for _, mask in CLASSES]
        shortages = tuple(s for p in problems for s in p.shortages)
        if shortages:
            shortage_sets.append(shortages)
            continue
        fronts = [_class_points(goods, problem, variant)
                  for (goods, _), problem in zip(CLASSES, problems, strict=True)]
        for raw, made in product(*fronts):
            left = _after_coin_off(raw[0] + made[0], "left", market)
            right = _after_coin_off(raw[1] + made[1], "right", market)
            candidates.append((left, right, ((problems[0], raw[2]), (problems[1], made[2]))))
    if not candidates:
        return Plan((), None, min(shortage_sets,
                                  key=lambda found: sum(s.needed - s.own - s.sold
                                                        for s in found)))
    kept = _undominated(candidates)
    kept.sort(key=lambda entry: (entry[0] + entry[1], entry[0]))
    cheapest = kept[0][0] + kept[0][1]
    payments = tuple(_extended_payment(entry, market) for entry in kept
                     if entry[0] + entry[1] <= budget)
    return Plan(payments, cheapest, ())


def _extended_payment(entry, market: Market) -> Payment:
    left_coins, right_coins, parts = entry
    sides: dict[str, list[Purchase]] = {"left": [], "right": []}
    for problem, units in parts:
        if units[0] == "counts":
            left, right = problem.split(units[1], units[2])
        else:
            left, right = units[1], units[2]
        for side, amounts in (("left", left), ("right", right)):
            for bit, resource in enumerate(RESOURCES):
                if amounts[bit]:
                    sides[side].append(Purchase(resource, amounts[bit], side,
                                                market.unit_price(side, resource)))
    for side in market.first_coin_off:
        sides[side] = _one_coin_off(sides[side])
    return Payment(left_coins, right_coins, (*sides["left"], *sides["right"]))


def _one_coin_off(purchases: list[Purchase]) -> list[Purchase]:
    """The purchases from one side with the once-per-turn coin off the first unit that costs
    something (shown as a purchase of its own)."""
    for position, purchase in enumerate(purchases):
        if purchase.unit_price > 0:
            cheaper = Purchase(purchase.resource, 1, purchase.side, purchase.unit_price - 1)
            rest = ([replace(purchase, count=purchase.count - 1)] if purchase.count > 1 else [])
            return [*purchases[:position], cheaper, *rest, *purchases[position + 1:]]
    return purchases
