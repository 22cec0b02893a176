"""The pages follow the game's edition: new game, city entry, score pad, build checker, quick
pad, history and PDFs, all read from the ruleset (issue 9, items 6 and 7)."""

from __future__ import annotations

import re

import pytest

from scorer import storage
from scorer.engine.rules import editions, get_ruleset
from scorer.games import service as games_service
from tests.helpers import filler, game, own, player
from tests.web.test_pdf_pad import read, text_of


def second(*players: dict) -> dict:
    return {"edition": "second", "players": list(players)}


def save(app, document, title=None):
    with app.app_context():
        return games_service.create_game(document, title)


def load(app, game_id):
    with app.app_context():
        return storage.load_game(game_id)


def ids_of(app, game_id):
    return [p["id"] for p in load(app, game_id).document["players"]]


def options(html: str, name: str) -> list[str]:
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option[^>]*value="([^"]*)"', select)


def selected(html: str, name: str) -> str:
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.search(r'<option selected value="([^"]*)"|<option[^>]*value="([^"]*)" selected',
                     select).group(0)


def seats(*rows, count=None, action="save", **fields):
    data = {"title": "", "count": count or str(len(rows)), "action": action, **fields}
    for index, (name, wonder, side) in enumerate(rows):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": wonder,
                     f"seats-{index}-side": side})
    return data


SECOND_TABLE = second(player("Ada", "babylon", "night", stages=2, cards=["well", "ludus"], coins=4),
                      player("Bob", "gizah", "day", cards=["castrum"]),
                      player("Cy", "olympia", "day", stages=1),
                      player("Di", "rhodes", "day"), player("Ed", "ephesos", "night"))


# --- new game ------------------------------------------------------------------------------


def test_a_new_user_gets_the_newest_edition_with_its_sides_by_name(client):
    assert editions()[-1] == "second"
    html = client.get("/games/new").get_data(as_text=True)
    assert options(html, "edition") == list(editions())
    assert 'value="second" selected' in selected(html, "edition") or \
        'selected value="second"' in selected(html, "edition")
    assert options(html, "seats-0-side") == ["", "day", "night", "random"]
    assert ">Day</option>" in html and ">Night</option>" in html
    assert "2 + Free City" not in html  # the second edition has no two-player variant


def test_sides_are_translated(client):
    client.set_cookie("lang", "nl")
    html = client.get("/games/new").get_data(as_text=True)
    assert ">Dag</option>" in html and ">Nacht</option>" in html
    assert ">Tweede editie (2020)</option>" in html


def test_changing_the_edition_keeps_names_and_drops_what_it_lacks(client):
    data = seats(("Ada", "gizah", "A"), ("Bob", "rhodes", ""), ("Cy", "", "B"), action="count",
                 edition="second")
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert options(html, "seats-0-side") == ["", "day", "night", "random"]
    assert re.search(r'name="seats-0-name"[^>]*value="Ada"', html)
    assert re.search(r'<option selected value="gizah"|value="gizah" selected', html)
    # side A is not a second-edition side: back to "Random"
    assert 'value="A" selected' not in html and 'selected value="A"' not in html


def test_creating_a_second_edition_game_remembers_the_edition(app, client):
    answer = client.post("/games/new", data=seats(("Ada", "random", "random"), ("Bob", "gizah", "night"),
                                                  ("Cy", "random", "day"), edition="second"))
    assert answer.status_code == 302
    assert "edition=second" in answer.headers.get("Set-Cookie", "")
    document = storage_games(app)[0].document
    assert document["edition"] == "second"
    assert {p["side"] for p in document["players"]} <= {"day", "night"}
    assert document["players"][1]["side"] == "night"
    # a first-edition game next: the page preselects what was used last
    client.post("/games/new", data=seats(*[(name, "random", "random") for name in ("Ada", "Bob", "Cy")],
                                         edition="first"))
    html = client.get("/games/new").get_data(as_text=True)
    assert "first" in selected(html, "edition")
    assert options(html, "seats-0-side") == ["", "A", "B", "random"]
    assert "2 + Free City" in html


def test_a_first_edition_side_in_a_second_edition_game_is_refused_beside_the_field(client):
    answer = client.post("/games/new", data=seats(("Ada", "gizah", "A"), ("Bob", "random", "random"),
                                                  ("Cy", "random", "random"), edition="second"))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    seat = html[html.index('name="seats-0-name"'):html.index('name="seats-1-name"')]
    assert "Not a valid choice" in seat


def test_an_unknown_edition_is_refused(client):
    everyone = [(name, "random", "random") for name in ("Ada", "Bob", "Cy")]
    answer = client.post("/games/new", data=seats(*everyone,
                                                  edition="third"))
    assert answer.status_code == 422
    assert "Edition" in answer.get_data(as_text=True)


def test_free_city_link_opens_an_edition_that_has_it(client):
    html = client.get("/games/new?count=2").get_data(as_text=True)
    assert "first" in selected(html, "edition")
    html = client.get("/games/new?count=2&edition=second").get_data(as_text=True)
    assert 'name="seats-3-name"' in html and "free_city" not in selected(html, "count")


