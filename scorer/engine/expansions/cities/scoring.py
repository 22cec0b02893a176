"""The Cities part of the score pad: debt in the treasury row (C5), team totals and team
ranks (C14).

The ``cities`` row itself needs nothing here: black cards are a colour whose points the ruleset
sends to that row, so the core scorer adds their printed points and their end-game effects
(Secret Society, Slave Market, Cells, Guardhouse, Prison) like any card's. Masks are
:mod:`.masks`.
"""

from __future__ import annotations

from functools import lru_cache

from ...messages import Message, nmessage
from ...sides import Side

DEBT = "debt"
TEAMS = "teams"


def debt_of(city) -> int:
    return city.parts.get(DEBT, 0)


def apply_debt(city, player, per_point: int) -> None:
    """Each point of debt is -1 in the treasury row, which may go negative (C5); the report
    gives the debt on the player."""
    debt = debt_of(city)
    player.extra[DEBT] = debt
    if not debt:
        return
    points, line = treasury_with_debt(city.coins, per_point, debt, player.scores["coins"])
    player.scores["coins"] = points
    player.explanations["coins"] = [line]


@lru_cache(maxsize=512)
def treasury_with_debt(coins: int, per_point: int, debt: int,
                       from_coins: int) -> tuple[int, Message]:
    """"14 coins ÷ 3 = 4, minus 6 debt = -2"."""
    points = from_coins - debt
    return points, nmessage(
        "%(num)d coin ÷ %(per)d = %(points)d, minus %(debt)d debt = %(total)d",
        "%(num)d coins ÷ %(per)d = %(points)d, minus %(debt)d debt = %(total)d",
        coins, per=per_point, points=from_coins, debt=debt, total=points, memo=True)


def team_results(game, result) -> list[dict]:
    """Each team in the document's order with its total, its coins and its rank: the highest
    total wins, ties broken by the teams' summed coins, still tied shared (C14)."""
    teams = game.parts.get(TEAMS)
    if not teams:
        return []
    players = result.players
    entries = [{"players": [players[seat].name for seat in seats],
                "total": sum(players[seat].total for seat in seats),
                "coins": sum(players[seat].coins for seat in seats)} for seats in teams]
    ordered = sorted(entries, key=lambda team: (team["total"], team["coins"]), reverse=True)
    for position, team in enumerate(ordered):
        previous = ordered[position - 1] if position else None
        if previous is not None and (previous["total"], previous["coins"]) == (
                team["total"], team["coins"]):
            team["rank"] = previous["rank"]
        else:
            team["rank"] = position + 1
    result.sides = [Side(tuple(seats), team["total"], team["rank"])
                    for seats, team in zip(teams, entries, strict=True)]
    return entries
