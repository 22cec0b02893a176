"""The rules at hand as one index: every entry of every edition, its rulings, and the search
over the names and effect sentences of the languages it was built with.

Built once per process by whoever shows it (with a translator per language); the rulings of
the base game (:mod:`.rulings`) and of every installed expansion (its ``rulings`` hook) are
checked against the entries when it is built: a ruling naming an id no catalog has fails then.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..expansions import installed
from ..messages import Translator
from ..rules import editions
from .entries import Entry, every_entry
from .ruling import Ruling
from .rulings import RULINGS
from .search import MAX_QUERY, SearchIndex, document

__all__ = ["MAX_QUERY", "CardIndex", "Filters", "every_ruling"]


def every_ruling() -> tuple[Ruling, ...]:
    return RULINGS + tuple(ruling for expansion in installed().values()
                           for ruling in expansion.rulings())


@dataclass(frozen=True, slots=True)
class Filters:
    """What a search may be narrowed to; None: any."""

    edition: str | None = None
    #: the expansions a game plays: the base game's entries and those it needs no other for
    played: frozenset[str] | None = None
    #: the expansion an entry comes with (``""``: the base game)
    expansion: str | None = None
    colour: str | None = None
    age: int | None = None
    kind: str | None = None

    def admit(self, entry: Entry) -> bool:
        return ((self.edition is None or entry.edition == self.edition)
                and (self.played is None or set(entry.expansions) <= self.played)
                and (self.expansion is None or (entry.expansion or "") == self.expansion)
                and (self.colour is None or entry.colour == self.colour)
                and (self.age is None or self.age in entry.ages)
                and (self.kind is None or entry.kind == self.kind))


ANY = Filters()


class CardIndex:
    """Every entry, found by (edition, id) or by a search; rulings by card."""

    def __init__(self, translators: Mapping[str, Translator],
                 entries: Iterable[Entry] | None = None) -> None:
        self.entries = tuple(every_entry() if entries is None else entries)
        self.by_key = {entry.key: entry for entry in self.entries}
        self.rulings = every_ruling()
        for ruling in self.rulings:
            for card_id in ruling.cards:
                if not any((edition, card_id) in self.by_key
                           for edition in (ruling.editions or editions())):
                    raise ValueError(f"ruling {ruling.id}: no card {card_id!r}")
        self.languages = tuple(translators)
        self.search_index = SearchIndex([
            document(self.names(entry, translators.values()),
                     [sentence.render(translator) for translator in translators.values()
                      for sentence in self.sentences(entry)])
            for entry in self.entries])

    @staticmethod
    def names(entry: Entry, translators: Iterable[Translator]) -> list[str]:
        rendered = [entry.label.render(translator) for translator in translators]
        return [entry.name, *rendered, *(name for name in entry.reference_names.values() if name)]

    @staticmethod
    def sentences(entry: Entry):
        yield from entry.effects
        yield from entry.board
        for side in entry.sides:
            yield from side.board
            for stage in side.stages:
                yield from stage.effects

    def get(self, edition: str, card_id: str) -> Entry | None:
        return self.by_key.get((edition, card_id))

    def rulings_of(self, entry: Entry) -> tuple[Ruling, ...]:
        return tuple(ruling for ruling in self.rulings if ruling.concerns(entry.edition, entry.id))

    def filtered(self, filters: Filters = ANY) -> list[Entry]:
        return [entry for entry in self.entries if filters.admit(entry)]

    def search(self, query: str, filters: Filters = ANY, limit: int | None = None) -> list[Entry]:
        """Entries matching ``query`` best first; an empty query lists the filtered entries in
        catalog order."""
        if not query.strip():
            found = self.filtered(filters)
        else:
            allowed = (None if filters == ANY else
                       [number for number, entry in enumerate(self.entries)
                        if filters.admit(entry)])
            found = [self.entries[number]
                     for number in self.search_index.search(query[:MAX_QUERY], allowed)]
        return found if limit is None else found[:limit]
