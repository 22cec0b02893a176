"""Builders for Leaders game documents used by the Leaders tests."""

from __future__ import annotations

import pytest

from scorer.engine.rules import editions
from tests.helpers import WONDERS, play_ages, report

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


def deal(rng, edition: str = "first", players: int = 7) -> dict:
    """A random valid Leaders game dealt from the real decks: wonders (Roma and Abu Simbel
    among them), Ages and guilds, battles, and up to three leaders per city (more with Roma
    night's built stages), buried ones under Abu Simbel's built stages."""
    from scorer.engine.rules import get_ruleset

    ruleset = get_ruleset(edition, ["leaders"])
    catalog = ruleset.catalog
    leaders = [leader for leader in ruleset.data["leaders"].playable]
    rng.shuffle(leaders)
    cities = []
    for index, wonder_id in enumerate(rng.sample(sorted(catalog.wonders), players)):
        wonder = catalog.wonders[wonder_id]
        side = rng.choice(sorted(wonder.sides))
        stages = wonder.sides[side]
        built = rng.randint(0, len(stages))
        entry = city(f"P{index}", wonder_id, side, built, coins=rng.randint(0, 30))
        room = 3 + sum(1 for s in stages[:built] for e in s.effects if e.type == "recruit_leader_now")
        burying = sum(1 for s in stages[:built] for e in s.effects if e.type == "bury_leader")
        held = [leaders.pop() for _ in range(rng.randint(0, room))]
        buried = held[:min(burying, rng.randint(0, len(held)))]
        entry["leaders"] = [leader.id for leader in held[len(buried):]]
        entry["buried"] = [{"leader": leader.id, "age": rng.randint(1, 3)} if leader.age_cost
                           else leader.id for leader in buried]
        cities.append(entry)
    play_ages(rng, ruleset, cities)
    return {"edition": edition, "expansions": ["leaders"], "players": cities}
