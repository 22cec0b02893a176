"""The trade checker on the rulebooks' examples and the rulings of edge-cases.md.

Seats: the builder P is the first entry, its LEFT neighbour L the second and its RIGHT
neighbour R the last; empty cities fill the table up to seven seats between L and R.
"""

from __future__ import annotations

from scorer.engine.trade import answer, parse_trade_question
from tests.helpers import filler, game, player

SEATS = 7


def seated(players: tuple[dict, ...]) -> dict:
    """The players at a seven-seat table (so every copy of a card is dealt), empty cities
    seated between the second entry and the last: P's neighbours stay L and R."""
    *first, last = players
    padding = filler(SEATS - len(players), used={p["wonder"] for p in players})
    return game(*first, *padding, last)


def ask(*players: dict, build=None, hand=None, age=None, who: str = "P") -> dict:
    document = seated(players)
    document["player"] = who
    if hand is not None:
        document["hand"] = hand
    else:
        document["build"] = build if isinstance(build, dict) else {"card": build}
    if age is not None:
        document["age"] = age
    question, problems = parse_trade_question(document)
    assert not problems, [p.as_dict() for p in problems]
    return answer(question).as_dict()


STAGE = {"wonder_stage": True}


def buy(resource: str, count: int, side: str, price: int) -> dict:
    return {"resource": resource, "count": count, "from": side, "unit_price": price}


def option(left: int, right: int, *purchases: dict, bank: int = 0) -> dict:
    return {"total": bank + left + right, "bank": bank, "left": left, "right": right,
            "purchases": list(purchases)}


def splits(report: dict) -> list[tuple[int, int]]:
    return [(o["left"], o["right"]) for o in report["options"]]


def reasons(report: dict) -> list[tuple[str, str]]:
    return [(r["code"], r["message"]) for r in report["reasons"]]


# --- Rulebook examples (000 and 001, "Handel") ------------------------------------------------

def university_table(coins: int) -> tuple[dict, ...]:
    # P makes 1 wood (Olympia's board) and 1 glass; L sells a wood, R a papyrus (Ephesos' board)
    return (player("P", "olympia", cards=["glassworks"], coins=coins),
            player("L", "babylon", cards=["lumber-yard"]),
            player("R", "ephesos"))


def test_example_a_university_pays_two_coins_to_each_neighbour():
    report = ask(*university_table(coins=4), build="university", age=3)
    assert report == {"legal": True, "reasons": [], "options": [
        option(2, 2, buy("wood", 1, "left", 2), buy("papyrus", 1, "right", 2))]}


def test_example_a_needs_the_coins_in_hand():
    report = ask(*university_table(coins=3), build="university")
    assert report["legal"] is False and report["options"] == []
    assert reasons(report) == [("not_enough_coins", "costs at least 4 coins, you hold 3")]


def test_example_b_selling_does_not_stop_own_use():
    # P (Gizah + Stone Pit) is the only stone seller; both neighbours buy its 2 stone this
    # turn and P still builds the Library (2 stone + loom) from the same production.
    table = (player("P", "gizah", cards=["stone-pit", "loom-age1"], coins=0),
             player("L", "alexandria", coins=4),
             player("R", "ephesos", coins=4))
    assert ask(*table, build="library") == {"legal": True, "reasons": [],
                                            "options": [option(0, 0)]}
    assert ask(*table, build=STAGE, who="L")["options"] == [
        option(0, 4, buy("stone", 2, "right", 2))]
    assert ask(*table, build=STAGE, who="R")["options"] == [
        option(4, 0, buy("stone", 2, "left", 2))]


def test_example_c_coins_earned_this_turn_cannot_be_spent():
    # P makes 1 clay, L sells clay, the Forum costs 2 clay; P holds 1 coin at the start of
    # the turn (what R pays P for a stone this turn only counts from the next turn).
    table = [player("P", "babylon", coins=1), player("L", "gizah", cards=["clay-pool"]),
             player("R", "ephesos")]
    report = ask(*table, build="forum", age=2)
    assert reasons(report) == [("not_enough_coins", "costs at least 2 coins, you hold 1")]
    table[0]["coins"] = 2
    assert ask(*table, build="forum")["options"] == [option(2, 0, buy("clay", 1, "left", 2))]


