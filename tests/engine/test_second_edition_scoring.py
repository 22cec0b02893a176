"""Scoring of second-edition games: the rulings' worked examples (items 1 to 6 of
``rulings-second-edition-and-leaders.md``), each changed card and each Day/Night side."""

from __future__ import annotations

import pytest

from tests.helpers import player, report

WONDERS = ("gizah", "rhodes", "babylon", "olympia", "ephesos", "alexandria", "halikarnassos")


def second(*cities: dict, size: int = 3) -> dict:
    used = {c["wonder"] for c in cities}
    free = [w for w in WONDERS if w not in used]
    fillers = [player(f"F{i}", free[i], "day") for i in range(max(0, size - len(cities)))]
    return {"edition": "second", "players": [*cities, *fillers]}


def entry(document: dict, name: str = "Ada") -> dict:
    return next(p for p in report(document)["players"] if p["name"] == name)


# -- item 1: editions -----------------------------------------------------------------------

def test_a_document_without_edition_is_first_edition():
    document = {"players": [player(n, w) for n, w in (("A", "gizah"), ("B", "rhodes"),
                                                      ("C", "babylon"))]}
    assert report(document)["edition"] == "first"


def test_second_edition_report_names_its_edition_and_has_no_guild_copy():
    answer = report(second(player("Ada", "olympia", "night", 3, cards=["spies-guild"]),
                           player("Bob", "gizah", "day", cards=["workers-guild"])))
    assert answer["edition"] == "second"
    assert entry(second(player("Ada", "olympia", "night", 3),
                        player("Bob", "gizah", "day", cards=["workers-guild"])))[
        "copied_guild"] is None


# -- item 2: score-pad order ----------------------------------------------------------------

def test_second_edition_pad_order_and_every_row_present():
    answer = report(second(player("Ada", "gizah", "day")))
    order = ["wonder", "coins", "military", "civilian", "commercial", "science", "guilds"]
    assert answer["categories"] == order
    assert all(list(p["scores"]) == order and list(p["explanations"]) == order
               for p in answer["players"])


# -- item 3: Decorators Guild ---------------------------------------------------------------

def test_decorators_guild_gizah_night_three_of_four_stages_scores_0():
    ada = entry(second(player("Ada", "gizah", "night", 3, cards=["decorators-guild"])))
    assert ada["scores"]["guilds"] == 0
    assert ada["explanations"]["guilds"] == (
        "Decorators Guild: 3 of 4 stages of The Pyramids of Giza (Night) built: 0")


@pytest.mark.parametrize(("wonder", "side", "stages"), [
    ("babylon", "night", 2), ("rhodes", "night", 2), ("gizah", "night", 4), ("gizah", "day", 3),
    ("olympia", "night", 3),
])
def test_decorators_guild_scores_7_when_every_stage_of_the_side_is_built(wonder, side, stages):
    ada = entry(second(player("Ada", wonder, side, stages, cards=["decorators-guild"])))
    assert ada["scores"]["guilds"] == 7
    assert ada["explanations"]["guilds"].endswith(f"{stages} of {stages} stages of "
                                                  f"{ada_wonder(wonder)} ({side.title()}) built: 7")


def ada_wonder(wonder: str) -> str:
    from scorer.engine.rules import get_ruleset
    return get_ruleset("second").catalog.wonders[wonder].name


# -- item 4: Ludus and the per-item yellow cards --------------------------------------------

def test_ludus_one_point_per_own_red_card_in_the_commercial_row():
    ada = entry(second(player("Ada", "gizah", "day", cards=["ludus", "stockade", "barracks",
                                                             "castrum"]),
                       player("Bob", "rhodes", "day", cards=["walls"]), size=5))
    assert ada["scores"]["commercial"] == 3
    assert ada["explanations"]["commercial"] == "Ludus: 1 per red card in own city × 3 = 3"
    assert ada["scores"]["military"] == 0  # shields are in the tokens the player enters


def test_lighthouse_counts_itself_haven_chamber_arena_count_the_own_city():
    ada = entry(second(player("Ada", "gizah", "day", 2, cards=[
        "lighthouse", "haven", "chamber-of-commerce", "arena", "lumber-yard", "loom",
        "glassworks", "tavern"]), size=4))
    # Lighthouse: 5 yellow cards, itself included; Haven: 1 brown; Chamber: 2 per grey card
    # x 2; Arena: 1 per built stage x 2
    assert ada["scores"]["commercial"] == 5 + 1 + 4 + 2


