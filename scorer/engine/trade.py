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
from dataclasses import dataclass, replace

from .catalog import Card
from .city import City
from .messages import ENGLISH, N_, Message, Translator, card_name, nmessage, wonder_name
from .rules import FreeBuild, Ruleset
from .trade_market import Market, market_for
from .trade_planner import Purchase, Shortage, plan
from .trade_question import TradeQuestion, parse_trade_question

__all__ = ["BuildReport", "Option", "Reason", "ReportNotes", "TradeAnswer", "TradeQuestion",
           "answer", "cost_report", "not_enough_coins", "parse_trade_question",
           "shortage_reason"]

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
    #: resources an expansion's discount waives, as the report shows them (JSON objects)
    waived: tuple[Mapping, ...] = ()
    #: coins back from the bank after paying this way (an expansion's rebate)
    rebate: int | None = None

    @property
    def total(self) -> int:
        return self.bank + self.left + self.right

    def as_dict(self) -> dict:
        data = {"total": self.total, "bank": self.bank, "left": self.left, "right": self.right,
                "purchases": [purchase.as_dict() for purchase in self.purchases]}
        if self.waived:
            data["waived"] = [dict(entry) for entry in self.waived]
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
class ReportNotes:
    """What an expansion says about one build, under its own key of the report: one
    ``{who: id, "message": ...}`` per note."""

    key: str
    who: str
    notes: tuple[tuple[str, Message], ...]

    def as_json(self, translator: Translator) -> list[dict]:
        return [{self.who: item, "message": message.render(translator)}
                for item, message in self.notes]


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
    #: what gives the builder a once-per-Age free build of this card (Olympia A's second
    #: stage, Caligula for a black card: any effect the ruleset's data marks so), by name;
    #: whether it is still unused this Age is for the table to know
    free_build_from: tuple[Message, ...] = ()
    #: other free builds that apply: certain ones (then the one option is free) or ones that
    #: depend on the turn, which the players know and the report states
    free_builds: tuple[FreeBuild, ...] = ()
    #: what the expansions played say about this build (only those with notes)
    notes: tuple[ReportNotes, ...] = ()

    @property
    def legal(self) -> bool:
        return bool(self.options)

    @property
    def free_build(self) -> bool:
        """The spec's ``"free_build": true``: a once-per-Age free build could build it."""
        return bool(self.free_build_from)

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        """The spec's trade report, nothing more (so clients comparing it whole still can)."""
        data = {"legal": self.legal,
                "options": [option.as_dict() for option in self.options],
                "reasons": [reason.as_dict(translator) for reason in self.reasons]}
        if self.free_build_from:
            data["free_build"] = True
            data["free_build_from"] = [source.render(translator) for source in self.free_build_from]
        if self.free_builds:
            data["free_builds"] = [{"kind": free.kind, "message": free.message.render(translator)}
                                   for free in self.free_builds]
        for part in self.notes:
            if part.notes:
                data[part.key] = part.as_json(translator)
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
    #: the report answering an expansion's own question (it has ``as_dict``)
    other: object | None = None

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        if self.other is not None:
            return self.other.as_dict(translator)
        if self.build is not None:
            return self.build.as_dict(translator)
        return {"player": self.player,
                "hand": [report.as_hand_entry(translator) for report in self.hand],
                "wonder_stage": self.wonder_stage.as_hand_entry(translator)}


def answer(question: TradeQuestion) -> TradeAnswer:
    game, index = question.game, question.player
    builder = question.builder
    if question.asked_of is not None:
        return TradeAnswer(builder.name, other=question.asked_of.answer_question(
            game, index, question.other, question.age))
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


def free_builds_for(city: City, card: Card) -> tuple[tuple[Message, ...], bool,
                                                     tuple[FreeBuild, ...]]:
    """The free-build effects in play for building ``card``: (what gives a once-per-Age free
    build, by name; certain; notes).

    They come from the board, the buildings and the built stages (Olympia), read through the
    effect registry; each flagged one is named by what prints it (a stage: "Olympia stage 2").
    """
    certain = False
    sources: list[Message] = []
    notes = []
    for item, effect in city.effects():
        free = effect.kind.free_build
        if free is None:
            continue
        if free.flag:
            if item.label not in sources:
                sources.append(item.label)
        elif free.certain is None:
            notes.append(free)
        elif free.certain(city, card):
            certain = True
            notes.append(free)
    return tuple(sources), certain, tuple(notes)


