"""The build checker with Cities (ruling C16), worked cases by hand through the trade question:
the Clandestine Docks and Wharves, Smuggler's Cache, Secret Warehouse, Black Market, Architect
Cabinet / Firm, Caligula, coin costs to the bank, black cards never sold, black as a colour
(C17), and the notes saying which black card changed a build."""

from __future__ import annotations

from scorer.engine.trade import answer, parse_trade_question


def city(name: str, wonder: str, side: str = "A", stages: int = 0, cards=(), coins: int = 0,
         leaders=None) -> dict:
    entry = {"name": name, "wonder": wonder, "side": side, "stages": stages,
             "cards": list(cards), "coins": coins}
    if leaders is not None:
        entry["leaders"] = list(leaders)
    return entry


def table(builder: dict, left: dict | None = None, right: dict | None = None,
          edition: str = "first", leaders: bool = False) -> dict:
    side = "A" if edition == "first" else "day"
    return {"edition": edition, "expansions": ["cities", "leaders"] if leaders else ["cities"],
            "players": [builder, left or city("L", "rhodes", side),
                        right or city("R", "babylon", side)]}


def ask(document: dict, **question) -> dict:
    parsed, problems = parse_trade_question({**document, "player": "P", **question})
    assert not problems, [p.as_dict() for p in problems]
    return answer(parsed).as_dict()


def card(card_id: str) -> dict:
    return {"card": card_id}


STAGE = {"wonder_stage": True}


def test_the_dock_takes_a_coin_off_the_first_resource_bought_from_its_side():
    """Barracks (ore) from Rhodes on the left: 2 coins, 1 with Clandestine Dock West."""
    builder = city("P", "gizah", coins=5, cards=["clandestine-dock-west"])
    report = ask(table(builder), build=card("barracks"))
    assert report["options"] == [{
        "total": 1, "bank": 0, "left": 1, "right": 0,
        "purchases": [{"resource": "ore", "count": 1, "from": "left", "unit_price": 1}]}]
    assert report["cities"] == [{
        "card": "clandestine-dock-west",
        "message": "Clandestine Dock West: the first resource bought from the left neighbour "
                   "costs 1 coin less"}]
    # the east dock does nothing for a purchase from the left
    east = ask(table(city("P", "gizah", coins=5, cards=["clandestine-dock-east"])),
               build=card("barracks"))
    assert [o["total"] for o in east["options"]] == [2]


def test_the_dock_comes_after_the_trading_post_and_once_a_turn():
    """Walls (3 stone) from a Quarry and Gizah's board on the left, with the West Trading Post
    (1 coin each) and the Dock West: the first is free, the other two cost 1."""
    builder = city("P", "rhodes", coins=5, cards=["clandestine-dock-west", "west-trading-post"])
    left = city("L", "gizah", cards=["quarry"])
    report = ask(table(builder, left, city("R", "babylon")), build=card("walls"))
    assert report["options"] == [{
        "total": 2, "bank": 0, "left": 2, "right": 0,
        "purchases": [{"resource": "stone", "count": 1, "from": "left", "unit_price": 0},
                      {"resource": "stone", "count": 2, "from": "left", "unit_price": 1}]}]


def test_the_smugglers_cache_cheapens_each_unit_of_a_neighbours_board_resource():
    """Second edition: Gizah (stone) on the left sells stone for 1 coin each, Rhodes' stone
    on the right still costs 2; with the West Trading Post, Gizah's stone is free."""
    builder = city("P", "babylon", "day", coins=9, cards=["smugglers-cache"])
    left = city("L", "gizah", "day", cards=["quarry"])
    right = city("R", "rhodes", "day", cards=["stone-pit"])
    report = ask(table(builder, left, right, "second"), build=card("walls"))
    assert [(o["left"], o["right"]) for o in report["options"]] == [(3, 0), (2, 2)]
    assert {"card": "smugglers-cache",
            "message": "Smuggler's Cache: stone from the left neighbour costs 1 coin less"} \
        in report["cities"]
    builder["cards"].append("west-trading-post")
    report = ask(table(builder, left, right, "second"), build=card("walls"))
    assert report["options"][0]["total"] == 0
    assert report["options"][0]["purchases"] == [
        {"resource": "stone", "count": 3, "from": "left", "unit_price": 0}]


def test_the_secret_warehouse_gives_one_more_unit_of_a_type_the_city_makes():
    """Aqueduct (3 stone) for Gizah (stone board): the warehouse's stone halves the bill; it
    gives no loom (Gizah makes none), so the Apothecary still buys its loom."""
    builder = city("P", "gizah", coins=9, cards=["secret-warehouse"])
    left = city("L", "rhodes", cards=["quarry", "loom"])
    assert ask(table(builder, left), build=card("aqueduct"))["options"][0]["total"] == 2
    assert ask(table(city("P", "gizah", coins=9), left),
               build=card("aqueduct"))["options"][0]["total"] == 4
    assert ask(table(builder, left), build=card("apothecary"))["options"][0]["total"] == 2


