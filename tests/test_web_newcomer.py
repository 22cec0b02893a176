"""What a newcomer tripped over (issue 11, item 7), each checked with the test client.

The browser-only parts (keys, dialogs, scroll, layout at 390 px) are in
``tests/browser/test_newcomer.py``.
"""

from __future__ import annotations

from tests.helpers import game, player


def test_polish_counts_agree_with_their_noun(client):
    """"za każdy etap", "za każdy Żeton Porażki": the quantifier agrees with each noun."""
    doc = game(player("Ada", "alexandria", stages=2,
                      cards=["builders-guild", "strategists-guild", "workers-guild"]),
               player("Bob", "gizah", stages=1, defeat=2), player("Cy", "rhodes", defeat=1))
    answer = client.post("/api/v1/score", json=doc, headers={"Accept-Language": "pl"})
    guilds = answer.json["players"][0]["explanations"]["guilds"]
    assert "1 za każdy etap Cudu Świata we własnym i sąsiednich miastach × 3 = 3" in guilds
    assert "1 za każdy Żeton Porażki w sąsiednich miastach × 3 = 3" in guilds
    assert "1 za każdą brązową kartę w sąsiednich miastach" in guilds
    assert "każdą etap" not in guilds and "każdą Żeton" not in guilds
