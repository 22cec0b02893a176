"""The leaders row: one test per scoring leader, the Leaders guilds, and the rulings' examples
(``rulings-second-edition-and-leaders.md`` items 7 to 17 and 21)."""

from __future__ import annotations

import pytest

from tests.helpers import report
from tests.leaders.leaders_docs import city, entry, leaders_game, needs_second

BLUE4 = ["altar", "theater", "baths", "pawnshop"]


def four(p: dict, left: dict, right: dict, edition: str = "first") -> dict:
    """P at seat 0, L its left neighbour (seat 1), a far city, R its right neighbour (seat 3)."""
    far = city("X", "ephesos", "A" if edition == "first" else "day")
    return {"edition": edition, "expansions": ["leaders"], "players": [p, left, far, right]}


def alone(leaders, cards=(), coins=0, stages=0, wonder="gizah", **tokens) -> dict:
    """P's entry in a three-player Leaders game where only P has anything."""
    doc = leaders_game(city("P", wonder, "A", stages, cards, coins, leaders, **tokens))
    return entry(doc, "P")


@pytest.mark.parametrize(("leader", "kwargs", "points", "line"), [
    ("sappho", {}, 2, "Sappho: 2"),
    ("zenobia", {}, 3, "Zenobia: 3"),
    ("nefertiti", {}, 4, "Nefertiti: 4"),
    ("cleopatra", {}, 5, "Cleopatra: 5"),
    ("phidias", {"cards": ["lumber-yard", "stone-pit", "clay-pool"]}, 3,
     "Phidias: 1 per brown card in own city × 3 = 3"),
    ("praxiteles", {"cards": ["loom", "glassworks"]}, 4, "Praxiteles: 2 per grey card in own city × 2 = 4"),
    ("nebuchadnezzar", {"cards": ["altar", "theater", "baths"]}, 3,
     "Nebuchadnezzar: 1 per blue card in own city × 3 = 3"),
    ("varro", {"cards": ["west-trading-post", "marketplace"]}, 2,
     "Varro: 1 per yellow card in own city × 2 = 2"),
    ("pericles", {"cards": ["stockade", "barracks"]}, 4, "Pericles: 2 per red card in own city × 2 = 4"),
    ("hypatia", {"cards": ["apothecary", "workshop"]}, 2, "Hypatia: 1 per green card in own city × 2 = 2"),
    ("hiram", {"cards": ["workers-guild", "craftsmens-guild"]}, 4,
     "Hiram: 2 per purple card in own city × 2 = 4"),
    ("midas", {"coins": 14}, 4, "Midas: 14 coins ÷ 3 = 4"),
    ("amytis", {"stages": 2}, 4, "Amytis: 2 per wonder stage in own city × 2 = 4"),
    ("alexander", {"victory_1": 1, "victory_3": 2, "victory_5": 1}, 4,
     "Alexander: 1 per victory token in own city × 4 = 4"),
    ("justinian", {"cards": ["altar", "theater", "stockade", "barracks", "apothecary"]}, 3,
     "Justinian: 1 set of blue, red, green × 3 = 3"),
    ("plato", {"cards": ["lumber-yard", "loom", "altar", "marketplace", "stockade", "apothecary",
                         "workers-guild"]}, 7,
     "Plato: 1 set of brown, grey, blue, yellow, red, green, purple × 7 = 7"),
    ("cynisca", {}, 6, "Cynisca: no defeat token: 6"),
    ("cynisca", {"defeat": 2}, 0, "Cynisca: 2 defeat tokens: 0"),
    ("gorgo", {"victory_1": 2, "victory_3": 1, "victory_5": 2}, 6,
     "Gorgo: pairs of equal victory tokens: 5 + 1 = 6"),
    ("gorgo", {"victory_1": 1, "victory_3": 1}, 0, "Gorgo: no pair of equal victory tokens: 0"),
    ("agrippina", {}, 7, "Agrippina: no other leader recruited: 7"),
    ("aristotle", {"cards": ["apothecary", "workshop", "scriptorium"]}, 3,
     "Aristotle: 1 science set × 3 = 3"),
])
def test_each_scoring_leader(leader, kwargs, points, line):
    player = alone([leader], **kwargs)
    assert player["scores"]["leaders"] == points
    assert player["explanations"]["leaders"] == line


@pytest.mark.parametrize("leader", ["hannibal", "caesar", "croesus", "maecenas", "imhotep",
                                    "bilkis", "hatshepsut", "tomyris", "telesilla", "nitocris"])
