"""The Ruleset API: one cached, immutable object per (edition, expansions); the effect registry."""

from __future__ import annotations

import dataclasses

import pytest

from scorer.engine import rules
from scorer.engine.catalog import build_catalog
from scorer.engine.effects import EFFECT_KINDS
from scorer.engine.expansions import Expansion, installed
from scorer.engine.rules import EffectKind, UnknownEffect, get_ruleset, register_effect
from tests.helpers import game, player, problems_of

CARD = {"id": "oracle", "name": "Oracle", "colour": "blue", "cost": {}, "chains_from": [],
        "chains_to": [], "copies": {"1": [3]}, "aliases": [], "reference_names": {}}


def catalog_with(effects, colour="blue"):
    return build_catalog("test", [dict(CARD, colour=colour, effects=effects)], [],
                         {"blue": "civilian"}, frozenset({"brown"}))


def test_one_cached_immutable_ruleset_per_edition():
    first = get_ruleset()
    assert get_ruleset("first") is first and get_ruleset("first", []) is first
    assert first.catalog is get_ruleset().catalog
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.min_players = 2
    with pytest.raises(TypeError):
        first.row_of_colour["green"] = "science"


def test_first_edition_facts():
    first = get_ruleset("first")
    assert first.categories == ("military", "coins", "wonder", "civilian", "science",
                                "commercial", "guilds")
    assert first.row_label("coins").render() == "Treasury"
    assert first.side_ids == ("A", "B") and first.side("A").label.render() == "A"
    assert (first.min_players, first.max_players, first.free_city) == (3, 7, True)
    assert [(t.id, t.value, t.limit) for t in first.tokens] == [
        ("victory_1", 1, 2), ("victory_3", 3, 2), ("victory_5", 5, 2), ("defeat", -1, 6)]
    assert (first.starting_coins, first.guilds_extra, first.ages) == (3, 2, (1, 2, 3))
    assert (first.trade.base_price, first.trade.discount_price) == (2, 1)
    assert first.trade.sellable_colours == {"brown", "grey"}
    assert "first" in rules.editions()


def test_unknown_edition_or_expansion_is_a_key_error():
    with pytest.raises(KeyError):
        get_ruleset("third")
    with pytest.raises(KeyError):
        get_ruleset("first", ["catan"])


def test_an_expansion_builds_on_the_base_ruleset(monkeypatch):
    class ExtraRow(Expansion):
        id = "test-expansion"

        def extend(self, base):
            row = rules.Row("extra", base.rows[0].label)
            return base.extended(rows=(*base.rows, row), player_fields=base.player_fields | {"x"})

    # No cache_clear: the base rulesets (and the catalog objects other tests hold) stay the same
    # objects; the test expansion's own entry is new and unreachable once it is unregistered.
    plugin = ExtraRow()
    monkeypatch.setattr(rules, "installed", lambda: {**installed(), plugin.id: plugin})
    expanded = get_ruleset("first", ["test-expansion"])
    assert expanded.categories[-1] == "extra" and expanded.expansions == ("test-expansion",)
    assert expanded.parts == (plugin,)
    assert get_ruleset("first", ("test-expansion",)) is expanded
    assert get_ruleset("first").categories[-1] == "guilds"
    assert expanded.catalog is get_ruleset("first").catalog


def test_an_effect_the_registry_does_not_know_fails_at_load_time():
    with pytest.raises(UnknownEffect, match="teleport"):
        catalog_with([{"type": "teleport"}])


def test_an_effect_with_wrong_or_unknown_parameters_fails_at_load_time():
    with pytest.raises(UnknownEffect, match="amount"):
        catalog_with([{"type": "vp", "amount": "three"}])
    with pytest.raises(UnknownEffect, match="bonus"):
        catalog_with([{"type": "vp", "amount": 3, "bonus": 1}])


def test_points_of_a_colour_no_row_takes_fail_at_load_time():
    with pytest.raises(UnknownEffect, match="row"):
        catalog_with([{"type": "vp", "amount": 3}], colour="green")


def test_loaded_effects_carry_their_kind_and_role():
    card = catalog_with([{"type": "vp", "amount": 3}]).cards["oracle"]
    assert card.vp == 3 and card.row == "civilian"
    assert card.effects[0].kind is EFFECT_KINDS["vp"] and card.effects[0].role == "points"


def test_every_effect_of_the_catalog_is_registered_and_has_a_role():
    catalog = get_ruleset().catalog
    items = [*catalog.cards.values(),
             *(stage for wonder in catalog.wonders.values() for side in wonder.sides.values()
               for stage in side)]
    assert all(effect.kind is EFFECT_KINDS[effect.type] for item in items
               for effect in item.effects)


def test_registering_a_different_kind_under_a_taken_name_is_refused():
    with pytest.raises(ValueError):
        register_effect(EffectKind("vp", "in_play"))
    with pytest.raises(ValueError):
        EffectKind("bonus", "end_game")


def test_unknown_fields_are_refused_with_their_path():
    document = game(player("Ada", "gizah"), player("Bob", "rhodes"), player("Cy", "babylon"))
    document["players"][2]["id"] = "p-7f3a"
    document["players"][0]["colour"] = "red"
    document["notes"] = "x"
    document["players"][1]["tokens"]["victory_7"] = 1
    assert problems_of(document) == [
        ("notes", "invalid"), ("players[0].colour", "invalid"),
        ("players[1].tokens.victory_7", "invalid")]


def test_a_player_id_must_be_a_short_text():
    document = game(player("Ada", "gizah"), player("Bob", "rhodes"), player("Cy", "babylon"))
    document["players"][0]["id"] = 7
    document["players"][1]["id"] = ""
    document["players"][2]["id"] = "x" * 65
    assert problems_of(document) == [("players[0].id", "invalid"), ("players[1].id", "invalid"),
                                     ("players[2].id", "invalid")]
