"""Validation of Leaders documents: every problem at once, each with its path and code."""

from __future__ import annotations

import pytest

from tests.helpers import problems_of
from tests.leaders.leaders_docs import city, leaders_game, needs_second


def codes(document) -> list[tuple[str, str]]:
    return problems_of(document)


def test_a_valid_leaders_game_in_the_first_edition():
    assert codes(leaders_game(city("P", "roma", "B", 2, leaders=["sappho", "midas"]),
                              city("Q", "abu-simbel", "A", 3, buried=["cleopatra"]))) == []


@needs_second
def test_a_valid_leaders_game_in_the_second_edition():
    assert codes(leaders_game(city("P", "roma", "night", 2, leaders=["sappho"]),
                              city("Q", "abu-simbel", "day", 3, buried=["cleopatra"]),
                              edition="second")) == []


def test_unknown_and_cities_leaders():
    doc = leaders_game(city("P", "gizah", leaders=["sappho", "napoleon", "darius", 7]))
    assert codes(doc) == [("players[0].leaders[1]", "unknown_leader"),
                          ("players[0].leaders[2]", "unsupported_expansion"),
                          ("players[0].leaders[3]", "invalid")]


def test_cities_leader_message_names_the_cities_expansion():
    from scorer.engine.validation import parse_game

    _, problems = parse_game(leaders_game(city("P", "gizah", leaders=["caligula"])))
    assert "cities expansion" in problems[0].as_dict()["message"].lower()


def test_a_leader_twice_in_a_city_or_in_a_game():
    doc = leaders_game(city("P", "gizah", leaders=["sappho", "sappho"]),
                       city("Q", "rhodes", leaders=["midas"]),
                       city("R", "abu-simbel", "A", 3, buried=["midas"]))
    assert codes(doc) == [("players[0].leaders[1]", "duplicate_leader"),
                          ("players[2].buried[0]", "duplicate_leader")]


def test_leaders_without_the_expansion():
    doc = {"players": [city("P", "gizah", leaders=["sappho"]), city("Q", "rhodes"),
                       city("R", "babylon", buried=["midas"])]}
    found = codes(doc)
    assert ("players[0].leaders", "invalid") in found
    assert ("players[2].buried", "invalid") in found


def test_roma_and_the_leaders_guilds_need_the_expansion():
    doc = {"players": [city("P", "roma", leaders=[]), city("Q", "rhodes",
                                                           cards=["courtesans-guild"]),
                       city("R", "babylon")]}
    for player in doc["players"]:
        player.pop("leaders")
    assert codes(doc) == [("players[0].wonder", "unknown_wonder"),
                          ("players[1].cards[0]", "unknown_card")]


@needs_second
def test_leaders_guilds_only_in_a_first_edition_leaders_game():
    doc = leaders_game(city("P", "gizah", "day", cards=["gamers-guild"]), edition="second")
    assert codes(doc) == [("players[0].cards[0]", "unknown_card")]


def test_unknown_expansion():
    doc = leaders_game(city("P", "gizah"))
    doc["expansions"] = ["leaders", "catan"]
    assert ("expansions", "unsupported_expansion") in codes(doc)


def test_too_many_leaders_and_roma_night_extra_recruits():
    five = ["sappho", "zenobia", "nefertiti", "cleopatra", "midas"]
    assert codes(leaders_game(city("P", "gizah", leaders=five[:4]))) == [
        ("players[0].leaders", "too_many_leaders")]
    assert codes(leaders_game(city("P", "roma", "B", 2, leaders=five[:4]))) == []
    assert codes(leaders_game(city("P", "roma", "B", 2, leaders=five))) == [
        ("players[0].leaders", "too_many_leaders")]
    assert codes(leaders_game(city("P", "roma", "B", 3, leaders=five))) == []


