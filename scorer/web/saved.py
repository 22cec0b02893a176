"""The one way a page finds the saved game its URL names: the game, or a 404 page."""

from __future__ import annotations

from flask import abort

from .. import storage
from ..games import service as games_service


def saved_or_404(game_id: str) -> storage.SavedGame:
    """The saved game with its player ids; an unknown id ends the request with 404."""
    saved = games_service.load(game_id)
    if saved is None:
        abort(404)
    return saved
