"""The whole machine's CPU along a run, read from ``/proc/stat`` once a second.

The capacity runs share a virtual machine whose speed moves by a fifth from one minute to the
next, and a failing rung alone cannot say whether the app wanted more than the cores or the
cores gave less: here each slice of a run gets how many cores were busy (everything on the
machine, not only the server) and how much time the hypervisor gave to other guests
(``steal``: time this machine's cores were ready to run but not running).
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass

#: the columns of /proc/stat's ``cpu`` line, in order (proc(5))
COLUMNS = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")
IDLE = ("idle", "iowait")


def read() -> dict[str, int] | None:
    """The machine's CPU ticks so far, or None where there is no ``/proc/stat``."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    return dict(zip(COLUMNS, map(int, fields[1:1 + len(COLUMNS)]), strict=False))


@dataclass
class Share:
    """What the cores did between two readings."""

    busy_cores: float  # cores running anything but idle (steal not counted as busy)
    steal: float  # the share of the cores' time the hypervisor gave to other guests


def between(first: dict[str, int], last: dict[str, int], seconds: float) -> Share:
    ticks = {name: last[name] - first[name] for name in first}
    per_second = os.sysconf("SC_CLK_TCK")
    total = sum(ticks.values()) or 1
    busy = sum(value for name, value in ticks.items() if name not in IDLE and name != "steal")
    return Share(busy / per_second / seconds, ticks["steal"] / total)


class Sampler:
    """Readings every ``every`` seconds while it runs, by the event loop's clock."""

    def __init__(self, every: float = 1.0):
        self.every = every
        self.readings: list[tuple[float, dict[str, int]]] = []
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._sample())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        self._take()

    async def _sample(self) -> None:
        while True:
            self._take()
            await asyncio.sleep(self.every)

    def _take(self) -> None:
        reading = read()
        if reading is not None:
            self.readings.append((asyncio.get_running_loop().time(), reading))

    def share(self, low: float, high: float) -> Share | None:
        """The cores between ``low`` and ``high`` (the loop's clock), from the readings that
        bound that span most closely; None without two readings in it."""
        inside = [(at, reading) for at, reading in self.readings if low - self.every / 2 <= at
                  <= high + self.every / 2]
        if len(inside) < 2 or inside[-1][0] <= inside[0][0]:
            return None
        (first_at, first), (last_at, last) = inside[0], inside[-1]
        return between(first, last, last_at - first_at)
