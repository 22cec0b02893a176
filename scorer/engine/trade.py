"""The trade checker: can this player build this now, and what are the sensible ways to pay?

Answers come from the cities as they stand at the start of the turn, under the trading rules
of the game's ruleset (rulebooks 000, 001 and 002 "Handel", ``edition-differences.md``
section 5, ``../shared/reference/edge-cases.md``). The rules that are about the build itself
(the same building twice, wonder stages in order, chains, free builds, coins held) live here;
what a city can use, buy and at what price lives in :mod:`.trade_market`, and the search for
the ways to pay in :mod:`.trade_planner`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .catalog import Card
from .city import City
from .leaders.recruit import RecruitReport, recruit_report
from .leaders.trade import NO_PERKS, Perks, perks_for, plan_with_leaders
from .messages import ENGLISH, N_, Message, Translator, card_name, nmessage, wonder_name
from .rules import FreeBuild, Ruleset
from .trade_market import Market, market_for
from .trade_planner import Purchase, Shortage, plan
from .trade_question import TradeQuestion, parse_trade_question

__all__ = ["BuildReport", "Option", "Reason", "TradeAnswer", "TradeQuestion", "answer",
           "parse_trade_question"]

RESOURCE_NAMES = {
    "wood": N_("wood"), "stone": N_("stone"), "clay": N_("clay"), "ore": N_("ore"),
    "glass": N_("glass"), "loom": N_("loom"), "papyrus": N_("papyrus"),
}


def resource_name(resource: str) -> Message:
    return Message(RESOURCE_NAMES[resource])


@dataclass(frozen=True, slots=True)
class Option:
    """One way to pay: coins to the bank, to each neighbour, and what is bought from whom."""

    bank: int
    left: int
    right: int
    purchases: tuple[Purchase, ...] = ()
    #: Leaders: (resource, count, leader) waived by a discount; coins back (Hatshepsut)
    waived: tuple = ()
    rebate: int | None = None

    @property
    def total(self) -> int:
        return self.bank + self.left + self.right

    def as_dict(self) -> dict:
        data = {"total": self.total, "bank": self.bank, "left": self.left, "right": self.right,
                "purchases": [purchase.as_dict() for purchase in self.purchases]}
        if self.waived:
            data["waived"] = [{"resource": resource, "count": count, "leader": leader.id}
                              for resource, count, leader in self.waived]
        if self.rebate is not None:
            data["rebate"] = self.rebate
        return data


@dataclass(frozen=True, slots=True)
class Reason:
    code: str
    message: Message

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        return {"code": self.code, "message": self.message.render(translator)}


@dataclass(frozen=True, slots=True)
class BuildReport:
    """The answer for one build: a card (``card`` set) or the next wonder stage."""

    options: tuple[Option, ...]
    reasons: tuple[Reason, ...]
    card: Card | None = None
    #: the card id as asked
    card_id: str | None = None
    #: number of the stage a wonder-stage build would add; None when none is left
    stage: int | None = None
    #: the least it costs in all, affordable or not; None when it cannot be built at all
    cheapest: int | None = None
    #: the building of the city that makes this card free
    chain: str | None = None
    #: the builder has Olympia A's free build (whether unused this age is for the table)
    free_build: bool = False
    #: other free builds that apply: certain ones (then the one option is free) or ones that
    #: depend on the turn, which the players know and the report states
    free_builds: tuple[FreeBuild, ...] = ()
    #: Leaders: (leader, message) of each leader that changes this build
    leaders: tuple = ()

    @property
    def legal(self) -> bool:
        return bool(self.options)

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        """The spec's trade report, nothing more (so clients comparing it whole still can)."""
        data = {"legal": self.legal,
                "options": [option.as_dict() for option in self.options],
                "reasons": [reason.as_dict(translator) for reason in self.reasons]}
        if self.free_build:
            data["free_build"] = True
        if self.free_builds:
            data["free_builds"] = [{"kind": free.kind, "message": free.message.render(translator)}
                                   for free in self.free_builds]
        if self.leaders:
            data["leaders"] = [{"leader": leader.id, "message": message.render(translator)}
                               for leader, message in self.leaders]
        return data

    def as_hand_entry(self, translator: Translator = ENGLISH) -> dict:
        entry = ({"card": self.card_id} if self.card is not None else {"stage": self.stage})
        entry.update(self.as_dict(translator))
        entry["cheapest"] = self.cheapest
        entry["free_by_chain"] = self.chain is not None
        entry["chain"] = self.chain
        return entry


