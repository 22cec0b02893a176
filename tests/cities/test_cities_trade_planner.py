"""The core planner's generic extension points against the exhaustive search, on base and
Leaders tables whose market gets random extras: per-resource price cuts, a coin off a side's
bill once per turn, and once-per-turn units for the owner alone (some spanning both classes).
No Cities card is needed: these are the hooks Cities' cards use (``tests/cities/trade_reference``).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorer.engine.catalog import RESOURCES
from scorer.engine.trade import card_report, stage_report
from scorer.engine.trade_market import BIT, market_for
from tests.cities.trade_reference import check_report
from tests.engine.test_trade_property import WITH_LEADERS, tables
from tests.engine.trade_search import Extra

SIDES = ("left", "right")


@st.composite
def extras(draw) -> Extra:
    cuts = draw(st.dictionaries(st.tuples(st.sampled_from(SIDES), st.sampled_from(RESOURCES)),
                                st.integers(1, 2), max_size=2))
    docks = frozenset(draw(st.lists(st.sampled_from(SIDES), max_size=2, unique=True)))
    units = tuple(draw(st.lists(st.frozensets(st.sampled_from(RESOURCES), min_size=1),
                                max_size=2)))
    return Extra(cuts, docks, units)


def extended(market, extra: Extra):
    return replace(market, price_cuts=tuple((s, r, c) for (s, r), c in extra.cuts.items()),
                   first_coin_off=extra.docks,
                   extra_own=tuple(sum(BIT[r] for r in unit) for unit in extra.units))


def check(table, extra: Extra) -> None:
    game, index, target = table
    builder = game.cities[index]
    market = extended(market_for(game, index), extra)
    if target == "stage":
        report = stage_report(builder, market, game.ruleset)
        cost, colour = builder.stages[builder.stages_built].cost, "wonder_stage"
    else:
        card = game.catalog.cards[target]
        if card.id in builder.card_ids or any(c in builder.card_ids for c in card.chains_from):
            return
        report = card_report(builder, market, card)
        cost, colour = card.cost, card.colour
    if report.free_builds:
        return
    event("legal" if report.legal else "refused")
    check_report(report, game, index, cost, colour, extra)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), extras())
def test_extended_market_equals_the_exhaustive_search(table, extra):
    check(table, extra)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(with_leaders=True, ruleset=WITH_LEADERS), extras())
def test_extended_market_with_leaders_equals_the_exhaustive_search(table, extra):
    check(table, extra)
