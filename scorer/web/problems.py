"""Engine problems placed next to the form fields they are about.

The engine names each problem by a path into the game document (``players[1].cards[3]``);
the pages take the problems they can show beside a field and list the rest at the top, so
no problem is ever dropped.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.validation import Problem
from ..i18n import translator


class ErrorMap:
    def __init__(self, problems: Iterable[Problem] = ()):
        active = translator()
        self._by_path: dict[str, list[str]] = {}
        for problem in problems:
            self._by_path.setdefault(problem.path, []).append(problem.message.render(active))

    def __bool__(self) -> bool:
        return bool(self._by_path)

    def add(self, path: str, message: str) -> None:
        self._by_path.setdefault(path, []).append(str(message))

    def take(self, path: str) -> list[str]:
        """The messages at exactly this path; they will not be listed again by :meth:`rest`."""
        return self._by_path.pop(path, [])

    def take_under(self, prefix: str) -> list[str]:
        """The messages at this path and every path inside it."""
        found = []
        for path in [p for p in self._by_path if p == prefix or p.startswith((prefix + ".", prefix + "["))]:
            found.extend(self._by_path.pop(path))
        return found

    def paths(self) -> list[str]:
        return list(self._by_path)

    def rest(self) -> list[str]:
        """Every message not yet taken by a field, in the order found."""
        remaining = [message for messages in self._by_path.values() for message in messages]
        self._by_path.clear()
        return remaining


def summary(entries: Iterable[tuple[str | None, object, Iterable[str]]]) -> list[dict]:
    """The error summary at the top of a form: one line per message, in the form's order.

    ``entries`` are ``(field id, label, messages)``; a message with a field links to it (the
    field's id, so the link works without JavaScript) and names it, one without a field (about
    the whole game, say) stands alone. A line about a field has an id, for a field whose message
    is shown only here to name it (``aria-describedby``).
    """
    lines = []
    for field_id, label, messages in entries:
        for number, message in enumerate(messages, start=1):
            lines.append({"href": f"#{field_id}" if field_id else None,
                          "id": f"{field_id}-problem-{number}" if field_id else None,
                          "label": str(label) if label else None, "message": str(message)})
    return lines
