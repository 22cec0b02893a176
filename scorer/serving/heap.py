"""A serving process's heap settled once the app is loaded: what it loaded is frozen out of the
garbage collector's full passes.

A loaded app holds some 140,000 objects the collector tracks (the catalog, the templates,
SQLAlchemy's and WTForms' classes), all of them alive for good; a full collection walked them
all, 150 to 300 ms during which every thread of the worker waited: a phone's poll answered in
1 ms came back after a quarter of a second, the capacity benchmark's p99 (issue 31). Frozen
(:func:`gc.freeze`), a full collection walks only what the requests made since: 15 to 40 ms.

The collector's thresholds are raised too (:data:`THRESHOLDS`). Python's 700 allocations
between young collections suit a short script; a worker's requests allocate and free a page's
worth of objects each, mostly freed by their reference counts, and the default thresholds
collected 1,800 to 2,900 times a rung with 15 to 24 full collections of 40 to 90 ms each
(``benchmarks/capacity.py`` at 75 tables). Raised to 10,000 / 20 / 100 (stop 37), full
collections stopped, but each young collection then walked 10,000 objects: 5 ms of CPU
in-process, 17 to 50 ms as served (every thread of the worker waits, and the worker is not
alone on the cores). At 2,000 / 20 / 100 a young pause is 6.5 to 7.2 ms as served (40 tables,
two runs each in turn: 35-37 young pauses of 17-50 ms against 222-240 of 6.5-7.2 ms, and 10
middle ones of 14-25 ms), for about the same time in the collector: a phone's answer waits for
a short pause more often instead of a long one now and then, which is what its p99 feels. A
full collection still comes only every 20 x 100 young ones.
"""

from __future__ import annotations

import gc

#: (young, middle, old) collection thresholds of a serving process
THRESHOLDS = (2_000, 20, 100)


def settle() -> None:
    """Collect what loading left behind, freeze the rest and raise the thresholds (the servers
    call this in the process that serves, after the app is loaded and its background work
    started)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