def test_a_saved_game_shows_its_edition_in_the_set_up(app, client):
    game_id = save(app, SECOND_TABLE)
    own(app, client, game_id)
    html = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    assert 'selected value="second"' in selected(html, "edition") or \
        'value="second" selected' in selected(html, "edition")
    assert "Second edition (2020)" in html
    assert options(html, "seats-0-side") == ["", "day", "night", "random"]


def storage_games(app):
    with app.app_context():
        return storage.list_games()


# --- city, pad, build checker, history ------------------------------------------------------


def test_city_page_shows_the_editions_buildings_and_the_sides_stages(app, client):
    game_id = save(app, SECOND_TABLE)
    ada = ids_of(app, game_id)[0]
    html = client.get(f"/games/{game_id}/players/{ada}").get_data(as_text=True)
    for card in ("well", "ludus", "castrum"):
        assert f'id="cards-{card}"' in html
    assert 'id="cards-strategists-guild"' not in html  # a first-edition card
    assert 'id="cards-well" value="well" checked' in html
    # Babylon night has two stages: a radio for each of 0 to 2
    assert re.findall(r'name="stages" id="[^"]*" value="(\d+)"', html) == ["0", "1", "2"]
    assert "side Night" in html


def test_editing_an_old_first_edition_game_shows_first_edition_cards(app, client):
    old = game(player("Ada", "gizah", "B"), *filler(2, ["gizah"]))
    del old["edition"]  # saved before editions existed: first edition forever
    game_id = save(app, old)
    ada = ids_of(app, game_id)[0]
    html = client.get(f"/games/{game_id}/players/{ada}").get_data(as_text=True)
    assert 'id="cards-strategists-guild"' in html and 'id="cards-ludus"' not in html
    answer = client.post(f"/games/{game_id}/players/{ada}", data={
        "cards": ["altar"], "stages": "1", "coins": "3", "victory_1": "0", "victory_3": "0",
        "victory_5": "0", "defeat": "0", "action": "pad",
        "version": re.search(r'name="version" type="hidden" value="([^"]*)"', html).group(1)})
    assert answer.status_code == 302
    document = load(app, game_id).document
    assert "edition" not in document
    assert document["players"][0]["cards"] == ["altar"]


def test_saving_a_second_edition_city_keeps_the_edition(app, client):
    game_id = save(app, SECOND_TABLE)
    bob = ids_of(app, game_id)[1]
    html = client.get(f"/games/{game_id}/players/{bob}").get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="([^"]*)"', html).group(1)
    answer = client.post(f"/games/{game_id}/players/{bob}", data={
        "cards": ["castrum", "altar"], "stages": "3", "coins": "9", "victory_1": "1",
        "victory_3": "0", "victory_5": "1", "defeat": "0", "action": "pad", "version": version})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    document = load(app, game_id).document
    assert document["edition"] == "second"
    assert document["players"][1]["cards"] == ["castrum", "altar"]


def test_score_pad_rows_in_the_second_editions_order(app, client):
    game_id = save(app, SECOND_TABLE, title="Tuesday")
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    pad = html[html.index('<table class="pad'):html.index("</table>")]
    rows = re.findall(r'href="#why-0-(\w+)"', pad)
    assert rows == list(get_ruleset("second").categories)
    assert rows[:3] == ["wonder", "coins", "military"]
    assert "Second edition (2020)" in html
    assert "Ludus" in html[html.index("How each number was counted"):]


def test_history_says_each_games_edition(app, client):
    for game_id in (save(app, SECOND_TABLE, title="New box"),
                    save(app, game(player("Ada", "gizah"), *filler(2, ["gizah"])), title="Old box")):
        client.get(f"/games/{game_id}")  # a browser's history lists the games it opened
    html = client.get("/games").get_data(as_text=True)
    new_box = html[html.index("New box"):]
    old_box = html[html.index("Old box"):]
    assert "Second edition (2020)" in new_box[:new_box.index("</li>")]
    assert "First edition (2010)" in old_box[:old_box.index("</li>")]


def test_build_checker_offers_the_editions_cards_and_says_its_free_builds(app, client):
    game_id = save(app, SECOND_TABLE)
    html = client.get(f"/games/{game_id}/build").get_data(as_text=True)
    assert 'value="ludus"' in html and 'value="strategists-guild"' not in html
    # Olympia day stage 1 built: nothing free yet; with stage 2 a new colour is free
    document = dict(SECOND_TABLE, players=[dict(p) for p in SECOND_TABLE["players"]])
    document["players"][2]["stages"] = 2
    game_id = save(app, document)
    answer = client.post(f"/games/{game_id}/build", data={"player": "Cy", "what": "card",
                                                           "card": "castrum", "age": "3"})
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert 'class="free-build"' in page


# --- quick pad ------------------------------------------------------------------------------


def quick_rows(html: str) -> list[str]:
    grid = html[html.index('<table class="pad quick-grid'):]
    return re.findall(r'<tr class="row-\w+" data-row="(\w+)">', grid[:grid.index("</table>")])