@dataclass(frozen=True, slots=True)
class TradeAnswer:
    """A single build's report, or a hand's: each card and the next wonder stage."""

    player: str
    build: BuildReport | None = None
    hand: tuple[BuildReport, ...] | None = None
    wonder_stage: BuildReport | None = None
    recruit: RecruitReport | None = None

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        if self.recruit is not None:
            return self.recruit.as_dict(translator)
        if self.build is not None:
            return self.build.as_dict(translator)
        return {"player": self.player,
                "hand": [report.as_hand_entry(translator) for report in self.hand],
                "wonder_stage": self.wonder_stage.as_hand_entry(translator)}


def answer(question: TradeQuestion) -> TradeAnswer:
    game, index = question.game, question.player
    builder = question.builder
    if question.recruit is not None:
        return TradeAnswer(builder.name,
                           recruit=recruit_report(game, index, question.recruit, question.age))
    market = market_for(game, index)
    ruleset = game.ruleset
    if question.hand is not None:
        return TradeAnswer(builder.name,
                           hand=tuple(card_report(builder, market, card, asked)
                                      for asked, card in question.hand),
                           wonder_stage=stage_report(builder, market, ruleset))
    if question.wonder_stage:
        return TradeAnswer(builder.name, build=stage_report(builder, market, ruleset))
    return TradeAnswer(builder.name,
                       build=card_report(builder, market, question.card, question.card_id))


def free_builds_for(city: City, card: Card) -> tuple[bool, bool, tuple[FreeBuild, ...]]:
    """The free-build effects in play for building ``card``: (first-edition flag, certain, notes).

    They come from the board and the built stages (Olympia), read through the effect registry.
    """
    flag = certain = False
    notes = []
    for _item, effect in city.effects():
        free = effect.kind.free_build
        if free is None:
            continue
        if free.flag:
            flag = True
        elif free.certain is None:
            notes.append(free)
        elif free.certain(city, card):
            certain = True
            notes.append(free)
    return flag, certain, tuple(notes)


def card_report(city: City, market: Market, card: Card, asked: str | None = None) -> BuildReport:
    asked = asked or card.id
    if card.id in city.card_ids:
        reason = Reason("duplicate_building", Message(
            N_("%(player)s already has %(card)s: a city never holds the same building twice."),
            {"player": city.name, "card": card_name(card.name)}))
        return BuildReport((), (reason,), card, asked)
    free_build, certain, notes = free_builds_for(city, card)
    owned = city.card_ids
    chain = next((earlier for earlier in card.chains_from if earlier in owned), None)
    perks = perks_for(city, card.colour)
    if chain is not None:
        rebate = 0 if perks.rebate is not None else None
        return BuildReport((Option(0, 0, 0, rebate=rebate),), (), card, asked, cheapest=0,
                           chain=chain, free_build=free_build)
    if certain:
        rebate = 0 if perks.rebate is not None else None
        return BuildReport((Option(0, 0, 0, rebate=rebate),), (), card, asked, cheapest=0,
                           free_build=free_build,
                           free_builds=tuple(n for n in notes if n.certain is not None))
    report = cost_report(card.cost, market, perks)
    return BuildReport(report.options, report.reasons, card, asked, cheapest=report.cheapest,
                       free_build=free_build, free_builds=notes, leaders=report.leaders)


