"""Validation of second-edition documents: sides, ids, copies, stages, players, no Free City."""

from __future__ import annotations

import pytest

from scorer.engine.validation import parse_game
from tests.helpers import player, problems_of

WONDERS = ("gizah", "rhodes", "babylon", "olympia", "ephesos", "alexandria", "halikarnassos")


def second(*players: dict) -> dict:
    return {"edition": "second", "players": list(players)}


def table(count: int = 3, **changes) -> dict:
    """``count`` empty day-side cities; the first one gets ``changes``, the others other wonders."""
    first = changes.get("wonder", WONDERS[0])
    others = [w for w in WONDERS if w != first]
    cities = [player(f"P{i}", w, "day") for i, w in enumerate([first, *others][:count])]
    cities[0].update(changes)
    return second(*cities)


def messages(document) -> list[str]:
    return [p.as_dict()["message"] for p in parse_game(document)[1]]


def test_a_valid_second_edition_game():
    game, problems = parse_game(table(cards=["altar", "loom-age2"], stages=3))
    assert problems == [] and game.edition == "second"
    assert game.ruleset.categories[0] == "wonder"


@pytest.mark.parametrize(("changes", "path", "code"), [
    ({"side": "A"}, "players[0].side", "unknown_side"),
    ({"side": "B"}, "players[0].side", "unknown_side"),
    ({"side": "Day"}, "players[0].side", "unknown_side"),
    ({"side": None}, "players[0].side", "invalid"),
    ({"cards": ["strategists-guild"]}, "players[0].cards[0]", "unknown_card"),
    ({"cards": ["pawnshop"]}, "players[0].cards[0]", "unknown_card"),
    ({"cards": ["loom-age1", "loom"]}, "players[0].cards[1]", "duplicate_building"),
    ({"stages": 4}, "players[0].stages", "too_many_stages"),
    ({"free_city": True}, "players[0].free_city", "invalid"),
    ({"free_city": False}, "players[0].free_city", "invalid"),
    ({"leaders": []}, "players[0].leaders", "invalid"),
])
def test_second_edition_problem_codes(changes, path, code):
    assert problems_of(table(**changes)) == [(path, code)]


def test_a_first_edition_side_names_the_second_edition_sides():
    assert messages(table(side="A")) == [
        "Unknown side 'A': a wonder has side \"day\" or \"night\"."]
    assert messages(table(side=1)) == ["The side must be \"day\" or \"night\"."]


def test_day_and_night_are_refused_in_a_first_edition_game():
    document = table(side="night")
    document["edition"] = "first"
    for city in document["players"][1:]:
        city["side"] = "A"
    assert problems_of(document) == [("players[0].side", "unknown_side")]


def test_stages_per_side_babylon_night_has_two_gizah_night_four():
    assert problems_of(table(wonder="babylon", side="night", stages=2)) == []
    assert messages(table(wonder="babylon", side="night", stages=3)) == [
        "The Hanging Gardens of Babylon side Night has 2 stages, not 3."]
    assert problems_of(table(wonder="gizah", side="night", stages=4)) == []
    assert problems_of(table(wonder="rhodes", side="night", stages=3)) == [
        ("players[0].stages", "too_many_stages")]


def test_three_to_seven_players_and_no_free_city():
    assert problems_of(table(2)) == [("players", "player_count")]
    assert messages(table(2)) == ["A game has 3 to 7 players; got 2."]
    assert problems_of(table(7)) == []
    assert messages(table(free_city=True)) == [
        "This edition has no two-player variant with the Free City: a game has 3 to 7 players."]


def test_copies_follow_the_second_edition_decks():
    # Ludus is 5+/7+: none for four players, one from five
    four = table(4, cards=["ludus"])
    assert problems_of(four) == [("players[0].cards[0]", "too_many_copies")]
    five = table(5, cards=["ludus"])
    five["players"][1]["cards"] = ["ludus"]
    assert problems_of(five) == [("players[1].cards[0]", "too_many_copies")]
    # Arsenal is 3+/5+ in the second edition (3+/4+/7+ in the first)
    seven = table(7, cards=["arsenal"])
    for city in seven["players"][1:3]:
        city["cards"] = ["arsenal"]
    assert problems_of(seven) == [("players[2].cards[0]", "too_many_copies")]


def test_every_problem_at_once_with_its_path():
    document = table(2, side="A", cards=["strategists-guild", "well"], stages=9)
    document["players"][1]["free_city"] = True
    document["players"][1]["colour"] = "red"
    assert problems_of(document) == [
        ("players", "player_count"),
        ("players[0].side", "unknown_side"),
        ("players[0].cards[0]", "unknown_card"),
        ("players[1].free_city", "invalid"),
        ("players[1].colour", "invalid"),
        ("players[0].cards[1]", "too_many_copies"),
    ]
