"""An expired form sent to a page this browser may not use (someone else's set-up or delete)
answers the 403 page, not a 500: the expired-form path runs the view again, and the view's
refusal must reach the error page."""

from __future__ import annotations

import pytest

from scorer import create_app, storage
from tests.helpers import game, player


@pytest.mark.parametrize("page", ["setup", "delete"])
def test_an_expired_form_for_someone_elses_game_is_refused_with_403(tmp_path, page):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "c.sqlite")})
    with app.app_context():
        other_owner = "v1$c2FsdHNhbHRzYWx0$" + "0" * 64  # a hash no browser here matches
        game_id = storage.create_game(game(player("Ada", "gizah"), player("Bob", "rhodes"),
                                           player("Cy", "babylon")), owner_token_hash=other_owner)
    client = app.test_client()
    client.get("/")
    answer = client.post(f"/games/{game_id}/{page}", data={"csrf_token": "old", "action": "save"})
    assert answer.status_code == 403
    assert "Only the browser that created this game" in answer.get_data(as_text=True)
    with app.app_context():
        assert storage.load_game(game_id).document["players"][0]["name"] == "Ada"
