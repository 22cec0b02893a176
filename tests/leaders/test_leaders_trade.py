"""The build checker with leaders (Hammurabi, Leonidas, Archimedes, Imhotep, Ramses, Bilkis,
Hatshepsut) and the recruit check, through the trade question."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.expansions.leaders.catalog import load_leaders
from scorer.engine.trade import answer, parse_trade_question
from tests.leaders.leaders_docs import city, needs_second


def ask(document: dict, **question) -> dict:
    parsed, problems = parse_trade_question({**document, **question})
    assert not problems, [p.as_dict() for p in problems]
    return answer(parsed).as_dict()


def problems(document: dict, **question) -> list[tuple[str, str]]:
    _, found = parse_trade_question({**document, **question})
    return [(p.path, p.code) for p in found]


def table(builder: dict, left: dict | None = None, right: dict | None = None,
          edition: str = "first") -> dict:
    side = "A" if edition == "first" else "day"
    return {"edition": edition, "expansions": ["leaders"],
            "players": [builder, left or city("L", "rhodes", side),
                        right or city("R", "babylon", side)]}


def test_hammurabi_waives_one_resource_of_a_blue_card():
    builder = city("P", "gizah", coins=10, leaders=["hammurabi"])
    left = city("L", "rhodes", cards=["quarry"])
    report = ask(table(builder, left), player="P", build={"card": "aqueduct"})
    assert report["options"] == [{
        "total": 2, "bank": 0, "left": 2, "right": 0,
        "purchases": [{"resource": "stone", "count": 1, "from": "left", "unit_price": 2}],
        "waived": [{"resource": "stone", "count": 1, "leader": "hammurabi"}]}]
    assert report["leaders"] == [{"leader": "hammurabi",
                                  "message": "Hammurabi: this build costs 1 resource less"}]
    without = ask(table(city("P", "gizah", coins=10), left), player="P",
                  build={"card": "aqueduct"})
    assert [o["total"] for o in without["options"]] == [4]
    assert "leaders" not in without and "waived" not in without["options"][0]


def test_the_unit_waived_is_the_one_that_saves_most():
    """Temple (wood, clay, glass): the glass is dearest to buy, so it is the one waived."""
    builder = city("P", "gizah", coins=10, leaders=["hammurabi"], cards=["lumber-yard",
                                                                          "clay-pool"])
    report = ask(table(builder, city("L", "rhodes", cards=["glassworks"])), player="P",
                 build={"card": "temple"})
    assert report["options"][0]["total"] == 0
    assert report["options"][0]["waived"][0]["resource"] == "glass"
    builder = city("P", "gizah", coins=10, leaders=["hammurabi"], cards=["lumber-yard"])
    report = ask(table(builder, city("L", "rhodes", cards=["glassworks"]),
                       city("R", "babylon")), player="P", build={"card": "temple"})
    # waive the glass and buy clay on the right, or waive the clay and buy glass on the left
    assert [(o["left"], o["right"], o["waived"][0]["resource"]) for o in report["options"]] == [
        (0, 2, "glass"), (2, 0, "clay")]


@pytest.mark.parametrize(("leader", "card"), [("leonidas", "barracks"),
                                              ("archimedes", "workshop")])
def test_leonidas_and_archimedes(leader, card):
    builder = city("P", "gizah", coins=0, leaders=[leader])
    report = ask(table(builder), player="P", build={"card": card})
    assert report["legal"] is True
    assert report["options"][0]["total"] == 0
    assert report["options"][0]["waived"][0]["leader"] == leader


def test_imhotep_for_wonder_stages_only():
    builder = city("P", "gizah", coins=0, leaders=["imhotep"])
    report = ask(table(builder), player="P", build={"wonder_stage": True})
    assert report["legal"] is True and report["options"][0]["total"] == 0
    report = ask(table(builder), player="P", build={"card": "baths"})
    assert "waived" not in report["options"][0]


def test_ramses_builds_guilds_without_resources():
    builder = city("P", "gizah", coins=0, leaders=["ramses"])
    report = ask(table(builder), player="P", build={"card": "spies-guild"}, age=3)
    assert report["legal"] is True
    assert report["options"] == [{"total": 0, "bank": 0, "left": 0, "right": 0,
                                  "purchases": []}]
    assert report["leaders"][0]["leader"] == "ramses"


def test_bilkis_buys_one_resource_from_the_bank():
    builder = city("P", "gizah", coins=10, leaders=["bilkis"])
    left = city("L", "rhodes", cards=["lumber-yard", "glassworks"])
    report = ask(table(builder, left), player="P", build={"card": "temple"})
    assert [(o["bank"], o["left"], o["right"]) for o in report["options"]] == [
        (1, 2, 2), (1, 4, 0), (0, 4, 2)]
    bank = [p for p in report["options"][1]["purchases"] if p["from"] == "bank"]
    assert bank == [{"resource": "clay", "count": 1, "from": "bank", "unit_price": 1}]


def test_hatshepsut_shows_the_coins_back_on_each_option():
    builder = city("P", "gizah", coins=10, leaders=["hatshepsut"])
    left = city("L", "rhodes", cards=["lumber-yard", "glassworks"])
    report = ask(table(builder, left), player="P", build={"card": "temple"})
    assert [(o["left"], o["right"], o["rebate"]) for o in report["options"]] == [(4, 2, 2)]
    report = ask(table(builder, left), player="P", build={"card": "altar"})
    assert report["options"][0]["rebate"] == 0


def test_buried_leaders_change_nothing():
    builder = city("P", "abu-simbel", "A", 3, coins=10, cards=["stone-pit"],
                   buried=["hammurabi"])
    report = ask(table(builder, city("L", "rhodes", cards=["quarry"])), player="P",
                 build={"card": "aqueduct"})
    assert [o["total"] for o in report["options"]] == [4]


# The recruit check
@pytest.mark.parametrize(("builder", "neighbour", "leader", "age", "cost"), [
    (city("P", "gizah", coins=9), None, "cleopatra", 1, 4),
    (city("P", "gizah", coins=9), None, "phryne", 2, 2),
    (city("P", "gizah", coins=9), None, "phryne", 3, 3),
    (city("P", "gizah", coins=9, leaders=["maecenas"]), None, "cleopatra", 2, 0),
    (city("P", "roma", "A", coins=9), None, "cleopatra", 1, 0),
    (city("P", "roma", "B", coins=9), None, "cleopatra", 1, 2),
    (city("P", "roma", "B", coins=9), None, "sappho", 1, 0),
    (city("P", "gizah", coins=9), city("L", "roma", "B"), "cleopatra", 1, 3),
    (city("P", "gizah", coins=9), city("L", "roma", "A"), "cleopatra", 1, 4),
])
def test_recruit_cost(builder, neighbour, leader, age, cost):
    report = ask(table(builder, neighbour), player="P", recruit=leader, age=age)
    assert report["legal"] is True
    assert report["recruit"]["cost"] == cost
    assert report["options"] == [{"total": cost, "bank": cost, "left": 0, "right": 0,
                                  "purchases": []}]


@needs_second
def test_recruit_in_the_second_edition():
    report = ask(table(city("P", "roma", "night", coins=1), edition="second"), player="P",
                 recruit="cleopatra", age=1)
    assert report["recruit"] == {"leader": "cleopatra", "printed_cost": 4, "cost": 2,
                                 "notes": ["Roma: your leaders cost 2 coins less"]}
    assert report["legal"] is False
    assert report["reasons"] == [{"code": "not_enough_coins",
                                  "message": "recruiting costs 2 coins, you hold 1"}]


def test_recruit_refused_when_taken_held_or_full():
    doc = table(city("P", "gizah", coins=9, leaders=["sappho", "zenobia", "nefertiti"]),
                city("L", "rhodes", leaders=["cleopatra"]))
    assert [r["code"] for r in ask(doc, player="P", recruit="cleopatra", age=3)["reasons"]] == [
        "leader_taken"]
    assert [r["code"] for r in ask(doc, player="P", recruit="sappho", age=3)["reasons"]] == [
        "duplicate_leader"]
    assert [r["code"] for r in ask(doc, player="P", recruit="midas", age=3)["reasons"]] == [
        "no_leader_slot"]


def test_recruit_question_problems():
    doc = table(city("P", "gizah", coins=9))
    assert problems(doc, player="P", recruit="phryne") == [("age", "invalid")]
    assert problems(doc, player="P", recruit="darius", age=1) == [
        ("recruit", "unsupported_expansion")]
    assert problems(doc, player="P", recruit="nobody", age=1) == [("recruit", "unknown_leader")]
    assert problems(doc, player="P", recruit="sappho", build={"card": "altar"}) == [
        ("recruit", "invalid")]
    base = {"players": [city("P", "gizah"), city("L", "rhodes"), city("R", "babylon")]}
    for player in base["players"]:
        player.pop("leaders")
    assert problems(base, player="P", recruit="sappho", age=1) == [("recruit", "invalid")]


def test_recruit_through_the_api(client):
    doc = table(city("P", "gizah", coins=9))
    response = client.post("/api/v1/trade",
                                      json={**doc, "player": "P", "recruit": "cleopatra",
                                            "age": 1})
    assert response.status_code == 200
    assert response.get_json()["recruit"]["cost"] == 4


def test_a_hand_with_leaders():
    builder = city("P", "gizah", coins=10, leaders=["hammurabi", "imhotep"])
    doc = table(builder, city("L", "rhodes", cards=["quarry"]))
    report = ask(doc, player="P", hand=["aqueduct", "barracks"])
    aqueduct, barracks = report["hand"]
    assert aqueduct["cheapest"] == 2 and aqueduct["leaders"][0]["leader"] == "hammurabi"
    assert "leaders" not in barracks
    assert report["wonder_stage"]["cheapest"] == 0
    assert report["wonder_stage"]["leaders"][0]["leader"] == "imhotep"


# The recruit check against the rules' words, on random tables
PLAYABLE = [leader.id for leader in load_leaders().playable]


@st.composite
def recruit_tables(draw):
    wonders = draw(st.permutations(["roma", "gizah", "rhodes", "babylon", "abu-simbel"]))[:3]
    sides = [draw(st.sampled_from("AB")) for _ in wonders]
    leaders = draw(st.lists(st.sampled_from(PLAYABLE), min_size=2, max_size=6, unique=True))
    target, own = leaders[0], leaders[1:draw(st.integers(1, 3))]
    coins = draw(st.integers(0, 8))
    age = draw(st.integers(1, 3))
    cities = [city(f"P{i}", wonder, side)
              for i, (wonder, side) in enumerate(zip(wonders, sides, strict=True))]
    cities[0]["leaders"], cities[0]["coins"] = own, coins
    return {"edition": "first", "expansions": ["leaders"], "players": cities}, target, age


@settings(max_examples=300, deadline=None)
@given(recruit_tables())
def test_recruit_cost_follows_the_rules_words(table_and_leader):
    doc, target, age = table_and_leader
    leader = load_leaders().leaders[target]
    me, left, right = doc["players"][0], doc["players"][1], doc["players"][2]
    printed = age if leader.cost is None else leader.cost
    if "maecenas" in me["leaders"] or (me["wonder"], me["side"]) == ("roma", "A"):
        expected = 0
    else:
        discount = 2 if (me["wonder"], me["side"]) == ("roma", "B") else 0
        discount += sum(1 for n in (left, right) if (n["wonder"], n["side"]) == ("roma", "B"))
        expected = max(0, printed - discount)
    report = ask(doc, player="P0", recruit=target, age=age)
    assert report["recruit"]["cost"] == expected
    assert report["recruit"]["printed_cost"] == printed
    assert report["legal"] == (expected <= me["coins"])
    assert report["options"] == ([{"total": expected, "bank": expected, "left": 0, "right": 0,
                                   "purchases": []}] if report["legal"] else [])
