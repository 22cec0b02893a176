"""Science with leaders against a plain exhaustive search of every order and every choice."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.catalog import SCIENCE_SYMBOLS
from scorer.engine.expansions.leaders.science import best_science, score_of
from scorer.engine.science import science_points


def outcomes(state: tuple[int, ...], op: str) -> list[tuple[int, ...]]:
    """Every state one end-game choice can lead to, read from the rulings' words."""
    if op == "wild":  # a free symbol becomes any symbol
        return [tuple(n + (i == s) for i, n in enumerate(state)) for s in range(3)]
    if op == "copy":  # Enheduanna: one more of a type the player has most of; none: nothing
        most = max(state)
        if most == 0:
            return [state]
        return [tuple(n + (i == s) for i, n in enumerate(state))
                for s in range(3) if state[s] == most]
    # Aganice: may turn one own symbol into another
    found = [state]
    for source in range(3):
        for target in range(3):
            if source != target and state[source]:
                found.append(tuple(n - (i == source) + (i == target) for i, n in enumerate(state)))
    return found


def exhaustive(counts, wilds, copies, swaps, bonus) -> int:
    """Every order of the choices (all permutations), every option of each, no memo."""
    ops = ["wild"] * wilds + ["copy"] * copies + ["swap"] * swaps
    best = -1
    for order in set(permutations(ops)):
        states = [tuple(counts)]
        for op in order:
            states = [after for state in states for after in outcomes(state, op)]
        best = max(best, *(score_of(state, bonus) for state in states))
    return best


def replay(counts, choice) -> tuple[int, int, int]:
    """Apply the reported steps in order, checking each is a legal choice at that moment."""
    state = list(counts)
    for step in choice.steps:
        if step[0] == "wild":
            state[step[1]] += 1
        elif step[0] == "copy":
            if step[1] >= 0:
                assert state[step[1]] == max(state) > 0
                state[step[1]] += 1
            else:
                assert max(state) == 0
        elif step[1] >= 0:
            assert state[step[1]] > 0 and step[1] != step[2]
            state[step[1]] -= 1
            state[step[2]] += 1
    return tuple(state)


COUNT = st.integers(0, 9)


@settings(max_examples=600, deadline=None)
@given(st.tuples(COUNT, COUNT, COUNT), st.integers(0, 3), st.integers(0, 1), st.integers(0, 1),
       st.sampled_from((0, 3)))
def test_best_science_equals_exhaustive_search(counts, wilds, copies, swaps, bonus):
    choice = best_science(counts, wilds, copies, swaps, bonus)
    assert choice.total == exhaustive(counts, wilds, copies, swaps, bonus)
    assert replay(counts, choice) == choice.final
    assert choice.science == science_points(choice.final)
    assert choice.bonus == bonus * min(choice.final)
    assert len(choice.wilds) == wilds and len(choice.copies) == copies
    assert len(choice.swaps) == swaps


@settings(max_examples=300, deadline=None)
@given(st.integers(5, 9), st.integers(0, 2), st.integers(0, 3), st.integers(0, 1),
       st.integers(0, 1), st.sampled_from((0, 3)))
def test_many_identical_symbols_keep_squaring(many, other, wilds, copies, swaps, bonus):
    """7 to 9 identical symbols: the table goes on as squares (49, 64, 81)."""
    counts = (many, other, 0)
    choice = best_science(counts, wilds, copies, swaps, bonus)
    assert choice.total == exhaustive(counts, wilds, copies, swaps, bonus)


@pytest.mark.parametrize(("counts", "points"), [((7, 0, 0), 49), ((8, 0, 0), 64),
                                                 ((9, 0, 0), 81), ((9, 1, 1), 90)])
def test_squares_beyond_six(counts, points):
    assert best_science(counts).science == points


def test_rulings_item_7_aristotle_places_the_free_symbol_for_both_rows():
    choice = best_science((3, 3, 2), wilds=1, set_bonus=3)
    assert (choice.science, choice.bonus, choice.wilds) == (48, 9, ("tablet",))


def test_rulings_item_8_enheduanna_after_the_free_symbols():
    choice = best_science((5, 0, 0), wilds=2, copies=1)
    assert choice.final == (8, 0, 0) and choice.science == 64


def test_rulings_item_13_enheduanna_copies_before_the_free_symbols():
    choice = best_science((1, 1, 1), wilds=2, copies=1)
    assert choice.science == 26 and choice.final == (2, 2, 2)
    assert choice.steps[0][0] == "copy"


def test_aganice_changes_a_symbol_only_when_it_scores_more():
    assert best_science((2, 2, 0), swaps=1).swaps == (("compass", "tablet"),)
    assert best_science((3, 0, 0), swaps=1).swaps == (None,)
    assert best_science((3, 0, 0), swaps=1).science == 9


def test_enheduanna_without_any_symbol_copies_nothing():
    choice = best_science((0, 0, 0), copies=1)
    assert choice.copies == (None,) and choice.science == 0


def test_without_leader_choices_it_is_the_base_placement():
    for counts in ((3, 2, 1), (4, 1, 1), (0, 0, 0)):
        for wilds in range(4):
            choice = best_science(counts, wilds)
            assert choice.science == science_points(choice.final)
            assert len(choice.wilds) == wilds
            assert all(symbol in SCIENCE_SYMBOLS for symbol in choice.wilds)
