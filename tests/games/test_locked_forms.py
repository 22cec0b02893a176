"""Issue 28 items 6 and 8, on SQLite and PostgreSQL: a locked game answers 403 "locked" on every
path, a city or set-up post whose CSRF token is missing or stale (a phone left open overnight)
included; the owner's other rights stay (hand over, count it in a group); the lock is offered
on a finished game only."""

from __future__ import annotations

import pytest

from scorer import create_app, storage
from scorer.games import service as games_service
from scorer.groups import service as groups_service
from tests.conftest import dispose
from tests.helpers import game, own, player

FINISHED = game(player("Ada", "gizah", cards=["altar"]), player("Bob", "rhodes"), player("Cy", "babylon"))
for _city in FINISHED["players"]:
    _city["entered"] = True


@pytest.fixture
def csrf_app(database_url):
    """CSRF checked, as in production."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url})
    yield app
    dispose(app)


def locked_game(app, client) -> tuple[str, str]:
    with app.app_context():
        game_id = games_service.create_game(FINISHED, "Finished")
        storage.set_locked(game_id, True)
        player_id = storage.load_game(game_id).document["players"][1]["id"]
    own(app, client, game_id)
    return game_id, player_id


@pytest.mark.parametrize("token", [None, "", "stale.token.from-yesterday"])
def test_a_stale_form_of_a_locked_game_answers_locked_not_500(csrf_app, token):
    owner = csrf_app.test_client()
    game_id, player_id = locked_game(csrf_app, owner)
    with csrf_app.app_context():
        before = storage.load_game(game_id)
    extra = {} if token is None else {"csrf_token": token}
    city = (f"/games/{game_id}/players/{player_id}", {"action": "save", "coins": "5"})
    setup = (f"/games/{game_id}/setup", {"action": "save", "count": "3"})
    for client, posts in ((owner, (city, setup)), (csrf_app.test_client(), (city,))):
        for path, form in posts:
            answer = client.post(path, data={**form, **extra})
            assert answer.status_code == 403, (path, answer.status_code)
            assert "locked by its owner" in answer.text, path
            polish = client.post(path, data={**form, **extra}, headers={"Accept-Language": "pl"})
            assert polish.status_code == 403 and "locked by its owner" not in polish.text
            assert "zablokowa" in polish.text.lower(), polish.text
    with csrf_app.app_context():
        after = storage.load_game(game_id)
    assert (after.document, after.revision) == (before.document, before.revision)


def test_a_locked_game_can_still_be_handed_over_and_put_in_a_group(csrf_app):
    app = csrf_app
    app.config["WTF_CSRF_ENABLED"] = False
    owner = app.test_client()
    game_id, _player_id = locked_game(app, owner)
    assert owner.get(f"/games/{game_id}/owner").status_code == 200
    created = owner.post("/groups/new", data={"name": "Thursday"})
    group_id = created.headers["Location"].rsplit("/", 1)[1]
    assert owner.post(f"/groups/{group_id}/games", data={"game": game_id}).status_code == 302
    with app.app_context():
        assert storage.load_game(game_id).group_pk == groups_service.load(group_id).pk


def test_the_lock_is_offered_on_a_finished_game_only(csrf_app):
    app = csrf_app
    app.config["WTF_CSRF_ENABLED"] = False
    owner = app.test_client()
    unfinished = game(player("Ada", "gizah"), player("Bob", "rhodes"), player("Cy", "babylon"))
    unfinished["players"][2]["entered"] = False
    with app.app_context():
        game_id = games_service.create_game(unfinished, "Still playing")
    own(app, owner, game_id)
    pad = owner.get(f"/games/{game_id}").text
    assert "Players and wonders" in pad  # the owner's actions are there
    assert 'value="lock"' not in pad and "Lock the game" not in pad
    sent = owner.post(f"/games/{game_id}/lock", data={"action": "lock"})  # an older page
    assert sent.status_code == 303
    with app.app_context():
        assert not storage.load_game(game_id).locked
    assert "Only a finished game can be locked" in owner.get(f"/games/{game_id}").text
    finished, _player_id = locked_game(app, owner)
    assert "Unlock the cities" in owner.get(f"/games/{finished}").text
    assert owner.post(f"/games/{finished}/lock", data={"action": "unlock"}).status_code == 303
    assert 'value="lock"' in owner.get(f"/games/{finished}").text


def test_every_post_to_a_locked_game_with_a_stale_form_answers_without_500(csrf_app):
    """Every page a form posts to, sent for a locked game with no token or a stale one (as
    its owner and as a guest): a clear answer, never a 500, and the game unchanged."""
    owner = csrf_app.test_client()
    game_id, player_id = locked_game(csrf_app, owner)
    with csrf_app.app_context():
        before = storage.load_game(game_id)
    posts = [rule for rule in csrf_app.url_map.iter_rules()
             if "POST" in rule.methods and "<game_id>" in rule.rule and not rule.rule.startswith("/api/")]
    assert len(posts) >= 8
    answers = 0
    for rule in posts:
        url = (rule.rule.replace("<game_id>", game_id).replace("<player_id>", player_id)
               .replace("<token>", "x" * 43).replace("<group_id>", "no-such-group"))
        for client in (owner, csrf_app.test_client()):
            for token in (None, "stale"):
                data = {"action": "save", "coins": "1", **({} if token is None else {"csrf_token": token})}
                answer = client.post(url, data=data)
                answers += 1
                assert answer.status_code < 500, (url, answer.status_code)
    with csrf_app.app_context():
        after = storage.load_game(game_id)
    assert (after.document, after.revision, after.locked) == (before.document, before.revision, True)
    assert answers == len(posts) * 4
