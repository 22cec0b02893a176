"""Finding cards by what a player types: names in any language, case and diacritics ignored, a
typo or two forgiven in a longer word, and the words of what a card does.

Text is folded (lower case, no accents, Polish ł as l) and cut into words. Each document (one
entry) has name words and effect words; a query word matches a document's word exactly, as
the start of it (results as you type), or within one edit (two from eight letters on) when
it has four letters or more (a five-letter word with one dropped), measured by ``rapidfuzz``
(optimal string alignment: a swap of two letters is one typo). Documents matching more of the
query's words come first, then those whose matches weigh more: a name word counts three times
an effect word, an exact match more than a start, a start more than a typo; a whole name equal
to the query, or starting with it, comes before everything else.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

#: letters Unicode does not decompose into a base letter and a mark
FOLDED_LETTERS = str.maketrans({"ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d",
                                "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
                                "ĳ": "ij", "Ĳ": "ij", "ı": "i"})
NAME_WEIGHT, EFFECT_WEIGHT = 3.0, 1.0
EXACT, START, TYPO, TWO_TYPOS = 1.0, 0.8, 0.6, 0.45
#: a whole name equal to the query, or starting with it
WHOLE_NAME, NAME_START = 100.0, 20.0
#: the shortest query word a typo is forgiven in (a five-letter word with a letter dropped has
#: four), and the length from which two are
TYPO_FROM, TWO_TYPOS_FROM = 4, 8
#: the shortest query word matched as the start of longer words
START_FROM = 2
MAX_QUERY = 100


def fold(text: str) -> str:
    """Lower case, without accents, punctuation as spaces: "Gildia Szpiegów" -> "gildia
    szpiegow", "Łaźnia" -> "laznia"."""
    decomposed = unicodedata.normalize("NFKD", text.translate(FOLDED_LETTERS)).casefold()
    kept = []
    for char in decomposed:
        if unicodedata.combining(char):
            continue
        kept.append(char if char.isalnum() else " ")
    return " ".join("".join(kept).split())


def words_of(text: str) -> list[str]:
    return fold(text).split()


@dataclass(frozen=True, slots=True)
class Document:
    #: folded names in every language
    names: tuple[str, ...]
    name_words: frozenset[str]
    effect_words: frozenset[str]


def document(names: Iterable[str], effect_texts: Iterable[str]) -> Document:
    folded = tuple(dict.fromkeys(name for name in (fold(n) for n in names) if name))
    name_words = frozenset(word for name in folded for word in name.split())
    effect_words = frozenset(word for text in effect_texts for word in words_of(text))
    return Document(folded, name_words, effect_words - name_words)


class SearchIndex:
    """Documents by word: built once, asked many times (:meth:`search`)."""

    def __init__(self, documents: Sequence[Document]) -> None:
        self.documents = tuple(documents)
        postings: dict[str, list[tuple[int, float]]] = {}
        for number, doc in enumerate(self.documents):
            for word in doc.name_words:
                postings.setdefault(word, []).append((number, NAME_WEIGHT))
            for word in doc.effect_words:
                postings.setdefault(word, []).append((number, EFFECT_WEIGHT))
        self.postings = {word: tuple(found) for word, found in postings.items()}
        self.vocabulary = sorted(self.postings)
        #: words long enough for a typo to be forgiven in them
        self.typo_pool = [word for word in self.vocabulary if len(word) >= TYPO_FROM - 1]

    def matches(self, word: str) -> dict[str, float]:
        """The vocabulary's words ``word`` matches, each with how well."""
        found: dict[str, float] = {}
        if word in self.postings:
            found[word] = EXACT
        if len(word) >= START_FROM:
            start = bisect.bisect_left(self.vocabulary, word)
            for candidate in self.vocabulary[start:]:
                if not candidate.startswith(word):
                    break
                found.setdefault(candidate, START)
        if len(word) >= TYPO_FROM:
            most = 2 if len(word) >= TWO_TYPOS_FROM else 1
            for candidate, distance, _ in process.extract(
                    word, self.typo_pool, scorer=OSA.distance, score_cutoff=most, limit=None):
                if distance:
                    found.setdefault(candidate, TYPO if distance == 1 else TWO_TYPOS)
        return found

    def search(self, query: str, allowed: Iterable[int] | None = None) -> list[int]:
        """The documents matching ``query`` (among ``allowed``), best first."""
        folded = fold(query)
        words = list(dict.fromkeys(folded.split()))
        if not words:
            return []
        allowed_set = None if allowed is None else set(allowed)
        scores: dict[int, list[float]] = {}
        for position, word in enumerate(words):
            for candidate, quality in self.matches(word).items():
                for number, weight in self.postings[candidate]:
                    if allowed_set is not None and number not in allowed_set:
                        continue
                    best = scores.setdefault(number, [0.0] * len(words))
                    best[position] = max(best[position], quality * weight)
        ranked = []
        for number, best in scores.items():
            names = self.documents[number].names
            bonus = (WHOLE_NAME if folded in names
                     else NAME_START if any(name.startswith(folded) for name in names) else 0.0)
            matched = sum(1 for value in best if value)
            ranked.append((-matched, -(sum(best) + bonus), number))
        ranked.sort()
        return [number for _, _, number in ranked]
