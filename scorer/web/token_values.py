"""Victory tokens typed as the values printed on them ("1 3 5 5"), one field for every kind.

A player reads the tokens in front of them; typing their values on the phone's digit pad takes
them in one go, where a stepper per kind took a tap per token and a row per kind (issue 21,
item 7). Defeat tokens keep their stepper: a digit pad has no minus. The field's data is a count
per kind, as the city document holds them; what was typed is shown back as typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from babel.lists import format_list
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from werkzeug.datastructures import ImmutableMultiDict
from wtforms import Field
from wtforms.utils import unset_value
from wtforms.widgets import TextInput

from ..engine.rules import TokenKind
from ..safety.numbers import parse_int

#: long enough for every token a city could hold, with spaces between them
MAX_TEXT = 60
#: what may stand between the values: spaces, commas, plus signs (a digit pad has some of them)
SEPARATORS = re.compile(r"[\s,+]+")


def victory_kinds(tokens: Sequence[TokenKind]) -> tuple[TokenKind, ...]:
    """The kinds typed as values: the victory tokens (positive), when no two share a value."""
    kinds = tuple(kind for kind in tokens if kind.value > 0)
    return kinds if len({kind.value for kind in kinds}) == len(kinds) else ()


def written(counts: dict[str, int], kinds: Sequence[TokenKind]) -> str:
    """The tokens of ``counts`` as a player would type them, smallest first: ``"1 3 5 5"``."""
    return " ".join(str(kind.value) for kind in kinds for _ in range(counts.get(kind.id, 0)))


def read(text: str, kinds: Sequence[TokenKind]) -> dict[str, int]:
    """The count per kind of the values typed; ValueError (a translated message) for anything
    that is not a value of these kinds. Where every value is a single digit, ``"135"`` is three
    tokens, so a digit pad without a space key still works."""
    by_value = {str(kind.value): kind.id for kind in kinds}
    choices = format_list(sorted(by_value, key=int), style="or", locale=get_locale())
    if len(text) > MAX_TEXT:
        raise ValueError(ngettext("Too long: type at most %(num)d character.",
                                  "Too long: type at most %(num)d characters.", MAX_TEXT))
    runs = [run for run in SEPARATORS.split(text.strip()) if run]
    if not all(run.isascii() and run.isdigit() for run in runs):
        raise ValueError(_("Type each token’s value (%(values)s), for example %(example)s.",
                           values=choices, example=" ".join(sorted(by_value, key=int))))
    single_digits = all(len(value) == 1 for value in by_value)
    values = [digit for run in runs for digit in run] if single_digits else runs
    counts: dict[str, int] = {}
    for value in values:
        kind = by_value.get(value.lstrip("0") or "0")
        if kind is None:
            raise ValueError(_("There is no token of %(value)s: type %(values)s for each token.",
                               value=value, values=choices))
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def from_counts(formdata, name: str, kinds: Sequence[TokenKind]):
    """A page from before this field (open on a phone while the app was updated) sends a count
    per kind (``victory_1=2``): read as the same tokens typed, so its save still works."""
    if not any(kind.id in formdata for kind in kinds):
        return formdata
    counts = {kind.id: parse_int(formdata.get(kind.id, "").strip() or "0") for kind in kinds}
    if any(count is None for count in counts.values()):
        text = " ".join(formdata.get(kind.id, "") for kind in kinds)  # refused as typed
    else:
        text = written({kind: min(count, MAX_TEXT) for kind, count in counts.items()}, kinds)
    return ImmutableMultiDict([*formdata.items(multi=True), (name, text)])


class TokenValuesField(Field):
    """The victory tokens of a city as one typed field (see the module's docstring)."""

    widget = TextInput()

    def __init__(self, label=None, validators=None, *, kinds: Sequence[TokenKind] = (), **kwargs):
        super().__init__(label, validators, **kwargs)
        self.kinds = tuple(kinds)

    def process_data(self, value):
        self.data = dict(value or {})

    def process(self, formdata, data=unset_value, extra_filters=None):
        if formdata is not None and self.name not in formdata:
            formdata = from_counts(formdata, self.name, self.kinds)
        super().process(formdata, data, extra_filters)

    def process_formdata(self, valuelist):
        if valuelist:
            self.data = read(valuelist[0], self.kinds)

    def _value(self) -> str:
        if self.raw_data:
            return self.raw_data[0]
        return written(self.data or {}, self.kinds)
