"""The build checker on second-edition tables: chains by symbol across two Ages, Olympia's free
builds, no Olympia discount, prices and sellers as in ``edition-differences.md`` section 5."""

from __future__ import annotations

from scorer.engine.trade import answer, parse_trade_question
from tests.helpers import player

FILL = ("rhodes", "ephesos", "halikarnassos", "alexandria", "babylon", "gizah", "olympia")


def ask(builder: dict, left: dict | None = None, right: dict | None = None, *, build=None,
        hand=None) -> dict:
    left = left or player("L", "alexandria", "day")
    right = right or player("R", "halikarnassos", "day")
    used = {builder["wonder"], left["wonder"], right["wonder"]}
    fillers = [player(f"F{i}", w, "day") for i, w in enumerate(w for w in FILL if w not in used)]
    document = {"edition": "second", "players": [builder, left, *fillers[:4], right],
                "player": builder["name"]}
    if hand is not None:
        document["hand"] = hand
    else:
        document["build"] = build if isinstance(build, dict) else {"card": build}
    question, problems = parse_trade_question(document)
    assert not problems, [p.as_dict() for p in problems]
    return answer(question).as_dict()


FREE = {"total": 0, "bank": 0, "left": 0, "right": 0, "purchases": []}


def test_chain_skips_an_age_theater_to_gardens_and_altar_to_pantheon():
    gardens = ask(player("P", "gizah", "day", cards=["theater"]), build="gardens")
    assert gardens == {"legal": True, "options": [FREE], "reasons": []}
    hand = ask(player("P", "gizah", "day", cards=["altar"]), hand=["pantheon"])
    assert hand["hand"][0]["free_by_chain"] is True and hand["hand"][0]["chain"] == "altar"


def test_the_first_edition_chains_no_longer_apply():
    # 1st ed: Theater -> Statue, Altar -> Temple; 2nd ed: Well -> Statue, no chain to Temple
    statue = ask(player("P", "gizah", "day", cards=["theater"]), build="statue")
    assert statue["options"] != [FREE]
    assert ask(player("P", "gizah", "day", cards=["well"]), build="statue")["options"] == [FREE]
    hand = ask(player("P", "gizah", "day", cards=["altar"], coins=9), hand=["temple"])
    assert hand["hand"][0]["free_by_chain"] is False


def test_olympia_day_stage_2_first_building_of_a_colour_is_free():
    olympia = player("P", "olympia", "day", 2, cards=["stockade"])
    report = ask(olympia, build="university")  # no green card yet
    assert report["legal"] is True and report["options"] == [FREE]
    assert [note["kind"] for note in report["free_builds"]] == ["first_of_colour"]
    assert "free_build" not in report
    # a red card is already there: Arsenal is paid for as usual
    arsenal = ask(olympia, build="arsenal")
    assert "free_builds" not in arsenal and arsenal["options"] != [FREE]


def test_olympia_day_before_stage_2_has_no_free_build():
    report = ask(player("P", "olympia", "day", 1), build="university")
    assert "free_builds" not in report and report["options"] != [FREE]


def test_olympia_night_stages_say_the_build_is_free_on_the_first_or_last_turn():
    report = ask(player("P", "olympia", "night", 2, coins=0), build="palace")
    assert report["legal"] is False
    assert [note["kind"] for note in report["free_builds"]] == [
        "first_turn_of_age", "last_turn_of_age"]
    assert report["free_builds"][0]["message"] == "Free if built on the first turn of an Age."
    one = ask(player("P", "olympia", "night", 1), build="palace")
    assert [note["kind"] for note in one["free_builds"]] == ["first_turn_of_age"]


def test_free_build_notes_do_not_apply_to_wonder_stages():
    report = ask(player("P", "olympia", "night", 2, coins=9), build={"wonder_stage": True})
    assert "free_builds" not in report


def test_no_olympia_discount_in_the_second_edition():
    # Olympia night has no trading post effect: wood from the left costs 2
    builder = player("P", "olympia", "night", 3, coins=9)
    left = player("L", "babylon", "day")  # board: wood
    report = ask(builder, left, build="stockade")
    assert report["options"][0]["purchases"] == [
        {"resource": "wood", "count": 1, "from": "left", "unit_price": 2}]


def test_trading_posts_and_marketplace_keep_their_prices():
    builder = player("P", "gizah", "day", cards=["west-trading-post"], coins=9)
    left = player("L", "babylon", "day")
    report = ask(builder, left, build="stockade")
    assert report["options"][0]["left"] == 1


def test_neighbours_never_sell_yellow_or_wonder_production():
    builder = player("P", "gizah", "day", coins=9)
    left = player("L", "alexandria", "night", 1, cards=["caravansery"])
    right = player("R", "ephesos", "day")
    report = ask(builder, left, right, build="stockade")
    assert report["legal"] is False
    assert report["reasons"][0]["code"] == "missing_resources"


def test_second_edition_costs_fortifications_take_clay():
    builder = player("P", "gizah", "day", cards=["walls"])
    assert ask(builder, build="fortifications")["options"] == [FREE]  # chain Walls
    poor = player("P", "rhodes", "day", cards=["clay-pool", "foundry", "ore-vein"])
    assert ask(poor, build="fortifications")["options"] == [FREE]


def test_olympia_first_building_of_a_colour_costs_no_coins_either():
    report = ask(player("P", "olympia", "day", 2, coins=0), build="tree-farm")
    assert report["legal"] is True and report["options"] == [FREE]
