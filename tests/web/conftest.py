"""Fixtures the page tests share."""

from __future__ import annotations

import pytest

from scorer import storage
from tests.helpers import game, player


@pytest.fixture
def game_id(app):
    """A saved three-player first-edition game with a few buildings and coins: what the table
    pages and the build checker are asked about."""
    with app.app_context():
        return storage.create_game(game(
            player("Ada", "alexandria", cards=["lumber-yard", "altar"], coins=5),
            player("Bob", "gizah", cards=["clay-pool", "stone-pit"], coins=3),
            player("Cy", "rhodes", cards=["ore-vein"], coins=0)))
