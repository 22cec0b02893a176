"""The score pad written in Python (scorer/web/pad_html.py) is byte for byte the pad the
templates drew: ``reference_templates/_pad_shared_reference.html`` is ``_pad_shared.html`` as it
was before (the table through ``_pad_table.html`` with ``explain=True``, the explanations as a
Jinja loop), rendered beside today's for varied games (both editions, Leaders, Cities with
teams, Armada/Babel/Edifice, a Free City, a game still waiting for cities, names full of HTML)
in every language, locked and unlocked; and the pad page and the live part, as the owner and as
a stranger, hold those reference parts unchanged."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, FileSystemLoader

from scorer import storage
from scorer.engine.validation import parse_game
from scorer.games import service as games_service
from scorer.web import pad_cache
from scorer.web.games import pad_context
from scorer.web.pad_cache import MARKER
from tests import helpers
from tests.cities import cities_docs
from tests.leaders import leaders_docs

REFERENCE = Path(__file__).parent / "reference_templates"
LANGUAGES = ("en", "nl", "pl")


def city(name, wonder, coins=3, **extra) -> dict:
    return {"name": name, "wonder": wonder, "side": "A", "stages": 0, "cards": [],
            "coins": coins, "tokens": {}, **extra}


def entered(document: dict, waiting: int = 0) -> dict:
    """Every city entered but the last ``waiting`` ones (the pad then names them)."""
    for index, player in enumerate(document["players"]):
        player["entered"] = index < len(document["players"]) - waiting
    return document


def documents() -> dict[str, dict]:
    rng = random.Random(2031)
    first = helpers.deal(rng, 7, "first")
    first["players"][0]["name"] = "<b>Ada & \"Bo\"</b> 'x'"
    first["players"][3]["name"] = "Zoë <i>"
    free = helpers.game(helpers.player("Ada", "rhodes", coins=4),
                        helpers.player("Bo", "gizah", coins=2),
                        {**helpers.player("Free City", "babylon"), "free_city": True})
    return {
        "first, complete, names with HTML": entered(first),
        "first, waiting for two": entered(helpers.deal(rng, 5, "first"), waiting=2),
        "first, nobody entered": helpers.deal(rng, 3, "first"),
        "second": entered(helpers.deal(rng, 6, "second")),
        "leaders, first": entered(leaders_docs.deal(rng, "first", 7)),
        "leaders, second": entered(leaders_docs.deal(rng, "second", 4), waiting=1),
        "cities with teams and leaders": entered(cities_docs.deal(rng, "first", 6, leaders=True,
                                                                  teams=True)),
        "cities with teams, waiting": entered(cities_docs.deal(rng, "second", 4, teams=True),
                                              waiting=1),
        "cities, eight players": entered(cities_docs.deal(rng, "first", 8)),
        "free city": entered(free),
        "armada": entered({"edition": "first", "expansions": ["armada"], "players": [
            city("Ada", "rhodes", naval=5, islands=3), city("Bo", "gizah", naval=-2),
            city("Cy", "babylon")]}),
        "armada, babel, edifice, leaders": entered({
            "edition": "second", "expansions": ["armada", "babel", "edifice", "leaders"],
            "players": [{**city("Ada", "rhodes", naval=1, tower=2, projects=3), "side": "day",
                         "leaders": []},
                        {**city("Bo", "gizah", islands=9, projects=-1), "side": "day",
                         "leaders": []},
                        {**city("Cy", "babylon"), "side": "day", "leaders": []}]}),
    }


DOCUMENTS = documents()


@pytest.fixture
def saved_games(app):
    ids = {}
    with app.app_context():
        for name, document in DOCUMENTS.items():
            ids[name] = games_service.create_game(document, name)
            assert parse_game(games_service.load(ids[name]).document)[1] == [], name
    return ids


def reference_parts(app, game_id: str, language: str) -> list[str]:
    """The shared pad's parts (head, table, actions, explanations) as the old templates drew
    them, and as today's _pad_shared.html draws them, in ``language``."""
    environment = app.jinja_env.overlay(
        loader=ChoiceLoader([FileSystemLoader(str(REFERENCE)), app.jinja_loader]))
    with app.test_request_context(f"/games/{game_id}", headers={"Accept-Language": language}):
        saved = games_service.load(game_id)
        game, problems = parse_game(saved.document)
        assert not problems
        context = pad_context(saved, game)
        app.update_template_context(context)
        old = environment.get_template("_pad_shared_reference.html").render(context)
        new = app.jinja_env.get_template("_pad_shared.html").render(
            {**context, "actions": pad_cache._actions(saved, context["complete"])})
    return old.split(MARKER), new.split(MARKER)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("locked", [False, True])
