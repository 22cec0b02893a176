"""The project's rulings about the Cities cards, wonders and guilds, as data tied to their
ids (``../shared/reference/rulings-cities.md``, C1 to C17), for the rules at hand."""

from __future__ import annotations

from ...cards_at_hand.ruling import Ruling
from ...messages import N_, Message

MASKS = ("pigeon-loft", "pigeonhole", "spy-ring", "band-of-spies", "torture-chamber")
RAIDERS = ("raider-camp", "raider-fort", "raider-garrison")


def ruling(ruling_id: str, text: str, cards: tuple[str, ...], editions: tuple[str, ...] = ()):
    return Ruling(ruling_id, Message(text), cards, editions)


#: the rulings of this box's own cards (the combination module adds those of two boxes played
#: together)
RULINGS = (
    ruling("C3", N_("Black cards are no other colour for any card that counts colours: the "
                    "black shield cards are not red cards. Each black card appears at most once "
                    "in a game."),
           ("militia", "mercenaries", "contingent", "spies-guild", "plato", "ludus")),
    ruling("C7", N_("The cities row holds the black cards' points: Secret Society and Secret "
                    "Network 1 per black card of the own city (itself included), Slave Market 1 "
                    "per victory token, Cells 2 per Age I victory token, Guardhouse 3 per Age II "
                    "one, Prison 4 per Age III one."),
           ("secret-society", "secret-network", "slave-market", "cells", "guardhouse",
            "prison")),
    ruling("C9", N_("Petra's and Byzantium's stage points go to the wonder row; a stage that "
                    "costs coins only (Petra) is paid to the bank."), ("petra", "byzantium")),
    ruling("C10", N_("Each mask adds one science symbol copied from a green card of the left or "
                     "right neighbour at the end of the game: only symbols printed on green "
                     "cards, each green card copied by one mask at most, chosen with every "
                     "other science choice to score most."), MASKS),
    ruling("C11", N_("Guild of Shadows: 1 point per black card in the two neighbouring cities. "
                     "Mourners Guild: 1 per victory token of the two neighbours. Counterfeiters "
                     "Guild: 5 points. All in the guilds row; Olympia B may copy them as any "
                     "guild."),
           ("guild-of-shadows", "mourners-guild", "counterfeiters-guild", "olympia"),
           ("first",)),
    ruling("C12", N_("Victory tokens keep their values whether won in a conflict or taken from "
                     "a Raider card; a city holds at most 2 conflict tokens per Age, plus one "
                     "victory token per Raider card. The Memorial only lowers the defeat tokens "
                     "held."), (*RAIDERS, "memorial")),
    ruling("C13", N_("The second edition's Embassy is worth 2 points."), ("embassy",),
           ("second",)),
    ruling("C16", N_("Clandestine Dock or Wharf: once a turn the first resource bought from "
                     "that side costs 1 coin less, after the trading posts (so it may be free). "
                     "Smuggler's Cache: the resource of a neighbour's board costs 1 less every "
                     "time. Secret Warehouse and Black Market: one unit a turn for the owner "
                     "alone. Architect Cabinet or Firm: later stages cost no resources, coins "
                     "still paid. Caligula: one black card for free per Age."),
           ("clandestine-dock-west", "clandestine-dock-east", "west-clandestine-wharf",
            "east-clandestine-wharf", "smugglers-cache", "secret-warehouse", "black-market",
            "architect-cabinet", "architect-firm", "caligula")),
    ruling("C17", N_("Where a rule counts each colour (second edition Olympia's first building "
                     "of each colour), black is one more colour."), ("olympia",), ("second",)),
)
