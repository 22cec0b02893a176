"""Translatable messages built by the engine and rendered by whoever shows them.

The engine must not import Flask, yet every error and explanation it produces has to reach
the user in their language. So it builds :class:`Message` values (a msgid marked with ``N_``
for extraction, plus parameters) and the web, API, CLI or PDF layer renders them with its
own ``gettext``/``ngettext``/``pgettext``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol


def N_(text: str) -> str:
    """Mark a msgid for extraction without translating it here."""
    return text


def P_(context: str, text: str) -> Message:
    """A translatable name with a message context (``pgettext``), e.g. a wonder side's."""
    return Message(text, context=context)


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural msgid pair for extraction."""
    return singular, plural


class Translator(Protocol):
    def gettext(self, text: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, text: str) -> str: ...


class EnglishTranslator:
    """The identity translation: what the engine says when nobody translates it."""

    def gettext(self, text: str) -> str:
        return text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, text: str) -> str:
        return text


ENGLISH = EnglishTranslator()


@dataclass(slots=True, unsafe_hash=True)
class Message:
    """A msgid with ``%(name)s`` parameters; a parameter may itself be a Message or a Sum.

    A message without parameters (a card name, a noun), or one marked ``memo``, remembers
    its last rendering with the translator that made it: the catalog's names and the
    scorer's memoised lines are rendered thousands of times with the same few catalogs.
    That cache is the only thing that ever changes in a message.

    Not a frozen dataclass, though nothing assigns to a message once made (its hash and
    equality are a frozen one's): the scorer makes hundreds per game, and a frozen
    dataclass's ``__init__`` (one ``object.__setattr__`` per field) cost four times as much,
    about a tenth of the time scoring a game with an expansion took.
    """

    text: str
    params: dict | None = None
    plural: str | None = None
    #: the number choosing the plural form, also available as ``%(num)d``
    n: int = 0
    #: a msgctxt, used for card and wonder names
    context: str | None = None
    #: also remember the rendering of a message with parameters: only for messages whose
    #: parameters never change (the scorer's memoised lines)
    memo: bool = field(default=False, compare=False)
    #: (translator, text) of the last rendering of a message without parameters or marked
    #: ``memo``; one tuple, so that concurrent renderings never pair a translator with
    #: another's text
    _rendered: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def render(self, translator: Translator = ENGLISH) -> str:
        params = self.params
        if not params and self.plural is None:
            rendered = self._rendered
            if rendered is not None and rendered[0] is translator:
                return rendered[1]
            if self.context is not None:
                text = translator.pgettext(self.context, self.text)
            else:
                text = translator.gettext(self.text)
            self._rendered = (translator, text)
            return text
        if self.memo:
            rendered = self._rendered
            if rendered is not None and rendered[0] is translator:
                return rendered[1]
            text = self._format(translator)
            self._rendered = (translator, text)
            return text
        return self._format(translator)

    def _format(self, translator: Translator) -> str:
        template, values = self.filled(translator, render_value)
        return template % values

    def filled(self, translator: Translator,
               render: Callable[[object, Translator], object]) -> tuple[str, dict]:
        """The translated template and the values of its parameters, each shown by
        ``render(value, translator)``, except a negative whole number, which :func:`minus`
        prints ("−2", see :func:`signed`): the one way a message is filled, as text here and as
        the pages' HTML with links (:mod:`scorer.web.card_links`)."""
        if self.context is not None:
            template = translator.pgettext(self.context, self.text)
        elif self.plural is not None:
            template = translator.ngettext(self.text, self.plural, self.n)
        else:
            template = translator.gettext(self.text)
        values: dict = {"num": self.n}
        if self.n < 0:
            template, values["num"] = signed(template, "num", self.n)
        for key, value in (self.params or {}).items():
            if type(value) is int and value < 0:
                template, values[key] = signed(template, key, value)
            else:
                values[key] = render(value, translator)
        return template, values

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True, slots=True)
class Sum:
    """An addition a player can check at the table: ``label 2 + label 5 = 7``."""

    terms: tuple[tuple[object, int], ...]
    total: int
    #: "Ana 1 + Dirk 8" alone, when the line states the total elsewhere
    with_total: bool = True

    def render(self, translator: Translator = ENGLISH) -> str:
        terms = self.terms
        if not terms:
            return str(self.total)
        text = ""
        for index, (label, value) in enumerate(terms):
            shown = minus(abs(value)) if index else minus(value)
            if label is not None:
                shown = f"{render_value(label, translator)} {shown}"
            text += shown if not index else (" − " if value < 0 else " + ") + shown
        if (len(terms) == 1 and terms[0][0] is None) or not self.with_total:
            return text
        return f"{text} = {minus(self.total)}"


def minus(value: int) -> str:
    """Numbers with a real minus sign, as on the conflict tokens (−1), never a hyphen: the one
    way the app prints a whole number that may be negative (the pads' cells through the
    ``minus`` filter, every message's parameters through :func:`signed`)."""
    return f"−{-value}" if value < 0 else str(value)


def signed(template: str, key: str, value: int) -> tuple[str, str]:
    """``template`` and the value of its ``%(key)d`` for a negative ``value``: the number as
    :func:`minus` prints it, in a ``%(key)s`` (a catalog's ``%(key)d`` takes no text)."""
    return template.replace(f"%({key})d", f"%({key})s"), minus(value)


RENDERABLE = (Message, Sum)


def render_value(value: object, translator: Translator = ENGLISH) -> object:
    if isinstance(value, RENDERABLE):
        return value.render(translator)
    if isinstance(value, (list, tuple)):
        return ", ".join([str(render_value(item, translator)) for item in value])
    return value


def nmessage(singular: str, plural: str, n: int, *, memo: bool = False,
             **params: object) -> Message:
    """A message whose wording depends on a number (Polish has three forms)."""
    return Message(singular, params, plural=plural, n=n, memo=memo)


def card_name(name: str) -> Message:
    return Message(name, context="card")


def wonder_name(name: str) -> Message:
    return Message(name, context="wonder")

