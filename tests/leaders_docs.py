"""Builders for Leaders game documents used by the Leaders tests."""

from __future__ import annotations

import pytest

from scorer.engine.rules import editions
from tests.helpers import WONDERS, report

#: the second edition's tests run once its ruleset exists
needs_second = pytest.mark.skipif("second" not in editions(),
                                  reason="the second edition's ruleset is not there yet")

SECOND_WONDERS = ("rhodes", "alexandria", "ephesos", "babylon", "olympia", "halikarnassos",
                  "gizah")


def city(name: str, wonder: str, side: str = "A", stages: int = 0, cards=(), coins: int = 0,
         leaders=(), buried=(), **tokens: int) -> dict:
    entry = {"name": name, "wonder": wonder, "side": side, "stages": stages,
             "cards": list(cards), "coins": coins, "tokens": tokens, "leaders": list(leaders)}
    if buried:
        entry["buried"] = list(buried)
    return entry


def leaders_game(*players: dict, edition: str = "first", size: int = 3) -> dict:
    """A Leaders game of these players, padded with empty cities to ``size`` seats."""
    used = {p["wonder"] for p in players}
    free = [w for w in WONDERS if w not in used]
    side = "A" if edition == "first" else "day"
    padding = [city(f"F{i}", free[i], side) for i in range(max(0, size - len(players)))]
    return {"edition": edition, "expansions": ["leaders"], "players": [*players, *padding]}


def entry(document: dict, name: str) -> dict:
    for player in report(document)["players"]:
        if player["name"] == name:
            return player
    raise AssertionError(f"no player {name!r}")
