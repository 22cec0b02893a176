"""The group's figures are kept per results revision (issue 31) and are never stale.

Two apps on one database stand for two workers: one serves the group's pages (and keeps its
figures), the other makes the change, so no change event reaches the first: only the keys can
make it right. After every kind of change, what the first answers (the page, the API's
statistics, a player's page, in two languages and with filters) must be byte for byte what a
third app with empty caches answers from the same database. A save that changes nothing
counted (an unfinished game's city) must not count the statistics again.
"""

from __future__ import annotations

import random
import re

import pytest
from sqlalchemy import select

from scorer import create_app, storage
from scorer.groups import service
from scorer.storage.schema import game as game_table
from tests import helpers
from tests.conftest import dispose

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def dealt(rng, players: int, entered: bool = True) -> dict:
    document = helpers.deal(rng, players)
    for city, name in zip(document["players"], NAMES, strict=False):
        city["name"] = name
        city["entered"] = entered
    return document


@pytest.fixture
def workers(database_url):
    """The app serving the pages, the app changing the database, and a fresh one per call."""
    made = []

    def new_app():
        app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                          "WTF_CSRF_ENABLED": False})
        made.append(app)
        return app

    yield new_app
    for app in made:
        dispose(app)


@pytest.fixture
def club(workers):
    serving, changing = workers(), workers()
    rng = random.Random(5)
    with changing.app_context():
        group = service.create("Club", None)
        other = service.create("Other", None)
        games = [service.create_game(group, dealt(rng, players))[0] for players in (3, 4, 5, 4)]
        unfinished = service.create_game(group, dealt(rng, 4, entered=False))[0]
        outside = storage.create_game(dealt(rng, 3), "outside")
    return {"serving": serving, "changing": changing, "workers": workers, "group": group,
            "other": other, "games": games, "unfinished": unfinished, "outside": outside,
            "rng": rng}


def urls(group_id: str) -> list[str]:
    return [f"/groups/{group_id}", f"/groups/{group_id}?players=4&sort=rating",
            f"/api/v1/groups/{group_id}/stats", f"/api/v1/groups/{group_id}/stats?players=4",
            f"/groups/{group_id}/players/Ada", f"/groups/{group_id}/players/Bo?players=4"]


def answers(app, group_id: str) -> dict:
    client = app.test_client()
    found = {}
    for url in urls(group_id):
        for language in ("en", "pl"):
            answer = client.get(url, headers={"Accept-Language": language})
            found[url, language] = (answer.status_code, answer.get_data(as_text=True))
    return found


def enter_coins(coins: int):
    def change(document: dict) -> dict:
        document["players"][0]["coins"] = coins
        return document
    return change


def mark_entered(document: dict) -> dict:
    for city in document["players"]:
        city["entered"] = True
    return document


def rename_unfinished_city(document: dict) -> dict:
    document["players"][1]["name"] = "Zed"
    return document


CHANGES = {
    "a complete game corrected": lambda c: storage.modify_game(c["games"][1], enter_coins(29)),
    "an unfinished game completes": lambda c: storage.modify_game(c["unfinished"], mark_entered),
    "an unfinished game's city saved": lambda c: storage.modify_game(c["unfinished"],
                                                                     rename_unfinished_city),
    "a game deleted": lambda c: storage.delete_game(c["games"][0]),
    "a game taken out": lambda c: service.remove_game(c["group"], c["games"][2]),
    "a game moved to another group": lambda c: service.add_game(c["other"], c["games"][3]),
    "a game added": lambda c: service.add_game(c["group"], c["outside"]),
    "a game created in the group": lambda c: service.create_game(c["group"], dealt(c["rng"], 5)),
    "names merged": lambda c: service.merge(c["group"], "Bo", "Ada"),
    "a merge undone": lambda c: (service.merge(c["group"], "Bo", "Ada"), fresh_answers(c),
                                 service.unmerge(c["group"], "Bo")),
    "the group renamed": lambda c: service.rename(c["group"], "Thursday club"),
    "games deleted by retention": lambda c: storage.delete_selected(
        select(game_table.c.id, game_table.c.public_id, game_table.c.group_id)
        .where(game_table.c.public_id.in_(c["games"][:2]))),
}


def fresh_answers(club: dict) -> None:
    """The serving app reads (and keeps) the figures between two changes."""
    answers(club["serving"], club["group"].id)


@pytest.mark.parametrize("change", list(CHANGES))
def test_figures_kept_by_one_worker_follow_a_change_made_by_another(club, change):
    group_id = club["group"].id
    before = answers(club["serving"], group_id)
    assert before == answers(club["serving"], group_id)  # kept, and the same
    with club["changing"].app_context():
        CHANGES[change](club)
    after = answers(club["serving"], group_id)
    assert after == answers(club["workers"](), group_id)  # what empty caches answer
    if change != "a merge undone":  # undone: as before it
        assert after != before


