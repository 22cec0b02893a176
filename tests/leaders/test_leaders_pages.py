"""The pages with the Leaders expansion: the switch, Roma and Abu Simbel, leader chips, buried
leaders, the leaders row on the pads and in the PDFs (issue 10, items 6 and 7)."""

from __future__ import annotations

import re

import pytest

from scorer.engine.rules import get_ruleset
from scorer.games import service as games_service
from tests.web.test_pdf_pad import text_of
from tests.web.test_web_editions import load, options, seats


def leaders_game(edition="second", sides=("night", "day", "day"), **extra) -> dict:
    ada = {"name": "Ada", "wonder": "abu-simbel", "side": sides[0], "stages": 1, "cards": [],
           "coins": 6, "tokens": {}, "leaders": ["cleopatra"], "buried": [{"leader": "nero", "age": 2}]}
    ada.update(extra)
    return {"edition": edition, "expansions": ["leaders"], "players": [
        ada,
        {"name": "Bob", "wonder": "roma", "side": sides[1], "stages": 0, "cards": [], "coins": 6,
         "tokens": {}, "leaders": ["caesar"]},
        {"name": "Cy", "wonder": "gizah", "side": sides[2], "stages": 0, "cards": [], "coins": 6,
         "tokens": {}}]}


def save(app, document, title=None):
    with app.app_context():
        return games_service.create_game(document, title)


def city_page(client, game_id, seat=0):
    answer = client.get(f"/games/{game_id}/players/{seat}", follow_redirects=True)
    assert answer.status_code == 200
    return answer.request.path, answer.get_data(as_text=True)


def city_post(client, url, html, **fields):
    data = {"version": re.search(r'name="version" type="hidden" value="([^"]*)"', html).group(1),
            "stages": "1", "coins": "6", "victory_1": "0", "victory_3": "0", "victory_5": "0",
            "defeat": "0", "action": "pad"}
    data.update(fields)
    return client.post(url, data=data)


# --- new game -------------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "sides"), [("first", ["", "A", "B", "random"]),
                                                ("second", ["", "day", "night", "random"])])
def test_the_leaders_switch_adds_roma_and_abu_simbel(app, client, edition, sides):
    html = client.get("/games/new").get_data(as_text=True)
    assert re.search(r'name="expansions" id="expansions-\d" value="leaders"', html)
    assert "Play with Leaders" in html
    assert "roma" not in options(html, "seats-0-wonder")
    data = seats(*[(name, "random", "random") for name in ("Ada", "Bob", "Cy")], action="count",
                 edition=edition, expansions="leaders")
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert {"roma", "abu-simbel"} <= set(options(html, "seats-0-wonder"))
    assert options(html, "seats-0-side") == sides
    assert re.search(r'value="leaders" data-autosubmit="count" checked', html)
    data.update({"action": "save", "seats-0-wonder": "roma", "seats-1-wonder": "abu-simbel"})
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 302
    with app.app_context():
        document = games_service.storage.list_games()[0].document
    assert document["edition"] == edition and document["expansions"] == ["leaders"]
    assert [p["wonder"] for p in document["players"][:2]] == ["roma", "abu-simbel"]


# --- city page ------------------------------------------------------------------------------


def test_city_page_shows_leaders_by_set_and_those_taken(app, client):
    game_id = save(app, leaders_game())
    _url, html = city_page(client, game_id)
    section = html[html.index('id="leaders-title"'):html.index('id="cards-title"')]
    assert "Standard leaders" in section and "Expert leaders" in section
    assert section.index("Standard leaders") < section.index('id="leaders-aganice"')  # expert
    assert 'id="leaders-cleopatra" value="cleopatra" checked' in section
    caesar = section[section.index('id="leaders-caesar"') - 200:section.index('id="leaders-caesar"') + 400]
    assert "unavailable" in caesar and "disabled" in caesar and "taken by Bob" in caesar
    assert 'data-name="kleopatra cleopatra"' not in section  # English page: the name once
    # Abu Simbel night buries at both stages: two rows, the saved one filled in
    assert re.search(r'<option selected value="nero"|value="nero" selected', section)
    assert re.search(r'id="buried-0-age".*?<option selected value="2"|value="2" selected', section, re.S)
    assert 'name="buried-1-leader"' in section and 'name="buried-2-leader"' not in section


