"""Conflict tokens handed out as a game hands them out, Age by Age, for the token check's
tests: a random game's buildings and leaders are kept, its tokens dealt again.

In each Age the leaders recruited that Age act first (Nitocris takes a victory token of the
Age, Telesilla discards her city's defeat tokens and every other city discards one victory
token), then the buildings of that Age (a Raider card gives a victory token of its Age, the
Memorial discards its city's defeat tokens, C12), then the conflicts: one battle per border
(two in team play, none between partners, C15), a draw giving nothing; a defeat of a city
with Tomyris goes to the winner. A city recruits its leaders one an Age, in order (Roma's
extra ones in Age III). Effects are read by their words in the data, not by card names.
"""

from __future__ import annotations

import copy
import random

VICTORY = {1: "victory_1", 2: "victory_3", 3: "victory_5"}
VICTORIES = tuple(VICTORY.values())
GAIN = "victory_token_now"
DISCARD_DEFEATS = "defeat_tokens_discard"
OTHERS_DISCARD = "others_discard_victory_token"
DEFEAT_TO_WINNER = "defeat_to_winner"


def _types(item) -> set[str]:
    return {effect.type for effect in item.effects}


def _add(tokens: dict, kind: str, count: int = 1) -> None:
    tokens[kind] = tokens.get(kind, 0) + count
    if not tokens[kind]:
        del tokens[kind]


def deal_tokens(rng: random.Random, document: dict, ruleset) -> dict:
    """The document with every city's tokens dealt again as the game would deal them."""
    document = copy.deepcopy(document)
    cities = document["players"]
    seats = len(cities)
    catalog = ruleset.catalog
    leaders = ruleset.data["leaders"].leaders if "leaders" in ruleset.data else {}
    partner = {}
    for pair in document.get("teams", ()):
        first, second = (next(i for i, c in enumerate(cities) if c["name"] == name)
                         for name in pair)
        partner[first], partner[second] = second, first
    tokens = [{} for _ in cities]
    for age in (1, 2, 3):
        for seat, entry in enumerate(cities):
            for position, leader_id in enumerate(entry.get("leaders", ())):
                if min(position + 1, 3) != age:
                    continue
                kinds = _types(leaders[leader_id])
                if GAIN in kinds:
                    _add(tokens[seat], VICTORY[age])
                if DISCARD_DEFEATS in kinds:
                    tokens[seat].pop("defeat", None)
                if OTHERS_DISCARD in kinds:
                    for other in range(seats):
                        held = [kind for kind in VICTORIES if tokens[other].get(kind)]
                        if other != seat and held:
                            _add(tokens[other], rng.choice(held), -1)
            for card_id in entry["cards"]:
                card = catalog.card(card_id)
                if min(card.ages) != age:
                    continue
                kinds = _types(card)
                if GAIN in kinds:
                    _add(tokens[seat], VICTORY[age])
                if DISCARD_DEFEATS in kinds:
                    tokens[seat].pop("defeat", None)
        for seat in range(seats):
            other = (seat + 1) % seats
            if partner.get(seat) == other:
                continue
            for _ in range(2 if partner else 1):
                outcome = rng.choice((-1, 0, 1))
                if not outcome:
                    continue
                winner, loser = (seat, other)[::outcome]
                _add(tokens[winner], VICTORY[age])
                tomyris = any(DEFEAT_TO_WINNER in _types(leaders[leader_id])
                              for position, leader_id in enumerate(cities[loser].get("leaders", ()))
                              if min(position + 1, 3) <= age)
                _add(tokens[winner if tomyris else loser], "defeat")
    for entry, held in zip(cities, tokens, strict=True):
        entry["tokens"] = held
    return document


def explained(victories: int, defeats: int, gained: int, discarded: int,
              defeats_discarded: bool) -> bool:
    """Whether some number of battles explains the tokens, by trying every one: each battle a
    victory and a defeat token, ``gained`` victory tokens more, up to ``discarded`` victory
    tokens discarded, and any defeat tokens discarded when ``defeats_discarded``."""
    for battles in range(victories + discarded + 1):
        for lost in range(discarded + 1):
            if battles + gained - lost != victories:
                continue
            if defeats == battles or (defeats_discarded and defeats < battles):
                return True
    return False


def token_effects(document: dict, ruleset) -> tuple[int, int, bool]:
    """(victory tokens gained outside battles, victory tokens others may have discarded,
    whether a city may have discarded defeat tokens), read from the words of the cards and
    the face-up leaders of the document."""
    catalog = ruleset.catalog
    leaders = ruleset.data["leaders"].leaders if "leaders" in ruleset.data else {}
    seats = len(document["players"])
    gained = discarded = 0
    defeats_discarded = False
    for entry in document["players"]:
        held = [catalog.card(card_id) for card_id in entry["cards"]]
        held += [leaders[leader_id] for leader_id in entry.get("leaders", ())]
        for item in held:
            for effect in item.effects:
                gained += effect.type == GAIN
                defeats_discarded |= effect.type == DISCARD_DEFEATS
                if effect.type == OTHERS_DISCARD:
                    discarded += effect["count"] * (seats - 1)
    return gained, discarded, defeats_discarded


def counts(document: dict) -> tuple[int, int]:
    """(victory tokens, defeat tokens) of the whole table."""
    victories = sum(entry["tokens"].get(kind, 0) for entry in document["players"]
                    for kind in VICTORIES)
    return victories, sum(entry["tokens"].get("defeat", 0) for entry in document["players"])
