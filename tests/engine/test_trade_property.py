"""The trade planner against a plain exhaustive search, on random small tables.

The search (``tests/engine/trade_search.py``) reads the rules straight from the rulebooks'
wording, independently of the engine's trade modules; its Pareto set of (left, right) coins
must be exactly the planner's options. With Leaders the builder's leaders change the cost
(read from their effects' words there), a rebate per neighbour is paid with
``trade_rebate``, and the options are the (bank, left, right) points no other way beats on
all three.

Both editions: the second has chains that skip an Age (Theater I to Gardens III) and Olympia's
free builds (day stage 2: the first building of each colour is free; night stages 1 and 2:
free on the first or last turn of an Age, which the report states as notes).
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorer.engine.city import City, Game
from scorer.engine.expansions.leaders.catalog import load_leaders
from scorer.engine.rules import get_ruleset
from scorer.engine.trade import BuildReport, card_report, stage_report
from scorer.engine.trade_market import market_for
from tests.engine.trade_search import (
    SELLING_COLOURS,
    exhaustive_ways,
    leader_effects,
    pareto,
)

RULESET = get_ruleset()
CATALOG = RULESET.catalog
LEADERS = load_leaders().leaders
TRADE_LEADERS = ["hammurabi", "leonidas", "archimedes", "imhotep", "ramses", "bilkis",
                 "hatshepsut", "maecenas", "cleopatra"]
SECOND = get_ruleset("second")
#: the builder's leaders change what a build costs only in a game that plays Leaders
WITH_LEADERS = get_ruleset("first", ["leaders"])
#: the free builds of the rulebooks' wonder texts, by the effect printed on the stage
FREE_OF_NEW_COLOUR = "free_first_card_each_colour"
TURN_NOTES = {"free_first_card_each_age": "first_turn_of_age",
              "free_last_card_each_age": "last_turn_of_age"}


def expected(game: Game, index: int, target) -> tuple[set[tuple[int, int, int]], dict, int | None]:
    """(bank, left, right) of the options, the ways found, and the least total (None: impossible)."""
    builder = game.cities[index]
    if target == "stage":
        cost = builder.stages[builder.stages_built].cost
    else:
        card = game.catalog.cards[target]
        if card.id in builder.card_ids:
            return set(), {}, None
        if any(earlier in builder.card_ids for earlier in card.chains_from):
            return {(0, 0, 0)}, {(0, 0, 0): {frozenset()}}, 0
        if printed(builder, FREE_OF_NEW_COLOUR) and all(c.colour != card.colour
                                                         for c in builder.cards):
            return {(0, 0, 0)}, {(0, 0, 0): {frozenset()}}, 0
        cost = card.cost
    bank = cost.get("coins", 0)
    ways = exhaustive_ways(game, index, cost, "wonder_stage" if target == "stage"
                           else game.catalog.cards[target].colour)
    if not ways:
        return set(), ways, None
    best = pareto(set(ways))
    least = min(bank + extra + left + right for extra, left, right in best)
    return ({(bank + extra, left, right) for extra, left, right in best
             if bank + extra + left + right <= builder.coins}, ways, least)


def printed(city: City, effect_type: str) -> bool:
    """Whether a built stage of the city prints that effect."""
    return any(e.type == effect_type for stage in city.built_stages for e in stage.effects)


def expected_notes(game: Game, index: int, target) -> set[str]:
    """The free builds a building's report must mention (none when a chain makes it free)."""
    builder = game.cities[index]
    if target == "stage" or game.catalog.cards[target].id in builder.card_ids:
        return set()
    card = game.catalog.cards[target]
    if any(earlier in builder.card_ids for earlier in card.chains_from):
        return set()
    if printed(builder, FREE_OF_NEW_COLOUR) and all(c.colour != card.colour
                                                     for c in builder.cards):
        return {"first_of_colour"}
    return {note for effect, note in TURN_NOTES.items() if printed(builder, effect)}


def planner_report(game: Game, index: int, target) -> BuildReport:
    market = market_for(game, index)
    builder = game.cities[index]
    if target == "stage":
        return stage_report(builder, market, game.ruleset)
    return card_report(builder, market, game.catalog.cards[target])


def signature(option) -> frozenset:
    return frozenset(((p.side, p.resource, p.unit_price), p.count) for p in option.purchases)


# Cards that make and sell resources, that make them for their owner only, that discount
# purchases, and a few that do none of it (some of them start chains, some across two Ages).
OTHER_CARDS = ["altar", "scriptorium", "theater", "baths", "workshop", "apothecary", "statue",
               "library", "temple", "laboratory", "school", "well"]


def pools(catalog) -> dict[str, list[str]]:
    cards = catalog.cards.values()
    return {
        "sellers": sorted(c.id for c in cards if c.colour in SELLING_COLOURS),
        "own_use": sorted(c.id for c in cards
                          if c.colour == "yellow" and any(e.type == "produce" for e in c.effects)),
        "discounts": sorted(c.id for c in cards
                            if any(e.type == "trade_discount" for e in c.effects)),
        "other": [c for c in OTHER_CARDS if c in catalog.cards],
        "targets": sorted(c.id for c in cards
                          if sum(v for k, v in c.cost.items() if k != "coins") <= 6),
    }


POOLS = {ruleset.edition: pools(ruleset.catalog) for ruleset in (RULESET, SECOND)}


