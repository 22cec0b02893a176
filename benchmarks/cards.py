"""Benchmark: the rules at hand's search, as a player types at the table.

500 queries (``--queries``) are made from the index's own names, in English, Dutch and Polish
in turn: a whole name, the first letters of a name (results as you type), a name with one typing
slip in its longest word (a letter changed, added, dropped or two swapped), and an effect word,
each with no filter or with an edition. Each query is timed through ``CardIndex.search`` (what
``/api/v1/cards`` and ``/cards`` ask), warm, best of ``--repeat`` passes; the median, the 90th
percentile and the worst are printed in milliseconds, with the time the index takes to build.

    .venv/bin/python benchmarks/cards.py [--queries 500] [--seed 7] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorer.engine.cards_at_hand.index import CardIndex, Filters  # noqa: E402
from scorer.engine.messages import ENGLISH  # noqa: E402
from scorer.i18n import translator_for  # noqa: E402

TRANSLATIONS = str(Path(__file__).resolve().parent.parent / "translations")
WORDS = ("black", "copies", "guild", "coins", "shield", "science", "zwarte", "monet", "wood")


def slip(rng: random.Random, word: str) -> str:
    position = rng.randrange(len(word))
    letter = rng.choice("abcdefghijklmnopqrstuvwxyz")
    kind = rng.choice(("change", "add", "drop", "swap"))
    if kind == "change":
        return word[:position] + letter + word[position + 1:]
    if kind == "add":
        return word[:position] + letter + word[position:]
    if kind == "drop" or position == len(word) - 1:
        return word[:position] + word[position + 1:]
    return word[:position] + word[position + 1] + word[position] + word[position + 2:]


def queries(rng: random.Random, index: CardIndex, languages: dict, count: int) -> list:
    made = []
    codes = list(languages)
    for number in range(count):
        entry = rng.choice(index.entries)
        name = entry.label.render(languages[codes[number % len(codes)]])
        kind = number % 4
        if kind == 1:
            text = name[:rng.randint(2, max(2, len(name) - 1))]
        elif kind == 2:
            words = name.split()
            longest = max(range(len(words)), key=lambda i: len(words[i]))
            words[longest] = slip(rng, words[longest])
            text = " ".join(words)
        elif kind == 3:
            text = rng.choice(WORDS)
        else:
            text = name
        filters = Filters(edition=entry.edition) if rng.random() < 0.5 else Filters()
        made.append((text, filters))
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    languages = {"en": ENGLISH, "nl": translator_for("nl", TRANSLATIONS),
                 "pl": translator_for("pl", TRANSLATIONS)}
    started = time.perf_counter()
    index = CardIndex(languages)
    built = time.perf_counter() - started
    asked = queries(random.Random(args.seed), index, languages, args.queries)
    times = []
    for text, filters in asked:
        best = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            index.search(text, filters, 10)
            spent = time.perf_counter() - start
            best = spent if best is None else min(best, spent)
        times.append(best * 1000)
    times.sort()
    print(f"index: {len(index.entries)} entries, {len(index.search_index.vocabulary)} words, "
          f"built in {built * 1000:.0f} ms")
    print(f"search, {len(times)} queries: median {statistics.median(times):.2f} ms, "
          f"90th percentile {times[int(len(times) * 0.9)]:.2f} ms, worst {times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
