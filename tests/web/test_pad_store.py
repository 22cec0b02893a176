"""The drawn pad shared by an instance's worker processes (issue 31): a pad drawn by one worker
is answered by the others without drawing it again, byte for byte the same; a save, another
language or another version of the code is drawn anew; a damaged file is drawn again; a deleted
game's files go with it; ``PAD_STORE_FILES = 0`` keeps none."""

from __future__ import annotations

import glob
import os
import re

import pytest

from scorer import create_app, storage
from scorer.games import service as games_service
from scorer.web import pad_cache, pad_store
from tests.conftest import dispose
from tests.helpers import game, player

CITIES = [player("Ada", "gizah", cards=["lumber-yard"], coins=3),
          player("Bob", "babylon", coins=4), player("Cy", "rhodes", coins=2)]


@pytest.fixture
def game_id(app):
    with app.app_context():
        return games_service.create_game(game(*CITIES), "Workers")


@pytest.fixture
def worker(app):
    """Another worker process of the same instance: the same database and instance folder, its
    own memory."""
    other = create_app(dict(app.config))
    with app.app_context():
        other.extensions["scorer.pdf_work"] = pad_store.work_folder()
    yield other
    dispose(other)


@pytest.fixture
def draws(monkeypatch):
    """How many times a pad was drawn, in every app."""
    count = {"n": 0}
    original = pad_cache._drawn

    def counted(*args, **kwargs):
        count["n"] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(pad_cache, "_drawn", counted)
    return count


def text(answer) -> str:
    assert answer.status_code == 200
    return re.sub(r'name="csrf_token" value="[^"]*"', "", answer.get_data(as_text=True))


def files(app) -> list[str]:
    with app.app_context():
        return glob.glob(os.path.join(pad_store._folder(), "*.json"))


def test_another_worker_answers_the_pad_without_drawing_it(app, worker, game_id, draws):
    first = text(app.test_client().get(f"/games/{game_id}/live"))
    assert draws["n"] == 1
    for url in (f"/games/{game_id}/live", f"/games/{game_id}"):
        answer = worker.test_client().get(url)
        assert answer.status_code == 200
    assert draws["n"] == 1
    assert text(worker.test_client().get(f"/games/{game_id}/live")) == first


def test_a_save_and_another_language_are_drawn_anew(app, worker, game_id, draws):
    live = f"/games/{game_id}/live"
    english = text(app.test_client().get(live))
    polish = text(worker.test_client().get(live, headers={"Accept-Language": "pl"}))
    assert draws["n"] == 2 and polish != english
    with worker.app_context():  # the other worker saves: this one hears no event
        games_service.modify(game_id, lambda d: {**d, "players": [
            {**d["players"][0], "coins": 17}, *d["players"][1:]]})
    assert "17" in text(app.test_client().get(live))
    assert draws["n"] == 3
    assert text(worker.test_client().get(live)) == text(app.test_client().get(live))
    assert draws["n"] == 3


def test_a_deleted_games_files_go_with_it_and_only_its(app, game_id):
    """The change event of a deletion removes the game's files; a save leaves them to the
    pruning (never read again: the revision is in their name), and another game's stay."""
    with app.app_context():
        other = games_service.create_game(game(*CITIES), "Other")
    for each in (game_id, other):
        app.test_client().get(f"/games/{each}/live")
    with app.app_context():
        games_service.modify(game_id, lambda d: {**d, "players": [
            {**d["players"][0], "coins": 11}, *d["players"][1:]]})
    assert len(files(app)) == 2
    app.test_client().get(f"/games/{game_id}/live")
    assert len(files(app)) == 3
    with app.app_context():
        storage.delete_game(game_id)
    kept = [os.path.basename(path) for path in files(app)]
    assert len(kept) == 1 and kept[0].startswith(pad_store._owner(other) + ".")


def test_a_damaged_file_is_drawn_again(app, worker, game_id, draws):
    live = f"/games/{game_id}/live"
    drawn = text(app.test_client().get(live))
    for path in files(app):
        with open(path, "w") as out:
            out.write('{"head": "cut sho')
    assert text(worker.test_client().get(live)) == drawn
    assert draws["n"] == 2


def test_a_file_of_another_version_is_never_read(app, worker, game_id, draws, monkeypatch):
    live = f"/games/{game_id}/live"
    app.test_client().get(live)
    monkeypatch.setattr(pad_store.cache_files, "generation", lambda *folders: "newer")
    worker.test_client().get(live)
    assert draws["n"] == 2


def test_none_kept_when_turned_off(app, game_id, draws):
    app.config["PAD_STORE_FILES"] = 0
    app.test_client().get(f"/games/{game_id}/live")
    assert files(app) == []
