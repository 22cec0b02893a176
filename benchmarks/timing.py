"""The timing loop of the game benchmarks (``benchmarks/leaders.py``, ``benchmarks/cities.py``).

A game is timed from its JSON document to the English report (validation, scoring, every
explanation rendered), in a warm process as a server runs: per game the best of ``repeat``
runs, made in separate passes over all the games so that one pause of the shared, noisy
machine cannot spoil every run of the same game; in wall-clock time and in the CPU time of the
process (on a shared machine the wall-clock worst case mostly measures the other jobs).
"""

from __future__ import annotations

import gc
import statistics
import time

from scorer.engine.expansions.leaders.science import clear_memos as clear_science
from scorer.engine.messages import ENGLISH
from scorer.engine.scoring import clear_memos, score_game
from scorer.engine.validation import parse_game

Timings = tuple[list[float], list[float]]


def answer(document: dict) -> dict:
    """The English score report of a document that must be valid."""
    game, problems = parse_game(document)
    assert not problems, [problem.as_dict() for problem in problems]
    return score_game(game).as_dict(ENGLISH)


def timings(documents: list[dict], cold: bool, repeat: int) -> Timings:
    """Per game the best of ``repeat`` runs: wall-clock time, and the CPU time of this process
    (which a pause of the machine does not inflate); ``cold``: every memoised line and science
    answer forgotten before each game."""
    wall = [float("inf")] * len(documents)
    cpu = [float("inf")] * len(documents)
    for _ in range(repeat):
        for index, document in enumerate(documents):
            if cold:
                clear_memos()
                clear_science()
            start, start_cpu = time.perf_counter(), time.process_time()
            answer(document)
            cpu[index] = min(cpu[index], time.process_time() - start_cpu)
            wall[index] = min(wall[index], time.perf_counter() - start)
    return wall, cpu


def warm_timings(sets: list[list[dict]], repeat: int) -> list[Timings]:
    """Each set of games timed warm, one set after the other in this process. The games and the
    catalogs live for the whole run: the collector is kept off them, as a server's long-lived
    objects are after its first collections."""
    gc.collect()
    gc.freeze()
    return [timings(documents, False, repeat) for documents in sets]


def report(label: str, found: Timings) -> None:
    wall, cpu = found
    print(f"{label}: median {statistics.median(wall) * 1e3:.3f} ms, "
          f"worst {max(wall) * 1e3:.3f} ms; CPU time median "
          f"{statistics.median(cpu) * 1e3:.3f} ms, worst {max(cpu) * 1e3:.3f} ms "
          f"({len(wall)} games)")


def report_ratio(label: str, found: Timings, baseline: Timings) -> None:
    ratio = statistics.median(found[0]) / statistics.median(baseline[0])
    print(f"ratio of the wall-clock medians, {label}: {ratio:.2f}")
