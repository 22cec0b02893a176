"""Typed text shown to the table (a game's title) is held to the names' rule: no character that
cannot be seen or that reorders the text around it. A NUL, a bell, a line break or a
right-to-left override in a title is refused beside the field, naming the character, as it is
in a name; the database is never asked to store what it cannot hold."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms.validators import ValidationError

from ..engine.names import hidden_characters


class VisibleText:
    """A WTForms validator: refuse hidden and text-direction characters, naming them."""

    def __call__(self, _form, field) -> None:
        if isinstance(field.data, str) and hidden_characters(field.data):
            raise ValidationError(_l(
                "The text cannot hold invisible or text-direction characters (%(codes)s).",
                codes=", ".join(hidden_characters(field.data))))
