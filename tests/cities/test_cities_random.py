"""Random Cities games of both editions (with and without Leaders, with and without teams):
valid as dealt, and their Cities figures recomputed independently from the reference CSVs."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from tests.cities.cities_docs import deal
from tests.helpers import report

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
FILES = {"first": "cities-cards-1st-edition.csv", "second": "cities-cards-2nd-edition.csv"}
AGE_TOKEN = {"victory_token_age1": "victory_1", "victory_token_age2": "victory_3",
             "victory_token_age3": "victory_5"}


def black_effects(edition: str) -> dict[str, list[str]]:
    with open(REFERENCE / FILES[edition], encoding="utf-8", newline="") as handle:
        return {row["id"]: row["effect"].split(";") for row in csv.DictReader(handle)}


def cities_row(player: dict, effects: dict[str, list[str]]) -> int:
    """The black cards' points read from the CSV's effect words (C7)."""
    tokens = player["tokens"]
    victories = sum(count for kind, count in tokens.items() if kind != "defeat")
    black = [card for card in player["cards"] if card in effects]
    points = 0
    for card in black:
        for word in effects[card]:
            kind, _, rest = word.partition(":")
            fields = rest.split(":")
            if kind == "vp":
                points += int(fields[0])
            elif kind == "coins_vp_per" and fields[0] == "black":
                points += len(black) * int(fields[3])
            elif kind == "coins_vp_per" and fields[0] == "victory_token":
                points += victories * int(fields[3])
            elif kind == "vp_per" and fields[0] in AGE_TOKEN:
                points += tokens.get(AGE_TOKEN[fields[0]], 0) * int(fields[2])
    return points


def games():
    rng = random.Random(1919)
    for number in range(120):
        edition = ("first", "second")[number % 2]
        teams = number % 3 == 0
        sizes = ((4, 6, 8) if edition == "first" else (4, 6)) if teams else \
            tuple(range(3, 9 if edition == "first" else 8))
        yield deal(rng, edition, rng.choice(sizes), leaders=number % 4 < 2, teams=teams)


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference not present")
@pytest.mark.parametrize("document", list(games()))
def test_random_cities_game(document):
    result = report(document)
    effects = black_effects(document["edition"])
    rows = result["categories"]
    assert rows[-1] == "cities" and rows.index("guilds") < rows.index("cities")
    for player, entered in zip(result["players"], document["players"], strict=True):
        assert player["total"] == sum(player["scores"].values())
        assert player["scores"]["cities"] == cities_row(entered, effects)
        debt = entered.get("debt", 0)
        assert player["debt"] == debt
        assert player["scores"]["coins"] == entered["coins"] // 3 - debt
        assert all(player["explanations"][row] for row in rows)
    if "teams" in document:
        by_name = {player["name"]: player for player in result["players"]}
        teams = result["teams"]
        for team, names in zip(teams, document["teams"], strict=True):
            assert team["players"] == names
            assert team["total"] == sum(by_name[name]["total"] for name in names)
            assert team["coins"] == sum(by_name[name]["coins"] for name in names)
        best = max((team["total"], team["coins"]) for team in teams)
        assert {team["rank"] == 1 for team in teams if (team["total"], team["coins"]) == best} \
            == {True}
    else:
        assert "teams" not in result