def some(ids: list[str], most: int):
    return st.lists(st.sampled_from(ids), max_size=most, unique=True)


@st.composite
def cities(draw, ruleset, wonder_id: str, name: str, sellers: int,
           with_leaders: bool = False, with_chains: bool = False) -> City:
    """A city; ``with_chains``: more of the cards that start chains (the builder's)."""
    wonder = ruleset.catalog.wonders[wonder_id]
    pool = POOLS[ruleset.edition]
    leaders = tuple(LEADERS[i] for i in draw(some(TRADE_LEADERS, 3))) if with_leaders else ()
    side = draw(st.sampled_from(ruleset.side_ids))
    stages = draw(st.integers(0, len(wonder.sides[side])))
    ids = (draw(some(pool["sellers"], sellers)) + draw(some(pool["own_use"], 2))
           + draw(some(pool["discounts"], 2))
           + draw(some(pool["other"], 4 if with_chains else 2)))
    return City(name=name, wonder=wonder, side=side, stages_built=stages,
                cards=tuple(ruleset.catalog.cards[i] for i in ids),
                coins=draw(st.integers(0, 20)), tokens={}, parts={"leaders": leaders})


@st.composite
def tables(draw, with_leaders: bool = False, ruleset=RULESET,
           builder: str | None = None) -> tuple[Game, int, str]:
    """A small table; ``builder``: the builder's wonder (Olympia, for its free builds)."""
    count = draw(st.integers(3, 4))
    wonders = draw(st.permutations(sorted(ruleset.catalog.wonders)))[:count]
    index = draw(st.integers(0, count - 1))
    if builder is not None and builder not in wonders:
        wonders[index] = builder
    elif builder is not None:
        here = wonders.index(builder)
        wonders[here], wonders[index] = wonders[index], wonders[here]
    # a builder short of resources makes for more trading than a rich one
    seated = tuple(draw(cities(ruleset, w, f"P{i}", 2 if i == index else 6,
                               with_leaders and i == index, i == index))
                   for i, w in enumerate(wonders))
    game = Game(ruleset, seated)
    builder = seated[index]
    choices = POOLS[ruleset.edition]["targets"] + (
        ["stage"] if builder.stages_built < len(builder.stages) else [])
    chained = sorted({later for card in builder.cards for later in card.chains_to})
    if chained and draw(st.booleans()):
        choices = chained  # a building the city chains to, sometimes across two Ages
    return game, index, draw(st.sampled_from(choices))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_planner_options_equal_the_exhaustive_search(table):
    check_against_exhaustive_search(table)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(with_leaders=True, ruleset=WITH_LEADERS))
def test_planner_with_leaders_equals_the_exhaustive_search(table):
    """Hammurabi, Leonidas, Archimedes, Imhotep, Ramses, Bilkis, Hatshepsut in the builder's
    city (and leaders that change nothing about building)."""
    check_against_exhaustive_search(table)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(ruleset=SECOND) | tables(ruleset=SECOND, builder="olympia"))
def test_second_edition_options_equal_the_exhaustive_search(table):
    """Chains across two Ages, Olympia day's first building of a colour, Olympia night's notes."""
    game, index, target = table
    builder = game.cities[index]
    if target != "stage":
        card = game.catalog.cards[target]
        if any(min(card.ages) - max(game.catalog.cards[earlier].ages) == 2
               for earlier in card.chains_from if earlier in builder.card_ids):
            event("chain across two Ages")
    for note in expected_notes(game, index, target):
        event(f"free build: {note}")
    check_against_exhaustive_search(table)


def check_against_exhaustive_search(table):
    game, index, target = table
    options, ways, least = expected(game, index, target)
    report = planner_report(game, index, target)
    builder = game.cities[index]
    assert {(o.bank, o.left, o.right) for o in report.options} == options
    assert report.legal == bool(options)
    assert report.cheapest == least
    assert {note.kind for note in report.free_builds} == expected_notes(game, index, target)
    totals = [o.total for o in report.options]
    assert totals == sorted(totals)
    # a free build (chain, Olympia's first building of a colour) pays no coins either
    free = report.chain is not None or "first_of_colour" in expected_notes(game, index, target)
    coin_cost = 0 if free else (builder.stages[builder.stages_built].cost if target == "stage"
                                else game.catalog.cards[target].cost).get("coins", 0)
    rebates = leader_effects(builder, "trade_rebate")
    for option in report.options:
        bought = frozenset(item for item in signature(option) if item[0][0] != "bank")
        banked = sum(count * price for (side, _, price), count in signature(option)
                     if side == "bank")
        assert option.bank == coin_cost + banked
        assert bought in ways[banked, option.left, option.right]
        if rebates:
            assert option.rebate == rebates[0]["coins"] * ((option.left > 0) + (option.right > 0))
        else:
            assert option.rebate is None
        assert sum(p.count * p.unit_price for p in option.purchases if p.side == "left") \
            == option.left
    codes = {reason.code for reason in report.reasons}
    if report.legal:
        assert not codes
    elif target != "stage" and game.catalog.cards[target].id in game.cities[index].card_ids:
        assert codes == {"duplicate_building"}
    elif least is None:
        assert codes == {"missing_resources"}
    else:
        assert codes == {"not_enough_coins"}
