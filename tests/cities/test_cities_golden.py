"""Worked cases written out by hand (issue 19): each number below is counted on paper."""

from __future__ import annotations

from tests.cities.cities_docs import cities_game, city
from tests.helpers import report


def players_of(document: dict) -> dict:
    return {player["name"]: player for player in report(document)["players"]}


def test_petra_b_with_both_stages_scores_3_and_14_in_the_wonder_row():
    game = cities_game(city("Ada", "petra", "B", 2), city("Bo", "rhodes"), city("Cy", "gizah"))
    ada = players_of(game)["Ada"]
    assert ada["scores"]["wonder"] == 3 + 14
    assert ada["explanations"]["wonder"] == "2 stages built: stage 1: 3 + stage 2: 14 = 17"


def test_two_masks_next_to_two_tablets_and_one_gear_copy_a_gear_and_a_tablet():
    # Ada holds a compass and two gears. Left (Bo) has two tablets, right (Cy) one gear.
    # Two tablets: 1 compass, 2 gears, 2 tablets = 1 + 4 + 4 + 7 = 16.
    # A gear and a tablet: 1 compass, 3 gears, 1 tablet = 1 + 9 + 1 + 7 = 18 (best).
    # Two gears cannot be copied: only one green card next door shows a gear.
    game = cities_game(
        city("Ada", "petra", cards=["apothecary", "laboratory", "observatory", "pigeon-loft",
                                    "spy-ring"]),
        city("Bo", "rhodes", cards=["scriptorium", "library"]),
        city("Cy", "gizah", cards=["workshop"]))
    ada = players_of(game)["Ada"]
    assert ada["scores"]["science"] == 18
    assert sorted(ada["science_masks"]) == ["gear", "tablet"]
    assert ada["science_symbols"] == {"compass": 1, "gear": 2, "tablet": 0}
    assert ada["explanations"]["science"] == (
        "1 compass, 2 gears, a gear copied by Pigeon Loft from Cy, a tablet copied by Spy Ring "
        "from Bo → 1 compass, 3 gears, 1 tablet, 1 set: 1 + 9 + 1 + 7 = 18")
    # the neighbours keep their symbols
    assert players_of(game)["Bo"]["scores"]["science"] == 4


def test_secret_society_with_four_black_cards_scores_4_in_the_cities_row():
    game = cities_game(
        city("Ada", "byzantium", cards=["secret-society", "militia", "gambling-den",
                                        "clandestine-dock-west"]),
        city("Bo", "rhodes"), city("Cy", "gizah"))
    ada = players_of(game)["Ada"]
    assert ada["scores"]["cities"] == 4
    assert ada["explanations"]["cities"] == (
        "Secret Society: 1 per black card in own city × 4 = 4")


def test_a_team_tie_is_broken_by_the_teams_coins():
    # Ada 9 coins = 3, Bo 1 coin = 0, Cy 3 coins = 1 and Di 6 coins = 2: totals 3 + 0 = 3
    # and 1 + 2 = 3, tied; coins 9 + 1 = 10 against 3 + 6 = 9: Ada and Bo win.
    game = cities_game(city("Ada", "petra", coins=9), city("Bo", "rhodes", coins=1),
                       city("Cy", "gizah", coins=3), city("Di", "babylon", coins=6),
                       teams=[["Ada", "Bo"], ["Cy", "Di"]])
    result = report(game)
    assert result["teams"] == [
        {"players": ["Ada", "Bo"], "total": 3, "coins": 10, "rank": 1},
        {"players": ["Cy", "Di"], "total": 3, "coins": 9, "rank": 2}]
    # players keep their own ranks
    assert [p["rank"] for p in result["players"]] == [1, 4, 3, 2]


def test_a_team_tie_on_points_and_coins_is_shared():
    # Bo and Cy: 1 + 1 points, 3 + 5 coins; Di and Ada: 2 + 0 points, 6 + 2 coins
    game = cities_game(city("Ada", "petra", coins=2), city("Bo", "rhodes", coins=3),
                       city("Cy", "gizah", coins=5), city("Di", "babylon", coins=6),
                       teams=[["Bo", "Cy"], ["Di", "Ada"]])
    assert [(team["total"], team["coins"], team["rank"]) for team in report(game)["teams"]] == [
        (2, 8, 1), (2, 8, 1)]


def test_14_coins_and_6_debt_make_a_treasury_row_of_minus_2():
    game = cities_game(city("Ada", "petra", coins=14, debt=6), city("Bo", "rhodes"),
                       city("Cy", "gizah"))
    ada = players_of(game)["Ada"]
    assert ada["scores"]["coins"] == -2
    assert ada["debt"] == 6
    assert ada["explanations"]["coins"] == "14 coins ÷ 3 = 4, minus 6 debt = −2"
    assert ada["total"] == -2
    assert players_of(game)["Bo"]["debt"] == 0


def test_second_edition_row_order_and_petra_night():
    game = cities_game(city("Ada", "petra", "night", 2), city("Bo", "rhodes", "day"),
                       city("Cy", "gizah", "day"), edition="second")
    result = report(game)
    assert result["categories"] == ["wonder", "coins", "military", "civilian", "commercial",
                                    "science", "guilds", "cities"]
    assert result["players"][0]["scores"]["wonder"] == 3 + 14


def test_with_leaders_the_cities_row_follows_the_leaders_row_and_darius_counts_black():
    game = cities_game(
        city("Ada", "petra", cards=["residence", "hideout", "militia"],
             leaders=["darius", "aspasia"]),
        city("Bo", "rhodes", leaders=[]), city("Cy", "gizah", leaders=["semiramis"]),
        leaders=True)
    result = report(game)
    assert result["categories"][-2:] == ["leaders", "cities"]
    ada = result["players"][0]
    # Darius: 3 black cards; Aspasia: 2
    assert ada["scores"]["leaders"] == 3 + 2
    # Residence 1 + Hideout 2
    assert ada["scores"]["cities"] == 3


def test_cells_guardhouse_prison_and_slave_market_count_victory_tokens():
    # second edition: Cells 2 per Age I victory, Guardhouse 3 per Age II, Prison 4 per Age
    # III; Slave Market 1 per victory token of any Age; Raider Camp gives a third Age I token
    game = cities_game(
        city("Ada", "petra", "day", cards=["cells", "raider-camp", "guardhouse", "prison",
                                           "slave-market"],
             victory_1=3, victory_3=1, victory_5=2),
        city("Bo", "rhodes", "day"), city("Cy", "gizah", "day"), edition="second")
    ada = players_of(game)["Ada"]
    assert ada["scores"]["cities"] == 3 * 2 + 1 * 3 + 2 * 4 + 6
    assert ada["scores"]["military"] == 3 + 3 + 10


def test_guilds_of_the_cities_box_and_olympia_b_copying_one():
    # Bo's left neighbour Cy holds 2 black cards, his right Ada 1: Guild of Shadows 3.
    # Ada (Olympia B, 3 stages) copies it from her left Bo: her neighbours Bo (0 black) and
    # Cy (2 black): 2; the Mourners Guild would count Bo's and Cy's victory tokens: 1.
    game = cities_game(
        city("Ada", "olympia", "B", 3, cards=["residence"]),
        city("Bo", "rhodes", cards=["guild-of-shadows", "mourners-guild"]),
        city("Cy", "gizah", cards=["hideout", "militia"], victory_1=1))
    players = players_of(game)
    assert players["Bo"]["scores"]["guilds"] == 3 + 1
    assert players["Ada"]["copied_guild"] == "guild-of-shadows"
    assert players["Ada"]["scores"]["guilds"] == 2
