"""The score pad rows against the rulebooks' worked examples (the Alexandria game) and rules."""

from __future__ import annotations

import re

import pytest

from scorer.engine.messages import ENGLISH, EnglishTranslator, Message, minus, nmessage
from scorer.engine.scoring import score_game
from scorer.engine.validation import parse_game
from tests.helpers import game, player, report, scores_of, table

ALEXANDRIA = player("Ada", "alexandria", stages=3, coins=14,
                    cards=["altar", "aqueduct", "town-hall", "chamber-of-commerce", "loom",
                           "glassworks", "apothecary", "dispensary", "lodge", "workshop",
                           "laboratory", "scriptorium"],
                    victory_1=1, victory_3=1, victory_5=1, defeat=3)


@pytest.fixture(scope="module")
def ada() -> dict:
    return scores_of(table(ALEXANDRIA), "Ada")


def test_golden_military_6(ada):
    assert ada["scores"]["military"] == 6
    assert ada["explanations"]["military"] == "Conflict tokens: 1 + 3 + 5 − 1 − 1 − 1 = 6"


def test_golden_treasury_4_from_14_coins(ada):
    assert ada["scores"]["coins"] == 4
    assert ada["explanations"]["coins"] == "14 coins ÷ 3 = 4"


def test_golden_wonder_10(ada):
    assert ada["scores"]["wonder"] == 10
    assert ada["explanations"]["wonder"] == (
        "3 stages built: stage 1: 3 + stage 2: 0 + stage 3: 7 = 10")


def test_golden_civilian_13(ada):
    assert ada["scores"]["civilian"] == 13
    assert ada["explanations"]["civilian"] == "Blue buildings: Altar 2 + Aqueduct 5 + Town Hall 6 = 13"


def test_golden_science_21(ada):
    assert ada["scores"]["science"] == 21


def test_golden_chamber_of_commerce_4(ada):
    assert ada["scores"]["commercial"] == 4
    assert ada["explanations"]["commercial"] == (
        "Chamber of Commerce: 2 per grey card in own city × 2 = 4")


def test_golden_total_and_all_rows(ada):
    assert ada["scores"] == {"military": 6, "coins": 4, "wonder": 10, "civilian": 13,
                             "science": 21, "commercial": 4, "guilds": 0}
    assert ada["total"] == 58
    assert ada["explanations"]["guilds"] == "Nothing scores in this row: 0"


def test_report_shape_follows_the_spec():
    answer = report(table(ALEXANDRIA))
    assert answer["edition"] == "first"
    assert answer["categories"] == ["military", "coins", "wonder", "civilian", "science",
                                    "commercial", "guilds"]
    assert answer["winners"] == ["Ada"]
    for entry in answer["players"]:
        assert set(entry["scores"]) == set(answer["categories"])
        assert entry["total"] == sum(entry["scores"].values())
        assert set(entry["explanations"]) == set(answer["categories"])


def test_treasury_drops_the_remainder():
    for coins, points in ((0, 0), (2, 0), (3, 1), (17, 5), (18, 6)):
        assert scores_of(table(player("A", "gizah", coins=coins)), "A")["scores"]["coins"] == points


def test_one_coin_is_singular():
    assert scores_of(table(player("A", "gizah", coins=1)), "A")["explanations"]["coins"] == "1 coin ÷ 3 = 0"


def test_military_defeats_only():
    entry = scores_of(table(player("A", "gizah", defeat=2)), "A")
    assert entry["scores"]["military"] == -2
    assert entry["explanations"]["military"] == "Conflict tokens: −1 − 1 = −2"


