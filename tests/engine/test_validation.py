"""Validation of game documents: every problem at once, each with its path and code."""

from __future__ import annotations

import pytest

from scorer.engine.validation import parse_game
from tests.helpers import game, player, problems_of


def three(**changes) -> dict:
    """A valid three-player game whose first player gets ``changes``."""
    first = player("Ada", "alexandria")
    first.update(changes)
    return game(first, player("Bob", "gizah"), player("Cy", "rhodes"))


def test_a_valid_game_has_no_problems():
    parsed, problems = parse_game(three(cards=["loom-age1", "altar"], coins=3, stages=2))
    assert problems == [] and parsed is not None
    assert [card.id for card in parsed.cities[0].cards] == ["loom", "altar"]


def test_defaults_for_optional_fields():
    parsed, problems = parse_game({"players": [{"name": n, "wonder": w, "side": "A"} for n, w in
                                               (("A", "gizah"), ("B", "rhodes"), ("C", "babylon"))]})
    assert not problems
    city = parsed.cities[0]
    assert (parsed.edition, city.stages_built, city.cards, city.coins, dict(city.tokens)) == (
        "first", 0, (), 0, {})


@pytest.mark.parametrize(("changes", "path", "code"), [
    ({"cards": ["lumberyard"]}, "players[0].cards[0]", "unknown_card"),
    ({"cards": ["altar", 7]}, "players[0].cards[1]", "invalid"),
    ({"cards": "altar"}, "players[0].cards", "invalid"),
    ({"wonder": "colossus"}, "players[0].wonder", "unknown_wonder"),
    ({"wonder": None}, "players[0].wonder", "invalid"),
    ({"side": "C"}, "players[0].side", "unknown_side"),
    ({"side": "a"}, "players[0].side", "unknown_side"),
    ({"side": 1}, "players[0].side", "invalid"),
    ({"cards": ["altar", "altar"]}, "players[0].cards[1]", "duplicate_building"),
    ({"cards": ["loom-age1", "loom-age2"]}, "players[0].cards[1]", "duplicate_building"),
    ({"cards": ["press", "press-age2"]}, "players[0].cards[1]", "duplicate_building"),
    ({"stages": 4}, "players[0].stages", "too_many_stages"),
    ({"stages": -1}, "players[0].stages", "negative_value"),
    ({"stages": 1.0}, "players[0].stages", "invalid"),
    ({"stages": True}, "players[0].stages", "invalid"),
    ({"coins": -3}, "players[0].coins", "negative_value"),
    ({"coins": "3"}, "players[0].coins", "invalid"),
    ({"coins": float("nan")}, "players[0].coins", "invalid"),
    ({"tokens": {"defeat": -1}}, "players[0].tokens.defeat", "negative_value"),
    ({"tokens": {"defeat": 7}}, "players[0].tokens.defeat", "too_many_tokens"),
    ({"tokens": {"victory_5": 3}}, "players[0].tokens.victory_5", "too_many_tokens"),
    ({"tokens": {"victory_2": 1}}, "players[0].tokens.victory_2", "invalid"),
    ({"tokens": {"victory_1": 2, "victory_3": 2, "victory_5": 2, "defeat": 1}},
     "players[0].tokens", "too_many_tokens"),
    ({"tokens": {"victory_5": 1, "defeat": 6}}, "players[0].tokens", "too_many_tokens"),
    ({"tokens": [1]}, "players[0].tokens", "invalid"),
    ({"name": ""}, "players[0].name", "invalid"),
    ({"name": "x" * 41}, "players[0].name", "invalid"),
    ({"name": 5}, "players[0].name", "invalid"),
    ({"name": "Bob"}, "players[1].name", "duplicate_name"),
    ({"wonder": "gizah"}, "players[1].wonder", "duplicate_wonder"),
    ({"free_city": "yes"}, "players[0].free_city", "invalid"),
    ({"cards": ["tavern"]}, "players[0].cards[0]", "too_many_copies"),  # Tavern is 4+
])
def test_each_code_with_its_path(changes, path, code):
    assert problems_of(three(**changes)) == [(path, code)]


def test_six_tokens_are_fine():
    assert problems_of(three(tokens={"victory_1": 2, "victory_3": 1, "defeat": 3})) == []
    assert problems_of(three(tokens={"defeat": 6})) == []


def test_name_of_forty_characters_is_fine():
    assert problems_of(three(name="x" * 40)) == []


def test_side_b_stage_counts():
    ok = game(player("A", "gizah", "B", 4), player("B", "rhodes", "B", 2), player("C", "babylon"))
    assert problems_of(ok) == []
    too_many = game(player("A", "gizah", "B", 4), player("B", "rhodes", "B", 3),
                    player("C", "babylon"))
    assert problems_of(too_many) == [("players[1].stages", "too_many_stages")]


