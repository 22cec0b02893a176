"""Masks (C10) chosen together with every other science choice, against an exhaustive search.

Games are scored end to end; the expected figure tries every way the masks may copy (each
mask one distinct green card of a neighbour, as many masks as there are such cards) and, for
each, every order and choice of the free symbols and the leaders' choices (the exhaustive
search of the Leaders tests, no memo).
"""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cities.cities_docs import cities_game, city
from tests.helpers import report
from tests.leaders.test_leaders_science import exhaustive

GREEN = {"apothecary": 0, "workshop": 1, "scriptorium": 2, "dispensary": 0, "laboratory": 1,
         "library": 2, "school": 2, "lodge": 0, "observatory": 1, "university": 2,
         "academy": 0, "study": 1}
MASKS = ("pigeon-loft", "spy-ring", "torture-chamber")
SCIENCE_LEADERS = {"aristotle": ("bonus", 3), "enheduanna": ("copies", 1),
                   "aganice": ("swaps", 1)}


def expected(own: list[str], neighbours: list[str], masks: int, wilds: int, copies: int,
             swaps: int, bonus: int) -> int:
    counts = [0, 0, 0]
    for card in own:
        counts[GREEN[card]] += 1
    symbols = [GREEN[card] for card in neighbours]
    used = min(masks, len(symbols))
    best = -1
    for chosen in set(permutations(symbols, used)):
        state = list(counts)
        for symbol in chosen:
            state[symbol] += 1
        best = max(best, exhaustive(tuple(state), wilds, copies, swaps, bonus))
    return best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(sorted(GREEN)), unique=True, max_size=12),
       st.lists(st.integers(0, 2), min_size=12, max_size=12),
       st.integers(0, 3), st.integers(0, 3), st.booleans(),
       st.lists(st.sampled_from(sorted(SCIENCE_LEADERS)), unique=True, max_size=3),
       st.booleans())
def test_masks_with_every_other_science_choice_score_as_the_exhaustive_search(
        order, owners, masks, stages, guild, leaders, with_leaders):
    """Each green card goes to Ada (0), Bo (1) or Cy (2); Ada has the masks, Babylon A's
    stages (the second a free symbol), maybe the Scientists Guild, maybe science leaders."""
    held = {0: [], 1: [], 2: []}
    for card, owner in zip(order, owners, strict=False):
        held[owner].append(card)
    cards = held[0] + list(MASKS[:masks]) + (["scientists-guild"] if guild else [])
    leaders = leaders if with_leaders else []
    game = cities_game(city("Ada", "babylon", "A", stages, cards, leaders=leaders if
                            with_leaders else None),
                       city("Bo", "rhodes", cards=held[1], leaders=[] if with_leaders else None),
                       city("Cy", "gizah", cards=held[2], leaders=[] if with_leaders else None),
                       leaders=with_leaders)
    ada = report(game)["players"][0]
    wilds = int(stages >= 2) + int(guild)
    kinds = [SCIENCE_LEADERS[leader] for leader in leaders]
    copies = sum(1 for kind, _ in kinds if kind == "copies")
    swaps = sum(1 for kind, _ in kinds if kind == "swaps")
    bonus = sum(value for kind, value in kinds if kind == "bonus")
    scored = ada["scores"]["science"] + ada["scores"].get("leaders", 0)
    assert scored == expected(held[0], held[1] + held[2], masks, wilds, copies, swaps, bonus)
    if masks:
        assert len(ada["science_masks"]) == min(masks, len(held[1]) + len(held[2]))
