"""The second-edition catalog against the box contents and ``cards-2nd-edition.csv``."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from scorer.engine.rules import get_ruleset

RULESET = get_ruleset("second")
CATALOG = RULESET.catalog
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"
DATA = Path(__file__).resolve().parents[2] / "scorer" / "engine" / "data" / "second"


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("age", (1, 2, 3))
def test_every_age_deals_seven_cards_to_each_player(players, age):
    deck = CATALOG.deck(age, players)
    guilds = players + RULESET.guilds_extra if age == 3 else 0
    assert len(deck) + guilds == 7 * players
    assert not any(card.is_guild for card in deck)


def test_seventy_seven_buildings_ten_guilds_148_cards():
    assert len(CATALOG.cards) == 77
    assert len(CATALOG.guilds) == 10
    assert sum(card.copies_for(7) for card in CATALOG.cards.values()) + 10 == 148


def test_two_age_buildings_are_one_building_with_age_suffixed_aliases():
    for building in ("loom", "glassworks", "press"):
        card = CATALOG.cards[building]
        assert card.ages == (1, 2)
        assert CATALOG.card(f"{building}-age1") is card is CATALOG.card(f"{building}-age2")


def test_four_green_cards_per_science_symbol():
    symbols = Counter(effect["symbol"] for card in CATALOG.cards.values() if card.colour == "green"
                      for effect in card.effects if effect.type == "science")
    assert symbols == {"compass": 4, "gear": 4, "tablet": 4}


def test_chains_by_symbol_point_to_a_later_age_and_are_mirrored():
    skipping = set()
    for card in CATALOG.cards.values():
        for earlier_id in card.chains_from:
            earlier = CATALOG.card(earlier_id)
            assert earlier is not None, (card.id, earlier_id)
            assert max(earlier.ages) < min(card.ages), (card.id, earlier_id)
            assert card.id in earlier.chains_to
            if min(card.ages) - max(earlier.ages) == 2:
                skipping.add((earlier.id, card.id))
        for later_id in card.chains_to:
            assert card.id in CATALOG.card(later_id).chains_from
    assert skipping == {("altar", "pantheon"), ("theater", "gardens")}


def test_the_cards_the_second_edition_changed():
    cards = CATALOG.cards
    assert "strategists-guild" not in cards and "pawnshop" not in cards
    assert {"well", "ludus", "castrum", "decorators-guild"} <= set(cards)
    assert (cards["altar"].vp, cards["theater"].vp, cards["temple"].vp, cards["well"].vp) == (
        3, 3, 4, 3)
    assert cards["well"].chains_to == ("statue",) and cards["statue"].chains_from == ("well",)
    assert cards["temple"].chains_from == () and cards["temple"].chains_to == ()
    assert dict(cards["fortifications"].cost) == {"clay": 1, "ore": 3}
    assert dict(cards["spies-guild"].cost) == {"clay": 2, "glass": 1}
    assert dict(cards["builders-guild"].cost) == {"stone": 3, "clay": 2, "glass": 1}
    assert cards["ludus"].copies == {3: (5, 7)} and cards["castrum"].copies == {3: (4, 7)}
    assert cards["arena"].copies == {3: (3, 5)} and cards["arsenal"].copies == {3: (3, 5)}
    assert cards["circus"].copies == {3: (4, 6)} and cards["town-hall"].copies == {3: (3, 6)}
    assert [e.type for e in cards["decorators-guild"].effects] == ["vp_if_wonder_complete"]


SIDES = {  # wonder: (base resource, stages day, stages night)
    "rhodes": ("ore", 3, 2), "alexandria": ("glass", 3, 3), "ephesos": ("papyrus", 3, 3),
    "babylon": ("wood", 3, 2), "olympia": ("clay", 3, 3), "halikarnassos": ("loom", 3, 3),
    "gizah": ("stone", 3, 4),
}


def test_day_and_night_sides_of_the_seven_wonders():
    assert {w: (x.resource, len(x.sides["day"]), len(x.sides["night"]))
            for w, x in CATALOG.wonders.items()} == SIDES


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference not present")
def test_catalog_agrees_with_the_reference_csv_and_says_where_it_came_from():
    with open(REFERENCE / "cards-2nd-edition.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 80
    for row in rows:
        card = CATALOG.card(row["id"])
        assert card.name == row["name_en"] and card.colour == row["color"]
        marks = tuple(int(n) for n in filter(None, row["player_counts"].split(",")))
        assert card.copies[int(row["age"])] == marks
    sources = (DATA / "sources.txt").read_text(encoding="utf-8")
    assert "cards.json <- cards-2nd-edition.csv sha256=" in sources
    assert "wonders.json <- wonders-2nd-edition.csv sha256=" in sources


def test_second_edition_names_carry_the_first_edition_names_as_hints():
    assert dict(CATALOG.cards["gardens"].reference_names) == {"nl": "Tuinen", "pl": "Ogrody"}
    assert dict(CATALOG.cards["ludus"].reference_names) == {"nl": "", "pl": ""}
    assert CATALOG.wonders["gizah"].reference_names["pl"] == "Piramidy w Gizie"
