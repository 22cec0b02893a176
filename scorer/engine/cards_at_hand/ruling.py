"""One ruling of the project, tied to the cards it concerns as data (never found by searching
its prose), so that a card's page lists exactly the rulings about it."""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Message


@dataclass(frozen=True, slots=True)
class Ruling:
    #: where it comes from: ``E8`` (edge-cases.md section 8), ``R3`` (the second edition's
    #: rulings, item 3), ``C11`` (Cities rulings), ``P2`` (docs/rules-and-rulings.md)
    id: str
    text: Message
    #: the ids of the cards and wonders it concerns (an expansion's own cards too)
    cards: tuple[str, ...]
    #: the editions it applies to (``()``: both)
    editions: tuple[str, ...] = ()

    def concerns(self, edition: str, card_id: str) -> bool:
        return card_id in self.cards and (not self.editions or edition in self.editions)
