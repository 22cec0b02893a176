"""The Leaders expansion as data: the leader cards, Roma and Abu Simbel, the Leaders guilds.

Every effect word of the expansion is registered here with what it does for the engine, and a
word the registry does not know stops the load: a leader must never score 0 because nobody
taught the engine its effect.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType

from ..catalog import SCIENCE_SYMBOLS, Card, Effect, _card, _effects
from ..messages import Message

#: what each effect word of a leader does, by the part of the engine that reads it
LEADER_EFFECT_ROLES: Mapping[str, str] = MappingProxyType({
    # points in the leaders row
    "vp": "score", "vp_per": "score", "vp_per_coins": "score", "vp_per_set": "score",
    "vp_if_most": "score", "vp_if_no_defeat": "score", "vp_if_only_leader": "score",
    "vp_per_victory_token_pair": "score",
    # end-game science: symbols, choices and the set bonus
    "science": "science", "science_swap": "science", "science_copy_most": "science",
    "vp_per_science_set": "science",
    # what a build or a recruit costs
    "discount": "build", "free_build": "build", "bank_buy": "build", "trade_rebate": "build",
    "free_leaders": "recruit",
    # effects whose result the players enter themselves (coins, tokens, buildings): they
    # score nothing of their own (rulings item 9); some bound what a city can hold
    "shields": "entered", "coins": "entered", "coins_on_build": "entered",
    "coins_on_chain": "entered", "coins_on_victory_token": "entered",
    "coins_on_wonder_stage": "entered", "bank_coin_bonus": "entered",
    "victory_token_now": "entered", "defeat_tokens_discard": "entered",
    "others_discard_victory_token": "entered", "defeat_to_winner": "entered",
    "build_from_discard": "entered", "others_lose_coins": "entered",
    "others_lose_coins_on_wonder_stage": "entered", "free_build_once_per_age": "entered",
    "diplomacy": "entered",
})
#: effect words of Roma's and Abu Simbel's boards and stages beyond the base game's
WONDER_EFFECT_ROLES: Mapping[str, str] = MappingProxyType({
    "vp": "score", "coins": "entered", "free_leaders": "recruit", "leader_discount": "recruit",
    "draw_leaders_from_box": "entered", "recruit_leader_now": "leader_slot",
    "bury_leader": "bury",
})
#: effect words of the Leaders guilds
GUILD_EFFECT_ROLES: Mapping[str, str] = MappingProxyType({
    "copy_leader": "copy", "vp_per": "score", "vp_per_coins": "score",
})
#: the sets of leaders the project plays; ``cities`` leaders need an unsupported expansion
PLAYABLE_SETS = ("standard", "expert")
#: how many leaders a city holds at most (one per Age), before Roma night's extra recruits
LEADERS_PER_CITY = 3


def leader_name(name: str) -> Message:
    return Message(name, context="leader")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Leader:
    """A leader card. Like cards, leaders exist once per process and compare by identity."""

    id: str
    name: str
    set: str
    #: coins to recruit; None for "A" (the Age it is recruited in)
    cost: int | None
    effects: tuple[Effect, ...]
    relevance: str
    reference_names: Mapping[str, str]
    label: Message = field(init=False, repr=False, compare=False)
    #: index in SCIENCE_SYMBOLS of the symbol it adds to science, -1 for none
    symbol_index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", leader_name(self.name))
        symbol = -1
        for effect in self.effects:
            if effect.type == "science":
                symbol = SCIENCE_SYMBOLS.index(effect["symbol"])
        object.__setattr__(self, "symbol_index", symbol)

    def __repr__(self) -> str:
        return f"Leader({self.id!r})"

    @property
    def age_cost(self) -> bool:
        """Whether the cost is "A": 1 coin in Age I, 2 in Age II, 3 in Age III."""
        return self.cost is None

    def cost_in(self, age: int | None) -> int | None:
        """The printed coin cost when recruited in ``age`` (None: "A" and no age known)."""
        return self.cost if self.cost is not None else age

    @property
    def playable(self) -> bool:
        return self.set in PLAYABLE_SETS

    def kinds(self) -> frozenset[str]:
        return frozenset(effect.type for effect in self.effects)


@dataclass(frozen=True, slots=True)
class LeaderWonderData:
    """Roma's and Abu Simbel's raw data, sides named ``day``/``night``; a ruleset names them."""

    id: str
    name: str
    resource: str
    sides: Mapping[str, tuple[dict, ...]]
    board_effects: Mapping[str, tuple[Effect, ...]]


@dataclass(frozen=True, slots=True)
class LeaderCatalog:
    #: every leader of the box, Cities leaders included (they are refused by name)
    leaders: Mapping[str, Leader]
    wonders: Mapping[str, LeaderWonderData]
    #: the first-edition Leaders box's guilds, as cards
    guilds: Mapping[str, Card]

    @property
    def playable(self) -> tuple[Leader, ...]:
        return tuple(leader for leader in self.leaders.values() if leader.playable)


def _read(name: str) -> list[dict]:
    data = resources.files("scorer.engine").joinpath("data", "leaders", name)
    return json.loads(data.read_text("utf-8"))


def _check(owner: str, effects: tuple[Effect, ...], roles: Mapping[str, str]) -> None:
    for effect in effects:
        if effect.type not in roles:
            raise ValueError(f"{owner}: effect {effect.type!r} is not a known Leaders effect kind")


def _leader(raw: dict) -> Leader:
    effects = _effects(raw["effects"])
    _check(f"leader {raw['id']}", effects, LEADER_EFFECT_ROLES)
    cost = raw["cost"]
    if not (cost == "A" or isinstance(cost, int)):
        raise ValueError(f"leader {raw['id']}: cost {cost!r} is neither coins nor 'A'")
    return Leader(raw["id"], raw["name"], raw["set"], None if cost == "A" else cost, effects,
                  raw["relevance"], MappingProxyType(dict(raw["reference_names"])))


def _wonder(raw: dict) -> LeaderWonderData:
    boards = {side: _effects(effects) for side, effects in raw["board_effects"].items()}
    for side, effects in boards.items():
        _check(f"{raw['id']} {side} board", effects, WONDER_EFFECT_ROLES)
    for side, stages in raw["sides"].items():
        for stage in stages:
            effects = _effects(stage["effects"])
            known = {kind: "base" for kind in ("vp", "coins", "produce", "science")}
            _check(f"{raw['id']} {side} stage", effects, {**known, **WONDER_EFFECT_ROLES})
    return LeaderWonderData(raw["id"], raw["name"], raw["resource"],
                            MappingProxyType({side: tuple(stages)
                                              for side, stages in raw["sides"].items()}),
                            MappingProxyType(boards))


def _guild(raw: dict) -> Card:
    card = _card(raw)
    _check(f"guild {raw['id']}", card.effects, GUILD_EFFECT_ROLES)
    return card


@cache
def load_leaders() -> LeaderCatalog:
    """The expansion's data, read once per process; an unknown effect word raises here."""
    leaders = {raw["id"]: _leader(raw) for raw in _read("leaders.json")}
    wonders = {raw["id"]: _wonder(raw) for raw in _read("wonders.json")}
    guilds = {raw["id"]: _guild(raw) for raw in _read("guilds-first.json")}
    return LeaderCatalog(MappingProxyType(leaders), MappingProxyType(wonders),
                         MappingProxyType(guilds))
