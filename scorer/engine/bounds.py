"""Bounds on what a game document may hold and on how long an error report may grow.

A body of 1 MB can name 200,000 unknown cards; checking each and listing every problem cost a
worker 1.9 s and answered 17.5 MB. Documents holding more players or cards than any
game can are refused before anything else is checked, and a report lists at most
``MAX_REPORTED`` problems plus one entry saying how many more were found.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from .expansions import installed
from .messages import N_, Message, nmessage
from .problems import Problem

MAX_REPORTED = 100
#: far above any real game (7 players, or 2 and the Free City; a city builds at most about 25
#: cards in three Ages); each expansion bounds its own list fields (``list_bounds``)
MAX_CITIES = 8
MAX_LIST = {"cards": 60, "hand": 20}
#: coins and every other count a player types
MAX_COINS = 999


def oversized(document: Any) -> list:
    """The problems of a document too large for any game (checked before anything else)."""
    if not isinstance(document, dict) or not isinstance(document.get("players"), list):
        return []
    players = document["players"]
    if len(players) > MAX_CITIES:
        return [Problem("players", "player_count", Message(N_(
            "A game has at most %(maximum)d cities; this one has %(count)d."),
            {"maximum": MAX_CITIES, "count": len(players)}))]
    found = []
    bounds = list_bounds()
    for index, player in enumerate(players):
        if not isinstance(player, dict):
            continue
        for field, maximum in bounds.items():
            value = player.get(field)
            if isinstance(value, list) and len(value) > maximum:
                found.append(Problem(f"players[{index}].{field}", "invalid", Message(N_(
                    "%(field)s: no city holds more than %(maximum)d; this list has %(count)d."),
                    {"field": field, "maximum": maximum, "count": len(value)})))
    return found


@cache
def list_bounds() -> Mapping[str, int]:
    """The longest list each player field may hold: the base game's and every expansion's."""
    bounds = {"cards": MAX_LIST["cards"]}
    for expansion in installed().values():
        bounds.update(expansion.list_bounds)
    return MappingProxyType({**bounds, **MAX_LIST})


def bounded(problems: list) -> list:
    """At most ``MAX_REPORTED`` problems, and one more entry saying how many were left out."""
    if len(problems) <= MAX_REPORTED:
        return problems
    rest = len(problems) - MAX_REPORTED
    more = nmessage("%(num)d more problem was found and is not listed.",
                    "%(num)d more problems were found and are not listed.", rest)
    return [*problems[:MAX_REPORTED], Problem("", "too_many_problems", more)]
