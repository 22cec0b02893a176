"""The score pad's rows: label, colour and icon of each category, in the engine's order.

The order and the set of rows come from the engine (:data:`CATEGORIES`), so a printed pad and a
score report can never disagree; this module only adds how each row looks on paper.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.messages import N_
from ..engine.scoring import CATEGORIES


@dataclass(frozen=True, slots=True)
class Row:
    key: str
    #: msgid of the row's label, translated when the page is rendered
    label: str
    #: the pad's colour for the row, and a light tint of it for the cells players write in
    colour: str
    tint: str

    @property
    def icon(self) -> str:
        """Path of the row's icon, relative to the static folder."""
        return f"pdf/icons/{self.key}.svg"


_LOOKS = {
    "military": (N_("Military"), "#c0392b", "#f6dcd9"),
    "coins": (N_("Treasury"), "#d4a017", "#fbf0cf"),
    "wonder": (N_("Wonder"), "#9c7a4b", "#eee3d2"),
    "civilian": (N_("Civilian"), "#2e6db4", "#dbe7f5"),
    "science": (N_("Science"), "#2e8b3e", "#d9eedc"),
    "commercial": (N_("Commercial"), "#e8890c", "#fce5c6"),
    "guilds": (N_("Guilds"), "#6c3d8f", "#e7dcef"),
}

ROWS: tuple[Row, ...] = tuple(Row(key, *_LOOKS[key]) for key in CATEGORIES)
TOTAL = Row("total", N_("Total"), "#333333", "#e6e6e6")
