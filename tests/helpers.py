"""Small builders for game documents used across the tests."""

from __future__ import annotations

WONDERS = ("rhodes", "alexandria", "ephesos", "babylon", "olympia", "halikarnassos", "gizah")


def player(name: str, wonder: str, side: str = "A", stages: int = 0, cards=(), coins: int = 0,
           **tokens: int) -> dict:
    return {"name": name, "wonder": wonder, "side": side, "stages": stages,
            "cards": list(cards), "coins": coins, "tokens": tokens}


def game(*players: dict) -> dict:
    return {"edition": "first", "players": list(players)}


def filler(count: int, used=()) -> list[dict]:
    """Empty cities with wonders nobody else in the game uses, to reach a player count."""
    free = [w for w in WONDERS if w not in used]
    return [player(f"P{i}", free[i]) for i in range(count)]
