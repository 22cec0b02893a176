"""How the score pad's rows look, on the pages and on paper: tone, print colours, icon.

Which rows a pad has, in which order and under which name is the ruleset's (``ruleset.rows``);
this module only adds each row's looks, keyed by the row's id (an expansion's rows by its page
part, :mod:`scorer.web.expansions`), so that a row looks the same in every edition and
expansion, on the screen (a tone class with its shape mark) and in print (a
colour, a light tint for the cells players write in, and an icon).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from ..engine.messages import N_
from ..engine.rules import Ruleset
from .expansions import every_part


@dataclass(frozen=True, slots=True)
class RowLook:
    #: the pages' tone class (``row-<tone>``) and shape mark (``MARKS[tone]``)
    tone: str
    #: the printed pad's colour for the row's label, and the tint of its cells
    colour: str
    tint: str
    #: icon file under ``static/pdf/icons/`` (None: the label goes without one)
    icon: str | None


LOOKS = {
    "military": RowLook("red", "#c0392b", "#f6dcd9", "military"),
    "coins": RowLook("coin", "#d4a017", "#fbf0cf", "coins"),
    "wonder": RowLook("wonder", "#9c7a4b", "#eee3d2", "wonder"),
    "civilian": RowLook("blue", "#2e6db4", "#dbe7f5", "civilian"),
    "science": RowLook("green", "#2e8b3e", "#d9eedc", "science"),
    "commercial": RowLook("yellow", "#e8890c", "#fce5c6", "commercial"),
    "guilds": RowLook("purple", "#6c3d8f", "#e7dcef", "guilds"),
}
#: a row nobody drew looks for yet: plain grey, no icon (shown, never dropped)
PLAIN = RowLook("plain", "#555555", "#eeeeee", None)
TOTAL_LOOK = RowLook("total", "#333333", "#e6e6e6", "total")


@dataclass(frozen=True, slots=True)
class PadRow:
    key: str
    #: msgid of the row's label, translated when the page is rendered
    label: str
    look: RowLook
    #: the players typed its points (the ruleset's typed row): the pads say so beside its label
    typed: bool = False

    @property
    def tone(self) -> str:
        return self.look.tone

    @property
    def colour(self) -> str:
        return self.look.colour

    @property
    def tint(self) -> str:
        return self.look.tint

    @property
    def icon(self) -> str | None:
        """Path of the row's icon, relative to the static folder."""
        return f"pdf/icons/{self.look.icon}.svg" if self.look.icon else None


@cache
def every_look() -> Mapping[str, RowLook]:
    """The looks of the base game's rows and of every expansion's (their page parts'), worked
    out once: every pad and every printed pad asks."""
    looks = dict(LOOKS)
    for part in every_part():
        looks.update(part.row_looks)
    return MappingProxyType(looks)


def pad_rows(ruleset: Ruleset) -> tuple[PadRow, ...]:
    """The ruleset's score-pad rows, in its order, with their looks."""
    looks = every_look()
    return tuple(PadRow(row.id, row.label.text, looks.get(row.id, PLAIN), row.typed)
                 for row in ruleset.rows)


TOTAL = PadRow("total", N_("Total"), TOTAL_LOOK)