# --- Prices: each discount and its direction ---------------------------------------------------

def ore_table(*cards: str, wonder: str = "ephesos", side: str = "A", stages: int = 0,
              coins: int = 10) -> tuple[dict, ...]:
    return (player("P", wonder, side, stages, cards=cards, coins=coins),
            player("L", "gizah", cards=["ore-vein"]), player("R", "babylon", cards=["ore-vein"]))


def test_east_trading_post_buys_raw_materials_from_the_right_at_one():
    report = ask(*ore_table("east-trading-post"), build="barracks")
    assert report["options"] == [option(0, 1, buy("ore", 1, "right", 1)),
                                 option(2, 0, buy("ore", 1, "left", 2))]


def test_east_trading_post_two_ore_one_from_each_side():
    # Alexandria A's second stage costs 2 ore; each neighbour sells one
    report = ask(*ore_table("east-trading-post", wonder="alexandria", stages=1), build=STAGE)
    assert report["options"] == [option(2, 1, buy("ore", 1, "left", 2), buy("ore", 1, "right", 1))]


def test_west_trading_post_buys_raw_materials_from_the_left_at_one():
    report = ask(*ore_table("west-trading-post"), build="barracks")
    assert report["options"] == [option(1, 0, buy("ore", 1, "left", 1)),
                                 option(0, 2, buy("ore", 1, "right", 2))]


def test_without_a_trading_post_both_sides_cost_two():
    report = ask(*ore_table(), build="barracks")
    # equal totals: the one paying the left neighbour less comes first
    assert report["options"] == [option(0, 2, buy("ore", 1, "right", 2)),
                                 option(2, 0, buy("ore", 1, "left", 2))]


def test_a_neighbours_trading_post_does_not_help_the_buyer():
    table = ore_table()
    table[1]["cards"].append("west-trading-post")
    table[2]["cards"].append("east-trading-post")
    assert splits(ask(*table, build="barracks")) == [(0, 2), (2, 0)]


def test_marketplace_discounts_manufactured_goods_only():
    # P owns the Marketplace; L (Gizah) sells stone and glass; Lighthouse = stone + glass
    table = (player("P", "babylon", cards=["marketplace"], coins=5),
             player("L", "gizah", cards=["glassworks"]), player("R", "rhodes"))
    assert ask(*table, build="lighthouse")["options"] == [
        option(3, 0, buy("stone", 1, "left", 2), buy("glass", 1, "left", 1))]


def test_marketplace_works_on_both_sides():
    table = (player("P", "babylon", cards=["marketplace"], coins=5),
             player("L", "rhodes", cards=["press-age1"]), player("R", "alexandria"))
    report = ask(*table, build="workshop")
    assert report["options"] == [option(0, 1, buy("glass", 1, "right", 1))]
    assert ask(*table, build="scriptorium")["options"] == [
        option(1, 0, buy("papyrus", 1, "left", 1))]


def test_trading_posts_do_not_discount_manufactured_goods():
    table = (player("P", "babylon", cards=["east-trading-post", "west-trading-post"], coins=5),
             player("L", "rhodes"), player("R", "alexandria"))
    assert ask(*table, build="workshop")["options"] == [option(0, 2, buy("glass", 1, "right", 2))]


def test_olympia_b_first_stage_is_both_trading_posts_and_does_not_stack():
    table = (player("P", "olympia", "B", 1, cards=["east-trading-post"], coins=5),
             player("L", "gizah"), player("R", "babylon", cards=["stone-pit"]))
    report = ask(*table, build="baths")
    assert report["options"] == [option(0, 1, buy("stone", 1, "right", 1)),
                                 option(1, 0, buy("stone", 1, "left", 1))]
    # the trading posts may still be built next to the stage
    assert ask(*table, build="west-trading-post")["options"] == [option(0, 0)]


