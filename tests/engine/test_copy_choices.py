"""End-game copies valued right and chosen together (issue 30, item 1).

A copied guild scores every point the card gives, printed or counted (C11 and the spec's
Olympia ruling: Counterfeiters Guild copied is worth 5); a copied leader is worth exactly what
the city then scores (no Aristotle counted twice); Olympia's guild copy, the Courtesans Guild's
leader copy and every science choice are made together so that the city's total is highest
(rulings 7, 17, C10). Every game here is checked against :mod:`tests.engine.copy_search`,
which tries every combination of the copies and every science choice: the city's total must
be the best one, and each "worth" the pad prints must be the difference the copy makes to it.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.rules import get_ruleset
from scorer.engine.scoring import score_game
from scorer.engine.validation import parse_game
from tests.engine.copy_search import best, combinations, worth_of_guild, worth_of_leader

EXPANSIONS = ["cities", "leaders"]
RULESET = get_ruleset("first", EXPANSIONS)
GUILDS = sorted(card.id for card in RULESET.catalog.guilds)
LEADERS = sorted(leader.id for leader in RULESET.data["leaders"].playable)
COURTESANS = "courtesans-guild"

OLYMPIA_WORTH = re.compile(r"Olympia copies (?P<card>.+?) from (?P<name>\w+) \((?:left|right)\)"
                           r"(?:, worth|: a free science symbol worth) (?P<worth>-?\d+)"
                           r"(?: \(other choices: (?P<others>[^)]*)\))?")
COURTESANS_WORTH = re.compile(r"Courtesans Guild copies (?P<leader>.+?) from (?P<name>\w+) "
                              r"\((?:left|right)\), worth (?P<worth>-?\d+)"
                              r"(?: \(other choices: (?P<others>[^)]*)\))?")


def city(name, wonder, side="A", stages=0, cards=(), coins=0, leaders=(), **tokens) -> dict:
    return {"name": name, "wonder": wonder, "side": side, "stages": stages,
            "cards": list(cards), "coins": coins, "tokens": tokens, "leaders": list(leaders)}


def document(*players: dict, expansions=EXPANSIONS) -> dict:
    if "leaders" not in expansions:
        players = tuple({k: v for k, v in p.items() if k != "leaders"} for p in players)
    return {"edition": "first", "expansions": list(expansions), "players": list(players)}


def scored(doc: dict, seat: int = 0):
    """(the report entry of the city at ``seat``, the search's combinations for it)."""
    game, problems = parse_game(doc)
    assert not problems, [p.as_dict() for p in problems]
    report = score_game(game)
    entry = report.as_dict()["players"][seat]
    return entry, combinations(game, seat, entry["scores"])


def named(game_doc: dict) -> dict[str, str]:
    """English name -> id of every guild and leader of the ruleset (to read explanations)."""
    names = {card.name: card.id for card in RULESET.catalog.guilds}
    names.update({leader.name: leader.id for leader in RULESET.data["leaders"].leaders.values()})
    return names


NAMES = named({})


def others_of(text: str | None) -> dict[str, int]:
    if not text:
        return {}
    found = {}
    for part in text.split(", "):
        name, _, worth = part.rpartition(" ")
        found[NAMES[name]] = int(worth)
    return found


def check_against_search(entry: dict, found) -> None:
    """The city's total is the best combination's, its copies make that total, and every
    worth the pad prints is the difference the copy makes."""
    assert entry["total"] == best(found), (entry["total"], best(found), entry["explanations"])
    chosen = [c for c in found if c.guild == entry["copied_guild"]
              and c.leader == entry.get("copied_leader")]
    assert chosen and max(c.total for c in chosen) == entry["total"]
    guilds = entry["explanations"]["guilds"]
    olympia = OLYMPIA_WORTH.search(guilds)
    if entry["copied_guild"] is not None:
        assert olympia and NAMES[olympia["card"]] == entry["copied_guild"], guilds
        assert int(olympia["worth"]) == worth_of_guild(found, entry["copied_guild"])
        for guild, worth in others_of(olympia["others"]).items():
            assert worth == worth_of_guild(found, guild), (guild, guilds)
    leaders = entry["explanations"].get("leaders", "")
    courtesans = COURTESANS_WORTH.search(leaders)
    if entry.get("copied_leader") is not None:
        assert courtesans and NAMES[courtesans["leader"]] == entry["copied_leader"], leaders
        assert int(courtesans["worth"]) == worth_of_leader(found, entry["copied_guild"],
                                                           entry["copied_leader"])
        for leader, worth in others_of(courtesans["others"]).items():
            assert worth == worth_of_leader(found, entry["copied_guild"], leader), (leader,
                                                                                   leaders)


# -- the cases of the issue, as golden figures ------------------------------------------------

def test_olympia_copying_the_counterfeiters_guild_scores_its_printed_5():
    doc = document(city("P", "olympia", "B", 3),
                   city("L", "rhodes", cards=["counterfeiters-guild"]),
                   city("R", "gizah"), expansions=["cities"])
    entry, found = scored(doc)
    assert entry["copied_guild"] == "counterfeiters-guild"
    assert entry["scores"]["guilds"] == 5
    assert entry["explanations"]["guilds"] == (
        "Olympia copies Counterfeiters Guild from L (left), worth 5; Counterfeiters Guild: 5")
    check_against_search(entry, found)


def test_the_counterfeiters_guild_beats_a_guild_worth_less():
    doc = document(city("P", "olympia", "B", 3),
                   city("L", "rhodes", cards=["counterfeiters-guild", "stockade"]),
                   city("R", "gizah", cards=["spies-guild", "barracks", "guard-tower"]),
                   expansions=["cities"])
    entry, found = scored(doc)
    assert (entry["copied_guild"], entry["scores"]["guilds"]) == ("counterfeiters-guild", 5)
    assert entry["explanations"]["guilds"].startswith(
        "Olympia copies Counterfeiters Guild from L (left), worth 5 (other choices: "
        "Spies Guild 3)")
    check_against_search(entry, found)


SCIENCE_SET = ["apothecary", "workshop", "scriptorium"]


def test_a_copied_aristotle_is_worth_what_it_scores_so_nefertiti_is_copied():
    """One science set: Aristotle copied scores 3, not 6; Nefertiti's 4 is the better copy."""
    doc = document(city("P", "gizah", cards=[COURTESANS, *SCIENCE_SET]),
                   city("L", "rhodes", leaders=["aristotle"]),
                   city("R", "babylon", leaders=["nefertiti"]), expansions=["leaders"])
    entry, found = scored(doc)
    assert entry["copied_leader"] == "nefertiti"
    assert (entry["scores"]["leaders"], entry["scores"]["science"]) == (4, 10)
    assert entry["explanations"]["leaders"].startswith(
        "Courtesans Guild copies Nefertiti from R (right), worth 4 (other choices: "
        "Aristotle 3)")
    check_against_search(entry, found)


def test_a_copied_aristotle_loses_to_cynisca():
    doc = document(city("P", "gizah", cards=[COURTESANS, *SCIENCE_SET]),
                   city("L", "rhodes", leaders=["aristotle"]),
                   city("R", "babylon", leaders=["cynisca"]), expansions=["leaders"])
    entry, found = scored(doc)
    assert (entry["copied_leader"], entry["scores"]["leaders"]) == ("cynisca", 6)
    check_against_search(entry, found)


def test_a_copied_aristotle_with_two_sets_is_worth_6():
    doc = document(city("P", "gizah", cards=[COURTESANS, *SCIENCE_SET, "dispensary",
                                             "laboratory", "library"]),
                   city("L", "rhodes", leaders=["aristotle"]),
                   city("R", "babylon", leaders=["nefertiti"]), expansions=["leaders"])
    entry, found = scored(doc)
    assert (entry["copied_leader"], entry["scores"]["leaders"]) == ("aristotle", 6)
    assert "worth 6 (other choices: Nefertiti 4)" in entry["explanations"]["leaders"]
    check_against_search(entry, found)


def test_olympia_and_the_courtesans_guild_choose_together():
    """Own Courtesans Guild, Enheduanna next door: the Scientists Guild's free symbol and
    Enheduanna's copy make 4 compasses (16), more than the Craftsmens Guild's 6 with 3 (9)."""
    doc = document(city("P", "olympia", "B", 3, cards=[COURTESANS, "apothecary", "dispensary"]),
                   city("L", "rhodes", cards=["scientists-guild", "loom"],
                        leaders=["enheduanna"]),
                   city("X", "ephesos"),
                   city("R", "gizah", cards=["craftsmens-guild", "glassworks", "press"]),
                   expansions=["leaders"])
    entry, found = scored(doc)
    assert (entry["copied_guild"], entry["copied_leader"]) == ("scientists-guild", "enheduanna")
    assert (entry["scores"]["science"], entry["scores"]["guilds"]) == (16, 0)
    assert entry["explanations"]["guilds"].startswith(
        "Olympia copies Scientists Guild from L (left): a free science symbol worth 7 (other "
        "choices: Craftsmens Guild 6)")
    check_against_search(entry, found)


# -- every guild Olympia may copy, every leader the Courtesans Guild may copy ------------------

#: what each neighbour holds besides its guild: a bit of everything a guild or a leader may
#: count (no card beyond the decks' copies for four players, each black card once)
BUSY = {
    "L": ["lumber-yard", "clay-pool", "glassworks", "altar", "baths", "tavern", "stockade",
          "barracks", "lodge", "observatory", "militia", "residence", "gates-of-the-city"],
    "R": ["timber-yard", "excavation", "press", "temple", "east-trading-post", "walls",
          "archery-range", "university", "school", "mercenaries", "tabularium"],
}


def busy_neighbour(name: str, wonder: str, guild: str | None = None, leaders=()) -> dict:
    """A neighbour with a bit of everything a guild or a leader may count."""
    cards = list(BUSY[name])
    if guild:
        cards.append(guild)
    return city(name, wonder, "B", 2, cards, coins=7 if name == "L" else 13, leaders=leaders,
                victory_1=1, victory_3=1, defeat=1 if name == "L" else 3)


def olympia_city(cards=(), leaders=()) -> dict:
    return city("P", "olympia", "B", 3, ["stone-pit", "ore-vein", "loom", "theater",
                                         "marketplace", "apothecary", "scriptorium",
                                         "guard-tower", *cards],
                coins=11, leaders=leaders, victory_5=1, defeat=2)


@pytest.mark.parametrize("guild", GUILDS)
def test_every_guild_olympia_copies_is_worth_what_the_search_finds(guild):
    doc = document(olympia_city(leaders=["sappho"]),
                   busy_neighbour("L", "rhodes", guild, leaders=["nefertiti", "ptolemy"]),
                   city("X", "ephesos", "A", 1, ["press"]),
                   busy_neighbour("R", "gizah", leaders=["cleopatra"]))
    entry, found = scored(doc)
    assert entry["copied_guild"] == guild
    check_against_search(entry, found)


@pytest.mark.parametrize("guild", GUILDS)
def test_every_guild_beside_another_is_chosen_as_the_search_chooses(guild):
    other = "scientists-guild" if guild != "scientists-guild" else "counterfeiters-guild"
    doc = document(olympia_city(cards=[COURTESANS] if guild != COURTESANS else ()),
                   busy_neighbour("L", "rhodes", guild, leaders=["enheduanna", "aristotle"]),
                   city("X", "ephesos", "A", 1, ["press"]),
                   busy_neighbour("R", "gizah", other, leaders=["euclid"]))
    entry, found = scored(doc)
    check_against_search(entry, found)


@pytest.mark.parametrize("leader", LEADERS)
def test_every_leader_the_courtesans_guild_copies_is_worth_what_the_search_finds(leader):
    others = [name for name in ("nefertiti", "aristotle", "enheduanna") if name != leader]
    doc = document(city("P", "babylon", "B", 3, [COURTESANS, *SCIENCE_SET, "theater", "pawnshop",
                                                 "marketplace", "guard-tower", "library"],
                        coins=9, leaders=["zenobia" if leader == "sappho" else "sappho"],
                        victory_3=2),
                   busy_neighbour("L", "rhodes", leaders=[leader]),
                   city("X", "ephesos", "A", 1, ["press"]),
                   busy_neighbour("R", "gizah", leaders=others[:2]))
    entry, found = scored(doc)
    check_against_search(entry, found)
    alone = document(city("P", "gizah", "A", 0, [COURTESANS, "apothecary"], coins=4),
                     busy_neighbour("L", "rhodes", leaders=[leader]), city("X", "ephesos"),
                     city("R", "babylon"))
    entry, found = scored(alone)
    assert entry["copied_leader"] == leader
    check_against_search(entry, found)


@pytest.mark.parametrize("leader", LEADERS)
def test_every_leader_copied_through_olympias_courtesans_guild(leader):
    doc = document(olympia_city(cards=["library"]),
                   busy_neighbour("L", "rhodes", COURTESANS, leaders=[leader]),
                   city("X", "ephesos", "A", 1, ["press"]),
                   busy_neighbour("R", "gizah", "scientists-guild",
                                  leaders=["cleopatra" if leader == "nefertiti" else "nefertiti"]))
    entry, found = scored(doc)
    check_against_search(entry, found)


# -- random tables -------------------------------------------------------------------------------

WONDERS = ("rhodes", "alexandria", "ephesos", "babylon", "halikarnassos", "gizah", "petra",
           "byzantium")


def random_table(rng: random.Random, cities: bool) -> dict:
    """Olympia B (mostly with its copy built) at seat 0 and 2 to 4 other cities, the guilds
    (Courtesans Guild likely) spread around, 0 to 3 leaders each (science leaders likely),
    cards and masks: a valid first-edition Leaders (and maybe Cities) game."""
    expansions = ["cities", "leaders"] if cities else ["leaders"]
    ruleset = get_ruleset("first", expansions)
    catalog = ruleset.catalog
    players = rng.randint(3, 5)
    wonders = ["olympia", *rng.sample([w for w in WONDERS if w in catalog.wonders],
                                      players - 1)]
    docs = [city(f"C{seat}", wonder, rng.choice(("A", "B")), 0) for seat, wonder in
            enumerate(wonders)]
    docs[0]["name"], docs[0]["side"] = "P", "B"
    docs[0]["stages"] = rng.choice((2, 3, 3, 3))
    for entry in docs[1:]:
        entry["stages"] = rng.randint(0, len(catalog.wonders[entry["wonder"]].sides[entry["side"]]))
    cards = [card for card in catalog.cards.values()
             if not card.is_guild and card.copies_for(min(players, ruleset.largest_deck)) > 0]
    black_by_age = {1: 0, 2: 0, 3: 0}
    for card in rng.sample(cards, min(len(cards), rng.randint(10, 40))):
        if card.colour == "black":
            age = card.ages[0]
            if black_by_age[age] >= players:
                continue
            black_by_age[age] += 1
        rng.choice(docs)["cards"].append(card.id)
    guilds = [card.id for card in catalog.guilds]
    chosen = rng.sample(guilds, rng.randint(1, players + 2))
    if COURTESANS not in chosen and rng.random() < 0.7:
        chosen[0] = COURTESANS
    for guild in chosen:
        rng.choice(docs)["cards"].append(guild)
    pool = [leader.id for leader in ruleset.data["leaders"].playable]
    rng.shuffle(pool)
    science = ["aristotle", "enheduanna", "aganice", "euclid", "ptolemy", "pythagoras"]
    for name in science:
        if rng.random() < 0.5:
            pool.remove(name)
            pool.insert(0, name)
    for entry in docs:
        entry["leaders"] = [pool.pop(0) for _ in range(rng.randint(0, 3))]
        entry["coins"] = rng.randint(0, 20)
        for kind in ("victory_1", "victory_3", "victory_5"):
            entry["tokens"][kind] = rng.randint(0, 1)
        entry["tokens"]["defeat"] = rng.randint(0, 3)
    return document(*docs, expansions=expansions)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_random_tables_copy_as_the_exhaustive_search(seed, cities):
    doc = random_table(random.Random(seed), cities)
    entry, found = scored(doc)
    check_against_search(entry, found)
