"""Explanation lines kept across revisions (issue 31): a pad drawn with the lines kept is the
pad drawn from nothing, after a save, in another language, on another server; snapshots of
lines that render differently differ."""

from __future__ import annotations

import re

import pytest

from scorer.engine.messages import Message, Sum
from scorer.games import service as games_service
from scorer.web import line_cache, pad_cache, pad_store
from tests.helpers import game, player

CITIES = [player("Ada", "gizah", cards=["lumber-yard", "scriptorium"], coins=3),
          player("Bob", "babylon", cards=["stone-pit", "apothecary"], coins=4),
          player("Cy", "rhodes", cards=["loom", "marketplace"], coins=2)]


@pytest.fixture
def game_id(app):
    with app.app_context():
        return games_service.create_game(game(*CITIES), "Lines")


def text(answer) -> str:
    assert answer.status_code == 200
    return re.sub(r'name="csrf_token" value="[^"]*"', "", answer.get_data(as_text=True))


def fresh(app, client, url: str, **headers) -> str:
    """The answer drawn from nothing: no pad, no line kept."""
    pad_cache.memo(app).clear()
    with app.app_context():
        pad_store.clear()
    line_cache.store(app)._lines.clear()
    return text(client.get(url, headers=headers))


def test_a_pad_from_kept_lines_is_the_pad_drawn_from_nothing(app, client, game_id):
    live = f"/games/{game_id}/live"
    for language in ("en", "pl", "nl", "en"):
        assert text(client.get(live, headers={"Accept-Language": language})) == \
            fresh(app, client, live, **{"Accept-Language": language})
        assert len(line_cache.store(app)) > 0
    for coins, cards in ((9, ["lumber-yard", "scriptorium", "press"]), (0, ["lumber-yard"])):
        client.get(live)  # lines of the revision before are kept
        with app.app_context():
            games_service.modify(game_id, lambda d, coins=coins, cards=cards: {**d, "players": [
                {**d["players"][0], "coins": coins, "cards": cards}, *d["players"][1:]]})
        kept = text(client.get(live))
        assert kept == fresh(app, client, live)
        assert f"{coins} coin" in kept


def test_snapshots_of_different_lines_differ():
    frozen = line_cache.frozen
    assert frozen(Message("%(n)s", {"n": 1})) != frozen(Message("%(n)s", {"n": True}))
    assert frozen(Message("%(n)s", {"n": 1})) != frozen(Message("%(n)s", {"n": 1.0}))
    assert frozen([1, 2]) != frozen((1, 2))
    assert frozen(Message("a", n=1)) != frozen(Message("a", n=2))
    assert frozen(Message("a", context="card")) != frozen(Message("a", context="wonder"))
    assert frozen(Message("a", plural="as", n=2)) != frozen(Message("a", plural="bs", n=2))
    name = Message("Lumber Yard", context="card")
    assert frozen(Sum(((name, 1),), 1)) != frozen(Sum(((name, 1),), 1, with_total=False))
    assert frozen(Message("%(x)s", {"x": Message("b")})) == frozen(Message("%(x)s", {"x": Message("b")}))
    hash(frozen(Message("%(x)s", {"x": [Sum(((name, 2), (None, 3)), 5)]})))


def test_the_store_stays_bounded(app, client, game_id, monkeypatch):
    monkeypatch.setattr(line_cache.store(app), "size", 5)
    client.get(f"/games/{game_id}/live", headers={"Accept-Language": "pl"})
    assert len(line_cache.store(app)) <= 5
    assert text(client.get(f"/games/{game_id}/live")) == fresh(app, client,
                                                                f"/games/{game_id}/live")
