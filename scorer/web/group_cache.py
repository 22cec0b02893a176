"""A group's figures, charts and game list, each kept by what it depends on.

The group's page is opened again and again on a game night (every phone, every few minutes),
and its statistics, ratings, records and four charts cost tens of milliseconds for a few
hundred games. On a club's evening every city saved at any table raises the group's revision
(:mod:`scorer.storage.revisions`) several times a second, but an unfinished game has no result:
what the statistics count changes only when a game completes, is corrected, joins or leaves
the group, or names are merged. That raises the group's *results revision* too, and only that.
So:

- the statistics (the API's JSON; no language in them) are kept per (group, results revision,
  filters), the page, the report and ``GET /api/v1/groups/<id>/stats`` alike; the group's name
  in them is the current one (a rename changes no figure);
- the charts, the filter choices and the figures' part of the page, drawn in a language, per
  (group, results revision, language, filters[, sort, script root]);
  under them, each chart is kept by its own data (:mod:`.chart_memo`): a correction redraws
  only the charts whose series it changed;
- the game list, which any save changes, per (group revision, how many), made of each game's
  line kept per (game, its revision and last save, group, language, ...): after a save only
  that game's line is loaded again, and drawn again only if what it shows changed (its title,
  players' names, ...; a city saved changes none of it).

Every key holds the revision its value was drawn from (read with the group at the start of the
request, before the figures: a value is never older than its key), so another worker's or
server's change shows at once: its new revision is a key never seen. The change events only
free memory early. What the browser adds (the games it may add, the owner's buttons, its CSRF
token) is drawn per request.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app
from flask_babel import get_locale

from ..groups import service
from ..groups.statistics import Filters
from ..groups.tallied import statistics
from ..storage.events import game_changed, group_changed
from ..storage.groups import Group
from .group_charts import group_charts
from .memo import RevisionMemo

EXTENSION = "scorer.group_memo"
#: ``app.extensions`` key of the group page's game lines, kept per game revision
LINES = "scorer.group_game_lines"
LINES_ENTRIES = 1024
MISSING = object()
#: ``app.extensions`` key of the group page's game lines, kept per what each shows
SHOWN_LINES = "scorer.group_shown_lines"
#: ``app.extensions`` key of the store kept per results revision (:class:`CountedMemo`)
COUNTED = "scorer.group_counted_memo"
DEFAULT_ENTRIES = 128


@dataclass(frozen=True)
class GroupFigures:
    figures: dict
    charts: dict
    games: list
    game_count: int


class CountedMemo:
    """``group -> {key -> value}`` for the group's newest results revision seen, at most
    ``size`` values in all (the least recently used group's go first), thread-safe.

    A group's revisions only rise, so when a value of a newer revision is kept those of the
    older one go: no request that reads the group afterwards can ask for them. A value made
    from an older revision than the one held (a request that read the group just before a
    change) is answered but not kept.
    """

    def __init__(self, size: int):
        self.size = size
        self._groups: OrderedDict[Hashable, tuple[int, OrderedDict]] = OrderedDict()
        self._count = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get_or_make(self, owner: Hashable, revision: int, key: Hashable,
                    make: Callable[[], Any]) -> Any:
        """The kept value, else ``make()`` (kept when ``revision`` is the newest seen). The
        lock is never held while making: two requests missing at once may both make it."""
        found = self.get(owner, revision, key)
        if found is MISSING:
            found = make()
            self.put(owner, revision, key, found)
        return found

    def get(self, owner: Hashable, revision: int, key: Hashable) -> Any:
        """The kept value, or :data:`MISSING`."""
        with self._lock:
            held = self._groups.get(owner)
            if held is not None and held[0] == revision and key in held[1]:
                self._groups.move_to_end(owner)
                held[1].move_to_end(key)
                self.hits += 1
                return held[1][key]
            self.misses += 1
        return MISSING

    def put(self, owner: Hashable, revision: int, key: Hashable, value: Any) -> None:
        """Keep ``value`` unless the owner's newest revision seen is newer than ``revision``."""
        with self._lock:
            held = self._groups.get(owner)
            if held is None or held[0] < revision:
                self._count -= len(held[1]) if held is not None else 0
                held = self._groups[owner] = (revision, OrderedDict())
            if held[0] == revision:
                self._count += key not in held[1]
                held[1][key] = value
                self._groups.move_to_end(owner)
                self._shrink(owner)

    def _shrink(self, keep: Hashable) -> None:
        """Drop the least recently used groups' values, then ``keep``'s oldest, down to size."""
        for owner in list(self._groups):
            if self._count <= self.size:
                return
            if owner != keep:
                self._count -= len(self._groups.pop(owner)[1])
        values = self._groups[keep][1]
        while self._count > self.size and values:
            values.popitem(last=False)
            self._count -= 1

    def forget(self, owner: Hashable) -> None:
        with self._lock:
            held = self._groups.pop(owner, None)
            if held is not None:
                self._count -= len(held[1])

    def clear(self) -> None:
        with self._lock:
            self._groups.clear()
            self._count = 0

    def __len__(self) -> int:
        return self._count


def memo(app: Flask | None = None) -> RevisionMemo:
    return (app or current_app).extensions[EXTENSION]


def counted_memo(app: Flask | None = None) -> CountedMemo:
    return (app or current_app).extensions[COUNTED]


def lines(app: Flask | None = None) -> CountedMemo:
    """The group page's game lines: ``game id -> {(updated_at, group, language, ...) -> line}``
    for the game's newest revision seen."""
    return (app or current_app).extensions[LINES]


def shown_lines(app: Flask | None = None) -> RevisionMemo:
    """The group page's game lines kept by all they show (``game id -> {(what the line
    shows, time zone, group, language, ...) -> line}``): never stale, so no change event
    frees them; the least recently used go first."""
    return (app or current_app).extensions[SHOWN_LINES]


def filters_key(filters: Filters) -> tuple:
    return tuple(sorted(filters.as_dict().items()))


def counted(group: Group, key: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, kept per the group's results revision and ``key`` (what else it depends
    on: the filters, the language, ...). The public id is in the key too: a database may give
    a deleted group's pk to a new one."""
    return counted_memo().get_or_make(group.pk, group.results_revision, (group.id, *key), make)


def drawn(group: Group, key: Hashable, make: Callable[[], Any]) -> Any:
    """:func:`counted`, in the request's language."""
    return counted(group, (str(get_locale()), *key), make)


def named(figures: dict, group: Group) -> dict:
    """The figures with the group's current id and name (a rename changes no figure)."""
    shown = {"id": group.id, "name": group.name}
    return figures if figures["group"] == shown else {**figures, "group": shown}


def group_statistics(group: Group, filters: Filters | None = None) -> dict:
    """:func:`scorer.groups.tallied.statistics`, kept per results revision and filters."""
    filters = filters or Filters()
    return named(counted(group, ("statistics", filters_key(filters)),
                         lambda: statistics(group, filters)), group)


def charts_of(group: Group, filters: Filters, figures: dict) -> dict:
    """The group's charts (``figures``: its :func:`group_statistics` with ``filters``), kept
    per results revision, language and filters."""
    return drawn(group, ("charts", filters_key(filters)),
                 lambda: group_charts(group, figures, filters))


def games_of(group: Group, games_listed: int) -> tuple[list, int]:
    """The group's latest games and how many it has, kept per group revision (any save)."""
    return memo().get_or_make(group.pk, ("games", group.id, group.revision, games_listed),
                              lambda: service.games_of(group, games_listed))


def group_figures(group: Group, filters: Filters, games_listed: int) -> GroupFigures:
    figures = group_statistics(group, filters)
    games, game_count = games_of(group, games_listed)
    return GroupFigures(figures, charts_of(group, filters, figures), games, game_count)


def _forget_game(app: Flask, game_id: str | None = None, group_pk: int | None = None,
                 left_group_pk: int | None = None, **_change) -> None:
    """A game changed: the game lists of its groups and its line in them are stale (their
    figures are kept per results revision: an unfinished game's save leaves them right)."""
    for pk in (group_pk, left_group_pk):
        if pk is not None:
            memo(app).forget(pk)
    if game_id is not None:
        lines(app).forget(game_id)


def _forget_group(app: Flask, group_pk: int, **_change) -> None:
    """A rename, a hand-over, a merge, a deletion: a merge raises the results revision, and
    the figures of the one before are never asked again."""
    memo(app).forget(group_pk)
    counted_memo(app).forget(group_pk)


def init_app(app: Flask) -> None:
    entries = int(app.config.get("GROUP_CACHE_ENTRIES", DEFAULT_ENTRIES))
    app.extensions[EXTENSION] = RevisionMemo(entries)
    app.extensions[COUNTED] = CountedMemo(entries)
    app.extensions[LINES] = CountedMemo(int(app.config.get("GROUP_LINES_ENTRIES", LINES_ENTRIES)))
    app.extensions[SHOWN_LINES] = RevisionMemo(int(app.config.get("GROUP_LINES_ENTRIES",
                                                                  LINES_ENTRIES)))
    game_changed.connect(_forget_game, sender=app)
    group_changed.connect(_forget_group, sender=app)
