"""The first-edition catalog against the box contents and the rulebooks' card lists."""

from __future__ import annotations

import csv
import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from scorer.engine.catalog import AGES, COLOURS, SCIENCE_SYMBOLS
from scorer.engine.rules import get_ruleset, load_catalog

GUILDS_EXTRA = get_ruleset().guilds_extra

CATALOG = load_catalog()
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "cards-1st-edition.csv"


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("age", AGES)
def test_every_age_deals_seven_cards_to_each_player(players, age):
    deck = CATALOG.deck(age, players)
    guilds = players + GUILDS_EXTRA if age == 3 else 0
    assert len(deck) + guilds == 7 * players
    assert not any(card.is_guild for card in deck)


@pytest.mark.parametrize(("players", "sizes"), [
    (3, (21, 21, 16)), (4, (28, 28, 22)), (5, (35, 35, 28)), (6, (42, 42, 34)), (7, (49, 49, 40)),
])
def test_deck_sizes_match_the_reference_count_table(players, sizes):
    assert tuple(len(CATALOG.deck(age, players)) for age in AGES) == sizes


def test_box_holds_148_cards():
    physical = sum(card.copies_for(7) for card in CATALOG.cards.values()) + len(CATALOG.guilds)
    assert physical == 148


def test_seventy_five_buildings_and_ten_guilds():
    assert len(CATALOG.cards) == 75
    assert len(CATALOG.guilds) == 10
    assert {card.colour for card in CATALOG.cards.values()} == set(COLOURS)


def test_two_age_buildings_have_their_aliases():
    for building in ("loom", "glassworks", "press"):
        card = CATALOG.cards[building]
        assert card.ages == (1, 2)
        assert CATALOG.card(f"{building}-age1") is card
        assert CATALOG.card(f"{building}-age2") is card
    assert CATALOG.card("lumberyard") is None


def test_every_chain_points_one_age_back_and_is_mirrored():
    chains = 0
    for card in CATALOG.cards.values():
        for earlier_id in card.chains_from:
            earlier = CATALOG.card(earlier_id)
            assert earlier is not None, (card.id, earlier_id)
            assert max(earlier.ages) + 1 == min(card.ages), (card.id, earlier_id)
            assert card.id in earlier.chains_to, (card.id, earlier_id)
            chains += 1
        for later_id in card.chains_to:
            assert card.id in CATALOG.card(later_id).chains_from, (card.id, later_id)
    assert chains == 26  # 25 chained cards, the Forum from either trading post


def test_four_green_cards_per_science_symbol():
    symbols = Counter(effect["symbol"] for card in CATALOG.cards.values() if card.colour == "green"
                      for effect in card.effects if effect.type == "science")
    assert symbols == dict.fromkeys(SCIENCE_SYMBOLS, 4)


def test_scientists_guild_is_the_only_wild_card():
    wild = [card.id for card in CATALOG.cards.values()
            if any(e.type == "science" and e["symbol"] == "any" for e in card.effects)]
    assert wild == ["scientists-guild"]


def test_both_sides_of_the_seven_wonders():
    assert sorted(CATALOG.wonders) == sorted(
        ["rhodes", "alexandria", "ephesos", "babylon", "olympia", "halikarnassos", "gizah"])
    for wonder in CATALOG.wonders.values():
        assert set(wonder.sides) == {"A", "B"}
        assert len(wonder.sides["A"]) == 3
        assert 2 <= len(wonder.sides["B"]) <= 4
    assert len(CATALOG.wonders["gizah"].sides["B"]) == 4
    assert len(CATALOG.wonders["rhodes"].sides["B"]) == 2


def stage_vp(wonder: str, side: str) -> list[int]:
    return [sum(e["amount"] for e in stage.effects if e.type == "vp")
            for stage in CATALOG.wonders[wonder].sides[side]]


@pytest.mark.parametrize(("wonder", "side", "points"), [
    ("rhodes", "B", [3, 4]), ("ephesos", "B", [2, 3, 5]), ("gizah", "B", [3, 5, 5, 7]),
    ("halikarnassos", "B", [2, 1, 0]), ("alexandria", "A", [3, 0, 7]),
])
def test_wonder_stage_points_follow_the_rulebooks(wonder, side, points):
    assert stage_vp(wonder, side) == points


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference not present")
def test_catalog_agrees_with_the_reference_csv():
    with open(REFERENCE, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 78
    for row in rows:
        card = CATALOG.card(row["id"])
        assert card is not None and card.name == row["name_en"] and card.colour == row["color"]
        marks = tuple(int(n) for n in filter(None, row["player_counts"].split(",")))
        assert card.copies[int(row["age"])] == marks


def test_catalog_is_loaded_once_and_immutable():
    assert load_catalog() is CATALOG
    card = CATALOG.cards["lighthouse"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.name = "Lamp"
    with pytest.raises(TypeError):
        CATALOG.cards["lamp"] = card
    with pytest.raises(TypeError):
        card.cost["coins"] = 0
    with pytest.raises(TypeError):
        card.effects[0].params["vp"] = 9
    with pytest.raises(TypeError):
        CATALOG.wonders["gizah"].sides["C"] = ()
    with pytest.raises(TypeError):
        CATALOG.card_ids["lamp"] = "lighthouse"


def test_unknown_edition_is_refused():
    with pytest.raises(KeyError):
        load_catalog("third")
