"""Setting up the table: dealing wonders and sides, and which buildings are still in the decks.

The new-game page lets players leave a wonder or side to chance, and the city-entry page greys
out a building whose copies other cities already hold. Both are rules facts (seven wonders, one
each; N+ marks on the cards), so they live here rather than in the views.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from .catalog import Catalog
from .validation import MIN_PLAYERS


def deal(catalog: Catalog, choices: Sequence[tuple[str | None, str | None]],
         rng: random.Random | None = None) -> list[tuple[str, str]]:
    """Each seat's (wonder, side): chosen ones kept, the rest dealt from the unchosen wonders.

    Raises ValueError when more seats ask for a random wonder than wonders are left.
    """
    rng = rng or random.SystemRandom()
    taken = {wonder for wonder, _ in choices if wonder}
    pool = [wonder for wonder in catalog.wonders if wonder not in taken]
    rng.shuffle(pool)
    dealt = []
    for wonder, side in choices:
        if not wonder:
            if not pool:
                raise ValueError("not enough wonders left to deal")
            wonder = pool.pop()
        dealt.append((wonder, side or rng.choice(sides_of(catalog, wonder))))
    return dealt


def sides_of(catalog: Catalog, wonder_id: str) -> tuple[str, ...]:
    """The sides a wonder may be dealt (an unknown wonder: the catalog's sides, for validation
    to refuse the wonder rather than the deal to fail)."""
    wonder = catalog.wonders.get(wonder_id) or next(iter(catalog.wonders.values()))
    return tuple(wonder.sides)


#: (id of a catalog, players) -> (the catalog, its decks): a catalog lives as long as the process
#: (rulesets are made once), and is kept here so that its id stays its own
_DECKS: dict[tuple[int, int], tuple[Catalog, Mapping[str, int]]] = {}


def copies_in_decks(catalog: Catalog, seats: int) -> Mapping[str, int]:
    """How many copies of each building the decks for a table of ``seats`` cities hold.

    A guild exists once (drawn at random); a building with no copy for this table is one the
    players could not have built at all, which the city page says as such. Counted once per
    catalog and table size: the city page asks for every building on every request.
    """
    deck_players = max(seats, MIN_PLAYERS)
    found = _DECKS.get((id(catalog), deck_players))
    if found is None or found[0] is not catalog:
        decks = MappingProxyType({card.id: 1 if card.is_guild else card.copies_for(deck_players)
                                  for card in catalog.cards.values()})
        found = _DECKS[(id(catalog), deck_players)] = (catalog, decks)
    return found[1]


def copies_left(catalog: Catalog, card_lists: Sequence[Sequence[object]], index: int) -> dict[str, int]:
    """For the city at ``index``: how many copies of each building the others have not taken.

    ``card_lists`` holds every city's card ids as entered (aliases allowed, unknown ids ignored).
    """
    held: dict[str, int] = {}
    for position, cards in enumerate(card_lists):
        if position == index:
            continue
        for building in {catalog.card_ids.get(card_id) for card_id in cards if isinstance(card_id, str)}:
            if building is not None:
                held[building] = held.get(building, 0) + 1
    return {card_id: total - held.get(card_id, 0)
            for card_id, total in copies_in_decks(catalog, len(card_lists)).items()}