def test_olympia_b_discount_needs_the_stage_built():
    table = (player("P", "olympia", "B", 0, coins=5), player("L", "gizah"), player("R", "rhodes"))
    assert ask(*table, build="baths")["options"] == [option(2, 0, buy("stone", 1, "left", 2))]


# --- Choice cards -------------------------------------------------------------------------------

def test_a_neighbours_choice_card_gives_one_unit_only():
    # Stables = wood + clay + ore; P makes the ore, L's Tree Farm is wood OR clay
    table = (player("P", "rhodes", coins=10), player("L", "ephesos", cards=["tree-farm"]),
             player("R", "alexandria"))
    report = ask(*table, build="stables")
    assert reasons(report) == [(
        "missing_resources",
        "needs 2 units from among wood, clay, but the city and its neighbours can give only 1")]


def test_the_buyer_picks_either_resource_of_a_neighbours_choice_card():
    table = (player("P", "rhodes", coins=10), player("L", "ephesos", cards=["tree-farm"]),
             player("R", "alexandria"))
    assert ask(*table, build="stockade")["options"] == [option(2, 0, buy("wood", 1, "left", 2))]
    assert ask(*table, build="guard-tower")["options"] == [option(2, 0, buy("clay", 1, "left", 2))]
    table[0]["cards"].append("west-trading-post")
    assert ask(*table, build="stockade")["options"] == [option(1, 0, buy("wood", 1, "left", 1))]


def test_a_choice_card_on_the_right():
    table = (player("P", "rhodes", cards=["east-trading-post"], coins=10),
             player("L", "alexandria"), player("R", "ephesos", cards=["forest-cave"]))
    assert ask(*table, build="stockade")["options"] == [option(0, 1, buy("wood", 1, "right", 1))]


def test_choice_cards_on_both_sides_are_assigned_together():
    # P makes ore; L's Tree Farm (wood/clay) must give the clay so that R's Forest Cave
    # (wood/ore) gives the wood
    table = (player("P", "rhodes", coins=10), player("L", "ephesos", cards=["tree-farm"]),
             player("R", "alexandria", cards=["forest-cave"]))
    assert ask(*table, build="stables")["options"] == [
        option(2, 2, buy("clay", 1, "left", 2), buy("wood", 1, "right", 2))]


def test_own_choice_card_is_assigned_to_need_the_fewest_purchases():
    # Senate = 2 wood + stone + ore. P makes ore; its Timber Yard is wood OR stone. L sells one
    # wood, R one stone: the Timber Yard must make wood (as stone, 2 wood would be needed from L)
    table = (player("P", "rhodes", cards=["timber-yard"], coins=10),
             player("L", "babylon", cards=["lumber-yard"]),
             player("R", "ephesos", cards=["stone-pit"]))
    assert ask(*table, build="senate")["options"] == [
        option(2, 2, buy("wood", 1, "left", 2), buy("stone", 1, "right", 2))]


# --- What is not for sale -----------------------------------------------------------------------

def test_forum_goods_are_not_for_sale():
    table = (player("P", "ephesos", coins=10), player("L", "babylon", cards=["forum"]),
             player("R", "rhodes"))
    assert reasons(ask(*table, build="workshop")) == [
        ("missing_resources", "needs 1 more glass and no neighbour sells glass")]


def test_caravansery_goods_are_not_for_sale():
    table = (player("P", "babylon", coins=10), player("L", "ephesos", cards=["caravansery"]),
             player("R", "alexandria"))
    assert reasons(ask(*table, build="stockade")) == [
        ("missing_resources", "needs 1 more wood and no neighbour sells wood")]


