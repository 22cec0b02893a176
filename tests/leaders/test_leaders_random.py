"""Random Leaders games dealt from the real decks, in both editions: every game validates,
every total is its rows' sum, and the seats can turn without changing anyone's score."""

from __future__ import annotations

import random

import pytest

from tests.helpers import report
from tests.leaders.leaders_docs import deal, needs_second

EDITIONS = ["first", pytest.param("second", marks=needs_second)]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", range(40))
def test_rows_sum_to_the_total_and_seats_rotate(edition, seed):
    rng = random.Random(seed)
    players = rng.randint(3, 7)
    document = deal(rng, edition, players)
    answer = report(document)
    assert answer["categories"][-1] == "leaders"
    for player in answer["players"]:
        assert set(player["scores"]) == set(answer["categories"])
        assert player["total"] == sum(player["scores"].values())
        assert set(player["explanations"]) == set(answer["categories"])
    turn = rng.randint(1, players - 1)
    rotated = dict(document, players=document["players"][turn:] + document["players"][:turn])
    again = report(rotated)
    by_name = {p["name"]: p for p in again["players"]}
    for player in answer["players"]:
        assert by_name[player["name"]] == player
    assert sorted(again["winners"]) == sorted(answer["winners"])