@pytest.mark.parametrize(("wonder", "side", "stages", "points"), [
    ("rhodes", "B", 2, 7), ("rhodes", "B", 1, 3), ("rhodes", "A", 3, 10),
    ("ephesos", "B", 3, 10), ("ephesos", "B", 2, 5), ("ephesos", "A", 3, 10),
    ("gizah", "B", 4, 20), ("gizah", "A", 3, 15),
    ("halikarnassos", "B", 3, 3), ("halikarnassos", "A", 3, 10),
    ("babylon", "B", 3, 3), ("olympia", "B", 3, 5), ("alexandria", "B", 3, 7),
    ("alexandria", "A", 0, 0),
])
def test_wonder_points(wonder, side, stages, points):
    entry = scores_of(table(player("W", wonder, side, stages)), "W")
    assert entry["scores"]["wonder"] == points


def test_rhodes_b_explanation():
    entry = scores_of(table(player("W", "rhodes", "B", 2)), "W")
    assert entry["explanations"]["wonder"] == "2 stages built: stage 1: 3 + stage 2: 4 = 7"


def test_stage_points_only_for_built_stages():
    entry = scores_of(table(player("W", "ephesos", "B", 1)), "W")
    assert entry["scores"]["wonder"] == 2
    assert entry["explanations"]["wonder"] == "1 stage built: stage 1: 2 = 2"


# Commercial cards: points at the end count the city as it then stands.

def test_haven_counts_own_brown_cards_only():
    doc = table(player("H", "gizah", cards=["haven", "lumber-yard", "ore-vein", "sawmill"]),
                player("L", "rhodes", cards=["stone-pit", "clay-pool"]))
    entry = scores_of(doc, "H")
    assert entry["scores"]["commercial"] == 3
    assert entry["explanations"]["commercial"] == "Haven: 1 per brown card in own city × 3 = 3"


def test_lighthouse_counts_itself():
    doc = table(player("H", "gizah", cards=["tavern", "marketplace", "lighthouse"]),
                player("L", "rhodes", cards=["east-trading-post"]))
    assert scores_of(doc, "H")["scores"]["commercial"] == 3


def test_lighthouse_alone_is_one_point():
    assert scores_of(table(player("H", "gizah", cards=["lighthouse"])), "H")["scores"]["commercial"] == 1


def test_chamber_of_commerce_two_per_grey():
    doc = table(player("H", "gizah", cards=["chamber-of-commerce", "loom", "glassworks", "press"]))
    assert scores_of(doc, "H")["scores"]["commercial"] == 6


def test_arena_one_per_built_stage():
    doc = table(player("H", "gizah", "B", 3, cards=["arena"]), player("L", "rhodes", "A", 3))
    entry = scores_of(doc, "H")
    assert entry["scores"]["commercial"] == 3
    assert entry["explanations"]["commercial"] == "Arena: 1 per wonder stage in own city × 3 = 3"


def test_all_four_commercial_cards_add_up():
    doc = table(player("H", "gizah", "A", 2, cards=[
        "haven", "lighthouse", "chamber-of-commerce", "arena", "tavern", "lumber-yard", "loom"]))
    entry = scores_of(doc, "H")
    # Haven 1 brown, Lighthouse 5 yellow, Chamber 2 x 1 grey, Arena 2 stages
    assert entry["scores"]["commercial"] == 1 + 5 + 2 + 2


def test_vineyard_bazar_and_trading_cards_score_nothing_at_the_end():
    doc = table(player("H", "gizah", cards=["vineyard", "bazar", "tavern", "forum", "caravansery",
                                            "marketplace", "east-trading-post"]),
                player("L", "rhodes", cards=["lumber-yard", "loom"]))
    entry = scores_of(doc, "H")
    assert entry["scores"]["commercial"] == 0
    assert entry["explanations"]["commercial"] == "Nothing scores in this row: 0"


def test_red_and_brown_cards_score_no_points():
    doc = table(player("H", "gizah", cards=["stockade", "fortifications", "lumber-yard", "loom"]))
    assert scores_of(doc, "H")["total"] == 0


