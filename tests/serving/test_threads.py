"""gthread workers (issue 31) answer several requests of one process at once: what requests share
in a process must stand threads. The shared LRU (:class:`scorer.web.memo.RevisionMemo`, behind
the pad and group caches) is hammered from threads; without its lock ``forget`` iterates while
another thread inserts ("OrderedDict mutated during iteration") and the size bound slips."""

from __future__ import annotations

import random
import sys
import threading

import pytest

from scorer.web.memo import RevisionMemo

SIZE = 16


@pytest.fixture
def switch_often():
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch between bytecodes, not every 5 ms
    yield
    sys.setswitchinterval(interval)


def test_the_shared_lru_stands_threads(switch_often):
    memo = RevisionMemo(SIZE)
    failures: list[BaseException] = []
    start = threading.Barrier(8)

    def hammer(seed: int) -> None:
        chance = random.Random(seed)
        start.wait()
        try:
            for _ in range(4000):
                owner, key = chance.randrange(24), chance.randrange(4)
                roll = chance.random()
                if roll < 0.8:
                    assert memo.get_or_make(owner, key, lambda o=owner, k=key: (o, k)) == (owner, key)
                elif roll < 0.99:
                    memo.forget(owner)
                else:
                    memo.clear()
                assert len(memo) <= SIZE + 8  # each thread may add one before trimming
        except BaseException as error:  # noqa: BLE001 - reported by the test below
            failures.append(error)

    threads = [threading.Thread(target=hammer, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(memo) <= SIZE
