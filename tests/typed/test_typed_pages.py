"""Armada, Edifice and Babel on the pages (issue 21, item 11): New game names them as scored
from typed points; the city page takes each typed row's points with its bounds; the live pad,
the quick pad, the sheet PDF, the blank pad and the group's report label those rows as typed."""

from __future__ import annotations

import re

import pytest

from tests.groups.test_group_api import make_group
from tests.leaders.test_leaders_pages import city_page, city_post, save
from tests.web.test_pdf_pad import text_of
from tests.web.test_web_editions import load, seats


def city(name, wonder, coins=3, **extra) -> dict:
    return {"name": name, "wonder": wonder, "side": "A", "stages": 0, "cards": [],
            "coins": coins, "tokens": {}, **extra}


def armada_game() -> dict:
    return {"edition": "first", "expansions": ["armada"], "players": [
        city("Ada", "rhodes", naval=5, islands=3), city("Bo", "gizah", naval=-2),
        city("Cy", "babylon")]}


def typed_heads(html: str) -> list[str]:
    """The pad's row heads that say "typed"."""
    heads = re.findall(r'<th scope="row" class="row-head">(.*?)</th>', html, re.S)
    return [re.search(r'class="row-name">([^<]*)<', head).group(1) for head in heads
            if 'class="typed-tag"' in head]


@pytest.mark.parametrize(("name", "label"), [("armada", "Armada"), ("edifice", "Edifice"),
                                             ("babel", "Babel")])
def test_new_game_names_each_as_scored_from_typed_points(client, name, label):
    html = client.get("/games/new").get_data(as_text=True)
    switch = re.search(rf'<label class="switch">[^\n]*value="{name}".*?</label>', html).group(0)
    assert f"Play with {label}" in switch and "scored from typed points" in switch
    leaders = re.search(r'<label class="switch">[^\n]*value="leaders".*?</label>', html).group(0)
    assert "typed" not in leaders


def test_a_new_armada_game_is_saved_with_the_expansion(app, client):
    rows = [(name, wonder, "A") for name, wonder in (("Ada", "rhodes"), ("Bo", "gizah"),
                                                      ("Cy", "babylon"))]
    answer = client.post("/games/new", data=seats(*rows, edition="first", expansions="armada"))
    assert answer.status_code == 302, answer.get_data(as_text=True)
    assert load(app, answer.headers["Location"].split("/")[2]).document["expansions"] == ["armada"]


def test_the_city_page_takes_the_typed_points_and_the_pad_shows_them_as_typed(app, client):
    game_id = save(app, {**armada_game(), "players": [city("Ada", "rhodes"), city("Bo", "gizah"),
                                                    city("Cy", "babylon")]})
    url, html = city_page(client, game_id)
    assert 'name="naval"' in html and 'name="islands"' in html
    assert "Armada: points you type" in html and "From −30 to 99." in html
    answer = city_post(client, url, html, naval="7", islands="4", action="stay")
    assert answer.status_code == 302, answer.get_data(as_text=True)
    player = load(app, game_id).document["players"][0]
    assert (player["naval"], player["islands"]) == (7, 4)
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert typed_heads(pad) == ["Naval conflicts", "Islands"]
    assert "7, as typed by the players" in pad
    # emptied: 0, and left out of the document as its default
    url, html = city_page(client, game_id)
    city_post(client, url, html, naval="", islands="0", action="stay")
    player = load(app, game_id).document["players"][0]
    assert "naval" not in player and "islands" not in player


@pytest.mark.parametrize(("typed", "words"), [
    ("100", "Type a whole number from −30 to 99."),
    ("-31", "Type a whole number from −30 to 99."),
    ("−31", "Type a whole number from −30 to 99."),
    ("5x", "Type a whole number from −30 to 99."),
    ("–2", "Type a whole number from −30 to 99."),  # an en dash is no minus
])
def test_bad_typed_points_are_shown_back_beside_the_field_and_nothing_is_saved(app, client,
                                                                               typed, words):
    game_id = save(app, armada_game())
    url, html = city_page(client, game_id)
    answer = city_post(client, url, html, naval=typed, islands="2", action="stay")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    field = re.search(r'<div class="field invalid">\s*<label for="naval".*?</div>', page, re.S)
    assert field and words in field.group(0) and f'value="{typed}"' in field.group(0)
    assert '<a href="#naval">Naval conflicts: ' in page  # the summary links to the field
    assert load(app, game_id).document["players"][0]["naval"] == 5