def test_two_lumber_yards_in_a_three_player_game():
    doc = game(player("A", "gizah", cards=["lumber-yard"]), player("B", "rhodes"),
               player("C", "babylon", cards=["lumber-yard"]))
    assert problems_of(doc) == [("players[2].cards[0]", "too_many_copies")]
    four = game(*doc["players"], player("D", "ephesos"))
    assert problems_of(four) == []  # the second Lumber Yard is marked 4+
    _, problems = parse_game(doc)
    assert problems[0].message.render() == (
        "The decks for 3 players hold 1 × Lumber Yard, but 2 cities have it: A, C.")


def test_the_two_ages_of_the_loom_count_as_copies_of_one_building():
    # 3 players: one Loom in Age I and one in Age II
    doc = game(player("A", "gizah", cards=["loom-age1"]), player("B", "rhodes", cards=["loom"]),
               player("C", "babylon", cards=["loom-age2"]))
    assert problems_of(doc) == [("players[2].cards[0]", "too_many_copies")]


def test_a_guild_exists_once():
    doc = game(player("A", "gizah", cards=["spies-guild"]), player("B", "rhodes"),
               player("C", "babylon", cards=["spies-guild"]))
    assert problems_of(doc) == [("players[2].cards[0]", "too_many_copies")]


def test_too_many_guilds_for_three_players():
    guilds = ["workers-guild", "craftsmens-guild", "traders-guild", "philosophers-guild",
              "spies-guild", "strategists-guild"]
    doc = game(player("A", "gizah", cards=guilds[:3]), player("B", "rhodes", cards=guilds[3:]),
               player("C", "babylon"))
    assert problems_of(doc) == [("players", "too_many_guilds")]
    doc["players"][1]["cards"].pop()
    assert problems_of(doc) == []


@pytest.mark.parametrize("count", [0, 1, 2, 8])
def test_player_count(count):
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    wonders = ["gizah", "rhodes", "babylon", "ephesos", "olympia", "alexandria",
               "halikarnassos", "gizah"]
    doc = game(*(player(names[i], wonders[i]) for i in range(count)))
    assert ("players", "player_count") in problems_of(doc)


def test_free_city_needs_three_entries_and_only_one_free_city():
    doc = three(free_city=True)
    assert problems_of(doc) == []
    doc["players"][1]["free_city"] = True
    assert problems_of(doc) == [("players", "player_count")]
    four = game(player("A", "gizah"), player("B", "rhodes"), player("C", "babylon"),
                player("D", "ephesos") | {"free_city": True})
    assert problems_of(four) == [("players", "player_count")]


@pytest.mark.parametrize(("document", "expected"), [
    ([], [("", "invalid")]),
    ("game", [("", "invalid")]),
    ({}, [("players", "invalid")]),
    ({"players": {"name": "A"}}, [("players", "invalid")]),
    ({"edition": "third", "players": []}, [("edition", "unsupported_edition")]),
    ({"edition": "second", "players": []}, [("players", "player_count")]),
    ({"edition": 1, "players": []}, [("edition", "invalid")]),
])
def test_document_shape(document, expected):
    assert problems_of(document) == expected


def test_player_not_an_object():
    doc = three()
    doc["players"][2] = "Cy"
    assert problems_of(doc) == [("players[2]", "invalid")]


def test_expansions():
    assert problems_of(three() | {"expansions": []}) == []
    assert problems_of(three() | {"expansions": ["leaders"]}) == []
    assert problems_of(three() | {"expansions": ["catan"]}) == [
        ("expansions", "unsupported_expansion")]
    assert problems_of(three() | {"expansions": "leaders"}) == [("expansions", "invalid")]


def test_every_problem_is_reported_at_once():
    doc = game(
        player("Ada", "alexandria", "C", cards=["lumberyard", "altar", "altar"], coins=-1),
        player("Ada", "atlantis", stages=-2, cards=["lumber-yard"], defeat=9),
        player("Cy", "rhodes", stages=5, cards=["lumber-yard"]),
    )
    assert problems_of(doc) == [
        ("players[0].side", "unknown_side"),
        ("players[0].cards[0]", "unknown_card"),
        ("players[0].cards[2]", "duplicate_building"),
        ("players[0].coins", "negative_value"),
        ("players[1].wonder", "unknown_wonder"),
        ("players[1].stages", "negative_value"),
        ("players[1].tokens.defeat", "too_many_tokens"),
        ("players[2].stages", "too_many_stages"),
        ("players[1].name", "duplicate_name"),
        ("players[2].cards[0]", "too_many_copies"),
    ]


def test_messages_name_the_field_and_value():
    _, problems = parse_game(three(coins=-4, cards=["lumberyard"]))
    texts = {p.path: p.message.render() for p in problems}
    assert texts == {"players[0].cards[0]": "Unknown card 'lumberyard'.",
                     "players[0].coins": "players[0].coins cannot be negative (got −4)."}
    assert problems[0].as_dict() == {"path": "players[0].cards[0]", "code": "unknown_card",
                                     "message": "Unknown card 'lumberyard'."}


def test_duplicate_building_message_points_at_the_first():
    _, problems = parse_game(three(cards=["loom-age1", "altar", "loom-age2"]))
    assert problems[0].message.render() == (
        "Loom is already in this city (players[0].cards[0]): a city never holds the same "
        "building twice.")