def test_every_civilian_building_points():
    blue = {"pawnshop": 3, "baths": 3, "altar": 2, "theater": 2, "aqueduct": 5, "temple": 3,
            "statue": 4, "courthouse": 4, "pantheon": 7, "gardens": 5, "town-hall": 6,
            "palace": 8, "senate": 6}
    doc = table(player("H", "gizah", cards=list(blue)))
    assert scores_of(doc, "H")["scores"]["civilian"] == sum(blue.values())


def test_age_suffixed_grey_ids_are_the_same_building():
    doc = table(player("H", "gizah", cards=["chamber-of-commerce", "loom-age2", "press-age1"]))
    assert scores_of(doc, "H")["scores"]["commercial"] == 4


def test_rows_are_independent_of_card_order():
    cards = ["haven", "lumber-yard", "altar", "workshop", "scientists-guild", "loom"]
    forward = scores_of(table(player("H", "gizah", cards=cards)), "H")
    backward = scores_of(table(player("H", "gizah", cards=cards[::-1])), "H")
    assert forward["scores"] == backward["scores"]


def test_game_document_example_from_the_spec():
    doc = game(player("Ada", "alexandria", stages=3,
                      cards=["altar", "aqueduct", "town-hall", "chamber-of-commerce", "loom",
                             "glassworks"], coins=14, victory_1=1, victory_3=1, victory_5=1,
                      defeat=3),
               player("Bob", "gizah"), player("Cy", "rhodes"), player("Di", "babylon"))
    entry = report(doc)["players"][0]
    assert entry["scores"] == {"military": 6, "coins": 4, "wonder": 10, "civilian": 13,
                               "science": 0, "commercial": 4, "guilds": 0}
    assert entry["total"] == 37 and entry["rank"] == 1


def shout(text: str) -> str:
    return "".join(part if part.startswith("%(") else part.upper()
                   for part in re.split(r"(%\([a-z_]+\)[sd])", text))


class Shouting(EnglishTranslator):
    """A stand-in for another language: every msgid and name in capitals."""

    def gettext(self, text):
        return shout(text)

    def ngettext(self, singular, plural, n):
        return shout(singular if n == 1 else plural)

    def pgettext(self, context, text):
        return shout(text)


def test_memoised_lines_follow_the_translator_of_each_rendering():
    parsed, _ = parse_game(table(ALEXANDRIA, player("Bab", "babylon", "A", 2, cards=["library"])))
    result = score_game(parsed)
    english = result.as_dict(ENGLISH)
    shouted = result.as_dict(Shouting())
    again = score_game(parsed).as_dict(ENGLISH)
    assert english == again
    ada, loud = english["players"][0]["explanations"], shouted["players"][0]["explanations"]
    assert loud["civilian"] == "BLUE BUILDINGS: ALTAR 2 + AQUEDUCT 5 + TOWN HALL 6 = 13"
    assert loud["commercial"] == ada["commercial"].upper()
    assert loud["science"] == ada["science"].upper()
    assert loud["coins"] == "14 COINS ÷ 3 = 4" and ada["coins"] == "14 coins ÷ 3 = 4"
    bab = shouted["players"][1]["explanations"]["science"]
    assert bab == ("1 TABLET, FREE SYMBOL AS TABLET (THE HANGING GARDENS OF BABYLON STAGE 2) → "
                   "2 TABLETS, 0 SETS: 4")


def test_explanations_print_a_negative_number_with_the_true_minus():
    """Issue 30 item 6: a message's number is printed as the pad prints it ("−1", U+2212),
    also where the catalog's template reads it as ``%(points)d``, and in a plural's count."""
    line = Message("%(points)d, as typed by the players", {"points": -1})
    assert line.render() == "−1, as typed by the players" == f"{minus(-1)}, as typed by the players"
    assert Message("%(points)d, as typed", {"points": 4}).render() == "4, as typed"
    assert nmessage("%(num)d point", "%(num)d points", -2).render() == "−2 points"
    assert Message("%(name)s: %(value)d", {"name": "Bo", "value": -30}).render() == "Bo: −30"
