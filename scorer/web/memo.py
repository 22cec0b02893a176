"""A small in-process store for what a page draws from one revision of a game or a group.

Every key holds the revision it was drawn from, so an entry is never stale: after a change the
key differs and the old entry is simply never asked for again (another worker's change
included). The change events (:mod:`scorer.storage.events`) only free an owner's entries early,
so that a busy server keeps the revisions being read, not the ones that were. Least recently
used entries go first when the store is full.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

_MISSING = object()


class RevisionMemo:
    """``owner -> {key -> value}`` with at most ``size`` values in all, thread-safe.

    ``owner`` is what a change event names (a game's public id, a group's pk); ``key`` the rest
    of what the value depends on (the revision, the language, the filters).
    """

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict[tuple[Hashable, Hashable], Any] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get_or_make(self, owner: Hashable, key: Hashable, make: Callable[[], Any]) -> Any:
        """The stored value, else ``make()`` stored. Two requests missing at once may both make
        it (drawing is pure, so either result is right); the lock is never held while drawing."""
        entry = (owner, key)
        with self._lock:
            found = self._entries.get(entry, _MISSING)
            if found is not _MISSING:
                self._entries.move_to_end(entry)
                self.hits += 1
                return found
            self.misses += 1
        value = make()
        with self._lock:
            self._entries[entry] = value
            self._entries.move_to_end(entry)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value

    def peek(self, owner: Hashable, key: Hashable) -> Any:
        """The stored value, else None; nothing is made (a hit counts as one)."""
        with self._lock:
            found = self._entries.get((owner, key), _MISSING)
            if found is _MISSING:
                return None
            self._entries.move_to_end((owner, key))
            self.hits += 1
            return found

    def forget(self, owner: Hashable) -> None:
        with self._lock:
            for entry in [entry for entry in self._entries if entry[0] == owner]:
                del self._entries[entry]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
