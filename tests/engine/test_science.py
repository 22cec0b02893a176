"""Science points and the placement of free symbols (Babylon, Scientists Guild)."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.engine.science import best_placement, science_points
from tests.helpers import player, scores_of, table

COUNTS = st.integers(min_value=0, max_value=6)


def exhaustive(counts: tuple[int, int, int], wilds: int) -> int:
    """Every assignment of every wild to every symbol, order included (3**wilds of them)."""
    best = science_points(counts)
    for assignment in product(range(3), repeat=wilds):
        placed = list(counts)
        for symbol in assignment:
            placed[symbol] += 1
        best = max(best, science_points(tuple(placed)))
    return best


@given(COUNTS, COUNTS, COUNTS, st.integers(min_value=0, max_value=4))
def test_placement_equals_exhaustive_search(compass, gear, tablet, wilds):
    counts = (compass, gear, tablet)
    points, choices = best_placement(counts, wilds)
    assert points == exhaustive(counts, wilds)
    assert len(choices) == wilds
    placed = [compass + choices.count("compass"), gear + choices.count("gear"),
              tablet + choices.count("tablet")]
    assert science_points(tuple(placed)) == points


@pytest.mark.parametrize(("counts", "wilds", "points"), [
    ((3, 2, 1), 0, 21),   # rulebook example: 9 + 4 + 1 + 7
    ((3, 2, 2), 0, 31),   # one more symbol: (9 + 4 + 4) + (7 + 7)
    ((3, 2, 1), 1, 31),   # edge-cases 9 A: the wild completes a second set
    ((3, 2, 1), 2, 38),   # 4/2/2
    ((4, 1, 1), 2, 45),   # greedy trap: 6/1/1 = 36 + 1 + 1 + 7, not 4/2/2 = 38
    ((3, 3, 2), 1, 48),   # 3/3/3 = 27 + 21
    ((0, 0, 0), 2, 4),    # two wilds alone: 2 identical symbols
    ((0, 0, 0), 3, 10),   # three alone: one set, 1 + 1 + 1 + 7
    ((4, 0, 0), 1, 25),
    ((5, 0, 0), 1, 36),
    ((2, 2, 1), 1, 26),   # edge-cases 8 B
])
def test_science_tables(counts, wilds, points):
    assert best_placement(counts, wilds)[0] == points


def test_greedy_trap_places_both_wilds_on_the_big_pile():
    assert best_placement((4, 1, 1), 2) == (45, ("compass", "compass"))


SIX_GREEN = ["apothecary", "dispensary", "lodge", "workshop", "laboratory", "scriptorium"]


def test_rulebook_science_21_and_explanation():
    entry = scores_of(table(player("Al", "alexandria", cards=SIX_GREEN)), "Al")
    assert entry["scores"]["science"] == 21
    assert entry["science_symbols"] == {"compass": 3, "gear": 2, "tablet": 1}
    assert entry["explanations"]["science"] == (
        "3 compasses, 2 gears, 1 tablet, 1 set: 9 + 4 + 1 + 7 = 21")


def test_rulebook_science_31_with_one_more_tablet():
    entry = scores_of(table(player("Al", "alexandria", cards=[*SIX_GREEN, "library"])), "Al")
    assert entry["scores"]["science"] == 31
    assert entry["explanations"]["science"].endswith(": 9 + 4 + 4 + 14 = 31")


def test_babylon_free_symbol_explained():
    entry = scores_of(table(player("Bab", "babylon", "A", 2, cards=SIX_GREEN)), "Bab")
    assert entry["scores"]["science"] == 31
    assert entry["science_choices"] == ["tablet"]
    assert entry["explanations"]["science"] == (
        "3 compasses, 2 gears, 1 tablet, free symbol as tablet (The Hanging Gardens of Babylon "
        "stage 2) → 3 compasses, 2 gears, 2 tablets, 2 sets: 9 + 4 + 4 + 14 = 31")


def test_babylon_b_wild_is_stage_three_not_two():
    two = scores_of(table(player("Bab", "babylon", "B", 2, cards=SIX_GREEN)), "Bab")
    three = scores_of(table(player("Bab", "babylon", "B", 3, cards=SIX_GREEN)), "Bab")
    assert (two["scores"]["science"], three["scores"]["science"]) == (21, 31)


def test_babylon_and_scientists_guild_avoid_the_greedy_trap():
    cards = ["apothecary", "dispensary", "lodge", "academy", "workshop", "scriptorium",
             "scientists-guild"]
    entry = scores_of(table(player("Bab", "babylon", "A", 2, cards=cards)), "Bab")
    assert entry["scores"]["science"] == 45
    assert entry["science_choices"] == ["compass", "compass"]
    text = entry["explanations"]["science"]
    assert "Scientists Guild" in text and "The Hanging Gardens of Babylon stage 2" in text
    assert text.endswith("36 + 1 + 1 + 7 = 45")
    assert entry["scores"]["guilds"] == 0


def test_no_science():
    entry = scores_of(table(player("Al", "alexandria")), "Al")
    assert entry["scores"]["science"] == 0
    assert entry["explanations"]["science"] == "No science symbols: 0"
