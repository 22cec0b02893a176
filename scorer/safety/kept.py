"""A small store of answers that never go stale, shared by a worker's threads: verified
cookies (:mod:`.signed_cookies`, :mod:`.sessions`), a catalog's plain messages, drawn options.

A table's phones send the same cookies every two seconds, and checking their signatures again
and again was a visible share of the server's time (issue 31). What a signed value reads as
depends only on the bytes sent and the keys, so it can be kept without ever answering stale;
the store is emptied when full, so a flood of made-up values only costs their checks again and
memory stays bounded. Reads take no lock (a dict read is atomic under the interpreter lock);
writes do, so that emptying and filling do not interleave.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")


class Kept(Generic[Value]):
    def __init__(self, size: int):
        self.size = size
        self._values: dict[Hashable, Value] = {}
        self._lock = threading.Lock()

    def get_or_make(self, key: Hashable, make: Callable[[], Value]) -> Value:
        """The value kept under ``key``, or ``make()``'s, kept unless it is None (None is
        never kept: a caller answers it without a check worth keeping)."""
        value = self._values.get(key)
        if value is None:
            value = make()
            if value is not None:
                with self._lock:
                    if len(self._values) >= self.size:
                        self._values.clear()
                    self._values[key] = value
        return value

    def clear(self) -> None:
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
