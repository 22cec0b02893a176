"""Validation of Cities games: C2, C3, C4, C12, C14 and ``debt``, each problem with its path."""

from __future__ import annotations

from scorer.engine.validation import parse_game
from tests.cities.cities_docs import cities_game, city
from tests.helpers import scores_of

SEVEN = ("rhodes", "alexandria", "ephesos", "babylon", "olympia", "halikarnassos", "gizah")


def problems(document: dict) -> list[tuple[str, str]]:
    _, found = parse_game(document)
    return [(p.path, p.code) for p in found]


def messages(document: dict) -> list[str]:
    _, found = parse_game(document)
    return [p.as_dict()["message"] for p in found]


def table(count: int, edition: str = "first", **changes) -> list[dict]:
    side = "A" if edition == "first" else "day"
    wonders = (*SEVEN, "petra")
    return [city(f"P{i}", wonders[i], side, **changes) for i in range(count)]


def test_c2_eight_players_in_the_first_edition_only():
    assert problems(cities_game(*table(8))) == []
    assert problems(cities_game(*table(8, "second"), edition="second")) == [
        ("players", "player_count")]
    assert problems({"players": table(8)}) == [("players", "player_count"),
                                               ("players[7].wonder", "unknown_wonder")]


def test_c2_no_free_city_with_cities():
    players = table(3)
    players[2]["free_city"] = True
    assert problems(cities_game(*players)) == [("players[2].free_city", "invalid")]
    assert "Free City is not played with Cities" in messages(cities_game(*players))[0]


def test_c3_each_black_card_once_and_at_most_n_of_an_age():
    players = table(3)
    players[0]["cards"] = ["residence"]
    players[1]["cards"] = ["residence"]
    assert problems(cities_game(*players)) == [("players[1].cards[0]", "too_many_copies")]
    players[1]["cards"] = ["hideout", "militia", "gambling-den"]
    assert problems(cities_game(*players)) == [("players[1].cards[2]", "too_many_copies")]
    assert "3 black cards" in messages(cities_game(*players))[0]


def test_c3_eight_players_deal_seven_black_cards_an_age_and_nine_guilds():
    players = table(8)
    black = ["residence", "hideout", "gates-of-the-city", "militia", "gambling-den",
             "clandestine-dock-west", "clandestine-dock-east", "pigeon-loft"]
    for player, card in zip(players, black, strict=True):
        player["cards"] = [card]
    assert problems(cities_game(*players)) == [("players[7].cards[0]", "too_many_copies")]


def test_c4_cities_leaders_only_with_cities():
    leaders = cities_game(city("A", "petra", leaders=["darius", "caligula"]),
                          city("B", "rhodes", leaders=["semiramis"]),
                          city("C", "gizah", leaders=[]), leaders=True)
    assert problems(leaders) == []
    without = {**leaders, "expansions": ["leaders"]}
    without["players"] = [{**p, "wonder": w} for p, w in zip(
        leaders["players"], ("babylon", "rhodes", "gizah"), strict=True)]
    assert ("players[0].leaders[0]", "unsupported_expansion") in problems(without)
    assert ("players[1].leaders[0]", "unknown_leader") in problems(without)
    second = cities_game(city("A", "petra", "day", leaders=["semiramis"]),
                         city("B", "rhodes", "day", leaders=[]),
                         city("C", "gizah", "day", leaders=[]), edition="second", leaders=True)
    assert problems(second) == [("players[0].leaders[0]", "unknown_leader")]


def test_c12_a_raider_card_allows_one_more_victory_token_of_its_age():
    players = table(3, "second")
    players[0]["tokens"] = {"victory_1": 3}
    assert problems(cities_game(*players, edition="second")) == [
        ("players[0].tokens.victory_1", "too_many_tokens")]
    players[0]["cards"] = ["raider-camp"]
    assert problems(cities_game(*players, edition="second")) == []
    players[0]["tokens"] = {"victory_3": 3}
    assert problems(cities_game(*players, edition="second")) == [
        ("players[0].tokens.victory_3", "too_many_tokens")]
    # with Leaders too, the leaders' refinement allows the Raider's token as well
    for player in players:
        player["leaders"] = []
    players[0]["tokens"] = {"victory_1": 3}
    assert problems(cities_game(*players, edition="second", leaders=True)) == []
    players[0]["cards"] = []
    assert problems(cities_game(*players, edition="second", leaders=True)) == [
        ("players[0].tokens.victory_1", "too_many_tokens")]
    # the first edition has no Raider card: two of each Age
    first = table(3)
    first[0]["tokens"] = {"victory_5": 3}
    assert problems(cities_game(*first)) == [("players[0].tokens.victory_5", "too_many_tokens")]


def test_debt_is_a_whole_number_from_0_to_99():
    for debt, code in ((99, None), (100, "invalid"), (-1, "negative_value"), ("3", "invalid"),
                       (True, "invalid")):
        players = table(3)
        players[0]["debt"] = debt
        expected = [] if code is None else [("players[0].debt", code)]
        assert problems(cities_game(*players)) == expected
    players = table(3)
    players[0]["debt"] = 100
    assert "players[0].debt" in messages(cities_game(*players))[0]


