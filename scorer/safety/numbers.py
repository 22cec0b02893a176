"""Whole numbers sent by people and programs, read one strict way everywhere.

Python's ``int()`` and ``str.isdigit()`` disagree with each other and with what a person
means: ``"²".isdigit()`` is true but ``int("²")`` fails (that pair answered 500 on four
pages), while ``int()`` quietly takes ``"٣"``, ``"1_000"``, ``" 7 "`` and ``"+7"``, and a
number of 5,000 digits costs a worker real time. Every number the web layer reads (query
parameters, form fields, button values, URL parts, form row indexes) goes through
:func:`parse_int`: ASCII digits only, an optional minus sign where a value may be negative,
and a bounded length. The minus may be the hyphen or the true minus sign (U+2212), which the
pads print ("−2") and phones' autocorrect types.
"""

from __future__ import annotations

from werkzeug.routing import BaseConverter

ASCII_DIGITS = frozenset("0123456789")
#: the hyphen-minus and the true minus sign
MINUS_SIGNS = ("-", "\u2212")
#: more digits than any count in a game needs, few enough that int() stays instant; a typed
#: number this long is still read, so a range check can name the allowed range
MAX_DIGITS = 18


def parse_int(text: object, *, signed: bool = False, max_digits: int = MAX_DIGITS) -> int | None:
    """The number ``text`` spells with ASCII digits (and a leading ``-`` or ``−`` when
    ``signed``), else None."""
    if not isinstance(text, str):
        return None
    negative = signed and text.startswith(MINUS_SIGNS)
    digits = text[1:] if negative else text
    if not 0 < len(digits) <= max_digits or not ASCII_DIGITS.issuperset(digits):
        return None
    return -int(digits) if negative else int(digits)


def parse_index(text: object, count: int) -> int | None:
    """A position among ``count`` things (0 to count - 1), else None."""
    value = parse_int(text)
    return value if value is not None and value < count else None


def parse_suffix(text: object, prefix: str, count: int) -> int | None:
    """The position in a button value such as ``goto-3`` or ``up-0``, else None."""
    if not isinstance(text, str) or not text.startswith(prefix):
        return None
    return parse_index(text[len(prefix):], count)


class WholeNumberConverter(BaseConverter):
    """``<int:index>`` in URLs, ASCII digits only (werkzeug's ``\\d`` also matches ``١``)."""

    regex = f"[0-9]{{1,{MAX_DIGITS}}}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(int(value))
