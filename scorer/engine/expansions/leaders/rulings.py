"""The project's rulings about the leaders, Roma, Abu Simbel and the Leaders guilds, as data
tied to their ids (items 7 to 20 of ``../shared/reference/rulings-second-edition-and-leaders.md``,
``R``, and edge-cases.md section 20, ``E20``), for the rules at hand."""

from __future__ import annotations

from ...cards_at_hand.ruling import Ruling
from ...messages import N_, Message

COINS_ONLY = ("hannibal", "caesar", "nitocris", "telesilla", "tomyris", "croesus", "maecenas",
              "imhotep", "bilkis", "hammurabi", "leonidas", "archimedes", "ramses", "xenophon",
              "vitruvius", "nero", "hatshepsut", "berenice", "solomon")


def ruling(ruling_id: str, text: str, cards: tuple[str, ...], editions: tuple[str, ...] = ()):
    return Ruling(ruling_id, Message(text), cards, editions)


RULINGS = (
    ruling("R7", N_("Every point a face-up leader gives goes to the leaders row. Aristotle's 3 "
                    "per science set too, while the science row keeps its 7 per set; the free "
                    "science choices are made to score most in both rows together."),
           ("aristotle",)),
    ruling("R8", N_("Euclid, Ptolemy and Pythagoras add a science symbol as a green card does; "
                    "above 6 identical symbols the squares go on (7: 49, 8: 64)."),
           ("euclid", "ptolemy", "pythagoras")),
    ruling("R9", N_("A leader that only changes coins, costs, free builds or conflicts scores "
                    "nothing itself: its effect is already in the coins and tokens entered."),
           COINS_ONLY),
    ruling("R10", N_("A \"most\" leader scores 5 when the own count is strictly greater than "
                     "the left neighbour's and strictly greater than the right neighbour's."),
           ("phryne", "cornelia", "euryptyle", "theano", "makeda")),
    ruling("R11", N_("Gorgo: for each token value 1, 3 and 5, that value per pair of those "
                     "tokens. Alexander: 1 per victory token, whatever its value. Cynisca: 6 "
                     "with no defeat token. Midas: 1 per 3 coins, on top of the coins row. "
                     "Justinian and Plato: per complete set in the own city."),
           ("gorgo", "alexander", "cynisca", "midas", "justinian", "plato")),
    ruling("R12", N_("Agrippina scores 7 when she is the only face-up leader: buried leaders "
                     "and a Courtesans Guild copy do not count."),
           ("agrippina", "courtesans-guild")),
    ruling("R13", N_("Aganice and Enheduanna are end-game science choices like the free "
                     "symbols: all of them are resolved in whatever order scores most "
                     "(Enheduanna copies nothing when the city has no symbol)."),
           ("aganice", "enheduanna")),
    ruling("R14", N_("A leader buried under Abu Simbel has no effect, is not a recruited leader "
                     "and scores twice its coin cost in the wonder row; a leader costing \"A\" "
                     "cost the Age it was recruited in."),
           ("abu-simbel",)),
    ruling("R15", N_("Roma and Abu Simbel are played in both editions with Leaders: A is the "
                     "day side and B the night side in the first edition. Their stages' points "
                     "go to the wonder row."),
           ("roma", "abu-simbel")),
    ruling("R16", N_("In the first edition the four Leaders guilds join the guilds (still "
                     "players + 2 in a game). Diplomats: 1 per face-up leader of the two "
                     "neighbours; Architects: 3 per purple card of the two neighbours; Gamers: "
                     "1 per 3 coins. All in the guilds row."),
           ("courtesans-guild", "diplomats-guild", "architects-guild", "gamers-guild"),
           ("first",)),
    ruling("R17", N_("The Courtesans Guild gives the effect of one face-up leader of a "
                     "neighbour, the one that makes the total highest, scored from the owner's "
                     "seat (leaders row, science symbols in science); it is no recruited leader, "
                     "and the guild itself scores 0. Olympia B copying it copies a leader of "
                     "Olympia's neighbours."),
           ("courtesans-guild", "olympia"), ("first",)),
    ruling("R19", N_("A city recruits at most 3 leaders, face up or buried (one per Age); 5 "
                     "with Roma night, whose stages 2 and 3 recruit one more each. Abu Simbel "
                     "buries one leader per stage that buries."),
           ("roma", "abu-simbel")),
    ruling("R20", N_("Nitocris gives a victory token of the Age she is recruited in, Tomyris "
                     "passes her defeat tokens to the neighbours who beat her, Telesilla makes "
                     "the others discard victory tokens: the token limits accept every count "
                     "these make possible."),
           ("nitocris", "tomyris", "telesilla")),
    ruling("E20", N_("Imhotep: the owner chooses which resource is not paid. Bilkis: one "
                     "resource from the bank for 1 coin, once a turn. Hatshepsut: 1 coin from "
                     "the bank for each neighbour bought from in a turn."),
           ("imhotep", "bilkis", "hatshepsut")),
)