def test_debt_and_teams_without_cities_name_the_expansion():
    players = table(3)
    players[0]["debt"] = 2
    document = {"players": players, "teams": []}
    assert problems(document) == [("teams", "invalid"), ("players[0].debt", "invalid")] or \
        sorted(problems(document)) == [("players[0].debt", "invalid"), ("teams", "invalid")]
    assert all("cities" in message for message in messages(document))


def test_c14_teams():
    ok = cities_game(*table(4), teams=[["P0", "P1"], ["P2", "P3"]])
    assert problems(ok) == []
    wrapped = cities_game(*table(4), teams=[["P1", "P2"], ["P3", "P0"]])
    assert problems(wrapped) == []
    apart = cities_game(*table(4), teams=[["P0", "P2"], ["P1", "P3"]])
    assert problems(apart) == [("teams[0]", "invalid"), ("teams[1]", "invalid")]
    missing = cities_game(*table(4), teams=[["P0", "P1"]])
    assert problems(missing) == [("teams", "invalid")]
    twice = cities_game(*table(4), teams=[["P0", "P1"], ["P1", "P2"]])
    assert ("teams[1][0]", "invalid") in problems(twice)
    stranger = cities_game(*table(4), teams=[["P0", "P1"], ["P2", "Zed"]])
    assert ("teams[1][1]", "invalid") in problems(stranger)
    odd = cities_game(*table(5), teams=[["P0", "P1"], ["P2", "P3"]])
    assert problems(odd) == [("teams", "invalid")]
    eight_second = cities_game(*table(6, "second"), edition="second",
                               teams=[["P0", "P1"], ["P2", "P3"], ["P4", "P5"]])
    assert problems(eight_second) == []
    assert problems(cities_game(*table(4), teams="P0")) == [("teams", "invalid")]
    assert problems(cities_game(*table(4), teams=[["P0", "P1", "P2"], ["P3"]])) == [
        ("teams[0]", "invalid"), ("teams[1]", "invalid"), ("teams", "invalid")]


def test_c12_nitocris_and_a_raider_card_give_a_fourth_victory_token_of_one_age():
    """Two conflicts, Nitocris's token and the Raider card's: four tokens of Age I (rulings
    C12 and Leaders item 20); a fifth, or a fourth in an Age without its Raider card, is
    refused on the token's own field."""
    players = table(3, "second", leaders=[])
    players[0]["leaders"] = ["nitocris"]
    players[0]["cards"] = ["raider-camp"]
    players[0]["tokens"] = {"victory_1": 4, "victory_3": 2, "victory_5": 1, "defeat": 1}
    game = cities_game(*players, edition="second", leaders=True)
    assert problems(game) == []
    # the tokens score: 4 x 1 + 2 x 3 + 1 x 5 - 1
    assert scores_of(game, "P0")["scores"]["military"] == 14
    # six battles and two extra tokens: eight in all, not nine
    players[0]["tokens"] = {"victory_1": 4, "victory_3": 2, "victory_5": 2, "defeat": 1}
    assert problems(game) == [("players[0].tokens", "too_many_tokens")]
    players[0]["tokens"] = {"victory_1": 5}
    assert problems(game) == [("players[0].tokens.victory_1", "too_many_tokens")]
    assert messages(game) == ["At most 4 tokens of this kind fit one city (got 5)."]
    # Nitocris gives one token in one Age only: no fourth Age II token beside Age I's fourth
    players[0]["tokens"] = {"victory_1": 4, "victory_3": 4}
    assert problems(game) == [("players[0].tokens.victory_3", "too_many_tokens")]
    assert "At most 2 tokens" in messages(game)[0]  # her token is Age I's fourth
    # without Nitocris the Raider card alone allows three
    players[0]["leaders"] = []
    players[0]["tokens"] = {"victory_1": 4}
    assert problems(game) == [("players[0].tokens.victory_1", "too_many_tokens")]
    # the limit comes from the Raider card: the message says so, not only "the leaders"
    assert messages(game) == ["At most 3 tokens of this kind fit this city with its buildings "
                              "that give one and the leaders at this table (got 4)."]
    # without the Raider card Nitocris alone allows three
    players[0]["leaders"] = ["nitocris"]
    players[0]["cards"] = []
    assert problems(game) == [("players[0].tokens.victory_1", "too_many_tokens")]
    assert messages(game) == ["At most 3 tokens of this kind fit one city with the leaders at "
                              "this table (got 4)."]
    players[0]["tokens"] = {"victory_1": 3}
    assert problems(game) == []


def test_c12_the_first_edition_with_leaders_keeps_the_leaders_limits():
    """No Raider card in the first edition: Nitocris's third token, never a fourth."""
    players = table(3, leaders=[])
    players[0]["leaders"] = ["nitocris"]
    players[0]["tokens"] = {"victory_1": 3}
    assert problems(cities_game(*players, leaders=True)) == []
    players[0]["tokens"] = {"victory_1": 4}
    assert problems(cities_game(*players, leaders=True)) == [
        ("players[0].tokens.victory_1", "too_many_tokens")]