def test_a_save_that_changes_nothing_counted_keeps_the_figures(club, monkeypatch):
    from scorer.web import group_cache

    serving, group_id = club["serving"], club["group"].id
    calls = []
    original = group_cache.statistics
    monkeypatch.setattr(group_cache, "statistics",
                        lambda *args: calls.append(args) or original(*args))
    client = serving.test_client()
    assert client.get(f"/groups/{group_id}").status_code == 200
    assert client.get(f"/api/v1/groups/{group_id}/stats").status_code == 200  # shared
    assert len(calls) == 1
    with serving.app_context():  # in this worker too: its events free nothing counted
        storage.modify_game(club["unfinished"], rename_unfinished_city)
        storage.modify_game(club["games"][0], lambda document: document)
        storage.set_locked(club["games"][0], True)
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert len(calls) == 1
    assert "Zed" in page  # the game list is drawn again: it shows the unfinished game's names
    with serving.app_context():
        storage.modify_game(club["games"][0], enter_coins(30))
    assert client.get(f"/api/v1/groups/{group_id}/stats").status_code == 200
    assert len(calls) == 2


def test_each_game_line_is_kept_per_browser_kind_and_follows_its_game(app, client):
    from tests.groups.test_group_pages import new_group, post_game

    group_id = new_group(client)  # this client owns the group: it may take games out
    rng = random.Random(3)
    games = [post_game(client, group_id, rng) for _ in range(3)]
    stranger = app.test_client()
    for _ in range(2):
        assert client.get(f"/groups/{group_id}").get_data(as_text=True).count("Take out") == 3
        assert "Take out" not in stranger.get(f"/groups/{group_id}").get_data(as_text=True)
    with app.app_context():
        storage.modify_game(games[1], lambda document: document, title="The final")
    for browser in (client, stranger):
        page = browser.get(f"/groups/{group_id}").get_data(as_text=True)
        assert page.count("The final") == 1 + (browser is client)  # the button names it too


def test_a_game_line_is_drawn_again_only_when_what_it_shows_changed(app, client, monkeypatch):
    """A city saved (coins: nothing the line shows) loads the game's line again but draws
    none; a player renamed, a title given draw that game's line again, and the page shows it."""
    from flask import current_app

    from tests.groups.test_group_pages import new_group, post_game

    group_id = new_group(client)
    rng = random.Random(4)
    games = [post_game(client, group_id, rng) for _ in range(3)]
    drawn = []
    with app.app_context():
        module = current_app.jinja_env.get_template("_group_game.html").module
        original = module.game_item
        monkeypatch.setattr(module, "game_item", lambda group, saved: drawn.append(saved.id)
                            or original(group, saved))
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert sorted(drawn) == sorted(games) and page.count("game-link") == 3
    drawn.clear()
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)  # without the flash
    with app.app_context():
        storage.modify_game(games[0], enter_coins(17))
    assert game_links(client.get(f"/groups/{group_id}").get_data(as_text=True)) == game_links(page)
    assert drawn == []
    with app.app_context():
        storage.modify_game(games[1], rename_unfinished_city)
        storage.modify_game(games[2], lambda document: document, title="The final")
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert sorted(drawn) == sorted(games[1:]) and "Zed" in page and "The final" in page


def game_links(page: str) -> list[str]:
    return re.findall(r'<a class="game-link".*?</a>', page, re.S)


def test_a_group_given_a_deleted_groups_pk_is_rated_from_its_own_games(app, client):
    """SQLite gives the pk of the group deleted last to the next one made: nothing kept for
    the deleted group (its ratings at the same revision) may answer for the new one."""
    rng = random.Random(1)
    with app.app_context():
        first = service.create("First", None)
        service.create_game(first, dealt(rng, 3))
    assert client.get(f"/api/v1/groups/{first.id}/stats").status_code == 200
    with app.app_context():
        service.delete(first)
        second = service.create("Second", None)
        document = dealt(rng, 3)
        for city, name in zip(document["players"], ["Xu", "Yan", "Zoe"], strict=True):
            city["name"] = name
        service.create_game(second, document)
    assert second.pk == first.pk and second.revision == 1
    answer = client.get(f"/api/v1/groups/{second.id}/stats")
    assert answer.status_code == 200
    assert sorted(player["name"] for player in answer.json["players"]) == ["Xu", "Yan", "Zoe"]


def test_lines_read_one_by_one_or_in_one_query_show_the_same_games(app, client, monkeypatch):
    """A page that draws more lines than :data:`LOADED_ONE_BY_ONE` reads their games in one
    query, fewer one by one (as a pad reads its game): either way every line is there, and a
    game renamed since shows its new title, a game deleted since none."""
    from scorer.web import groups as group_views
    from tests.groups.test_group_pages import new_group, post_game

    group_id = new_group(client)
    rng = random.Random(5)
    games = [post_game(client, group_id, rng) for _ in range(group_views.LOADED_ONE_BY_ONE + 2)]
    reads = {"one": 0, "all": 0}
    for name, function in (("one", "load_game"), ("all", "list_games")):
        original = getattr(storage, function)
        monkeypatch.setattr(storage, function, lambda *args, name=name, original=original:
                            reads.__setitem__(name, reads[name] + 1) or original(*args))
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert reads == {"one": 0, "all": 1} and page.count("game-link") == len(games)
    with app.app_context():
        storage.modify_game(games[0], lambda document: document, title="Renamed")
        storage.delete_game(games[1])
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert reads == {"one": 1, "all": 1}  # the game renamed; the one deleted is not listed
    assert page.count("game-link") == len(games) - 1 and "Renamed" in page
    fresh = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": app.config["DATABASE"]})
    try:  # an app with nothing kept draws the same lines
        answer = fresh.test_client().get(f"/groups/{group_id}").get_data(as_text=True)
        assert game_links(answer) == game_links(page)
    finally:
        dispose(fresh)
