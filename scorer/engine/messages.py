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


@dataclass(frozen=True, slots=True)
class Message:
    """A msgid with ``%(name)s`` parameters; a parameter may itself be a Message or a Sum."""

    text: str
    params: dict = field(default_factory=dict)
    plural: str | None = None
    #: the number choosing the plural form, also available as ``%(num)d``
    n: int = 0
    #: a msgctxt, used for card and wonder names
    context: str | None = None

    def render(self, translator: Translator = ENGLISH) -> str:
        if self.context is not None:
            template = translator.pgettext(self.context, self.text)
        elif self.plural is not None:
            template = translator.ngettext(self.text, self.plural, self.n)
        else:
            template = translator.gettext(self.text)
        if not self.params and self.plural is None:
            return template
        values = {key: render_value(value, translator) for key, value in self.params.items()}
        values.setdefault("num", self.n)
        return template % values

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True, slots=True)
class Sum:
    """An addition a player can check at the table: ``label 2 + label 5 = 7``."""

    terms: tuple[tuple[object, int], ...]
    total: int

    def render(self, translator: Translator = ENGLISH) -> str:
        if not self.terms:
            return str(self.total)
        parts = []
        for label, value in self.terms:
            text = str(value) if label is None else f"{render_value(label, translator)} {value}"
            parts.append(text)
        joined = " + ".join(parts).replace("+ -", "− ")
        if len(self.terms) == 1 and self.terms[0][0] is None:
            return joined
        return f"{joined} = {self.total}"


def render_value(value: object, translator: Translator = ENGLISH) -> object:
    if isinstance(value, (Message, Sum)):
        return value.render(translator)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(render_value(item, translator)) for item in value)
    return value


def nmessage(singular: str, plural: str, n: int, **params: object) -> Message:
    """A message whose wording depends on a number (Polish has three forms)."""
    return Message(singular, params, plural=plural, n=n)


def card_name(name: str) -> Message:
    return Message(name, context="card")


def wonder_name(name: str) -> Message:
    return Message(name, context="wonder")


Renderer = Callable[[Message], str]