def test_the_black_market_gives_one_unit_of_a_type_the_city_does_not_make():
    builder = city("P", "gizah", coins=9, cards=["black-market"])
    left = city("L", "rhodes", cards=["quarry", "loom"])
    report = ask(table(builder, left), build=card("apothecary"))
    assert report["options"] == [{"total": 0, "bank": 0, "left": 0, "right": 0,
                                  "purchases": []}]
    assert report["cities"] == [{
        "card": "black-market",
        "message": "Black Market: one more resource this turn, any of wood, clay, ore, glass, "
                   "loom, papyrus, for this city alone"}]
    # no stone from it: Gizah's board makes stone
    assert ask(table(builder, left), build=card("aqueduct"))["options"][0]["total"] == 4


def test_the_architect_cabinet_waives_a_stages_resources_not_its_coins():
    builder = city("P", "gizah", coins=0, cards=["architect-cabinet"])
    report = ask(table(builder), build=STAGE)
    assert report["options"] == [{"total": 0, "bank": 0, "left": 0, "right": 0,
                                  "purchases": []}]
    assert report["cities"][0]["card"] == "architect-cabinet"
    petra = city("P", "petra", stages=1, coins=7, cards=["architect-cabinet"])
    report = ask(table(petra), build=STAGE)
    assert report["options"] == [{"total": 7, "bank": 7, "left": 0, "right": 0,
                                  "purchases": []}]
    petra["coins"] = 6
    report = ask(table(petra), build=STAGE)
    assert not report["legal"] and report["reasons"][0]["code"] == "not_enough_coins"


def test_petras_coin_only_stage_is_paid_to_the_bank():
    report = ask(table(city("P", "petra", stages=1, coins=8)), build=STAGE)
    assert report["options"] == [{"total": 7, "bank": 7, "left": 0, "right": 0,
                                  "purchases": []}]


def test_black_cards_coin_costs_go_to_the_bank():
    report = ask(table(city("P", "gizah", coins=3)), build=card("militia"))
    assert report["options"] == [{"total": 3, "bank": 3, "left": 0, "right": 0,
                                  "purchases": []}]
    assert "free_build" not in report


def test_black_cards_are_never_for_sale():
    """A neighbour's Secret Warehouse and Black Market make nothing it can sell."""
    left = city("L", "rhodes", cards=["secret-warehouse", "black-market"])
    right = city("R", "gizah", cards=["militia"])
    report = ask(table(city("P", "babylon", coins=9), left, right), build=card("apothecary"))
    assert not report["legal"]
    assert [r["code"] for r in report["reasons"]] == ["missing_resources"]


def test_caligula_may_build_a_black_card_free():
    builder = city("P", "gizah", coins=9, leaders=["caligula"])
    report = ask(table(builder, leaders=True), build=card("militia"))
    assert report["free_build"] is True and report["free_build_from"] == ["Caligula"]
    assert report["options"][0]["bank"] == 3  # when his free build of the Age is used up
    assert "free_build" not in ask(table(builder, leaders=True), build=card("barracks"))


def test_docks_compose_with_leaders():
    """Bilkis buys the ore from the bank for 1 coin; the Dock West makes Rhodes' ore 1 coin:
    both ways cost 1 and neither beats the other on the bank and the left at once."""
    builder = city("P", "gizah", coins=5, cards=["clandestine-dock-west"], leaders=["bilkis"])
    report = ask(table(builder, leaders=True), build=card("barracks"))
    assert sorted((o["bank"], o["left"]) for o in report["options"]) == [(0, 1), (1, 0)]


def test_black_is_a_colour_for_olympia_day():
    """C17: Olympia day stage 2 builds the first black card free."""
    builder = city("P", "olympia", "day", stages=2, coins=0)
    report = ask(table(builder, edition="second"), build=card("west-clandestine-wharf"))
    assert report["options"] == [{"total": 0, "bank": 0, "left": 0, "right": 0,
                                  "purchases": []}]
    builder["cards"] = ["secret-warehouse"]
    report = ask(table(builder, edition="second"), build=card("west-clandestine-wharf"))
    assert not report["legal"]


def test_the_notes_speak_the_request_language(client):
    builder = city("P", "gizah", coins=5, cards=["clandestine-dock-west"])
    document = {**table(builder), "player": "P", "build": card("barracks")}
    for language in ("nl", "pl"):
        english = client.post("/api/v1/trade", json=document).get_json()
        answer_ = client.post("/api/v1/trade", json=document,
                              headers={"Accept-Language": language}).get_json()
        assert answer_["options"] == english["options"]
        assert answer_["cities"][0]["message"] != english["cities"][0]["message"]


def test_olympia_and_caligula_are_both_named():
    builder = city("P", "olympia", coins=9, leaders=["caligula"], stages=2)
    report = ask(table(builder, leaders=True), build=card("militia"))
    assert report["free_build_from"] == ["The Statue of Zeus in Olympia stage 2", "Caligula"]
    assert ask(table(builder, leaders=True), build=card("barracks"))["free_build_from"] == [
        "The Statue of Zeus in Olympia stage 2"]