def test_the_shared_pad_is_what_the_templates_drew(app, saved_games, language, locked):
    for name, game_id in saved_games.items():
        with app.app_context():
            storage.set_locked(game_id, locked)
        old, new = reference_parts(app, game_id, language)
        assert len(old) == len(new) == 4
        for part, (before, now) in enumerate(zip(old, new, strict=True)):
            assert now == before, (name, language, locked, part)


def test_the_reference_is_not_trivially_equal(app, saved_games):
    """The comparison above sees what matters: the table, the explanations, escaped names,
    the typed rows' tags, the teams' lines, a Free City and translated labels."""
    parts = {name: reference_parts(app, game_id, "pl")[0] for name, game_id in saved_games.items()}
    table, why = parts["first, complete, names with HTML"][1], parts["first, complete, names with HTML"][3]
    assert "&lt;b&gt;Ada &amp; &#34;Bo&#34;&lt;/b&gt; &#39;x&#39;" in table
    assert "&lt;b&gt;Ada &amp; &#34;Bo&#34;&lt;/b&gt; &#39;x&#39;" in why
    assert 'class="card-link"' in why and "<dd>" in why and "Suma" in table
    assert 'class="typed-tag"' in parts["armada, babel, edifice, leaders"][1]
    assert "team-rank" in parts["cities with teams and leaders"][1]
    assert "free-city" in parts["free city"][1]
    assert 'class="waiting"' in parts["first, waiting for two"][1]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("owner", [False, True])
def test_the_pad_page_and_live_part_hold_the_reference_parts(app, client, saved_games, language,
                                                              owner):
    headers = {"Accept-Language": language}
    for number, (name, game_id) in enumerate(saved_games.items()):
        if owner:
            helpers.own(app, client, game_id)
        locked = number % 2 == 1  # every other game locked (the shared parts test does both)
        with app.app_context():
            storage.set_locked(game_id, locked)
        old, _new = reference_parts(app, game_id, language)
        for _revision in range(2):  # the next revision's pad has the buttons kept (_actions)
            page = client.get(f"/games/{game_id}", headers=headers)
            live = client.get(f"/games/{game_id}/live", headers=headers)
            assert page.status_code == live.status_code == 200
            for answer in (page.get_data(as_text=True), live.get_data(as_text=True)):
                for part in old:
                    assert part in answer, (name, language, owner, locked)
            with app.app_context():
                storage.modify_game(game_id, lambda document: document)


def test_the_buttons_are_drawn_once_per_game_lock_and_language(app, client, saved_games,
                                                                 monkeypatch):
    drawn = []
    original = pad_cache.render_template

    def counting(name, **context):
        drawn.append(name)
        return original(name, **context)

    monkeypatch.setattr(pad_cache, "render_template", counting)
    game_id = next(iter(saved_games.values()))
    for language in ("en", "en", "pl"):
        with app.app_context():
            storage.modify_game(game_id, lambda document: document)
        assert client.get(f"/games/{game_id}", headers={"Accept-Language": language}).status_code == 200
    assert drawn.count("_pad_shared.html") == 3 and drawn.count("_pad_actions.html") == 2
