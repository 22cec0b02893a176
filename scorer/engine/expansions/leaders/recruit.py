""""Can I recruit this leader now?": the coin cost after every discount, and why not.

The cost is the printed one ("A" is the Age: 1, 2 or 3), nothing with Maecenas or Roma's
day board (``free_leaders``), 2 less with the builder's own Roma night board and 1 less per
neighbour with Roma night (``leader_discount``), never below 0. It is paid to the bank.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...city import City, Game
from ...messages import ENGLISH, N_, Message, Translator, nmessage, wonder_name
from .cards import LEADERS_PER_CITY, Leader, buried_of, leaders_of

FREE_LEADERS = "free_leaders"
LEADER_DISCOUNT = "leader_discount"
EXTRA_RECRUIT = "recruit_leader_now"


def board_effects(city: City) -> tuple:
    """The effects printed on the board of the city's wonder side (Roma's)."""
    return city.wonder.board(city.side)


def leader_slots(city: City) -> int:
    """Leaders a city can hold (face up and buried): one per Age, plus one per built stage that
    recruits another (Roma night stages 2 and 3; rulings item 19)."""
    extra = sum(1 for stage in city.built_stages for effect in stage.effects
                if effect.type == EXTRA_RECRUIT)
    return LEADERS_PER_CITY + extra


def taken_leaders(game: Game) -> dict[str, str]:
    """leader id -> the name of the city holding it (face up or buried): each leader card is in
    a game once, so the pages can show it as taken."""
    taken = {}
    for city in game.cities:
        for leader in leaders_of(city):
            taken[leader.id] = city.name
        for buried in buried_of(city):
            taken[buried.leader.id] = city.name
    return taken


@dataclass(frozen=True, slots=True)
class RecruitCost:
    printed: int
    cost: int
    #: what changed the printed cost, each as a translatable line
    notes: tuple[Message, ...]


def recruit_cost(game: Game, index: int, leader: Leader, age: int | None) -> RecruitCost:
    city = game.cities[index]
    printed = leader.cost_in(age) or 0
    notes: list[Message] = []
    for owner in leaders_of(city):
        if any(effect.type == FREE_LEADERS for effect in owner.effects):
            notes.append(Message(N_("%(leader)s: your later leaders are recruited for free"),
                                 {"leader": owner.label}))
            return RecruitCost(printed, 0, tuple(notes))
    discount = 0
    for effect in board_effects(city):
        if effect.type == FREE_LEADERS:
            notes.append(Message(N_("%(wonder)s: you recruit your leaders for free"),
                                 {"wonder": wonder_name(city.wonder.name)}))
            return RecruitCost(printed, 0, tuple(notes))
        if effect.type == LEADER_DISCOUNT and effect["whose"] == "self":
            discount += effect["coins"]
            notes.append(nmessage("%(wonder)s: your leaders cost %(num)d coin less",
                                  "%(wonder)s: your leaders cost %(num)d coins less",
                                  effect["coins"], wonder=wonder_name(city.wonder.name)))
    for neighbour in (game.left(index), game.right(index)):
        for effect in board_effects(neighbour):
            if effect.type == LEADER_DISCOUNT and effect["whose"] == "neighbours":
                discount += effect["coins"]
                notes.append(nmessage(
                    "%(wonder)s of %(name)s: a neighbour's leaders cost %(num)d coin less",
                    "%(wonder)s of %(name)s: a neighbour's leaders cost %(num)d coins less",
                    effect["coins"], wonder=wonder_name(neighbour.wonder.name),
                    name=neighbour.name))
    return RecruitCost(printed, max(0, printed - discount), tuple(notes))


@dataclass(frozen=True, slots=True)
class RecruitReport:
    leader: Leader
    cost: RecruitCost | None
    #: (code, message) of everything that stops the recruit
    reasons: tuple[tuple[str, Message], ...]

    @property
    def legal(self) -> bool:
        return not self.reasons

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        """The trade report's shape (one option paid to the bank) plus a ``recruit`` part."""
        options = []
        if self.legal:
            options.append({"total": self.cost.cost, "bank": self.cost.cost, "left": 0,
                            "right": 0, "purchases": []})
        data = {"legal": self.legal, "options": options,
                "reasons": [{"code": code, "message": message.render(translator)}
                            for code, message in self.reasons]}
        recruit = {"leader": self.leader.id}
        if self.cost is not None:
            recruit.update(printed_cost=self.cost.printed, cost=self.cost.cost,
                           notes=[note.render(translator) for note in self.cost.notes])
        data["recruit"] = recruit
        return data


def recruit_report(game: Game, index: int, leader: Leader, age: int | None) -> RecruitReport:
    city = game.cities[index]
    reasons: list[tuple[str, Message]] = []
    holder = taken_leaders(game).get(leader.id)
    if holder == city.name:
        reasons.append(("duplicate_leader", Message(
            N_("%(leader)s is already in your city: each leader is in a game once."),
            {"leader": leader.label})))
    elif holder is not None:
        reasons.append(("leader_taken", Message(
            N_("%(leader)s is already recruited by %(name)s: each leader is in a game once."),
            {"leader": leader.label, "name": holder})))
    held, slots = len(leaders_of(city)) + len(buried_of(city)), leader_slots(city)
    if holder is None and held >= slots:
        reasons.append(("no_leader_slot", nmessage(
            "%(name)s already holds %(num)d leader, as many as the city can recruit.",
            "%(name)s already holds %(num)d leaders, as many as the city can recruit.",
            held, name=city.name)))
    cost = recruit_cost(game, index, leader, age)
    if not reasons and cost.cost > city.coins:
        reasons.append(("not_enough_coins", nmessage(
            "recruiting costs %(num)d coin, you hold %(coins)d",
            "recruiting costs %(num)d coins, you hold %(coins)d",
            cost.cost, coins=city.coins)))
    return RecruitReport(leader, cost, tuple(reasons))


def parse_recruit(catalog, value, age: int | None, problems) -> Leader | None:
    """The leader a trade question's ``recruit`` names, or None with the problem recorded.

    ``catalog`` is the ruleset's LeaderCatalog, None when the game does not play Leaders.
    """
    if catalog is None:
        problems.add("recruit", "invalid",
                     N_("Recruiting a leader needs the Leaders expansion: add \"expansions\": "
                        "[\"leaders\"]."))
        return None
    if not isinstance(value, str):
        problems.add("recruit", "invalid",
                     N_("\"recruit\" must be a leader id such as \"cleopatra\"."))
        return None
    leader = catalog.leaders.get(value)
    if leader is None:
        problems.add("recruit", "unknown_leader", N_("Unknown leader '%(leader)s'."), leader=value)
        return None
    if not catalog.allows(leader):
        problems.add("recruit", "unsupported_expansion",
                     N_("%(leader)s is a leader of the %(expansion)s expansion: add "
                        "\"%(expansion)s\" to the game's \"expansions\" or leave it out."),
                     leader=leader.label, expansion=leader.set)
        return None
    if leader.age_cost and age is None:
        problems.add("age", "invalid",
                     N_("%(leader)s costs as many coins as the current Age: give \"age\" (1, 2 "
                        "or 3)."), leader=leader.label)
        return None
    return leader