def test_alexandria_stage_goods_are_not_for_sale_but_its_board_is():
    # edge-cases 3: L = Alexandria A with 2 stages (W/S/C/O) and a Forum; Lighthouse = S + G
    table = (player("P", "babylon", coins=10),
             player("L", "alexandria", stages=2, cards=["forum"]), player("R", "ephesos"))
    assert reasons(ask(*table, build="lighthouse")) == [
        ("missing_resources", "needs 1 more stone and no neighbour sells stone")]
    assert ask(*table, build="workshop")["options"] == [option(2, 0, buy("glass", 1, "left", 2))]


def test_alexandria_b_stages_are_not_for_sale():
    table = (player("P", "babylon", coins=10), player("L", "alexandria", "B", 2),
             player("R", "ephesos"))
    assert reasons(ask(*table, build="barracks"))[0][0] == "missing_resources"
    assert reasons(ask(*table, build="apothecary"))[0][0] == "missing_resources"


def test_the_owner_uses_forum_caravansery_and_alexandria_stages():
    table = (player("P", "alexandria", "B", 2, cards=["forum", "caravansery"], coins=0),
             player("L", "babylon"), player("R", "ephesos"))
    # stage 1: a raw material, stage 2 and the Forum: a good each, Caravansery: a raw material
    assert ask(*table, build="temple")["options"] == [option(0, 0)]  # wood + clay + glass
    assert ask(*table, build="study")["options"] == [option(0, 0)]  # wood + loom + papyrus
    # two raw sources of its own, neither sold by the neighbours: a third raw unit is missing
    assert reasons(ask(*table, build="arsenal"))[0][0] == "missing_resources"


# --- How many units: two-unit cards, each source once per buyer -------------------------------

def aqueduct_table(*right_cards: str, p_cards=()) -> tuple[dict, ...]:
    return (player("P", "ephesos", cards=p_cards, coins=10),
            player("L", "gizah", cards=["stone-pit"]),
            player("R", "babylon", cards=right_cards))


def test_a_neighbour_sells_no_more_units_than_it_makes():
    assert reasons(ask(*aqueduct_table(), build="aqueduct")) == [
        ("missing_resources", "needs 3 more stone, but the neighbours sell only 2")]


def test_a_two_unit_card_sells_two_units():
    report = ask(*aqueduct_table("quarry"), build="aqueduct")
    assert report["options"] == [
        option(2, 4, buy("stone", 1, "left", 2), buy("stone", 2, "right", 2)),
        option(4, 2, buy("stone", 2, "left", 2), buy("stone", 1, "right", 2))]


def test_a_two_unit_card_with_a_discount():
    report = ask(*aqueduct_table("quarry", p_cards=["west-trading-post"]), build="aqueduct")
    assert report["options"] == [
        option(2, 2, buy("stone", 2, "left", 1), buy("stone", 1, "right", 2)),
        option(1, 4, buy("stone", 1, "left", 1), buy("stone", 2, "right", 2))]


def test_a_two_unit_card_alone_still_lacks_the_third_unit():
    table = (player("P", "ephesos", coins=10), player("L", "rhodes"),
             player("R", "babylon", cards=["quarry"]))
    assert reasons(ask(*table, build="aqueduct")) == [
        ("missing_resources", "needs 3 more stone, but the neighbours sell only 2")]


def test_own_two_unit_card_counts_twice():
    table = (player("P", "gizah", cards=["quarry"], coins=0), player("L", "rhodes"),
             player("R", "babylon"))
    assert ask(*table, build="aqueduct")["options"] == [option(0, 0)]


# --- Chains, duplicates, stages, coins ---------------------------------------------------------

def test_a_chain_makes_the_card_free():
    table = (player("P", "ephesos", cards=["scriptorium"], coins=0), player("L", "rhodes"),
             player("R", "babylon"))
    assert ask(*table, build="library", age=2) == {"legal": True, "reasons": [],
                                                   "options": [option(0, 0)]}


