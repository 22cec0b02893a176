"""Winners, ties and ranks (edge-cases 19), seating (edge-cases 0) and the Free City variant."""

from __future__ import annotations

from scorer.engine.scoring import CATEGORIES, GameScore, PlayerScore, rank_players
from scorer.engine.validation import parse_game
from tests.helpers import game, player, report


def pad(name: str, total: int, coins: int, free_city: bool = False) -> PlayerScore:
    scores = dict.fromkeys(CATEGORIES, 0)
    scores["civilian"] = total
    entry = PlayerScore(name, coins, free_city, scores, {}, {}, [])
    entry.total = total
    return entry


def ranked(*players: PlayerScore) -> GameScore:
    result = GameScore("first", list(players))
    rank_players(result)
    return result


def test_most_points_wins():
    result = ranked(pad("A", 40, 0), pad("B", 52, 0), pad("C", 50, 9))
    assert result.winners == ["B"]
    assert [p.rank for p in result.players] == [3, 1, 2]
    assert not result.decided_by_coins


def test_tie_on_points_broken_by_coins():
    result = ranked(pad("A", 52, 7), pad("B", 52, 6), pad("C", 50, 20))
    assert result.winners == ["A"]
    assert [p.rank for p in result.players] == [1, 2, 3]
    assert result.decided_by_coins


def test_tie_on_points_and_coins_shares_the_victory():
    result = ranked(pad("A", 52, 7), pad("B", 52, 6), pad("C", 50, 9), pad("D", 52, 7))
    assert result.winners == ["A", "D"]
    assert [p.rank for p in result.players] == [1, 3, 4, 1]


def test_tied_losers_share_a_rank_and_the_next_rank_is_skipped():
    result = ranked(pad("A", 60, 0), pad("B", 40, 3), pad("C", 40, 3), pad("D", 30, 0))
    assert [p.rank for p in result.players] == [1, 2, 2, 4]


def test_ties_through_the_api_document():
    # 7 coins and 6 coins are both 2 points; 3 coins is 1
    doc = game(player("A", "gizah", coins=7), player("B", "rhodes", coins=6),
               player("C", "babylon", coins=3), player("D", "ephesos", coins=7))
    answer = report(doc)
    assert answer["winners"] == ["A", "D"]
    assert [p["rank"] for p in answer["players"]] == [1, 3, 4, 1]
    assert answer["decided_by_coins"] is True


def test_seating_left_is_the_next_entry_and_right_the_previous():
    parsed, problems = parse_game(game(*(player(f"S{i}", w) for i, w in
                                         enumerate(("gizah", "rhodes", "babylon", "ephesos")))))
    assert not problems
    assert parsed.left(0).name == "S1" and parsed.right(0).name == "S3"
    assert parsed.left(3).name == "S0" and parsed.right(3).name == "S2"


def test_neighbour_guilds_look_only_at_adjacent_seats():
    # seat 0 and seat 2 are not neighbours in a 4-player game
    doc = game(player("S0", "gizah", cards=["spies-guild"]), player("S1", "rhodes"),
               player("S2", "babylon", cards=["stockade", "barracks"]),
               player("S3", "ephesos", cards=["guard-tower"]))
    assert report(doc)["players"][0]["scores"]["guilds"] == 1


def free_city_game(free: dict | None = None) -> dict:
    free = free or player("Free City", "gizah", "A", 3, coins=30, cards=["palace", "senate"])
    free["free_city"] = True
    return game(player("Ann", "rhodes", coins=3, cards=["spies-guild", "altar"]),
                free, player("Ben", "babylon", coins=15, cards=["stockade"]))


def test_free_city_is_scored_and_seated_but_never_wins():
    answer = report(free_city_game())
    free = answer["players"][1]
    assert free["free_city"] is True
    assert free["total"] == 15 + 14 + 10  # wonder, palace + senate, 30 coins
    assert free["rank"] is None
    assert answer["winners"] == ["Ben"]
    ann = answer["players"][0]
    # Ann's neighbours are the Free City (left) and Ben (right): Ben's stockade counts
    assert ann["scores"]["guilds"] == 1


def test_free_city_level_with_the_winner_does_not_share_the_victory():
    answer = report(free_city_game(player("Free City", "gizah", coins=15)))
    assert [p["total"] for p in answer["players"]] == [4, 5, 5]
    assert answer["winners"] == ["Ben"]
    assert [p["rank"] for p in answer["players"]] == [2, None, 1]