def test_leaders_whose_effect_is_already_entered_score_nothing(leader):
    """Rulings item 9: their effect is in the coins and tokens the player enters."""
    player = alone([leader])
    assert player["scores"]["leaders"] == 0
    assert "no points of its own" in player["explanations"]["leaders"]


@pytest.mark.parametrize(("leader", "symbol"), [("euclid", "compass"), ("ptolemy", "tablet"),
                                                 ("pythagoras", "gear")])
def test_science_leaders_add_their_symbol_to_science(leader, symbol):
    """Rulings item 8: like a green card, in the science row."""
    player = alone([leader], cards=["apothecary", "workshop", "scriptorium"])
    assert player["scores"]["science"] == 4 + 1 + 1 + 7
    assert player["scores"]["leaders"] == 0
    assert player["science_symbols"][symbol] == 2
    assert f"one {symbol}, scored in the science row" in player["explanations"]["leaders"]


def test_no_leader_scores_zero_with_a_line():
    player = alone([])
    assert player["scores"]["leaders"] == 0
    assert player["explanations"]["leaders"] == "No leader recruited: 0"


def test_the_leaders_row_follows_guilds_in_the_first_edition():
    first = report(leaders_game(city("P", "gizah", leaders=["sappho"])))
    assert first["categories"] == ["military", "coins", "wonder", "civilian", "science",
                                   "commercial", "guilds", "leaders"]


@needs_second
def test_the_leaders_row_follows_guilds_in_the_second_edition():
    second = report(leaders_game(city("P", "gizah", "day", leaders=["sappho"]), edition="second"))
    assert second["categories"] == ["wonder", "coins", "military", "civilian", "commercial",
                                    "science", "guilds", "leaders"]
    assert second["players"][0]["scores"]["leaders"] == 2
    assert second["players"][0]["total"] == 2


# Rulings item 7: Aristotle's sets go to the leaders row, choices maximise both rows.
def test_rulings_7_aristotle_and_the_free_symbol():
    cards = ["apothecary", "dispensary", "lodge", "workshop", "laboratory", "observatory",
             "scriptorium", "library"]
    player = alone(["aristotle"], cards=cards, wonder="babylon", stages=2)
    assert player["science_choices"] == ["tablet"]
    assert (player["scores"]["science"], player["scores"]["leaders"]) == (48, 9)
    assert player["explanations"]["leaders"] == "Aristotle: 3 science sets × 3 = 9"


# Rulings item 8: above 6 identical symbols the table goes on as squares.
def test_rulings_8_eight_compasses():
    cards = ["apothecary", "dispensary", "lodge", "academy", "scientists-guild"]
    player = alone(["euclid", "enheduanna"], cards=cards, wonder="babylon", stages=2)
    assert player["science_symbols"]["compass"] == 5
    assert player["scores"]["science"] == 64
    assert player["science_choices"] == ["compass", "compass"]
    assert player["science_copy"] == "compass"


# Rulings item 10: "most" leaders compare with each neighbour, strictly.
def test_rulings_10_phryne_more_blue_cards_than_both_neighbours():
    doc = four(city("P", "gizah", cards=BLUE4, leaders=["phryne"]),
               city("L", "rhodes", cards=["statue", "courthouse", "aqueduct"]),
               city("R", "babylon", cards=["gardens", "senate"]))
    player = entry(doc, "P")
    assert player["scores"]["leaders"] == 5
    assert player["explanations"]["leaders"] == "Phryne: 4 blue cards, more than L (3) and R (2): 5"


def test_rulings_10_a_tie_with_one_neighbour_scores_nothing():
    doc = four(city("P", "gizah", coins=5, leaders=["makeda"]), city("L", "rhodes", coins=5),
               city("R", "babylon", coins=1))
    player = entry(doc, "P")
    assert player["scores"]["leaders"] == 0
    assert player["explanations"]["leaders"] == "Makeda: 5 coins, not more than L (5): 0"


@pytest.mark.parametrize(("leader", "mine", "theirs"), [
    ("cornelia", ["west-trading-post", "marketplace"], ["east-trading-post"]),
    ("euryptyle", ["stockade", "barracks"], ["guard-tower"]),
    ("theano", ["apothecary", "workshop"], ["scriptorium"]),
])
def test_rulings_10_the_other_most_leaders(leader, mine, theirs):
    doc = four(city("P", "gizah", cards=mine, leaders=[leader]),
               city("L", "rhodes", cards=theirs), city("R", "babylon"))
    assert entry(doc, "P")["scores"]["leaders"] == 5
    doc = four(city("P", "gizah", cards=mine[:1], leaders=[leader]),
               city("L", "rhodes", cards=theirs), city("R", "babylon"))
    assert entry(doc, "P")["scores"]["leaders"] == 0