def stage_report(city: City, market: Market, ruleset: Ruleset) -> BuildReport:
    if city.stages_built >= len(city.stages):
        reason = Reason("no_stage_left", nmessage(
            "%(wonder)s side %(side)s has no stage left to build: its %(num)d stage is built.",
            "%(wonder)s side %(side)s has no stage left to build: all %(num)d stages are built.",
            len(city.stages), wonder=wonder_name(city.wonder.name),
            side=ruleset.side(city.side).label))
        return BuildReport((), (reason,))
    stage = city.stages[city.stages_built]
    report = cost_report(stage.cost, market, perks_for(city, "wonder_stage"))
    return BuildReport(report.options, report.reasons, stage=stage.number,
                       cheapest=report.cheapest, leaders=report.leaders)


def cost_report(cost: Mapping[str, int], market: Market, perks: Perks = NO_PERKS) -> BuildReport:
    """Options and reasons for paying a printed cost (coins to the bank, resources)."""
    if perks:
        return leader_cost_report(cost, market, perks)
    bank = cost.get("coins", 0)
    found = plan(cost, market, market.coins - bank)
    if found.shortages:
        return BuildReport((), tuple(shortage_reason(s) for s in found.shortages))
    cheapest = bank + found.cheapest
    options = tuple(Option(bank, p.left, p.right, p.purchases) for p in found.payments)
    if not options:
        reason = Reason("not_enough_coins", nmessage(
            "costs at least %(num)d coin, you hold %(coins)d",
            "costs at least %(num)d coins, you hold %(coins)d",
            cheapest, coins=market.coins))
        return BuildReport((), (reason,), cheapest=cheapest)
    return BuildReport(options, (), cheapest=cheapest)


def leader_cost_report(cost: Mapping[str, int], market: Market, perks: Perks) -> BuildReport:
    """As :func:`cost_report`, with the builder's leaders' discounts, bank buys and rebates."""
    notes = tuple(perks.notes())
    found = plan_with_leaders(cost, market, perks)
    if found.shortages:
        return BuildReport((), tuple(shortage_reason(s) for s in found.shortages), leaders=notes)
    with_rebate = perks.rebate is not None
    options = tuple(Option(p.bank, p.left, p.right, p.purchases, p.waived,
                           p.rebate if with_rebate else None) for p in found.payments)
    if not options:
        reason = Reason("not_enough_coins", nmessage(
            "costs at least %(num)d coin, you hold %(coins)d",
            "costs at least %(num)d coins, you hold %(coins)d",
            found.cheapest, coins=market.coins))
        return BuildReport((), (reason,), cheapest=found.cheapest, leaders=notes)
    return BuildReport(options, (), cheapest=found.cheapest, leaders=notes)


def shortage_reason(shortage: Shortage) -> Reason:
    missing = shortage.needed - shortage.own
    if len(shortage.resources) == 1:
        resource = resource_name(shortage.resources[0])
        if shortage.sold == 0:
            message = nmessage("needs %(num)d more %(resource)s and no neighbour sells %(resource)s",
                               "needs %(num)d more %(resource)s and no neighbour sells %(resource)s",
                               missing, resource=resource)
        else:
            message = nmessage(
                "needs %(num)d more %(resource)s, but the neighbours sell only %(sold)d",
                "needs %(num)d more %(resource)s, but the neighbours sell only %(sold)d",
                missing, resource=resource, sold=shortage.sold)
    else:
        message = nmessage(
            "needs %(num)d unit from among %(resources)s, but the city and its neighbours can "
            "give only %(supply)d",
            "needs %(num)d units from among %(resources)s, but the city and its neighbours can "
            "give only %(supply)d",
            shortage.needed, resources=tuple(resource_name(r) for r in shortage.resources),
            supply=shortage.own + shortage.sold)
    return Reason("missing_resources", message)
