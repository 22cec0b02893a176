"""How a science row is explained: the symbols as counted, what the free or extra ones became,
the symbols as scored, the sets, the sum.

The core scorer and every expansion that joins the science choices (with science cards of its own)
write their science line with these, so a science row reads the same whoever placed it.
"""

from __future__ import annotations

from .catalog import SCIENCE_SYMBOLS
from .messages import N_, Message, N_plural, Sum, nmessage
from .science import SET_BONUS

SYMBOL_NAMES = {
    "compass": N_plural("%(num)d compass", "%(num)d compasses"),
    "gear": N_plural("%(num)d gear", "%(num)d gears"),
    "tablet": N_plural("%(num)d tablet", "%(num)d tablets"),
}
SYMBOL_NOUNS = {"compass": N_("compass"), "gear": N_("gear"), "tablet": N_("tablet")}

def symbol_counts(counts) -> list[Message]:
    """"3 tablets", "2 gears", ... for each symbol held, in the pad's symbol order."""
    parts: list[Message] = []
    for symbol, count in zip(SCIENCE_SYMBOLS, counts, strict=True):
        if count:
            singular, plural = SYMBOL_NAMES[symbol]
            parts.append(Message(singular, plural=plural, n=count))
    return parts


def free_symbol_parts(choices, wild_sources) -> list[Message]:
    """"free symbol as compass (Babylon stage 2)" for each free symbol and what it became."""
    parts: list[Message] = []
    for symbol, (source, copied) in zip(choices, wild_sources, strict=True):
        where = (Message(N_("%(card)s copied by Olympia"), {"card": source.label}) if copied
                 else source.label)
        parts.append(Message(N_("free symbol as %(symbol)s (%(source)s)"),
                             {"symbol": Message(SYMBOL_NOUNS[symbol]), "source": where}))
    return parts


def science_totals(final: tuple[int, int, int]) -> tuple[Message, ...]:
    """"6 compasses, 4 gears, 4 tablets, 4 sets": the symbols as scored and the complete sets
    (a tuple renders as its parts joined by commas)."""
    parts = symbol_counts(final)
    parts.append(nmessage("%(num)d set", "%(num)d sets", min(final)))
    return tuple(parts)


def science_sum_line(parts: tuple[Message, ...], counted: tuple[int, int, int],
                     final: tuple[int, int, int], points: int) -> Message:
    """The science line: the symbols as counted (and what the free or extra ones became), then,
    when those changed the counts, the symbols as scored; always the sets, then the sum."""
    terms = [(None, n * n) for n in final if n]
    if min(final):
        terms.append((None, SET_BONUS * min(final)))
    total = Sum(tuple(terms), points)
    if len(parts) == sum(1 for n in counted if n) and tuple(counted) == tuple(final):
        return Message(N_("%(totals)s: %(sum)s"), {"totals": science_totals(final), "sum": total},
                       memo=True)
    return Message(N_("%(symbols)s → %(totals)s: %(sum)s"),
                   {"symbols": parts, "totals": science_totals(final), "sum": total}, memo=True)