def card_report(city: City, market: Market, card: Card, asked: str | None = None) -> BuildReport:
    asked = asked or card.id
    if card.id in city.card_ids:
        reason = Reason("duplicate_building", Message(
            N_("%(player)s already has %(card)s: a city never holds the same building twice."),
            {"player": city.name, "card": card_name(card.name)}))
        return BuildReport((), (reason,), card, asked)
    free_build, certain, notes = free_builds_for(city, card)
    for part in market.expansions:
        free_build += tuple(source for source in part.free_build_sources(city, card)
                            if source not in free_build)
    owned = city.card_ids
    chain = next((earlier for earlier in card.chains_from if earlier in owned), None)
    if chain is not None:
        rebate = free_rebate(city, market, card.colour)
        return BuildReport((Option(0, 0, 0, rebate=rebate),), (), card, asked, cheapest=0,
                           chain=chain, free_build_from=free_build)
    if certain:
        rebate = free_rebate(city, market, card.colour)
        return BuildReport((Option(0, 0, 0, rebate=rebate),), (), card, asked, cheapest=0,
                           free_build_from=free_build,
                           free_builds=tuple(n for n in notes if n.certain is not None))
    report = cost_report(card.cost, market, city, card.colour)
    return BuildReport(report.options, report.reasons, card, asked, cheapest=report.cheapest,
                       free_build_from=free_build, free_builds=notes, notes=report.notes)


def stage_report(city: City, market: Market, ruleset: Ruleset) -> BuildReport:
    if city.stages_built >= len(city.stages):
        reason = Reason("no_stage_left", nmessage(
            "%(wonder)s side %(side)s has no stage left to build: its %(num)d stage is built.",
            "%(wonder)s side %(side)s has no stage left to build: all %(num)d stages are built.",
            len(city.stages), wonder=wonder_name(city.wonder.name),
            side=ruleset.side(city.side).label))
        return BuildReport((), (reason,))
    stage = city.stages[city.stages_built]
    report = cost_report(stage.cost, market, city, "wonder_stage")
    return BuildReport(report.options, report.reasons, stage=stage.number,
                       cheapest=report.cheapest, notes=report.notes)


def free_rebate(city: City, market: Market, target: str) -> int | None:
    """Coins back on a build that costs nothing, when an expansion pays some (else None)."""
    for expansion in market.expansions:
        rebate = expansion.rebate(city, target)
        if rebate is not None:
            return rebate
    return None


def cost_report(cost: Mapping[str, int], market: Market, city: City | None = None,
                target: str | None = None) -> BuildReport:
    """Options and reasons for paying a printed cost (coins to the bank, resources), as an
    expansion played changes them for ``city`` building ``target`` (a colour or
    ``wonder_stage``), else under the base rules."""
    if city is None or not market.expansions:
        return _cost_report(cost, market, city, target)
    for expansion in market.expansions:
        cost = expansion.adjust_cost(city, target, cost)
    report = _cost_report(cost, market, city, target)
    notes = tuple(found for expansion in market.expansions
                  if (found := expansion.build_notes(city, target, cost, market)) is not None)
    return replace(report, notes=(*report.notes, *notes)) if notes else report


def _cost_report(cost: Mapping[str, int], market: Market, city: City | None,
                 target: str | None) -> BuildReport:
    if city is not None:
        for expansion in market.expansions:
            report = expansion.cost_report(city, target, cost, market)
            if report is not None:
                return report
    bank = cost.get("coins", 0)
    found = plan(cost, market, market.coins - bank)
    if found.shortages:
        return BuildReport((), tuple(shortage_reason(s) for s in found.shortages))
    cheapest = bank + found.cheapest
    options = tuple(Option(bank, p.left, p.right, p.purchases) for p in found.payments)
    if not options:
        return BuildReport((), (not_enough_coins(cheapest, market.coins),), cheapest=cheapest)
    return BuildReport(options, (), cheapest=cheapest)


def not_enough_coins(cheapest: int, coins: int) -> Reason:
    return Reason("not_enough_coins", nmessage("costs at least %(num)d coin, you hold %(coins)d",
                                               "costs at least %(num)d coins, you hold %(coins)d",
                                               cheapest, coins=coins))


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
