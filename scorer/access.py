"""Who may do what with a saved game: the one check the pages and the JSON API share.

A game's link is the key the table shares: whoever has it may view the game and enter cities.
The owner rules (issue 12: only the creator changes the set-up or deletes) belong here, so the
pages and the API enforce the same ones; until they land, every action is allowed.
"""

from __future__ import annotations

from flask import abort

#: "create" a game, "view" it, "enter" a city, change the "setup", "delete" it
ACTIONS = ("create", "view", "enter", "setup", "delete")


def may(action: str, saved) -> bool:
    """Whether the current request may do ``action`` to ``saved`` (None for "create")."""
    if action not in ACTIONS:
        raise ValueError(f"unknown action {action!r}")
    return True


def require(action: str, saved) -> None:
    if not may(action, saved):
        abort(403)