# Rulings item 11: Gorgo pairs per value; three 5s are one pair.
def test_rulings_11_gorgo_three_fives_with_nitocris():
    player = alone(["gorgo", "nitocris"], victory_5=3)
    assert player["scores"]["leaders"] == 5


def test_rulings_11_midas_is_on_top_of_the_coins_row():
    player = alone(["midas"], coins=10)
    assert (player["scores"]["coins"], player["scores"]["leaders"]) == (3, 3)


# Rulings item 12: Agrippina alone among the face-up leaders.
def test_rulings_12_agrippina_with_another_leader_scores_nothing():
    player = alone(["agrippina", "sappho"])
    assert player["scores"]["leaders"] == 2
    assert "Agrippina: 1 other leader recruited: 0" in player["explanations"]["leaders"]


def test_rulings_12_buried_leaders_do_not_count_for_agrippina():
    doc = leaders_game(city("P", "abu-simbel", "B", 1, leaders=["agrippina"],
                            buried=["cleopatra"]))
    player = entry(doc, "P")
    assert player["scores"]["leaders"] == 7
    assert player["scores"]["wonder"] == 8


# Rulings item 13: every order of the end-game science choices.
def test_rulings_13_enheduanna_copies_before_the_free_symbols():
    cards = ["apothecary", "workshop", "scriptorium", "scientists-guild"]
    player = alone(["enheduanna"], cards=cards, wonder="babylon", stages=2)
    assert player["scores"]["science"] == 26
    assert "Enheduanna" in player["explanations"]["science"]


def test_rulings_13_aganice_turns_a_symbol_into_another():
    player = alone(["aganice"], cards=["apothecary", "dispensary", "workshop", "laboratory"])
    # 2 compasses and 2 gears (8); a compass turned into a tablet makes a set: 1 + 4 + 1 + 7
    assert player["scores"]["science"] == 13
    assert player["science_swap"] == {"from": "compass", "to": "tablet"}
    assert "Aganice: a compass turned into a tablet" in player["explanations"]["leaders"]


# Rulings item 14: Abu Simbel's buried leaders, twice their cost, in the wonder row.
def test_rulings_14_cleopatra_buried_under_abu_simbel_day():
    doc = leaders_game(city("P", "abu-simbel", "A", 3, buried=["cleopatra"]))
    player = entry(doc, "P")
    assert player["scores"]["wonder"] == 3 + 5 + 8
    assert "Cleopatra buried: 2 × 4 = 8" in player["explanations"]["wonder"]
    assert player["scores"]["leaders"] == 0


def test_rulings_14_an_age_cost_leader_buried_scores_twice_its_age():
    doc = leaders_game(city("P", "abu-simbel", "B", 2,
                            buried=[{"leader": "phryne", "age": 3}, "sappho"]))
    assert entry(doc, "P")["scores"]["wonder"] == 6 + 2


# Rulings item 15: Roma's and Abu Simbel's stage points in the wonder row, in both editions.
@pytest.mark.parametrize(("edition", "day", "night"), [
    ("first", "A", "B"), pytest.param("second", "day", "night", marks=needs_second)])
def test_rulings_15_roma_stage_points(edition, day, night):
    doc = leaders_game(city("P", "roma", day, 2), city("Q", "abu-simbel", night, 0),
                       edition=edition)
    assert entry(doc, "P")["scores"]["wonder"] == 4 + 6
    doc = leaders_game(city("P", "roma", night, 3, leaders=["sappho", "zenobia", "nefertiti",
                                                           "cleopatra", "midas"]),
                       edition=edition)
    player = entry(doc, "P")
    assert player["scores"]["wonder"] == 3 + 3
    assert player["scores"]["leaders"] == 2 + 3 + 4 + 5


