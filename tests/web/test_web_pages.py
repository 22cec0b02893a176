"""Home, score pad, history and delete pages; CSRF, escaping, languages, error pages."""

from __future__ import annotations

import re

import pytest

from scorer import create_app, storage
from tests.helpers import city_path, filler, game, own, player

ADA = player("Ada", "alexandria", stages=3,
             cards=["altar", "aqueduct", "town-hall", "chamber-of-commerce", "loom", "glassworks"],
             coins=14, victory_1=1, victory_3=1, victory_5=1, defeat=3)


def save(app, document, title=None):
    with app.app_context():
        return storage.create_game(document, title)


def cells(html: str, row: str) -> list[str]:
    """The numbers of one score-pad row, left to right."""
    return re.findall(rf'href="#why-\d+-{row}"[^>]*>(-?\d+)<', html)


def test_home_page_links_every_task_and_is_small(app, client):
    client.get("/games/" + save(app, game(player("Ada", "gizah"), *filler(2, ["gizah"])), title="Last night"))
    page = client.get("/")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    for href in ("/games/new", "/quick", "/games"):
        assert f'href="{href}' in html
    assert 'action="/pad.pdf"' in html  # the blank pad's chooser
    assert "Last night" in html
    total = len(page.data)
    for asset in re.findall(r'(?:href|src)="(/static/[^"]+)"', html):
        with client.get(asset) as response:
            total += len(response.data)
    assert total < 100_000


def test_every_page_has_the_language_switcher_and_lang(app, client):
    game_id = save(app, game(ADA, *filler(2, ["alexandria"])))
    own(app, client, game_id)
    for url in ("/", "/games/new", "/games", "/quick", f"/games/{game_id}",
                city_path(app, game_id, 1), f"/games/{game_id}/build", f"/games/{game_id}/delete"):
        answer = client.get(url)
        assert answer.status_code == 200, url
        html = answer.get_data(as_text=True)
        assert '<html lang="en">' in html, url
        for code in ("en", "nl", "pl"):  # New game's switch is a button of its form (kept as typed)
            switch = f'value="language-{code}"' if url == "/games/new" else f'/language/{code}?next='
            assert switch in html, url
        assert "Polski" in html and "Nederlands" in html


def test_score_pad_shows_rows_in_pad_order_totals_and_winner(app, client):
    game_id = save(app, game(ADA, player("Bob", "gizah"), player("Cy", "rhodes"),
                             player("Di", "babylon")))
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    rows = re.findall(r'href="#why-0-(\w+)"', html)
    assert rows == ["military", "coins", "wonder", "civilian", "science", "commercial", "guilds"]
    assert cells(html, "civilian")[0] == "13"
    assert cells(html, "military")[0] == "6"
    assert "Ada wins with 37 points." in html
    assert 'id="why-0-civilian"' in html
    assert "Blue buildings: Altar 2 + Aqueduct 5 + Town Hall 6 = 13" in re.sub(r"<[^>]+>", "", html)
    assert f'href="/games/{game_id}/sheet.pdf"' in html


def test_score_pad_explains_free_symbols_and_copied_guild(app, client):
    olympia = player("Ol", "olympia", side="B", stages=3)
    left = player("Sci", "babylon", cards=["scientists-guild", "apothecary"])
    right = player("Tr", "gizah", cards=["traders-guild"])
    game_id = save(app, game(olympia, left, right))
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Olympia copies" in html
    assert "free symbol as" in html


def test_coin_tie_break_is_stated(app, client):
    game_id = save(app, game(player("Ada", "gizah", coins=5), player("Bob", "rhodes", coins=3),
                             player("Cy", "babylon", coins=4)))
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Ada wins" in html
    assert "Tie on 1 points, broken by coins" in html


def test_shared_victory(app, client):
    game_id = save(app, game(*filler(3)))
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Shared victory: P0, P1, P2." in html


def test_pad_of_a_game_that_no_longer_validates_explains_instead_of_failing(app, client):
    game_id = save(app, game(player("Ada", "atlantis"), *filler(2)))
    answer = client.get(f"/games/{game_id}")
    assert answer.status_code == 200
    assert "Unknown wonder" in answer.get_data(as_text=True)


def test_unknown_game_is_a_translated_404_page(client):
    answer = client.get("/games/does-not-exist")
    assert answer.status_code == 404
    assert "There is no such page or game" in answer.get_data(as_text=True)


def test_api_404_keeps_its_own_shape(client):
    assert client.get("/api/v1/nothing").status_code == 404


def test_history_lists_newest_first_and_reopens(app, client):
    first = save(app, game(*filler(3)), title="First")
    second = save(app, game(*filler(4)), title="Second")
    for game_id in (second, first):  # opened in the other order: the list is by creation
        client.get(f"/games/{game_id}")
    html = client.get("/games").get_data(as_text=True)
    assert html.index("Second") < html.index("First")
    assert f'href="/games/{second}"' in html and f'href="/games/{first}"' in html
    assert f'href="/games/{first}/sheet.pdf"' in html


def test_delete_asks_first_then_deletes(app, client):
    game_id = save(app, game(*filler(3)), title="Doomed")
    own(app, client, game_id)
    page = client.get(f"/games/{game_id}/delete")
    assert page.status_code == 200 and "Delete this game?" in page.get_data(as_text=True)
    with app.app_context():
        assert storage.load_game(game_id) is not None
    answer = client.post(f"/games/{game_id}/delete")
    assert answer.status_code == 302 and answer.headers["Location"] == "/games"
    with app.app_context():
        assert storage.load_game(game_id) is None
    assert client.post(f"/games/{game_id}/delete").status_code == 404


def test_names_are_escaped(app, client):
    game_id = save(app, game(player("<script>x</script>", "gizah"), *filler(2, ["gizah"])),
                   title="<b>t</b>")
    for url in (f"/games/{game_id}", "/games", city_path(app, game_id, 0)):
        html = client.get(url).get_data(as_text=True)
        assert "<script>x</script>" not in html and "&lt;script&gt;" in html
        assert "<b>t</b>" not in html


def test_dutch_and_polish_pages_render_translated(app, client):
    game_id = save(app, game(ADA, *filler(2, ["alexandria"])))
    client.get("/language/pl")
    html = client.get(city_path(app, game_id, 0)).get_data(as_text=True)
    assert '<html lang="pl">' in html
    assert "Ołtarz" in html or "Oltarz" in html


@pytest.fixture
def csrf_client(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(tmp_path / "c.sqlite")})
    return app, app.test_client()


def test_forms_need_the_csrf_token(csrf_client):
    app, client = csrf_client
    game_id = save(app, game(*filler(3)))
    own(app, client, game_id)
    for url in ("/games/new", f"/games/{game_id}/players/0", f"/games/{game_id}/delete", "/quick",
                f"/games/{game_id}/build", f"/games/{game_id}/setup"):
        answer = client.post(url, data={"action": "save"}, follow_redirects=True)
        assert answer.status_code in (400, 422), url
        text = answer.get_data(as_text=True)
        assert "nothing was saved" in text or "nothing was changed" in text, url
    with app.app_context():
        assert storage.load_game(game_id) is not None


def test_form_with_token_is_accepted_and_api_needs_none(csrf_client):
    app, client = csrf_client
    html = client.get("/games/new?count=3").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    data = {"csrf_token": token, "count": "3", "action": "save", "title": ""}
    for index, name in enumerate(("Ada", "Bob", "Cy")):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "random",
                     f"seats-{index}-side": "random"})
    assert client.post("/games/new", data=data).status_code == 302
    assert client.post("/api/v1/score", json=game(*filler(3))).status_code == 200