def test_chains_follow_the_ages():
    table = [player("P", "ephesos", cards=["theater"], coins=0), player("L", "rhodes"),
             player("R", "babylon")]
    assert ask(*table, build="statue")["options"] == [option(0, 0)]
    assert ask(*table, build="gardens")["legal"] is False  # no Statue yet
    table[0]["cards"].append("statue")
    assert ask(*table, build="gardens")["options"] == [option(0, 0)]


def test_forum_chains_from_either_trading_post():
    for post in ("east-trading-post", "west-trading-post"):
        table = (player("P", "ephesos", cards=[post], coins=0), player("L", "rhodes"),
                 player("R", "alexandria"))
        assert ask(*table, build="forum")["options"] == [option(0, 0)]


def test_the_same_building_cannot_be_built_twice():
    table = (player("P", "ephesos", cards=["loom-age1"], coins=10), player("L", "rhodes"),
             player("R", "babylon"))
    report = ask(*table, build="loom-age2")
    assert report["legal"] is False and report["options"] == []
    assert [code for code, _ in reasons(report)] == ["duplicate_building"]
    assert "Loom" in report["reasons"][0]["message"]


def test_a_chained_card_already_built_is_still_a_duplicate():
    table = (player("P", "ephesos", cards=["scriptorium", "library"], coins=10),
             player("L", "rhodes"), player("R", "babylon"))
    assert [c for c, _ in reasons(ask(*table, build="library"))] == ["duplicate_building"]


def test_no_stage_left():
    table = (player("P", "gizah", "B", 4, coins=10), player("L", "rhodes"),
             player("R", "babylon"))
    report = ask(*table, build=STAGE)
    assert report["options"] == [] and [c for c, _ in reasons(report)] == ["no_stage_left"]


def test_the_next_stage_is_the_one_priced():
    # Babylon A: stage 1 = 2 clay (P makes 1, L sells 1), stage 2 = 3 wood
    table = [player("P", "babylon", coins=10), player("L", "gizah", cards=["clay-pool"]),
             player("R", "olympia")]
    assert ask(*table, build=STAGE)["options"] == [option(2, 0, buy("clay", 1, "left", 2))]
    table[0]["stages"] = 1
    assert reasons(ask(*table, build=STAGE)) == [
        ("missing_resources", "needs 3 more wood, but the neighbours sell only 1")]


def test_a_coin_cost_goes_to_the_bank():
    table = [player("P", "ephesos", coins=1), player("L", "rhodes"), player("R", "babylon")]
    assert ask(*table, build="tree-farm") == {"legal": True, "reasons": [],
                                              "options": [option(0, 0, bank=1)]}
    table[0]["coins"] = 0
    assert reasons(ask(*table, build="tree-farm")) == [
        ("not_enough_coins", "costs at least 1 coin, you hold 0")]


def test_only_affordable_options_are_listed():
    # stone from L at 1 (West Trading Post) or from R at 2; 1 coin affords only the first
    table = [player("P", "ephesos", cards=["west-trading-post"], coins=1),
             player("L", "gizah"), player("R", "babylon", cards=["stone-pit"])]
    assert splits(ask(*table, build="baths")) == [(1, 0)]
    table[0]["coins"] = 2
    assert splits(ask(*table, build="baths")) == [(1, 0), (0, 2)]


def test_free_cards_cost_nothing():
    table = (player("P", "ephesos", coins=0), player("L", "rhodes"), player("R", "babylon"))
    assert ask(*table, build="altar")["options"] == [option(0, 0)]


# --- Olympia A's free build --------------------------------------------------------------------

def olympia(side: str, stages: int) -> tuple[dict, ...]:
    return (player("P", "olympia", side, stages, coins=0), player("L", "rhodes"),
            player("R", "babylon"))


def test_olympia_a_second_stage_flags_the_free_build():
    report = ask(*olympia("A", 2), build="palace", age=3)
    assert report["free_build"] is True
    assert report["legal"] is False and report["options"] == []  # not one of the options
    assert ask(*olympia("A", 2), build="altar")["free_build"] is True