def test_buried_leaders_need_the_stages_that_bury_them():
    assert codes(leaders_game(city("P", "abu-simbel", "A", 2, buried=["sappho"]))) == [
        ("players[0].buried", "too_many_buried")]
    assert codes(leaders_game(city("P", "gizah", buried=["sappho"]))) == [
        ("players[0].buried", "too_many_buried")]
    assert codes(leaders_game(city("P", "abu-simbel", "B", 2, buried=["sappho", "zenobia"]))) == []
    assert codes(leaders_game(city("P", "abu-simbel", "B", 1,
                                   buried=["sappho", "zenobia"]))) == [
        ("players[0].buried", "too_many_buried")]


def test_an_age_cost_buried_leader_needs_its_age():
    doc = leaders_game(city("P", "abu-simbel", "B", 2,
                            buried=["phryne", {"leader": "theano", "age": 4}]))
    assert codes(doc) == [("players[0].buried[0]", "invalid"),
                          ("players[0].buried[1].age", "invalid")]


@pytest.mark.parametrize(("leaders", "tokens", "expected"), [
    ([], {"victory_1": 3}, [("players[0].tokens.victory_1", "too_many_tokens")]),
    (["nitocris"], {"victory_1": 3}, []),
    (["nitocris"], {"victory_1": 3, "victory_5": 3},
     [("players[0].tokens.victory_5", "too_many_tokens")]),
    (["nitocris"], {"victory_1": 3, "victory_3": 2, "victory_5": 2}, []),
    (["nitocris"], {"victory_1": 4}, [("players[0].tokens.victory_1", "too_many_tokens")]),
    (["telesilla"], {"victory_1": 3}, [("players[0].tokens.victory_1", "too_many_tokens")]),
    ([], {"defeat": 7}, [("players[0].tokens.defeat", "too_many_tokens")]),
])
def test_rulings_20_token_limits_follow_the_leaders(leaders, tokens, expected):
    assert codes(leaders_game(city("P", "gizah", leaders=leaders, **tokens))) == expected


def test_rulings_20_a_neighbour_of_tomyris_may_hold_her_defeats():
    doc = leaders_game(city("P", "gizah", defeat=5, victory_1=2, victory_3=2),
                       city("Q", "rhodes", leaders=["tomyris"]))
    assert codes(doc) == []
    doc = leaders_game(city("P", "gizah", defeat=5, victory_1=2, victory_3=2),
                       city("Q", "rhodes"))
    assert codes(doc) == [("players[0].tokens", "too_many_tokens")]


def test_guild_count_is_still_players_plus_two():
    guilds = ["courtesans-guild", "diplomats-guild", "architects-guild", "gamers-guild",
              "workers-guild", "spies-guild"]
    doc = leaders_game(city("P", "gizah", cards=guilds))
    assert codes(doc) == [("players", "too_many_guilds")]


def test_every_problem_at_once():
    doc = leaders_game(city("P", "gizah", leaders=["nobody", "darius"], buried=["sappho"]),
                       city("Q", "rhodes", leaders=[3]))
    assert codes(doc) == [("players[0].leaders[0]", "unknown_leader"),
                          ("players[0].leaders[1]", "unsupported_expansion"),
                          ("players[0].buried", "too_many_buried"),
                          ("players[1].leaders[0]", "invalid")]


def test_leaders_cards_and_wonders_without_the_expansion_say_which_expansion():
    from scorer.engine.validation import parse_game

    doc = {"players": [city("P", "roma"), city("Q", "rhodes", cards=["gamers-guild"]),
                       city("R", "babylon")]}
    for player in doc["players"]:
        player.pop("leaders")
    _, problems = parse_game(doc)
    messages = [p.as_dict()["message"] for p in problems]
    assert messages == [
        'Wonder \'roma\' belongs to the leaders expansion: add "expansions": ["leaders"] to '
        'the game.',
        'Card \'gamers-guild\' belongs to the leaders expansion: add "expansions": '
        '["leaders"] to the game.']
