"""The app with one saved seven-player game, shared by the page and PDF benchmarks."""

from __future__ import annotations

import json
import tempfile
from contextlib import contextmanager
from pathlib import Path

from scorer import create_app
from scorer.storage import create_game

#: a full table of seven cities late in Age III, names with Polish and Dutch letters
SEVEN = json.loads((Path(__file__).parent / "seven_players.json").read_text("utf-8"))


@contextmanager
def seven_player_game(lang: str):
    """Yield (app, game_id, get): a throwaway app holding the game, and a GET that must succeed."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                          "DATABASE": str(Path(folder) / "bench.sqlite")})
        with app.app_context():
            game_id = create_game(SEVEN, "Zażółć gęślą jaźń")
        client = app.test_client()
        client.set_cookie("lang", lang)

        def get(url: str) -> bytes:
            with client.get(url) as response:
                assert response.status_code == 200, (url, response.status_code)
                return response.data

        yield app, game_id, get