def test_the_leader_filter_matches_the_page_language_and_english(app, client):
    client.set_cookie("lang", "pl")
    game_id = save(app, leaders_game())
    _url, html = city_page(client, game_id)
    assert 'data-name="kleopatra cleopatra"' in html
    assert "Liderzy" in html


def test_no_leaders_section_without_the_expansion(app, client):
    document = leaders_game()
    document["expansions"] = []
    for player in document["players"]:
        player.pop("leaders", None)
        player.pop("buried", None)
    document["players"][0]["wonder"], document["players"][1]["wonder"] = "babylon", "rhodes"
    _url, html = city_page(client, save(app, document))
    assert 'id="leaders-title"' not in html and 'name="buried-0-leader"' not in html


def test_saving_leaders_and_a_buried_leader_with_its_age(app, client):
    game_id = save(app, leaders_game(stages=2))
    url, html = city_page(client, game_id)
    answer = city_post(client, url, html, stages="2", leaders=["cleopatra", "hatshepsut"],
                       **{"buried-0-leader": "aganice", "buried-0-age": "3",
                          "buried-1-leader": "", "buried-1-age": ""})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    player = load(app, game_id).document["players"][0]
    assert player["leaders"] == ["cleopatra", "hatshepsut"]
    assert player["buried"] == [{"leader": "aganice", "age": 3}]
    pad = client.get(f"/games/{game_id}").get_data(as_text=True)
    why = pad[pad.index('id="why-0-wonder"'):pad.index('id="why-0-coins"')]
    assert "Aganice" in why  # buried: twice its cost, in the wonder row


def test_an_age_cost_leader_buried_without_its_age_is_refused_beside_its_row(app, client):
    game_id = save(app, leaders_game(stages=2))
    url, html = city_page(client, game_id)
    answer = city_post(client, url, html, stages="2", leaders=["cleopatra"],
                       **{"buried-0-leader": "", "buried-1-leader": "aganice", "buried-1-age": ""})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    row = page[page.index('name="buried-1-leader"'):page.index('id="cards-title"')]
    assert "costs as many coins as the Age" in row
    assert 'href="#buried-1-leader"' in page  # the summary links to the row
    assert load(app, game_id).document["players"][0]["buried"] == [{"leader": "nero", "age": 2}]


def test_a_leader_of_another_city_is_refused(app, client):
    game_id = save(app, leaders_game())
    url, html = city_page(client, game_id, seat=2)
    answer = city_post(client, url, html, stages="0", leaders=["caesar"])
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "already in another city" in page or "is in a game once" in page


# --- score pad, quick pad, PDFs -------------------------------------------------------------


def test_score_pad_has_the_leaders_row_with_its_explanations(app, client):
    game_id = save(app, leaders_game())
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    pad = html[html.index('<table class="pad'):html.index("</table>")]
    assert re.findall(r'href="#why-0-(\w+)"', pad)[-1] == "leaders"
    why = html[html.index('id="why-0-leaders"'):]
    assert "Cleopatra: 5" in re.sub(r"<[^>]+>", "", why[:why.index("</div>")])  # name linked
    assert "Leaders" in html[html.index('class="sub"'):][:200]


def test_quick_pad_with_leaders_has_their_row_and_adds_it_up(client):
    html = client.post("/quick", data={"action": "count", "count": "3", "edition": "first",
                                       "expansions": "leaders"}).get_data(as_text=True)
    grid = html[html.index('<table class="pad quick-grid'):]
    rows = re.findall(r'data-row="(\w+)"', grid[:grid.index("</table>")])
    assert rows == list(get_ruleset("first", ["leaders"]).categories) and rows[-1] == "leaders"
    data = {"action": "total", "count": "3", "edition": "first", "expansions": "leaders"}
    for index, (name, leaders) in enumerate((("Ada", 2), ("Bob", 9), ("Cy", 0))):
        data.update({f"columns-{index}-name": name, f"columns-{index}-leaders": str(leaders),
                     f"columns-{index}-civilian": "5"})
    html = client.post("/quick", data=data).get_data(as_text=True)
    assert "Winner: Bob" in html


