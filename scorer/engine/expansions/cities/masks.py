"""The masks (C10): each mask card copies one science symbol from a green card next door.

Pigeon Loft / Pigeonhole, Spy Ring / Band of Spies and the Torture Chamber each add one symbol
printed on a green card of the left or right neighbour; each of those green cards is copied by
at most one of the city's masks, and the neighbours keep theirs. So a city with ``k`` masks
copies ``min(k, green cards next door)`` symbols, symbol S at most as many times as the two
neighbours' green cards show S. Which ones is an end-game choice: :func:`mask_options` lists
every way (a handful: at most three masks), and the scorer tries each together with every
other science choice (free symbols, other expansions' choices, Olympia's copy) to make the total highest.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ...catalog import SCIENCE_SYMBOLS, Card
from ...messages import N_, Message
from ...science import ExtraSymbols
from .effects import MASK

REPORT = "science_masks"
GREEN = "green"
#: one whole message per symbol: Polish makes the copied symbol's participle and pronoun agree
#: with its gender (a tablet is feminine, a compass masculine, a gear neuter), so a translator
#: needs the symbol inside the sentence, not glued in as a word
COPIED_LINES = {
    "compass": N_("a compass copied by %(card)s from %(name)s"),
    "gear": N_("a gear copied by %(card)s from %(name)s"),
    "tablet": N_("a tablet copied by %(card)s from %(name)s"),
}


@lru_cache(maxsize=256)
def is_mask(card: Card) -> bool:
    return any(effect.kind.role == MASK for effect in card.effects)


def green_symbols(city) -> tuple[int, int, int]:
    """How many of a city's green cards show each symbol."""
    held = [0, 0, 0]
    for card in city.cards:
        if card.colour == GREEN and 0 <= card.symbol_index < len(SCIENCE_SYMBOLS):
            held[card.symbol_index] += 1
    return (held[0], held[1], held[2])


def mask_options(game, index: int) -> tuple[ExtraSymbols, ...]:
    """Every way the city's masks may copy (empty when it has none)."""
    masks = tuple(card for card in game.cities[index].cards if is_mask(card))
    if not masks:
        return ()
    left, right = game.left(index), game.right(index)
    return _options(masks, green_symbols(left), green_symbols(right), left.name, right.name)


@lru_cache(maxsize=1024)
def _options(masks: tuple[Card, ...], left: tuple[int, int, int], right: tuple[int, int, int],
             left_name: str, right_name: str) -> tuple[ExtraSymbols, ...]:
    caps = tuple(a + b for a, b in zip(left, right, strict=True))
    used = min(len(masks), sum(caps))
    options = []
    for added in product(*(range(cap + 1) for cap in caps)):
        if sum(added) != used:
            continue
        options.append(_option(masks, added, left, left_name, right_name))
    return tuple(options)


def _option(masks: tuple[Card, ...], added: tuple[int, ...], left: tuple[int, int, int],
            left_name: str, right_name: str) -> ExtraSymbols:
    """The masks copying ``added`` symbols, each named with the neighbour it copies from (the
    left one while it has green cards of that symbol left)."""
    symbols = [symbol for symbol, count in enumerate(added) for _ in range(count)]
    from_left = list(left)
    parts = []
    for position, mask in enumerate(masks):
        if position >= len(symbols):
            parts.append(Message(N_("%(card)s copies nothing (no green card left next door)"),
                                 {"card": mask.label}))
            continue
        symbol = symbols[position]
        if from_left[symbol]:
            from_left[symbol] -= 1
            name = left_name
        else:
            name = right_name
        parts.append(Message(COPIED_LINES[SCIENCE_SYMBOLS[symbol]],
                             {"card": mask.label, "name": name}))
    copied = tuple(SCIENCE_SYMBOLS[symbol] for symbol in symbols)
    return ExtraSymbols((added[0], added[1], added[2]), tuple(parts), ((REPORT, copied),))