def test_a_dutch_page_names_the_rows_and_the_problem_in_dutch(app, client):
    game_id = save(app, armada_game())
    client.get("/language/nl")
    url, html = city_page(client, game_id)
    page = city_post(client, url, html, naval="100", islands="2", action="stay").get_data(
        as_text=True)
    assert "Zeeconflicten" in page and "Typ een geheel getal van −30 tot en met 99." in page
    client.get("/language/pl")
    url, html = city_page(client, game_id)
    page = city_post(client, url, html, naval="x", islands="2", action="stay").get_data(
        as_text=True)
    assert "Wpisz liczbę całkowitą od −30 do 99." in page and "Od −30 do 99." in page


@pytest.mark.parametrize("minus", ["−", "-"])
@pytest.mark.parametrize(("row", "expansion"), [("naval", "armada"), ("tower", "babel"),
                                                ("projects", "edifice")])
def test_typed_points_take_the_true_minus_and_the_explanation_prints_it(app, client, minus,
                                                                        row, expansion):
    """Issue 30 item 6: "−2" (U+2212, as the pad prints it and autocorrect types it) is a
    number as "-2" is; the pad's explanation says "−2", as its cell does."""
    game_id = save(app, {"edition": "first", "expansions": [expansion], "players": [
        city("Ada", "rhodes"), city("Bo", "gizah"), city("Cy", "babylon")]})
    url, html = city_page(client, game_id)
    fields = {name: "0" for name in re.findall(r'name="(naval|islands|tower|projects)"', html)}
    answer = city_post(client, url, html, action="stay", **{**fields, row: f"{minus}2"})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    assert load(app, game_id).document["players"][0][row] == -2
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "−2, as typed by the players" in pad and "-2, as typed" not in pad


def test_a_game_with_every_typed_expansion_can_be_finished_with_a_winner(app, client):
    document = {"edition": "second", "expansions": ["armada", "babel", "edifice", "leaders"],
                "players": [
                    {**city("Ada", "rhodes"), "side": "day", "leaders": []},
                    {**city("Bo", "gizah"), "side": "day", "leaders": []},
                    {**city("Cy", "babylon"), "side": "day", "leaders": []}]}
    game_id = save(app, document)
    for seat, points in enumerate(((1, 0, 2, 3), (0, 9, 4, -1), (2, 1, 0, 0))):
        url, html = city_page(client, game_id, seat)
        fields = dict(zip(("naval", "islands", "tower", "projects"), map(str, points),
                          strict=True))
        answer = city_post(client, url, html, stages="0", coins="3", action="stay", **fields)
        assert answer.status_code == 302, answer.get_data(as_text=True)
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Bo wins with 13 points." in pad  # 12 typed + 3 coins
    assert typed_heads(pad) == ["Naval conflicts", "Islands", "Babel", "Edifice projects"]


def test_the_sheet_and_the_blank_pad_label_the_typed_rows(app, client):
    game_id = save(app, armada_game())
    sheet = text_of(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert re.search(r"Naval conflicts ?typed 5 [−-]2 0 Islands ?typed 3 0 0", sheet)
    assert "5, as typed by the players" in sheet
    blank = text_of(client.get("/pad.pdf?armada=1").data)
    assert re.search(r"Naval conflicts ?typed Islands ?typed", blank)


def test_the_quick_pad_labels_the_typed_rows(client):
    html = client.post("/quick", data={"count": "3", "edition": "first", "expansions": "babel",
                                       "action": "count"}).get_data(as_text=True)
    row = re.search(r'<tr class="row-typed" data-row="tower">.*?</th>', html, re.S)
    assert row and 'class="typed-tag"' in row.group(0)


def test_the_group_page_and_report_label_the_typed_rows(client):
    group = make_group(client)
    for _ in range(2):
        answer = client.post(f"/api/v1/groups/{group['id']}/games", json=armada_game())
        assert answer.status_code == 201, answer.json
    stats = client.get(f"/api/v1/groups/{group['id']}/stats").json
    assert {p["name"]: p["mean_scores"]["naval"] for p in stats["players"]} == {
        "Ada": 5, "Bo": -2, "Cy": 0}
    page = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert re.search(r'<th scope="col">Naval conflicts <small class="typed-tag"', page)
    report = text_of(client.get(f"/groups/{group['id']}/report.pdf").data)
    assert re.search(r"Naval conflicts ?typed", report)
