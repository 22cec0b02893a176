"""Olympia B stage 3: copying a neighbour's guild (edge-cases 8, tests A to E and more)."""

from __future__ import annotations

from tests.helpers import game, player, report, scores_of

RED3 = ["stockade", "barracks", "guard-tower"]
RED2 = ["walls", "stables"]
BLUE2 = ["altar", "theater"]
BLUE4 = ["baths", "pawnshop", "temple", "statue"]


def four(p: dict, left: dict, right: dict, far: dict | None = None) -> dict:
    """P at seat 0, L at seat 1 (the next entry), a far city at seat 2, R at seat 3."""
    return game(p, left, far or player("X", "ephesos"), right)


def olympia(stages: int = 3, cards=()) -> dict:
    return player("P", "olympia", "B", stages, cards=cards)


def test_a_copies_the_better_guild_of_the_two_neighbours():
    doc = four(olympia(), player("L", "gizah", cards=["spies-guild", *RED3, *BLUE2]),
               player("R", "rhodes", cards=["magistrates-guild", *RED2, *BLUE4]))
    answer = report(doc)
    olympia_entry, left = answer["players"][0], answer["players"][1]
    assert olympia_entry["copied_guild"] == "magistrates-guild"
    assert olympia_entry["copied_from"] == "R"
    assert olympia_entry["scores"]["guilds"] == 6
    assert olympia_entry["explanations"]["guilds"] == (
        "Olympia copies Magistrates Guild from R (right), worth 6 (other choices: Spies Guild 5); "
        "Magistrates Guild: 1 per blue card in the neighbouring cities × 6 (L 2 + R 4) = 6")
    # the owner is unaffected: L's Spies Guild counts red cards of X and P (none)
    assert left["scores"]["guilds"] == 0


def test_a_mirrored_copies_from_the_left():
    doc = four(olympia(), player("L", "rhodes", cards=["magistrates-guild", *RED2, *BLUE4]),
               player("R", "gizah", cards=["spies-guild", *RED3, *BLUE2]))
    entry = scores_of(doc, "P")
    assert (entry["copied_guild"], entry["copied_from"], entry["scores"]["guilds"]) == (
        "magistrates-guild", "L", 6)
    assert "(left)" in entry["explanations"]["guilds"]


def test_b_copied_scientists_guild_is_a_free_symbol():
    cards = ["apothecary", "dispensary", "workshop", "laboratory", "scriptorium"]
    doc = four(olympia(cards=cards), player("L", "gizah", cards=["scientists-guild"]),
               player("R", "rhodes", cards=["workers-guild", "lumber-yard"]))
    entry = scores_of(doc, "P")
    assert entry["copied_guild"] == "scientists-guild"
    assert entry["scores"]["science"] == 26   # 16 without the copy
    assert entry["science_choices"] == ["tablet"]
    assert entry["scores"]["guilds"] == 0
    assert "Scientists Guild copied by Olympia" in entry["explanations"]["science"]
    assert entry["explanations"]["guilds"] == (
        "Olympia copies Scientists Guild from L (left): a free science symbol worth 10 "
        "(other choices: Workers Guild 1)")


def test_b_workers_beats_scientists_when_worth_more():
    doc = four(olympia(), player("L", "gizah", cards=["scientists-guild"]),
               player("R", "rhodes", cards=["workers-guild", "lumber-yard", "ore-vein"]))
    entry = scores_of(doc, "P")
    assert entry["copied_guild"] == "workers-guild"
    assert (entry["scores"]["guilds"], entry["scores"]["science"]) == (2, 0)


def test_c_own_shipowners_does_not_count_the_copy():
    doc = four(olympia(cards=["shipowners-guild", "lumber-yard", "stone-pit", "loom"]),
               player("L", "gizah", cards=["spies-guild", "stockade"]), player("R", "rhodes"))
    entry = scores_of(doc, "P")
    assert entry["copied_guild"] == "spies-guild"
    assert "Shipowners Guild: 1 per brown card, grey card, purple card in own city × 4 = 4" in (
        entry["explanations"]["guilds"])
    assert entry["scores"]["guilds"] == 4 + 1


def test_d_copied_shipowners_counts_itself():
    doc = four(olympia(cards=["lumber-yard", "stone-pit", "ore-vein", "loom", "press",
                              "workers-guild"]),
               player("L", "gizah", cards=["shipowners-guild"]), player("R", "rhodes"))
    entry = scores_of(doc, "P")
    assert entry["copied_guild"] == "shipowners-guild"
    # the copy: 3 brown + 2 grey + Workers + itself = 7; own Workers: no brown next door
    assert entry["scores"]["guilds"] == 7


def test_e_no_guild_next_door_scores_nothing():
    doc = four(olympia(), player("L", "gizah", cards=RED3), player("R", "rhodes"),
               far=player("X", "ephesos", cards=["spies-guild"]))
    entry = scores_of(doc, "P")
    assert entry["copied_guild"] is None and "copied_from" not in entry
    assert entry["scores"]["guilds"] == 0
    assert entry["explanations"]["guilds"] == (
        "Olympia could copy a guild, but no neighbour has one: 0")


def test_copy_scores_from_the_copiers_seat():
    # Strategists copied from L counts defeats of Olympia's neighbours (L itself and R),
    # not of L's neighbours (X and Olympia).
    doc = four(player("P", "olympia", "B", 3, defeat=5),
               player("L", "gizah", cards=["strategists-guild"], defeat=2),
               player("R", "rhodes", defeat=1), far=player("X", "ephesos", defeat=6))
    answer = report(doc)
    assert answer["players"][0]["scores"]["guilds"] == 3
    assert answer["players"][1]["scores"]["guilds"] == 6 + 5


def test_copied_builders_guild_counts_olympias_stages_and_neighbours():
    doc = four(olympia(), player("L", "gizah", "B", 4, cards=["builders-guild"]),
               player("R", "rhodes", "A", 1), far=player("X", "ephesos", "A", 3))
    answer = report(doc)
    assert answer["players"][0]["scores"]["guilds"] == 3 + 4 + 1
    assert answer["players"][1]["scores"]["guilds"] == 4 + 3 + 3  # L, Olympia, X


def test_without_stage_three_nothing_is_copied():
    doc = four(olympia(stages=2), player("L", "gizah", cards=["spies-guild", *RED3]),
               player("R", "rhodes"))
    entry = scores_of(doc, "P")
    assert entry["copied_guild"] is None and entry["scores"]["guilds"] == 0
    assert entry["explanations"]["guilds"] == "Nothing scores in this row: 0"


def test_side_a_stage_three_does_not_copy():
    doc = four(player("P", "olympia", "A", 3), player("L", "gizah", cards=["spies-guild", *RED3]),
               player("R", "rhodes"))
    entry = scores_of(doc, "P")
    assert entry["copied_guild"] is None and entry["scores"]["wonder"] == 10


def test_equal_gain_prefers_the_left_neighbour():
    doc = four(olympia(), player("L", "gizah", cards=["spies-guild", "stockade"]),
               player("R", "rhodes", cards=["magistrates-guild", "altar"]))
    entry = scores_of(doc, "P")
    assert (entry["copied_guild"], entry["scores"]["guilds"]) == ("spies-guild", 1)


def test_three_player_game_neighbours_are_both_other_cities():
    doc = game(olympia(), player("L", "gizah", cards=["spies-guild"]),
               player("R", "rhodes", cards=["workers-guild", "lumber-yard", "stone-pit"]))
    entry = scores_of(doc, "P")
    assert (entry["copied_guild"], entry["copied_from"]) == ("workers-guild", "R")
