"""What an effect does, in sentences: each effect's kind says it (``EffectKind.says``, in the
words the score explanations use), so a card shows a sentence for every effect it has.

An effect whose kind says nothing fails here, when the rules at hand are built at start-up,
never as a card page that silently shows no effect.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..catalog import Effect
from ..effects import UnknownEffect
from ..messages import Message


def sentences_of(effects: Iterable[Effect], where: str) -> tuple[Message, ...]:
    """The sentences of some effects, in order; an effect its kind cannot say is refused."""
    said: list[Message] = []
    for effect in effects:
        sentences = effect.kind.sentences(effect.params) if effect.kind else ()
        if not sentences or not all(isinstance(s, Message) for s in sentences):
            raise UnknownEffect(f"{where}: effect {effect.type!r} says nothing of what it does")
        said.extend(sentences)
    return tuple(said)
