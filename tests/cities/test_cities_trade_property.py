"""The build checker with Cities (ruling C16) against the exhaustive search, both editions,
with and without Leaders.

Random small tables: every city holds some black cards (those that change trading and others),
the builder sometimes Caligula and the Leaders that change paying; the question is a base
building, a black card (coins to the bank) or the next stage (Petra's coin-only stages,
Architect Cabinet / Firm). What the black cards change is read here from their effect words,
as :class:`tests.cities.trade_reference.Extra`, never from the engine's market.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorer.engine.catalog import RESOURCES
from scorer.engine.city import City, Game
from scorer.engine.rules import get_ruleset
from scorer.engine.trade import card_report, stage_report
from scorer.engine.trade_market import market_for
from tests.cities.trade_reference import check_report
from tests.engine.test_trade_property import LEADERS, TRADE_LEADERS, cities, printed
from tests.engine.trade_search import Extra, productions

EDITIONS = ("first", "second")
RULESETS = {(edition, leaders): get_ruleset(edition, ["cities", "leaders"] if leaders
                                            else ["cities"])
            for edition in EDITIONS for leaders in (False, True)}
TRADING = {"trade_discount_once", "trade_discount_board_resource", "produce_owned",
           "produce_missing", "free_wonder_stages"}


def black_cards(ruleset) -> tuple[list[str], list[str]]:
    """(the black cards that change paying, the others) of a ruleset's catalog."""
    black = [card for card in ruleset.catalog.cards.values() if card.colour == "black"]
    trading = sorted(c.id for c in black if any(e.type in TRADING for e in c.effects))
    return trading, sorted(c.id for c in black if c.id not in trading)


BLACK = {ruleset.edition: black_cards(ruleset) for ruleset in RULESETS.values()}


def effects(city: City, kind: str) -> list:
    return [e for item in (*city.cards, *city.built_stages) for e in item.effects
            if e.type == kind]


def extra_of(game: Game, index: int) -> Extra:
    """What the builder's black cards change, from the words of C16."""
    builder = game.cities[index]
    neighbours = {"left": game.left(index), "right": game.right(index)}
    sides = {"left": ("left",), "right": ("right",), "both": ("left", "right")}
    docks = frozenset(side for e in effects(builder, "trade_discount_once")
                      for side in sides[e["direction"]])
    cuts = {}
    for e in effects(builder, "trade_discount_board_resource"):
        for side in sides[e["direction"]]:
            resource = neighbours[side].wonder.resource
            if resource:
                cuts[side, resource] = cuts.get((side, resource), 0) + e["amount"]
    # "produces with its brown and grey cards or its board": what a neighbour may buy
    made = {r for gives, _ in productions(builder, for_sale=True) for r in gives}
    units = tuple(frozenset(made) for _ in effects(builder, "produce_owned")) + tuple(
        frozenset(set(RESOURCES) - made) for _ in effects(builder, "produce_missing"))
    return Extra(cuts, docks, tuple(u for u in units if u),
                 bool(effects(builder, "free_wonder_stages")))


@st.composite
def cities_tables(draw, edition: str, with_leaders: bool):
    ruleset = RULESETS[edition, with_leaders]
    catalog = ruleset.catalog
    trading, others = BLACK[edition]
    count = draw(st.integers(3, 4))
    index = draw(st.integers(0, count - 1))
    order = draw(st.permutations(sorted(catalog.wonders)))
    if draw(st.booleans()):  # the builder at Petra, for its coin-only stage
        order = [w for w in order if w != "petra"]
        order.insert(index, "petra")
    wonders = order[:count]
    # the builder's black cards first (one copy of each in the game), then the others'
    mine = draw(st.lists(st.sampled_from(trading), max_size=3, unique=True))
    free = sorted(set(trading + others) - set(mine))
    seated = []
    for seat, wonder in enumerate(wonders):
        city = draw(cities(ruleset, wonder, f"P{seat}", 2 if seat == index else 6))
        blacks = draw(st.lists(st.sampled_from(free), max_size=2, unique=True))
        free = sorted(set(free) - set(blacks))
        leaders = ()
        if seat == index:
            blacks = mine + blacks
            if with_leaders:
                leaders = tuple(LEADERS[i] for i in draw(st.lists(
                    st.sampled_from([*TRADE_LEADERS, "caligula"]), max_size=3, unique=True)))
        seated.append(replace(city, cards=city.cards + tuple(catalog.cards[i] for i in blacks),
                              parts={"leaders": leaders}))
    game = Game(ruleset, tuple(seated))
    builder = game.cities[index]
    black = sorted(c.id for c in catalog.cards.values() if c.colour == "black")
    base = sorted(c.id for c in catalog.cards.values() if c.colour != "black"
                  and sum(v for k, v in c.cost.items() if k != "coins") <= 6)
    kinds = [black, base] + ([["stage"]] if builder.stages_built < len(builder.stages) else [])
    return game, index, draw(st.sampled_from(draw(st.sampled_from(kinds))))


def check(table) -> None:
    game, index, target = table
    builder = game.cities[index]
    extra = extra_of(game, index)
    market = market_for(game, index)
    for name, present in (("dock", extra.docks), ("smuggler", extra.cuts),
                          ("owner's unit", extra.units), ("architect", extra.free_stage)):
        if present:
            event(name)
    if target == "stage":
        report = stage_report(builder, market, game.ruleset)
        cost, colour = builder.stages[builder.stages_built].cost, "wonder_stage"
        if set(cost) == {"coins"}:
            event("coin-only stage")
    else:
        card = game.catalog.cards[target]
        report = card_report(builder, market, card)
        cost, colour = card.cost, card.colour
        caligula = any(leader.id == "caligula" for leader in builder.parts["leaders"])
        olympia = printed(builder, "free_build_once_per_age")
        assert report.free_build == (card.id not in builder.card_ids
                                     and (olympia or (caligula and colour == "black")))
        if card.id in builder.card_ids:
            assert {r.code for r in report.reasons} == {"duplicate_building"}
            return
        if any(c in builder.card_ids for c in card.chains_from) or report.free_builds:
            return
        event(f"{colour} card" if colour == "black" else "other card")
    event("legal" if report.legal else "refused")
    check_report(report, game, index, cost, colour, extra)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(EDITIONS).flatmap(lambda edition: cities_tables(edition, False)))
def test_cities_options_equal_the_exhaustive_search(table):
    check(table)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(EDITIONS).flatmap(lambda edition: cities_tables(edition, True)))
def test_cities_with_leaders_equals_the_exhaustive_search(table):
    """Hammurabi & co., Ramses, Bilkis, Hatshepsut and Caligula beside the black cards."""
    check(table)
