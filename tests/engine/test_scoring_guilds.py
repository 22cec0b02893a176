"""Each of the ten guilds, scored from its owner's seat (neighbours per the seating rule)."""

from __future__ import annotations

import pytest

from tests.helpers import game, player, scores_of

FAR_CARDS = ["lumber-yard", "loom", "tavern", "altar", "stockade", "apothecary", "temple",
             "barracks", "marketplace", "workshop", "glassworks"]


def around(guild: str, own=(), left=(), right=(), *, own_stages=0, left_stages=0,
           right_stages=0, own_defeats=0, left_defeats=0, right_defeats=0) -> dict:
    """P at seat 0 with the guild; L at seat 1 (next entry), R at seat 6 (previous, wrapping);
    seats 2 to 5 are far away and hold plenty that a guild must not count."""
    far = [player(f"F{i}", wonder, "A", 3, cards=FAR_CARDS if i == 2 else (), defeat=2)
           for i, wonder in zip(range(2, 6), ("alexandria", "ephesos", "babylon", "olympia"),
                                strict=True)]
    return game(
        player("P", "gizah", "B", own_stages, cards=[guild, *own], defeat=own_defeats),
        player("L", "rhodes", "A", left_stages, cards=list(left), defeat=left_defeats),
        *far,
        player("R", "halikarnassos", "A", right_stages, cards=list(right), defeat=right_defeats),
    )


def guilds_row(document: dict) -> tuple[int, str]:
    entry = scores_of(document, "P")
    return entry["scores"]["guilds"], entry["explanations"]["guilds"]


def test_workers_guild_counts_neighbours_brown_cards():
    points, text = guilds_row(around("workers-guild", own=["ore-vein", "quarry"],
                                     left=["stone-pit", "clay-pool", "sawmill"],
                                     right=["timber-yard"]))
    assert points == 4
    assert text == "Workers Guild: 1 per brown card in the neighbouring cities × 4 (L 3 + R 1) = 4"


def test_craftsmens_guild_two_per_neighbours_grey_card():
    points, _ = guilds_row(around("craftsmens-guild", own=["press"], left=["loom", "glassworks"],
                                  right=["press"]))
    assert points == 6


def test_traders_guild_counts_neighbours_yellow_cards():
    points, _ = guilds_row(around("traders-guild", own=["forum"], left=["tavern", "bazar"],
                                  right=["vineyard", "haven", "lighthouse"]))
    assert points == 5


def test_philosophers_guild_counts_neighbours_green_cards():
    points, _ = guilds_row(around("philosophers-guild", own=["library"],
                                  left=["scriptorium", "school"], right=["study"]))
    assert points == 3


def test_spies_guild_counts_neighbours_red_cards():
    points, _ = guilds_row(around("spies-guild", own=["walls"], left=["stockade", "stables"],
                                  right=["circus", "arsenal", "guard-tower"]))
    assert points == 5


def test_magistrates_guild_counts_neighbours_blue_cards():
    points, _ = guilds_row(around("magistrates-guild", own=["palace"], left=["baths"],
                                  right=["pantheon", "senate"]))
    assert points == 3


def test_strategists_guild_counts_neighbours_defeats_not_own():
    # edge-cases 10: L holds three defeat tokens, R one; P's own defeats are irrelevant
    points, text = guilds_row(around("strategists-guild", own_defeats=2, left_defeats=3,
                                     right_defeats=1))
    assert points == 4
    assert text == "Strategists Guild: 1 per defeat token in the neighbouring cities × 4 (L 3 + R 1) = 4"


def test_builders_guild_counts_own_and_neighbours_stages():
    # edge-cases 11: P 3 stages, L 2, R 4 would be 9; here R is Halikarnassos A (3 stages)
    points, text = guilds_row(around("builders-guild", own_stages=3, left_stages=2,
                                     right_stages=3))
    assert points == 8
    assert text == ("Builders Guild: 1 per wonder stage in own and neighbouring cities × 8 "
                    "(P 3 + L 2 + R 3) = 8")


def test_builders_guild_edge_case_nine():
    doc = game(player("P", "rhodes", "A", 3, cards=["builders-guild"]),
               player("L", "babylon", "B", 2), player("X", "olympia", "A", 3),
               player("R", "gizah", "B", 4))
    assert scores_of(doc, "P")["scores"]["guilds"] == 9


def test_shipowners_guild_counts_itself():
    # edge-cases 12: 3 brown, 2 grey, Shipowners + Workers Guild -> 7
    points, text = guilds_row(around("shipowners-guild", own=[
        "lumber-yard", "stone-pit", "quarry", "loom", "press", "workers-guild"],
        left=["clay-pool"]))
    assert points == 7 + 1  # Shipowners 7, Workers 1 (L's clay pool)
    assert "Shipowners Guild: 1 per brown card, grey card, purple card in own city × 7 = 7" in text


def test_shipowners_guild_ignores_neighbours():
    points, _ = guilds_row(around("shipowners-guild", left=["loom", "lumber-yard"],
                                  right=["spies-guild"]))
    assert points == 1


def test_scientists_guild_gives_a_free_symbol_not_guild_points():
    entry = scores_of(around("scientists-guild", own=["apothecary", "workshop"]), "P")
    assert entry["scores"]["guilds"] == 0
    assert entry["scores"]["science"] == 1 + 1 + 1 + 7  # the free symbol completes a set
    assert entry["science_choices"] == ["tablet"]
    assert "Scientists Guild" in entry["explanations"]["science"]


def test_scientists_guild_alone_is_one_symbol():
    entry = scores_of(around("scientists-guild"), "P")
    assert entry["scores"]["science"] == 1


@pytest.mark.parametrize("guild", ["workers-guild", "craftsmens-guild", "traders-guild",
                                   "philosophers-guild", "spies-guild", "magistrates-guild",
                                   "strategists-guild"])
def test_neighbour_guilds_score_zero_with_empty_neighbours(guild):
    points, text = guilds_row(around(guild, own=FAR_CARDS[:3], own_defeats=3))
    assert points == 0 and text.endswith("× 0 (L 0 + R 0) = 0")


def test_several_guilds_add_up_with_one_line_each():
    points, text = guilds_row(around("spies-guild", own=["magistrates-guild"],
                                     left=["stockade", "altar"], right=["baths", "theater"]))
    assert points == 1 + 3
    assert text.count(";") == 1