@pytest.mark.parametrize("edition", ["first", "second"])
def test_blank_leaders_pad_per_edition(client, edition):
    answer = client.get(f"/pad.pdf?players=5&edition={edition}&leaders=1&paper=a4")
    assert answer.status_code == 200
    name = "-".join(part for part in ("7-wonders-score-pad", "" if edition == "first" else edition,
                                      "leaders-5-a4.pdf") if part)
    assert f'filename="{name}"' in answer.headers["Content-Disposition"]
    text = text_of(answer.data)
    pad = text[text.index("Name"):text.index("Total")]
    assert pad.index("Guilds") < pad.index("Leaders")
    plain = text_of(client.get(f"/pad.pdf?players=5&edition={edition}").data)
    assert "Leaders" not in plain


def test_cli_writes_a_leaders_pad(runner, tmp_path):
    target = tmp_path / "pad.pdf"
    result = runner.invoke(args=["pad", "--edition", "second", "--expansion", "leaders",
                                 "--players", "4", "--output", str(target)])
    assert result.exit_code == 0, result.output
    assert "Leaders" in text_of(target.read_bytes())


def test_filled_sheet_of_a_leaders_game(app, client):
    game_id = save(app, leaders_game())
    answer = client.get(f"/games/{game_id}/sheet.pdf")
    assert answer.status_code == 200
    text = text_of(answer.data)
    scores = text[text.index("Name"):text.index("Details")]  # the header names the expansions
    assert scores.index("Guilds") < scores.index("Leaders") < scores.index("Total")
    details = text[text.index("Details"):]
    assert "Cleopatra" in details and "Buried leaders: Nero" in details


# --- build checker: recruiting ----------------------------------------------------------------


def test_build_checker_answers_a_recruit_question(app, client):
    document = leaders_game()
    document["players"][1]["side"] = "night"  # Roma night: Bob's leaders 2 coins cheaper
    game_id = save(app, document)
    html = client.get(f"/games/{game_id}/build").get_data(as_text=True)
    assert 'value="recruit"' in html and 'name="recruit"' in html
    answer = client.post(f"/games/{game_id}/build", data={"player": "Bob", "what": "recruit",
                                                           "recruit": "midas", "age": "2"})
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert "Can Bob recruit Midas? Yes." in " ".join(page.split())
    assert "1 coin to the bank" in page and "printed cost: 3" in page
    answer = client.post(f"/games/{game_id}/build", data={"player": "Cy", "what": "recruit",
                                                           "recruit": "caesar", "age": "2"})
    page = " ".join(answer.get_data(as_text=True).split())
    assert "Can Cy recruit Caesar? No." in page
    # an Age-cost leader without the Age: the problem beside the Age
    answer = client.post(f"/games/{game_id}/build", data={"player": "Cy", "what": "recruit",
                                                           "recruit": "aganice", "age": ""})
    assert answer.status_code == 422
    assert 'href="#age"' in answer.get_data(as_text=True)


def test_no_recruit_question_without_leaders(app, client):
    from tests.web.test_web_editions import SECOND_TABLE

    game_id = save(app, SECOND_TABLE)
    html = client.get(f"/games/{game_id}/build").get_data(as_text=True)
    assert 'value="recruit"' not in html


def test_an_out_of_date_city_shows_both_versions_of_the_leaders(app, client):
    game_id = save(app, leaders_game())
    url, html = city_page(client, game_id)
    first = city_post(client, url, html, leaders=["cleopatra", "midas"],
                      **{"buried-0-leader": "nero", "buried-0-age": "2"})
    assert first.status_code == 302
    stale = city_post(client, url, html, leaders=["hatshepsut"],
                      **{"buried-0-leader": "nero", "buried-0-age": "2"})
    assert stale.status_code == 409
    page = " ".join(stale.get_data(as_text=True).split())
    assert "Hatshepsut" in page and "Cleopatra, Midas" in page
