"""Validation of trade questions: every problem at once, each with its path and code."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.trade import answer, parse_trade_question
from tests.helpers import game, player


def question(**fields) -> dict:
    document = game(player("Ada", "gizah", cards=["stone-pit"], coins=3),
                    player("Bob", "rhodes"), player("Cy", "babylon"))
    document.update({"player": "Ada", "build": {"card": "baths"}})
    document.update(fields)
    return {key: value for key, value in document.items() if value is not ...}


def problems(document) -> list[tuple[str, str]]:
    parsed, found = parse_trade_question(document)
    assert (parsed is None) == bool(found)
    return [(p.path, p.code) for p in found]


def test_a_valid_question():
    parsed, found = parse_trade_question(question(age=1))
    assert found == []
    assert parsed.builder.name == "Ada" and parsed.card.id == "baths" and parsed.age == 1


def test_the_document_must_be_an_object():
    assert problems(["players"]) == [("", "invalid")]


@pytest.mark.parametrize(("name", "code"), [("Eve", "unknown_player"), ("", "invalid"),
                                            (3, "invalid"), (..., "invalid")])
def test_the_player_must_be_one_of_the_players(name, code):
    assert problems(question(player=name)) == [("player", code)]


def test_unknown_player_says_the_name():
    _, found = parse_trade_question(question(player="Eve"))
    assert "Eve" in found[0].as_dict()["message"]


@pytest.mark.parametrize("build", [
    {}, {"card": "baths", "wonder_stage": True}, "baths", ["baths"], None,
])
def test_build_is_a_card_or_the_wonder_stage(build):
    assert problems(question(build=build)) == [("build", "invalid")]


def test_unknown_card():
    assert problems(question(build={"card": "lumberyard"})) == [("build.card", "unknown_card")]
    assert problems(question(build={"card": 7})) == [("build.card", "unknown_card")]


def test_wonder_stage_must_be_true():
    assert problems(question(build={"wonder_stage": False})) == [("build.wonder_stage", "invalid")]
    parsed, _ = parse_trade_question(question(build={"wonder_stage": True}))
    assert parsed.wonder_stage is True and parsed.card is None


def test_age_suffixed_ids_are_the_same_building():
    parsed, _ = parse_trade_question(question(build={"card": "loom-age2"}, age=2))
    assert parsed.card.id == "loom" and parsed.card_id == "loom-age2"


@pytest.mark.parametrize("age", [0, 4, "3", 2.0, True])
def test_age_is_one_to_three(age):
    assert problems(question(age=age)) == [("age", "invalid")]


def test_age_may_be_left_out_or_null():
    assert problems(question(age=None)) == []


def test_a_card_of_another_age():
    assert problems(question(build={"card": "university"}, age=1)) == [("build.card", "wrong_age")]
    assert problems(question(build={"card": "loom-age1"}, age=2)) == []


def test_a_hand_of_card_ids():
    parsed, found = parse_trade_question(question(build=..., hand=["baths", "loom-age1", "baths"]))
    assert found == []
    assert [asked for asked, _ in parsed.hand] == ["baths", "loom-age1", "baths"]
    assert parse_trade_question(question(build=..., hand=[]))[1] == []


def test_hand_problems_have_their_positions():
    assert problems(question(build=..., hand=["baths", "nothing", 3, "university"], age=1)) == [
        ("hand[1]", "unknown_card"), ("hand[2]", "unknown_card"), ("hand[3]", "wrong_age")]
    assert problems(question(build=..., hand="baths")) == [("hand", "invalid")]
    assert problems(question(build=..., hand=["altar"] * 8)) == [("hand", "invalid")]


def test_build_or_hand_not_both_and_not_neither():
    assert problems(question(hand=["baths"])) == [("hand", "invalid")]
    assert problems(question(build=...)) == [("build", "invalid")]


def test_the_cities_are_validated_as_for_scoring_and_all_problems_come_at_once():
    document = question(player="Eve", build={"card": "nothing"}, age=9)
    document["players"][1]["cards"] = ["lumberyard"]
    document["players"][2]["wonder"] = "atlantis"
    assert problems(document) == [
        ("players[1].cards[0]", "unknown_card"), ("players[2].wonder", "unknown_wonder"),
        ("player", "unknown_player"), ("age", "invalid"), ("build.card", "unknown_card")]


def test_a_bad_edition_is_reported_once():
    assert problems(question(edition="third")) == [("edition", "unsupported_edition")]


# Property test: malformed questions never crash; they are refused with paths, or answered.

SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(10 ** 20), max_value=10 ** 20)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
           | st.sampled_from(["Ada", "Bob", "baths", "loom-age2", "university", "gizah", "A", 3,
                              True, "wonder_stage", "card", ""]))
JUNK = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["card", "wonder_stage", "name", "x"]),
                                      inner, max_size=3), max_leaves=8)
FIELDS = ["player", "build", "hand", "age", "players", "edition"]
CITY_FIELDS = ["name", "wonder", "side", "stages", "cards", "coins"]


@st.composite
def malformed(draw):
    document = question()
    for _ in range(draw(st.integers(1, 3))):
        field = draw(st.sampled_from(FIELDS + CITY_FIELDS))
        if field in CITY_FIELDS and isinstance(document.get("players"), list) \
                and document["players"]:
            city = document["players"][draw(st.integers(0, len(document["players"]) - 1))]
            if isinstance(city, dict):
                city[field] = draw(JUNK)
        elif draw(st.booleans()):
            document.pop(field, None)
        else:
            document[field] = draw(JUNK)
    return document


@settings(max_examples=500, deadline=None)
@given(malformed())
def test_malformed_questions_are_refused_or_answered_never_crash(document):
    parsed, found = parse_trade_question(document)
    if found:
        assert parsed is None
        assert all(isinstance(p.path, str) and p.code and p.as_dict()["message"] for p in found)
    else:
        json.dumps(answer(parsed).as_dict())
