"""Expansions scored from typed points (Armada, Edifice, Babel): their rows are in the ruleset
as typed rows, after every computed row; their fields are validated with their bounds and
named by path; their points are added as typed, and the rest of the game scores as without
them."""

from __future__ import annotations

import copy

import pytest

from scorer.engine.expansions import installed
from scorer.engine.messages import ENGLISH
from scorer.engine.rules import get_ruleset
from scorer.engine.scoring import score_game
from scorer.engine.validation import parse_game
from tests.helpers import game, player, report

TYPED = {"armada": ("naval", "islands"), "edifice": ("projects",), "babel": ("tower",)}


def base_game(**extra) -> dict:
    document = game(player("Ada", "rhodes", coins=7, victory_1=1),
                    player("Bo", "alexandria", coins=3, defeat=1),
                    player("Cy", "ephesos", coins=0))
    document.update(extra)
    return document


def errors(document: dict) -> list[dict]:
    return [problem.as_dict() for problem in parse_game(document)[1]]


@pytest.mark.parametrize("edition", ["first", "second"])
@pytest.mark.parametrize("name", sorted(TYPED))
def test_each_expansion_adds_its_rows_as_typed_after_every_computed_row(edition, name):
    assert name in installed()
    ruleset = get_ruleset(edition, (name,))
    base = get_ruleset(edition)
    assert ruleset.categories == (*base.categories, *TYPED[name])
    assert [row.id for row in ruleset.rows if row.typed] == list(TYPED[name])
    assert not any(row.typed for row in base.rows)
    assert set(TYPED[name]) <= ruleset.player_fields


def test_typed_rows_stay_after_the_leaders_and_cities_rows_as_on_the_2021_pad():
    ruleset = get_ruleset("second", ("leaders", "cities", "armada", "babel", "edifice"))
    assert ruleset.categories[-6:] == ("leaders", "cities", "naval", "islands", "tower", "projects")


def test_armada_points_are_added_as_typed_and_the_rest_scores_as_without_it():
    plain = report(base_game())
    document = base_game(expansions=["armada"])
    document["players"][0].update(naval=5, islands=3)
    document["players"][1].update(naval=-2)
    answer = report(document)
    assert answer["categories"][-2:] == answer["typed_categories"] == ["naval", "islands"]
    ada, bo, cy = answer["players"]
    assert (ada["scores"]["naval"], ada["scores"]["islands"]) == (5, 3)
    assert (bo["scores"]["naval"], bo["scores"]["islands"]) == (-2, 0)
    assert cy["scores"]["naval"] == cy["scores"]["islands"] == 0
    for typed, before in zip(answer["players"], plain["players"], strict=True):
        typed_points = typed["scores"]["naval"] + typed["scores"]["islands"]
        assert typed["total"] == before["total"] + typed_points
        assert {row: typed["scores"][row] for row in before["scores"]} == before["scores"]
    assert ada["explanations"]["naval"] == "5, as typed by the players (not counted by the app)"
    assert bo["explanations"]["islands"].startswith("0, as typed")


def test_typed_points_decide_the_winner():
    document = base_game(expansions=["babel", "edifice"])
    document["players"][2].update(tower=20, projects=4)
    answer = report(document)
    assert answer["winners"] == ["Cy"]
    assert answer["typed_categories"] == ["tower", "projects"]
    assert answer["players"][2]["scores"]["tower"] == 20


@pytest.mark.parametrize(("field", "value", "code", "words"), [
    ("naval", 100, "invalid", "from −30 to 99 points, not 100"),
    ("naval", -31, "invalid", "from −30 to 99 points, not −31"),
    ("islands", -1, "negative_value", "from 0 to 99 points, not −1"),
    ("islands", "3", "invalid", "must be a whole number"),
    ("naval", 2.5, "invalid", "must be a whole number"),
    ("islands", True, "invalid", "must be a whole number"),
])
def test_bad_typed_points_are_refused_with_the_field_named(field, value, code, words):
    document = base_game(expansions=["armada"])
    document["players"][1][field] = value
    found = errors(document)
    assert [(e["path"], e["code"]) for e in found] == [(f"players[1].{field}", code)]
    assert f"players[1].{field}" in found[0]["message"] and words in found[0]["message"]


def test_a_typed_field_without_its_expansion_is_refused_naming_the_expansion():
    document = base_game()
    document["players"][0]["tower"] = 3
    found = errors(document)
    assert [e["path"] for e in found] == ["players[0].tower"]
    assert "babel" in found[0]["message"].lower()


def test_bounds_are_accepted_at_both_ends():
    document = base_game(expansions=["armada", "edifice"])
    document["players"][0].update(naval=-30, islands=99, projects=99)
    document["players"][1].update(naval=99, islands=0, projects=-30)
    assert errors(document) == []


def test_a_document_without_the_new_expansions_scores_exactly_as_before():
    document = base_game()
    before = copy.deepcopy(document)
    parsed, problems = parse_game(document)
    assert not problems and document == before
    result = score_game(parsed).as_dict(ENGLISH)
    assert "naval" not in result["categories"] and "tower" not in result["categories"]
    assert "typed_categories" not in result
