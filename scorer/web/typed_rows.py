"""The page part of an expansion scored from typed points (:mod:`scorer.engine.typed_rows`).

One number field per typed row on the city page (its bounds are the engine's), shown and read
back like the other counts, with the engine's problems beside it; on New game the expansion
is named as "scored from typed points"; every typed row has one tone on the pages, marked with
a pencil, so that nobody takes it for a row the app counted, and a colour of its own on the
printed pads and in the charts.
"""

from __future__ import annotations

from types import MappingProxyType

from flask_babel import lazy_gettext as _l

from ..engine.expansions import installed
from .expansions import PagePart
from .forms import number_field
from .pad_rows import RowLook

TONE = "typed"
#: what New game says beside such an expansion's switch
NOTE = _l("scored from typed points: each player types the points of its rows")


class TypedRowsPart(PagePart):
    """An expansion's typed rows on the pages: give its id, its name and, per row, the label
    of the row's field, a hint of what to type and its printed colour and tint (a hue no other
    row has: the charts tell the rows apart by it; white print on the colour reads 4.5:1)."""

    city_template = "_typed_rows.html"
    choice_note = NOTE
    marks = MappingProxyType({TONE: "✎"})

    def __init__(self, expansion_id: str, label, fields: dict) -> None:
        self.id = expansion_id
        self.label = label
        #: row id -> (field label, hint)
        self.fields = MappingProxyType({row: (label, hint) for row, (label, hint, *_looks)
                                        in fields.items()})
        self.row_looks = MappingProxyType({row: RowLook(TONE, colour, tint, None) for row, (
            _label, _hint, colour, tint) in fields.items()})

    def rows(self):
        return installed()[self.id].rows

    def city_fields(self, ruleset):
        return {row.id: number_field(self.fields[row.id][0], row.minimum, row.maximum)
                for row in self.rows()}

    def player_data(self, player):
        return {row.id: player.get(row.id, 0) for row in self.rows()}

    def city_section(self, form, ruleset, errors, at, saved_document, document, index):
        rows = [{"field": form[row.id], "hint": self.fields[row.id][1],
                 "problems": errors.take(f"{at}.{row.id}"),
                 "minimum": row.minimum, "maximum": row.maximum} for row in self.rows()]
        return {"id": self.id, "title": self.label, "rows": rows}

    def summary_entries(self, form, section):
        return [(entry["field"].id, entry["field"].label.text,
                 [*entry["field"].errors, *entry["problems"]]) for entry in section["rows"]]

    def typed_city(self, form, city):
        """A refused field keeps its saved value (the page shows the problem); 0 is left out,
        as the document's default."""
        for row in self.rows():
            if not form[row.id].errors:
                city.pop(row.id, None)
                if form[row.id].data:
                    city[row.id] = form[row.id].data

    def conflict_rows(self, form, stored, ruleset):
        return [{"label": form[row.id].label.text, "mine": form[row.id].data,
                 "theirs": stored.get(row.id, 0), "differs": form[row.id].data != stored.get(row.id, 0)}
                for row in self.rows()]