# Rulings item 16: the first-edition Leaders guilds, in the guilds row.
def test_rulings_16_diplomats_guild_counts_the_neighbours_face_up_leaders():
    doc = four(city("P", "gizah", cards=["diplomats-guild"]),
               city("L", "rhodes", leaders=["sappho", "midas"]),
               city("R", "babylon", leaders=["plato"]))
    player = entry(doc, "P")
    assert player["scores"]["guilds"] == 3
    assert player["explanations"]["guilds"] == (
        "Diplomats Guild: 1 per leader in the neighbouring cities × 3 (L 2 + R 1) = 3")


def test_rulings_16_architects_guild_counts_the_neighbours_purple_cards():
    doc = four(city("P", "gizah", cards=["architects-guild"]),
               city("L", "rhodes", cards=["workers-guild", "spies-guild"]),
               city("R", "babylon", cards=["traders-guild"]))
    assert entry(doc, "P")["scores"]["guilds"] == 9


def test_rulings_16_gamers_guild_one_per_three_coins():
    player = alone([], cards=["gamers-guild"], coins=11)
    assert player["scores"]["guilds"] == 3
    assert player["explanations"]["guilds"] == "Gamers Guild: 11 coins ÷ 3 = 3"


# Rulings item 17: the Courtesans Guild copies the leader that makes the total highest.
def test_rulings_17_courtesans_copies_the_best_neighbour_leader():
    doc = four(city("P", "gizah", cards=["courtesans-guild", *BLUE4], leaders=["sappho"]),
               city("L", "rhodes", leaders=["nefertiti", "phryne"]),
               city("R", "babylon", leaders=["zenobia"]))
    player = entry(doc, "P")
    assert player["copied_leader"] == "phryne"
    assert player["copied_leader_from"] == "L"
    assert player["scores"]["leaders"] == 2 + 5
    assert player["scores"]["guilds"] == 0
    assert player["explanations"]["leaders"] == (
        "Sappho: 2; Courtesans Guild copies Phryne from L (left), worth 5 (other choices: "
        "Nefertiti 4, Zenobia 3); Phryne: 4 blue cards, more than L (0) and R (0): 5")
    assert player["explanations"]["guilds"] == (
        "Courtesans Guild: copies Phryne, scored in the leaders row: 0")


def test_rulings_17_a_copied_science_leader_adds_its_symbol():
    doc = four(city("P", "gizah", cards=["courtesans-guild", "apothecary", "workshop"]),
               city("L", "rhodes", leaders=["sappho"]), city("R", "babylon", leaders=["ptolemy"]))
    player = entry(doc, "P")
    assert player["copied_leader"] == "ptolemy"
    assert player["scores"]["science"] == 10


def test_rulings_17_copied_agrippina_needs_a_copier_without_leaders():
    left = city("L", "rhodes", leaders=["agrippina"])
    right = city("R", "babylon", leaders=["sappho"])
    player = entry(four(city("P", "gizah", cards=["courtesans-guild"]), left, right), "P")
    assert (player["copied_leader"], player["scores"]["leaders"]) == ("agrippina", 7)
    player = entry(four(city("P", "gizah", cards=["courtesans-guild"], leaders=["zenobia"]),
                        left, right), "P")
    assert (player["copied_leader"], player["scores"]["leaders"]) == ("sappho", 3 + 2)


def test_rulings_17_copied_leader_does_not_count_for_the_diplomats():
    doc = four(city("P", "gizah", cards=["courtesans-guild"]),
               city("L", "rhodes", cards=["diplomats-guild"], leaders=["sappho"]),
               city("R", "babylon"))
    assert entry(doc, "L")["scores"]["guilds"] == 0


def test_rulings_17_olympia_copies_a_courtesans_guild():
    doc = four(city("P", "olympia", "B", 3),
               city("L", "rhodes", cards=["courtesans-guild"], leaders=["cleopatra"]),
               city("R", "babylon", leaders=["zenobia"]))
    player = entry(doc, "P")
    assert player["copied_guild"] == "courtesans-guild"
    assert player["copied_leader"] == "cleopatra"
    assert player["scores"]["leaders"] == 5


# Rulings item 21: ties as in the first edition.
def test_rulings_21_ties_by_coins():
    doc = leaders_game(city("P", "gizah", coins=3, leaders=["sappho"]),
                       city("Q", "rhodes", coins=4, leaders=["cleopatra"]),
                       city("R", "babylon", coins=6, leaders=["nefertiti"]))
    answer = report(doc)
    totals = {p["name"]: p["total"] for p in answer["players"]}
    assert totals == {"P": 3, "Q": 6, "R": 6}
    assert answer["winners"] == ["R"]
    assert answer["decided_by_coins"] is True