def test_quick_pad_rows_follow_the_edition(client):
    assert quick_rows(client.get("/quick").get_data(as_text=True)) == \
        list(get_ruleset("second").categories)
    assert quick_rows(client.get("/quick?edition=first").get_data(as_text=True)) == \
        list(get_ruleset("first").categories)


def test_quick_pad_change_of_edition_keeps_what_was_typed(client):
    data = {"action": "count", "count": "3", "edition": "first",
            "columns-0-name": "Ada", "columns-0-guilds": "7"}
    html = client.post("/quick", data=data).get_data(as_text=True)
    assert quick_rows(html)[0] == "military"
    data["edition"] = "second"
    html = client.post("/quick", data=data).get_data(as_text=True)
    assert quick_rows(html)[0] == "wonder"
    assert re.search(r'name="columns-0-guilds"[^>]*value="7"', html)


def test_quick_pad_adds_up_a_second_edition_game(client):
    data = {"action": "total", "count": "3", "edition": "second"}
    for index, (name, wonder, guilds) in enumerate((("Ada", 5, 2), ("Bob", 9, 0), ("Cy", 1, 1))):
        data.update({f"columns-{index}-name": name, f"columns-{index}-wonder": str(wonder),
                     f"columns-{index}-guilds": str(guilds)})
    html = client.post("/quick", data=data).get_data(as_text=True)
    assert "Winner: Bob" in html


def test_quick_pad_without_a_free_city_in_the_second_edition(client):
    data = {"action": "total", "count": "2", "edition": "second", "columns-0-name": "Ada",
            "columns-1-name": "Bob", "columns-2-name": "Free City", "columns-2-free_city": "1"}
    answer = client.post("/quick", data=data)
    assert answer.status_code == 422
    assert "3 to 7 players" in answer.get_data(as_text=True)


# --- PDFs -----------------------------------------------------------------------------------


def first_pad(text: str) -> str:
    start = text.index("Name")
    return text[start:text.index("Total") + len("Total")]


@pytest.mark.parametrize("edition", ["first", "second"])
def test_blank_pad_rows_in_the_editions_order(client, edition):
    answer = client.get(f"/pad.pdf?players=4&edition={edition}")
    assert answer.status_code == 200
    pad = first_pad(text_of(answer.data))
    labels = [row.label.text for row in get_ruleset(edition).rows]
    positions = [pad.index(label) for label in labels]
    assert positions == sorted(positions)


def test_blank_pad_file_name_and_cache_key_say_the_edition(app, client):
    plain = client.get("/pad.pdf?players=4&paper=a4")
    newer = client.get("/pad.pdf?players=4&paper=a4&edition=second")
    assert 'filename="7-wonders-score-pad-4-a4.pdf"' in plain.headers["Content-Disposition"]
    assert 'filename="7-wonders-score-pad-second-4-a4.pdf"' in newer.headers["Content-Disposition"]
    assert plain.data != newer.data
    cache = app.extensions["scorer_pdf_pads"]
    assert {key[0] for key in cache} == {"first", "second"}


@pytest.mark.parametrize(("query", "parameter"), [("edition=third", "edition"),
                                                  ("edition=", "edition"),
                                                  ("leaders=yes", "leaders")])
def test_bad_edition_or_expansion_is_a_400_naming_it(client, query, parameter):
    answer = client.get(f"/pad.pdf?{query}")
    assert answer.status_code == 400
    assert parameter in answer.get_data(as_text=True)


def test_cli_writes_a_second_edition_pad(runner, tmp_path):
    target = tmp_path / "pad.pdf"
    result = runner.invoke(args=["pad", "--edition", "second", "--players", "5", "--lang", "nl",
                                 "--output", str(target)])
    assert result.exit_code == 0, result.output
    pad = text_of(target.read_bytes())
    pad = pad[pad.index("Naam"):]
    assert pad.index("Wonder") < pad.index("Militaire") < pad.index("Totaal")
    result = runner.invoke(args=["pad", "--edition", "third", "--output", str(target)])
    assert result.exit_code != 0 and "--edition" in result.output


def test_filled_sheet_of_a_second_edition_game(app, client):
    game_id = save(app, SECOND_TABLE, title="Tuesday")
    answer = client.get(f"/games/{game_id}/sheet.pdf")
    assert answer.status_code == 200
    assert len(read(answer.data).pages) >= 1
    text = text_of(answer.data)
    scores = text[:text.index("Details")]
    assert scores.index("Wonder", scores.index("Name")) < scores.index("Military")
    assert "Night" in text and "Ludus" in text


def test_home_page_prints_blank_pads_of_the_users_edition(app, client):
    """The blank pad's chooser starts on the edition of the user's last game."""
    html = client.get("/").get_data(as_text=True)
    assert 'action="/pad.pdf"' in html
    assert re.search(r'<option value="second" selected>', html)
    assert re.search(r'<input type="checkbox" name="leaders" value="1">', html)
    client.set_cookie("edition", "first")
    assert re.search(r'<option value="first" selected>', client.get("/").get_data(as_text=True))
