"""Expansions scored from typed points: rows whose points the players type, one per player.

An expansion the app does not score card by card yet (its cards, tokens and boards are not
data here) can still be played: its rows go on the pad as ``typed`` rows (:class:`Row`), each
read from a player field of the same id with clear bounds, and added to the total as typed.
Its package only declares its rows (``EXPANSION = TypedRows(...)``); this one class validates
and scores them for all such expansions, so the pages, the sheets and the report tell typed
rows from computed ones in one way.

Typed rows come after every computed row of the pad, in the order the expansions are played
(sorted), each expansion's rows in their own order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .expansions import Expansion
from .messages import N_, Message
from .rules.ruleset import Row

NOT_WHOLE = N_("%(field)s must be a whole number.")
OUT_OF_BOUNDS = N_("%(field)s: from %(minimum)d to %(maximum)d points, not %(value)d.")
TYPED = N_("%(points)d, as typed by the players (not counted by the app)")


@dataclass(frozen=True, slots=True)
class TypedRow:
    """A row of typed points: its id (the score category and the player field) and label, and
    the points a player may type in it."""

    id: str
    label: Message
    minimum: int
    maximum: int

    @property
    def row(self) -> Row:
        return Row(self.id, self.label, typed=True)


def typed_last(rows: tuple[Row, ...]) -> tuple[Row, ...]:
    """The rows with the typed ones after every computed one, each group in its order."""
    return (*(row for row in rows if not row.typed), *(row for row in rows if row.typed))


@lru_cache(maxsize=256)
def typed_line(points: int) -> Message:
    return Message(TYPED, {"points": points})


def read_points(row: TypedRow, path: str, value: Any, problems) -> int:
    """The points of one typed row (absent: 0); a problem named by ``path`` and 0 otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        problems.add(path, "invalid", NOT_WHOLE, field=path)
        return 0
    if not row.minimum <= value <= row.maximum:
        problems.add(path, "negative_value" if value < 0 and row.minimum == 0 else "invalid",
                     OUT_OF_BOUNDS, field=path, minimum=row.minimum, maximum=row.maximum,
                     value=value)
        return 0
    return value


class TypedRows(Expansion):
    """An expansion scored from typed points: declare its id and rows; the hooks do the rest.

    A player's points are ``raw[row.id]`` in the game document (0 when absent); a city holds
    them as ``city.parts[row.id]``; the score report has them in ``scores`` as any row."""

    def __init__(self, expansion_id: str, rows: tuple[TypedRow, ...]) -> None:
        self.id = expansion_id
        self.rows = rows
        self.player_fields = frozenset(row.id for row in rows)

    def extend(self, base):
        return base.with_data(self.id, self.rows,
                              rows=(*base.rows, *(row.row for row in self.rows)),
                              player_fields=base.player_fields | self.player_fields)

    def finish(self, ruleset):
        return ruleset.extended(rows=typed_last(ruleset.rows))

    def parse_player(self, ruleset, at, raw, problems, table):
        return {row.id: read_points(row, f"{at}.{row.id}", raw.get(row.id, 0), problems)
                for row in self.rows}

    def score_city(self, game, index, player, counts, wild_sources, options, copies):
        parts = game.cities[index].parts
        for row in self.rows:
            points = parts.get(row.id, 0)
            player.scores[row.id] = points
            player.explanations[row.id].append(typed_line(points))
        return False

    def score_game(self, game, result):
        """The report's ``typed_categories``: the rows whose points were typed, in pad order."""
        typed = result.extra.setdefault("typed_categories", [])
        typed.extend(row.id for row in self.rows)
        typed.sort(key=game.ruleset.categories.index)