# -- item 5: Babylon's free symbol ----------------------------------------------------------

@pytest.mark.parametrize(("side", "stages"), [("day", 2), ("night", 2)])
def test_babylon_free_symbol_is_placed_where_it_scores_most(side, stages):
    ada = entry(second(player("Ada", "babylon", side, stages,
                              cards=["apothecary", "workshop", "dispensary", "laboratory"])))
    # 2 compasses, 2 gears: the free symbol as a tablet makes a set: 4 + 4 + 1 + 7 = 16
    assert ada["science_choices"] == ["tablet"] and ada["scores"]["science"] == 16


def test_babylon_and_scientists_guild_two_free_symbols():
    ada = entry(second(player("Ada", "babylon", "day", 2,
                              cards=["apothecary", "dispensary", "lodge", "scientists-guild"])))
    assert ada["scores"]["science"] == 25  # five compasses
    assert ada["science_choices"] == ["compass", "compass"]


# -- item 6: Olympia's free builds score nothing --------------------------------------------

def test_olympia_free_build_stages_score_only_their_points():
    day = entry(second(player("Ada", "olympia", "day", 3)))
    night = entry(second(player("Ada", "olympia", "night", 2)))
    assert day["scores"]["wonder"] == 10 and night["scores"]["wonder"] == 5
    assert night["explanations"]["wonder"] == "2 stages built: stage 1: 2 + stage 2: 3 = 5"


# -- every changed card ---------------------------------------------------------------------

@pytest.mark.parametrize(("card", "row", "points"), [
    ("altar", "civilian", 3), ("theater", "civilian", 3), ("temple", "civilian", 4),
    ("well", "civilian", 3), ("statue", "civilian", 4), ("gardens", "civilian", 5),
    ("pantheon", "civilian", 7), ("town-hall", "civilian", 6), ("castrum", "military", 0),
    ("fortifications", "military", 0), ("circus", "military", 0), ("arsenal", "military", 0),
    ("spies-guild", "guilds", 0), ("builders-guild", "guilds", 0),
])
def test_changed_card_points(card, row, points):
    assert entry(second(player("Ada", "gizah", "day", cards=[card]), size=4))["scores"][row] \
        == points


def test_builders_guild_counts_stages_of_own_and_neighbouring_cities():
    ada = entry(second(player("Ada", "gizah", "night", 4, cards=["builders-guild"]),
                       player("Bob", "rhodes", "night", 2), player("Cy", "babylon", "day", 1)))
    assert ada["scores"]["guilds"] == 7


def test_arena_in_the_second_edition_counts_own_stages():
    ada = entry(second(player("Ada", "gizah", "night", 4, cards=["arena"])))
    assert ada["scores"]["commercial"] == 4


# -- every Day/Night side: all stages built -------------------------------------------------

@pytest.mark.parametrize(("wonder", "side", "stages", "points"), [
    ("rhodes", "day", 3, 10), ("rhodes", "night", 2, 7),
    ("alexandria", "day", 3, 10), ("alexandria", "night", 3, 7),
    ("ephesos", "day", 3, 10), ("ephesos", "night", 3, 10),
    ("babylon", "day", 3, 10), ("babylon", "night", 2, 0),
    ("olympia", "day", 3, 10), ("olympia", "night", 3, 10),
    ("halikarnassos", "day", 3, 10), ("halikarnassos", "night", 3, 3),
    ("gizah", "day", 3, 15), ("gizah", "night", 4, 20),
])
def test_each_side_fully_built(wonder, side, stages, points):
    ada = entry(second(player("Ada", wonder, side, stages)))
    assert ada["scores"]["wonder"] == points
    free = 1 if wonder == "babylon" else 0
    assert len(ada["science_choices"]) == free


def test_second_edition_ranks_winners_and_coin_tie_break():
    answer = report(second(player("Ada", "gizah", "day", 1, coins=3),
                           player("Bob", "rhodes", "day", 1, coins=5),
                           player("Cy", "ephesos", "day", 0, coins=5)))
    assert answer["winners"] == ["Bob"] and answer["decided_by_coins"] is True
