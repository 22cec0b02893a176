"""Fixtures the page tests share."""

from __future__ import annotations

import pytest

from scorer import create_app, storage
from scorer.games import service as games_service
from tests.conftest import dispose
from tests.helpers import game, player

#: the three cities of the live pad's tables (test_live_poll.py, test_live_phones.py)
LIVE_CITIES = [player("Ada", "gizah", cards=["lumber-yard"], coins=3),
               player("Bob", "babylon", coins=4), player("Cy", "rhodes", coins=2)]


@pytest.fixture
def game_id(app):
    """A saved three-player first-edition game with a few buildings and coins: what the table
    pages and the build checker are asked about."""
    with app.app_context():
        return storage.create_game(game(
            player("Ada", "alexandria", cards=["lumber-yard", "altar"], coins=5),
            player("Bob", "gizah", cards=["clay-pool", "stone-pit"], coins=3),
            player("Cy", "rhodes", cards=["ore-vein"], coins=0)))


@pytest.fixture
def table(app):
    """A game of :data:`LIVE_CITIES` with player ids, and its players' ids: the table whose
    phones poll the live pad."""
    with app.app_context():
        made = games_service.create_game(game(*LIVE_CITIES), "Live table")
        ids = [p["id"] for p in games_service.load(made).document["players"]]
    return made, ids


def seated_phones(app, game_id: str, ids: list[str]) -> dict:
    """A phone seated as each player (each joined through the page), by player id."""
    seated = {}
    for player_id in ids:
        phone = app.test_client()
        assert phone.post(f"/games/{game_id}/join/{player_id}").status_code == 303
        seated[player_id] = phone
    return seated


@pytest.fixture
def there(app):
    """Another server on the same database: its changes send this one no event, so only the
    keys (revision, lock, owner) keep this one's answers right."""
    other = create_app(dict(app.config))
    yield other
    dispose(other)
