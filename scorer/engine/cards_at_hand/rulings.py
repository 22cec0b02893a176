"""The project's rulings about the base game's cards and wonders, as data: each names the card
and wonder ids it concerns, so a card's page lists exactly its rulings (expansions bring their
own through their ``rulings`` hook).

Sources: ``../shared/reference/edge-cases.md`` (``E`` and its section), items 1 to 6 of the
second edition's rulings (``R``) and ``docs/rules-and-rulings.md`` (``P``).
"""

from __future__ import annotations

from ..messages import N_, Message
from .ruling import Ruling

FIRST, SECOND = ("first",), ("second",)
GUILDS_FIRST = ("workers-guild", "craftsmens-guild", "traders-guild", "philosophers-guild",
                "spies-guild", "strategists-guild", "shipowners-guild", "scientists-guild",
                "magistrates-guild", "builders-guild")
CHOICE_CARDS = ("tree-farm", "excavation", "clay-pit", "timber-yard", "forest-cave", "mine")


def ruling(ruling_id: str, text: str, cards: tuple[str, ...], editions: tuple[str, ...] = ()):
    return Ruling(ruling_id, Message(text), cards, editions)


RULINGS = (
    ruling("E1", N_("The East Trading Post buys raw materials from the right neighbour for 1 "
                    "coin, the West Trading Post from the left neighbour; the Marketplace buys "
                    "manufactured goods from both neighbours for 1 coin. Left is the neighbour "
                    "the Age I hand is passed to."),
           ("east-trading-post", "west-trading-post", "marketplace")),
    ruling("E2", N_("Olympia B stage 1 and the trading posts are not cumulative: raw materials "
                    "still cost 1 coin, and the trading posts may still be built."),
           ("olympia", "east-trading-post", "west-trading-post"), FIRST),
    ruling("E3", N_("Neighbours may buy only the resource printed on a board and what brown "
                    "and grey cards produce: never what yellow cards (Forum, Caravansery) or "
                    "wonder stages produce."),
           ("forum", "caravansery", "alexandria")),
    ruling("E4", N_("A neighbour buying from a card with a choice of two resources picks "
                    "either, whatever the owner uses it for, but buys one unit a turn."),
           CHOICE_CARDS),
    ruling("E7", N_("The Vineyard and the Bazaar count the neighbours' cards built in the same "
                    "turn as well."), ("vineyard", "bazar"), FIRST),
    ruling("E8", N_("Olympia B stage 3 copies, at the end of the game, one guild in the left or "
                    "right neighbour's city, scored from Olympia's seat as if Olympia had built "
                    "it, in the guilds row. A copied Scientists Guild gives its free symbol in "
                    "the science row; a copied Shipowners Guild counts itself. The copy is no "
                    "purple card of Olympia's city. The copy that adds most is chosen; on equal "
                    "gain the left neighbour's guild, then the guild's id, decides."),
           ("olympia", *GUILDS_FIRST), FIRST),
    ruling("E9", N_("Each free science symbol (Babylon, the Scientists Guild) is chosen at the "
                    "end of the game, where it scores most."),
           ("babylon", "scientists-guild")),
    ruling("E10", N_("The Strategists Guild counts every defeat token of the two neighbours, "
                     "whoever inflicted them, the owner included."),
           ("strategists-guild",), FIRST),
    ruling("E11", N_("The Builders Guild counts the wonder stages built in the owner's city and "
                     "in both neighbouring cities. The Decorators Guild scores 7 only when every "
                     "stage of the owner's own side is built."),
           ("builders-guild", "decorators-guild")),
    ruling("E12", N_("The Shipowners Guild counts itself among the purple cards; the Lighthouse "
                     "counts itself among the yellow cards."),
           ("shipowners-guild", "lighthouse")),
    ruling("E13", N_("Halicarnassus builds, at the end of the turn its stage is built, one card "
                     "discarded since the start of the game (that turn's discards included) for "
                     "free; never a building the city already holds."),
           ("halikarnassos",)),
    ruling("E14", N_("From the stage on, Babylon may play the seventh card of each Age instead "
                     "of discarding it, even in the Age the stage is built on its sixth turn."),
           ("babylon",)),
    ruling("E15", N_("A chain builds a card for free, neither resources nor coins paid, when "
                     "the city holds the card it chains from (in the second edition a card with "
                     "the same chain symbol); without it the card may still be bought."),
           ("scriptorium", "library", "theater", "statue", "gardens", "altar", "temple",
            "pantheon", "apothecary", "dispensary", "workshop", "laboratory")),
    ruling("E16", N_("A city never holds two buildings of one name: a Loom, Glassworks or Press "
                     "of Age I and one of Age II are the same building."),
           ("loom", "glassworks", "press")),
    ruling("E17", N_("Olympia's free builds: first edition A stage 2, one building a turn for "
                     "free once per Age; second edition day stage 2, a building of a colour the "
                     "city does not hold yet; night stages 1 and 2, the building played on the "
                     "first and on the last turn of each Age."),
           ("olympia",)),
    ruling("R3", N_("The Decorators Guild scores 7 in the guilds row when every stage of the "
                    "owner's side is built, else 0 (Gizah night has 4 stages; Babylon, Rhodes "
                    "night have 2)."),
           ("decorators-guild",), SECOND),
    ruling("R4", N_("The Ludus scores 1 point per red card of its own city at the end, in the "
                    "commercial row; its 3 coins per red card when built are in the coins. "
                    "Haven, Lighthouse, Chamber of Commerce and Arena count the own city at the "
                    "end of the game."),
           ("ludus", "haven", "lighthouse", "chamber-of-commerce", "arena")),
    ruling("R5", N_("Babylon's stage 2 (day and night) gives one free science symbol, placed "
                    "where it scores most."), ("babylon",), SECOND),
    ruling("P1", N_("Olympia's free builds are build effects: they score nothing. With the "
                    "first-of-colour build the building is certainly free when the city holds "
                    "no building of its colour (a chain, when both apply, is the reason given); "
                    "the first- and last-turn builds are shown as notes, since the app cannot "
                    "know the turn."),
           ("olympia",), SECOND),
)
