"""Problems found in a document: a path, a code and a translatable message each.

Every check of the engine (bounds, validation, the expansions' own checks, trade questions)
reports through these, so a user sees every mistake of a form at once, named by its field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .messages import ENGLISH, Message, Translator, nmessage


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    code: str
    message: Message

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        return {"path": self.path, "code": self.code, "message": self.message.render(translator)}


class Problems(list):
    def add(self, path: str, code: str, text: str, **params: Any) -> None:
        self.append(Problem(path, code, Message(text, params)))

    def add_counted(self, path: str, code: str, singular: str, plural: str, n: int,
                    **params: Any) -> None:
        """A problem whose wording depends on ``n`` ("1 leader", "2 leaders"; Polish has three
        forms), given to the message as ``%(num)d``."""
        self.append(Problem(path, code, nmessage(singular, plural, n, **params)))
