"""The Leaders catalog and ruleset: 49 playable leaders, Roma and Abu Simbel, the guilds."""

from __future__ import annotations

from collections import Counter

import pytest

from scorer import PROJECT_ROOT
from scorer.engine.catalog import make_effects
from scorer.engine.expansions.leaders.catalog import load_leaders
from scorer.engine.messages import Message
from scorer.engine.rules import UnknownEffect, get_ruleset
from scorer.i18n import translator_for

LEADERS = load_leaders().leaders
RULESET = get_ruleset("first", ["leaders"])


def test_the_box_holds_34_standard_15_expert_and_6_cities_leaders():
    assert Counter(leader.set for leader in LEADERS.values()) == {
        "standard": 34, "expert": 15, "cities": 6}
    assert len(load_leaders().playable) == 49
    assert {leader.id for leader in LEADERS.values() if not leader.playable} == {
        "caligula", "diocletian", "octavia", "arsinoe", "aspasia", "darius"}


def test_costs_in_coins_or_the_age():
    age_cost = {leader.id for leader in load_leaders().playable if leader.age_cost}
    assert age_cost == {"nitocris", "aganice", "phryne", "cornelia", "euryptyle", "theano",
                        "makeda", "cynisca"}
    assert [LEADERS["phryne"].cost_in(age) for age in (1, 2, 3)] == [1, 2, 3]
    assert LEADERS["cleopatra"].cost_in(3) == 4 and LEADERS["plato"].cost == 3


def test_every_scoring_leader_has_an_effect_that_scores_or_changes_science():
    """relevance "scoring" in leaders.csv; those whose effect is entered as tokens excepted."""
    scoring = {leader.id for leader in load_leaders().playable if leader.relevance == "scoring"}
    counted = {leader.id for leader in load_leaders().playable
               if any(e.kind.role in ("points", "end_game", "science", "science_choice")
                      for e in leader.effects)}
    assert scoring - counted == {"hannibal", "caesar", "nitocris", "telesilla", "tomyris"}
    assert counted <= scoring


def test_an_effect_nobody_registered_fails_at_load():
    with pytest.raises(UnknownEffect):
        make_effects([{"type": "vp_if_richest_in_the_world", "vp": 9}], "leader 'croesus II'")


def test_the_first_edition_leaders_ruleset():
    assert RULESET.categories[-2:] == ("guilds", "leaders")
    assert RULESET.starting_coins == 6
    roma, abu = RULESET.catalog.wonders["roma"], RULESET.catalog.wonders["abu-simbel"]
    assert {side: len(stages) for side, stages in roma.sides.items()} == {"A": 2, "B": 3}
    assert {side: len(stages) for side, stages in abu.sides.items()} == {"A": 3, "B": 2}
    assert roma.resource is None and abu.resource == "papyrus"
    assert [e.type for e in roma.board("A")] == ["free_leaders"]
    assert [e.type for e in roma.board("B")] == ["leader_discount", "leader_discount"]
    guilds = {"courtesans-guild", "diplomats-guild", "architects-guild", "gamers-guild"}
    assert guilds <= {card.id for card in RULESET.catalog.guilds}
    assert all(RULESET.catalog.cards[g].row == "guilds" for g in guilds)
    assert "roma" not in get_ruleset("first").catalog.wonders
    assert get_ruleset("first", ["leaders"]) is RULESET


@pytest.mark.parametrize(("locale", "leader", "name"), [
    ("nl", "Hannibal", "Hannibal"), ("nl", "Caesar", "Caesar"), ("nl", "Euclid", "Euclides"),
    ("nl", "Ptolemy", "Ptolemaeus"), ("nl", "Pythagoras", "Pythagoras"),
    ("pl", "Cleopatra", "Kleopatra"), ("pl", "Alexander", "Aleksander"),
    ("pl", "Aristotle", "Arystoteles"),
])
def test_leader_names_in_dutch_and_polish(locale, leader, name):
    translator = translator_for(locale, str(PROJECT_ROOT / "translations"))
    assert Message(leader, context="leader").render(translator) == name
