"""A group's figures, charts and game list, drawn once per group revision, language and filters.

The group's page is opened again and again on a game night (every phone, every few minutes),
and its statistics and four charts cost tens of milliseconds for a few hundred games; they
change only when the group or one of its games does, which raises the group's revision
(:mod:`scorer.storage.revisions`). So they are kept per (revision, language, filters); what
depends on the browser (the games it may add, its CSRF token) is drawn per request. The group
report's PDF uses the same figures. Change events free a group's entries early.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, current_app
from flask_babel import get_locale

from ..groups import service
from ..groups.statistics import Filters, statistics
from ..storage.events import game_changed, group_changed
from ..storage.groups import Group
from .group_charts import group_charts
from .memo import RevisionMemo

EXTENSION = "scorer.group_memo"
DEFAULT_ENTRIES = 128


@dataclass(frozen=True)
class GroupFigures:
    figures: dict
    charts: dict
    games: list
    game_count: int


def memo(app: Flask | None = None) -> RevisionMemo:
    return (app or current_app).extensions[EXTENSION]


def filters_key(filters: Filters) -> tuple:
    return tuple(sorted(filters.as_dict().items()))


def group_figures(group: Group, filters: Filters, games_listed: int) -> GroupFigures:
    key = (group.revision, str(get_locale()), filters_key(filters), games_listed)

    def make() -> GroupFigures:
        figures = statistics(group, filters)
        games, game_count = service.games_of(group, games_listed)
        return GroupFigures(figures, group_charts(group, figures, filters), games, game_count)

    return memo().get_or_make(group.pk, key, make)


def _forget_game(app: Flask, group_pk: int | None = None, left_group_pk: int | None = None,
                 **_change) -> None:
    for pk in (group_pk, left_group_pk):
        if pk is not None:
            memo(app).forget(pk)


def _forget_group(app: Flask, group_pk: int, **_change) -> None:
    memo(app).forget(group_pk)


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = RevisionMemo(int(app.config.get("GROUP_CACHE_ENTRIES",
                                                                DEFAULT_ENTRIES)))
    game_changed.connect(_forget_game, sender=app)
    group_changed.connect(_forget_group, sender=app)
