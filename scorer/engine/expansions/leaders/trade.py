"""What the builder's leaders change about paying for a build, exactly.

- ``discount`` (Hammurabi blue, Leonidas red, Archimedes green, Imhotep wonder stages): the
  build costs one resource less, any one of its cost; every choice of the unit waived is
  tried, so the options show where waiving saves most.
- ``free_build`` (Ramses, guilds): no resources to pay at all.
- ``bank_buy`` (Bilkis): once per turn one brown or grey resource from the bank for 1 coin;
  options that use it have that coin in their ``bank`` part and a purchase ``from`` the bank.
- ``trade_rebate`` (Hatshepsut): a coin back from the bank per neighbour bought from, shown on
  each option as its ``rebate``.

Each variant (which unit waived, which unit from the bank) is an ordinary problem for the
planner; the variants' options are merged and only those no other beats on the bank and both
neighbours at once are kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...catalog import RESOURCES
from ...city import City
from ...messages import N_, Message
from ...trade import BuildReport, Option, ReportNotes, not_enough_coins, shortage_reason
from ...trade_market import Market
from ...trade_planner import Purchase, Shortage, plan
from .cards import Leader, leaders_of

BANK = "bank"


@dataclass(frozen=True, slots=True)
class Perks:
    """The leaders that change one build for one city, and how."""

    #: (leader, units) of every resource discount that applies to this build
    discounts: tuple[tuple[Leader, int], ...] = ()
    #: the leader that makes this build free of resources (Ramses for guilds)
    free: Leader | None = None
    #: (leader, unit price) for buying one resource from the bank (Bilkis)
    bank_buy: tuple[Leader, int] | None = None
    #: (leader, coins) back per neighbour bought from (Hatshepsut)
    rebate: tuple[Leader, int] | None = None

    def __bool__(self) -> bool:
        return bool(self.discounts or self.free or self.bank_buy or self.rebate)

    def notes(self) -> list[tuple[Leader, Message]]:
        """Which leader does what for this build, for the report."""
        found = []
        for leader, units in self.discounts:
            found.append((leader, Message(N_("%(leader)s: this build costs %(units)d resource "
                                             "less"), {"leader": leader.label, "units": units})))
        if self.free is not None:
            found.append((self.free, Message(N_("%(leader)s: this build costs no resources"),
                                             {"leader": self.free.label})))
        if self.bank_buy is not None:
            leader, price = self.bank_buy
            found.append((leader, Message(N_("%(leader)s: one resource may come from the bank "
                                             "for %(price)d coin"),
                                          {"leader": leader.label, "price": price})))
        if self.rebate is not None:
            leader, coins = self.rebate
            found.append((leader, Message(N_("%(leader)s: %(coins)d coin back from the bank per "
                                             "neighbour bought from"),
                                          {"leader": leader.label, "coins": coins})))
        return found


NO_PERKS = Perks()


def perks_for(city: City, target: str) -> Perks:
    """The perks of a city's face-up leaders for building a card of colour ``target`` or, with
    ``target`` ``wonder_stage``, the next stage."""
    leaders: tuple[Leader, ...] = leaders_of(city)
    if not leaders:
        return NO_PERKS
    discounts, free, bank_buy, rebate = [], None, None, None
    for leader in leaders:
        for effect in leader.effects:
            kind = effect.type
            if kind == "discount" and effect["target"] == target:
                discounts.append((leader, effect["units"]))
            elif kind == "free_build" and effect["colour"] == target:
                free = leader
            elif kind == "bank_buy":
                bank_buy = (leader, effect["price"])
            elif kind == "trade_rebate":
                rebate = (leader, effect["coins"])
    return Perks(tuple(discounts), free, bank_buy, rebate)


@dataclass(frozen=True, slots=True)
class LeaderPayment:
    bank: int
    left: int
    right: int
    purchases: tuple[Purchase, ...]
    #: (resource, count, leader) of the units a discount waived
    waived: tuple[tuple[str, int, Leader], ...]
    #: coins back from the bank after paying (Hatshepsut)
    rebate: int

    @property
    def total(self) -> int:
        return self.bank + self.left + self.right


@dataclass(frozen=True, slots=True)
class LeaderPlan:
    payments: tuple[LeaderPayment, ...]
    #: the least it costs in all (bank included), affordable or not; None when impossible
    cheapest: int | None
    shortages: tuple[Shortage, ...]


def _waivers(need: dict[str, int], units: int) -> list[tuple[str, ...]]:
    """Every multiset of ``units`` resources the cost holds (fewer when the cost is smaller)."""
    present = [r for r in RESOURCES if need.get(r, 0)]
    if units <= 0 or not present:
        return [()]
    found: list[tuple[str, ...]] = []

    def pick(start: int, left: int, chosen: list[str], room: dict[str, int]) -> None:
        if left == 0 or not any(room[r] for r in present[start:]):
            found.append(tuple(chosen))
            return
        for position in range(start, len(present)):
            resource = present[position]
            if room[resource]:
                room[resource] -= 1
                pick(position, left - 1, [*chosen, resource], room)
                room[resource] += 1

    pick(0, units, [], {r: need[r] for r in present})
    return found


def plan_with_leaders(cost: Mapping[str, int], market: Market, perks: Perks) -> LeaderPlan:
    """The undominated ways to pay ``cost`` with the builder's leaders' help."""
    bank_cost = cost.get("coins", 0)
    need = {r: cost.get(r, 0) for r in RESOURCES if cost.get(r, 0)}
    if perks.free is not None:
        need = {}
    units = sum(count for _, count in perks.discounts)
    waiver_owner = [leader for leader, count in perks.discounts for _ in range(count)]
    variants: list[tuple[dict[str, int], tuple, str | None]] = []
    seen: set[tuple] = set()
    for waived in _waivers(need, units):
        rest = dict(need)
        for resource in waived:
            rest[resource] -= 1
        rest = {r: n for r, n in rest.items() if n}
        bank_choices: list[str | None] = [None]
        if perks.bank_buy is not None:
            bank_choices += [r for r in RESOURCES if rest.get(r, 0)]
        for from_bank in bank_choices:
            remaining = dict(rest)
            if from_bank is not None:
                remaining[from_bank] -= 1
            key = (tuple(sorted(remaining.items())), from_bank is not None)
            if key in seen:
                continue
            seen.add(key)
            variants.append((remaining, waived, from_bank))
    candidates: list[LeaderPayment] = []
    cheapest = None
    shortage_sets: list[tuple[Shortage, ...]] = []
    for remaining, waived, from_bank in variants:
        bank = bank_cost
        extra: tuple[Purchase, ...] = ()
        if from_bank is not None:
            price = perks.bank_buy[1]
            bank += price
            extra = (Purchase(from_bank, 1, BANK, price),)
        found = plan(remaining, market, market.coins - bank)
        if found.shortages:
            shortage_sets.append(found.shortages)
            continue
        least = bank + found.cheapest
        cheapest = least if cheapest is None else min(cheapest, least)
        waived_entries = _waived_entries(waived, waiver_owner)
        for payment in found.payments:
            rebate = 0
            if perks.rebate is not None:
                rebate = perks.rebate[1] * ((payment.left > 0) + (payment.right > 0))
            candidates.append(LeaderPayment(bank, payment.left, payment.right,
                                            (*payment.purchases, *extra), waived_entries, rebate))
    if cheapest is None:
        shortages = min(shortage_sets, key=lambda s: sum(x.needed - x.own - x.sold for x in s))
        return LeaderPlan((), None, shortages)
    kept = []
    for option in candidates:
        if any(_beats(other, option) for other in candidates):
            continue
        if any((o.bank, o.left, o.right) == (option.bank, option.left, option.right) for o in kept):
            continue
        kept.append(option)
    kept.sort(key=lambda o: (o.total, o.left, o.bank))
    return LeaderPlan(tuple(kept), cheapest, ())


def _beats(one: LeaderPayment, other: LeaderPayment) -> bool:
    """No more to the bank and to each neighbour, and less to one of them."""
    return (one.bank <= other.bank and one.left <= other.left and one.right <= other.right
            and (one.bank, one.left, one.right) != (other.bank, other.left, other.right))


def _waived_entries(waived: tuple[str, ...], owners: list[Leader]):
    entries: dict[tuple[str, str], int] = {}
    leaders = {}
    for resource, leader in zip(waived, owners, strict=False):
        entries[resource, leader.id] = entries.get((resource, leader.id), 0) + 1
        leaders[leader.id] = leader
    return tuple((resource, count, leaders[leader_id])
                 for (resource, leader_id), count in entries.items())


def leader_cost_report(cost: Mapping[str, int], market: Market, perks: Perks) -> BuildReport:
    """The build checker's report for paying ``cost`` with the builder's leaders' discounts,
    bank buys and rebates, with a note on each leader that changes the build."""
    notes = (ReportNotes("leaders", "leader",
                         tuple((leader.id, message) for leader, message in perks.notes())),)
    found = plan_with_leaders(cost, market, perks)
    if found.shortages:
        return BuildReport((), tuple(shortage_reason(s) for s in found.shortages), notes=notes)
    with_rebate = perks.rebate is not None
    options = tuple(Option(p.bank, p.left, p.right, p.purchases,
                           tuple({"resource": resource, "count": count, "leader": leader.id}
                                 for resource, count, leader in p.waived),
                           p.rebate if with_rebate else None) for p in found.payments)
    if not options:
        return BuildReport((), (not_enough_coins(found.cheapest, market.coins),),
                           cheapest=found.cheapest, notes=notes)
    return BuildReport(options, (), cheapest=found.cheapest, notes=notes)