def test_the_free_build_is_named_by_what_gives_it():
    """Issue 30 item 8: the report names the stage, read from the effect data, not "Olympia's
    or another"."""
    assert ask(*olympia("A", 2), build="palace", age=3)["free_build_from"] == [
        "The Statue of Zeus in Olympia stage 2"]
    assert "free_build_from" not in ask(*olympia("A", 1), build="palace")


def test_no_free_build_flag_without_the_stage():
    assert "free_build" not in ask(*olympia("A", 1), build="palace")
    assert "free_build" not in ask(*olympia("B", 3), build="palace")
    assert "free_build" not in ask(*olympia("A", 2), build=STAGE)


# --- Hands ----------------------------------------------------------------------------------------

def test_a_hand_answers_every_card_and_the_next_stage():
    table = university_table(coins=4)
    table[0]["cards"].append("library")
    hand = ["university", "glassworks-age2", "senate", "palace", "university"]
    report = ask(*table, hand=hand)
    assert report["player"] == "P"
    assert [entry["card"] for entry in report["hand"]] == hand
    by_card = {entry["card"]: entry for entry in report["hand"]}
    assert by_card["university"]["free_by_chain"] is True
    assert by_card["university"]["chain"] == "library"
    assert by_card["university"]["cheapest"] == 0
    assert by_card["glassworks-age2"]["legal"] is False
    assert by_card["glassworks-age2"]["reasons"][0]["code"] == "duplicate_building"
    assert by_card["glassworks-age2"]["cheapest"] is None
    assert by_card["palace"]["legal"] is False
    stage = report["wonder_stage"]
    # Olympia A stage 1 = 2 wood: the board's and one bought from L
    assert stage["stage"] == 1 and stage["cheapest"] == 2
    assert stage["options"] == [option(2, 0, buy("wood", 1, "left", 2))]


def test_a_hand_entry_is_the_single_build_answer_plus_a_summary():
    table = (player("P", "olympia", "A", 2, cards=["glassworks", "east-trading-post"], coins=3),
             player("L", "babylon", cards=["lumber-yard", "clay-pool"]),
             player("R", "ephesos", cards=["stone-pit"]))
    hand = ["university", "forum", "baths", "stables", "temple", "altar"]
    report = ask(*table, hand=hand)
    extra = {"card", "cheapest", "free_by_chain", "chain"}
    for card, entry in zip(hand, report["hand"], strict=True):
        single = ask(*table, build=card)
        assert {k: v for k, v in entry.items() if k not in extra} == single
        assert entry["cheapest"] == (single["options"][0]["total"] if single["legal"]
                                     else entry["cheapest"])
    stage = {k: v for k, v in report["wonder_stage"].items()
             if k not in {"stage", "cheapest", "free_by_chain", "chain"}}
    assert stage == ask(*table, build=STAGE)


def test_a_hand_reports_the_cheapest_cost_even_when_unaffordable():
    report = ask(*university_table(coins=3), hand=["university"])
    entry = report["hand"][0]
    assert entry["legal"] is False and entry["cheapest"] == 4


def test_a_hand_with_no_stage_left():
    table = (player("P", "gizah", "B", 4, coins=10), player("L", "rhodes"),
             player("R", "babylon"))
    stage = ask(*table, hand=["altar"])["wonder_stage"]
    assert stage["stage"] is None and stage["legal"] is False
    assert stage["reasons"][0]["code"] == "no_stage_left"


def test_bigger_tables_use_the_seated_neighbours_only():
    # five seats: P's neighbours are the second and the last; the third sells what P needs
    table = (player("P", "ephesos", coins=10), player("L", "rhodes"), player("X", "gizah"),
             player("Y", "babylon"), player("R", "olympia"))
    assert reasons(ask(*table, build="baths")) == [
        ("missing_resources", "needs 1 more stone and no neighbour sells stone")]
    assert ask(*table, build="stockade")["options"] == [option(0, 2, buy("wood", 1, "right", 2))]
