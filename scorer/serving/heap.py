"""A serving process's heap settled once the app is loaded: what it loaded is frozen out of the
garbage collector's full passes.

A loaded app holds some 140,000 objects the collector tracks (the catalog, the templates,
SQLAlchemy's and WTForms' classes), all of them alive for good; a full collection walked them
all, 150 to 300 ms during which every thread of the worker waited: a phone's poll answered in
1 ms came back after a quarter of a second, the capacity benchmark's p99 (issue 31). Frozen
(:func:`gc.freeze`), a full collection walks only what the requests made since: 15 to 40 ms.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect what loading left behind, then freeze the rest (the servers call this in the
    process that serves, after the app is loaded and its background work started)."""
    gc.collect()
    gc.freeze()
