"""The pages and PDFs with the Cities expansion (issue 19, items 4 to 6): the switch on the
new-game page in both editions, team play with the partners side by side, black chips and the
debt typed on the city page, the Cities leaders, the team totals on the pad, blank pads with
the Cities row and team lines, filled sheets with the Cities row, debt and team results."""

from __future__ import annotations

import re

import pytest

from tests.leaders.test_leaders_pages import city_page, city_post, save
from tests.web.test_pdf_pad import text_of
from tests.web.test_web_editions import load, options, seats


def city(name, wonder, side, cards=(), coins=3, **extra) -> dict:
    return {"name": name, "wonder": wonder, "side": side, "stages": 0, "cards": list(cards),
            "coins": coins, "tokens": {}, **extra}


def team_game(edition="first", teams=(("Ada", "Bo"), ("Cy", "Di")), sides=("A", "B")) -> dict:
    document = {"edition": edition, "expansions": ["cities"], "players": [
        city("Ada", "petra", sides[0], ["secret-society", "militia"] if edition == "first"
             else ["secret-network", "militia"], coins=14, debt=6),
        city("Bo", "byzantium", sides[1], coins=4),
        city("Cy", "gizah", sides[0], coins=9),
        city("Di", "rhodes", sides[1], coins=2)]}
    if teams:
        document["teams"] = [list(team) for team in teams]
    return document


# --- new game ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "sides", "most"), [("first", ["A", "B"], "8"),
                                                        ("second", ["day", "night"], "7")])
def test_the_cities_switch_adds_petra_byzantium_and_its_table_sizes(client, edition, sides, most):
    html = client.get("/games/new").get_data(as_text=True)
    assert 'value="cities"' in html and "Play with Cities" in html
    data = seats(*[(name, "random", "random") for name in ("Ada", "Bo", "Cy")], action="count",
                 edition=edition, expansions="cities")
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert {"petra", "byzantium"} <= set(options(html, "seats-0-wonder"))
    assert [side for side in options(html, "seats-0-side") if side not in ("", "random")] == sides
    assert options(html, "count")[-1] == most and "2" not in options(html, "count")
    # three players play no teams (C14): the page says which tables do, and offers no choice
    assert 'name="teams"' not in html
    assert f"Team play is for {'4, 6, or 8' if edition == 'first' else '4 or 6'} players." in html
    data = seats(*[(name, "random", "random") for name in ("Ada", "Bo", "Cy", "Di")],
                 action="count", edition=edition, expansions="cities")
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert options(html, "teams") == ["", "1", "2"]


def test_eight_players_of_the_first_edition_are_saved(app, client):
    rows = [(name, "random", "random") for name in ("A1", "B2", "C3", "D4", "E5", "F6", "G7", "H8")]
    answer = client.post("/games/new", data=seats(*rows, edition="first", expansions="cities"))
    assert answer.status_code == 302, answer.get_data(as_text=True)
    game_id = answer.headers["Location"].split("/")[2]
    assert len(load(app, game_id).document["players"]) == 8


def test_team_play_lays_the_partners_side_by_side_and_saves_the_teams(app, client):
    rows = [(name, "random", "random") for name in ("Ada", "Bo", "Cy", "Di")]
    html = client.post("/games/new", data=seats(*rows, action="count", edition="second",
                                                expansions="cities", teams="2")).get_data(as_text=True)
    # the two ways to split the table, by the names typed so far
    assert "Ada + Bo · Cy + Di" in html and "Bo + Cy · Di + Ada" in html
    assert re.search(r'<option selected value="2">|<option value="2" selected', html)
    groups = re.findall(r'<li class="seat-group">(.*?)</ol></li>', html, re.S)
    assert [re.findall(r'id="seat-(\d)"', group) for group in groups] == [["1", "2"], ["3", "0"]]
    answer = client.post("/games/new", data=seats(*rows, edition="second", expansions="cities",
                                                  teams="2"))
    assert answer.status_code == 302
    document = load(app, answer.headers["Location"].split("/")[2]).document
    assert document["teams"] == [["Bo", "Cy"], ["Di", "Ada"]]


def test_team_play_at_an_odd_table_is_refused_beside_the_choice(app, client):
    rows = [(name, "random", "random") for name in ("Ada", "Bo", "Cy", "Di", "Ed")]
    answer = client.post("/games/new", data=seats(*rows, edition="first", expansions="cities",
                                                  teams="1"))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    field = html[html.index('class="field team-play'):]
    assert ("Team play is for 4, 6, or 8 players, not 5: choose No teams, or another number of "
            "players." in field[:field.index("</div>")])
    assert field.count('<li>') == 1  # one message, not one per engine problem
    assert 'href="#teams"' in html  # the summary links to the choice
    # shown again after the count changed (with the script, at once): dropped, and said so
    again = client.post("/games/new", data=seats(*rows, edition="first", expansions="cities",
                                                 teams="1", action="count"))
    html = again.get_data(as_text=True)
    assert again.status_code == 200 and 'name="teams"' not in html
    assert "Team play is for 4, 6, or 8 players, not 5: this game is set up without teams." in html
    assert 'class="seat-group"' not in html


def test_the_set_up_page_shows_the_saved_teams_and_a_rename_keeps_them(app, client):
    rows = [("Ada", "petra", "A"), ("Bo", "byzantium", "B"), ("Cy", "gizah", "A"),
            ("Di", "rhodes", "B")]
    answer = client.post("/games/new", data=seats(*rows, edition="first", expansions="cities",
                                                  teams="2"))
    game_id = answer.headers["Location"].split("/")[2]
    html = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    assert re.search(r'<option selected value="2">|<option value="2" selected', html)
    document = load(app, game_id).document
    version = re.search(r'name="version" type="hidden" value="([^"]*)"', html).group(1)
    data = seats(*[(p["name"] if p["name"] != "Bo" else "Bob", p["wonder"], p["side"])
                   for p in document["players"]], version=version, edition="first",
                 expansions="cities", teams="2")
    data.update({f"seats-{i}-key": p["id"] for i, p in enumerate(document["players"])})
    answer = client.post(f"/games/{game_id}/setup", data=data)
    assert answer.status_code == 302, answer.get_data(as_text=True)
    assert load(app, game_id).document["teams"] == [["Bob", "Cy"], ["Di", "Ada"]]
    data["teams"] = ""
    data["version"] = re.search(r'name="version" type="hidden" value="([^"]*)"', client.get(
        f"/games/{game_id}/setup").get_data(as_text=True)).group(1)
    assert client.post(f"/games/{game_id}/setup", data=data).status_code == 302
    assert "teams" not in load(app, game_id).document
    # a page opened before that save shows both versions of the teams
    data["teams"] = "1"
    answer = client.post(f"/games/{game_id}/setup", data=data)
    assert answer.status_code == 409
    html = answer.get_data(as_text=True)
    row = re.search(r'<th scope="row">Team play <span class="mark-differs">.*?</tr>', html).group(0)
    assert "<td>Ada + Bob · Cy + Di</td><td>No teams</td>" in row


# --- the city page ------------------------------------------------------------------------------


def test_black_chips_in_their_colour_and_the_debt_typed_in_one_field(app, client):
    game_id = save(app, team_game())
    url, html = city_page(client, game_id)
    black = html[html.index('class="colour-title c-black"'):]
    assert "Black: cities" in black[:200]
    assert re.search(r'<label class="chip c-black"[^>]*>\s*<input type="checkbox" name="cards" '
                     r'id="cards-secret-society" value="secret-society" checked', html)
    debt = re.search(r'<input[^>]*id="debt"[^>]*>', html).group(0)
    assert 'value="6"' in debt and 'inputmode="numeric"' in debt  # typed, as the coins are
    assert "Debt (the debt tokens&#39; total): one more" not in html  # no stepper
    answer = city_post(client, url, html, cards=["secret-society", "militia", "residence"],
                       debt="9", coins="14", stages="0")
    assert answer.status_code == 302, answer.get_data(as_text=True)
    player = load(app, game_id).document["players"][0]
    assert player["debt"] == 9 and "residence" in player["cards"]
    url, html = city_page(client, game_id)
    assert city_post(client, url, html, debt="0", coins="14", stages="0",
                     cards=["secret-society"]).status_code == 302
    assert "debt" not in load(app, game_id).document["players"][0]


@pytest.mark.parametrize(("typed", "message"), [("100", "between 0 and 99"),
                                                ("abc", "Type a whole number")])
def test_a_bad_debt_is_refused_beside_the_field(app, client, typed, message):
    game_id = save(app, team_game())
    url, html = city_page(client, game_id)
    answer = city_post(client, url, html, debt=typed, coins="14", stages="0",
                       cards=["secret-society"])
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    field = page[page.index('id="debt"'):]
    assert message in field[:field.index('</div>')]
    assert 'href="#debt"' in page
    assert load(app, game_id).document["players"][0]["debt"] == 6


def test_cities_leaders_with_leaders_and_cities(app, client):
    document = team_game(teams=None)
    document["expansions"] = ["leaders", "cities"]
    for player in document["players"]:
        player["coins"] = 6
    document["players"][0]["leaders"] = ["darius"]
    game_id = save(app, document)
    _url, html = city_page(client, game_id)
    assert 'id="leaders-darius" value="darius" checked' in html
    assert 'id="leaders-caligula"' in html
    assert 'id="debt"' in html


# --- the score pad and the PDFs -----------------------------------------------------------------


def test_the_pad_shows_the_cities_row_the_debt_and_the_team_totals(app, client):
    game_id = save(app, team_game())
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'class="row-black"' in html and "♠" in html
    assert "14 coins ÷ 3 = 4, minus 6 debt = −2" in html
    line = html[html.index('class="pad-line team-total"'):]
    cells = [int(n) for n in re.findall(r"<td>(-?\d+)</td>", line[:line.index("</tr>")])]
    totals = [int(n) for n in re.findall(r"<td[^>]*>(-?\d+)</td>",
                                         html[html.index('<tr class="total">'):].split("</tr>")[0])]
    assert cells == [totals[0] + totals[1]] * 2 + [totals[2] + totals[3]] * 2
    assert "Team rank" in html


def test_the_pad_in_dutch_and_polish_names_the_team_lines(app, client):
    game_id = save(app, team_game())
    client.get("/language/nl")
    assert "Totaal bij teamspel" in client.get(f"/games/{game_id}").get_data(as_text=True)
    client.get("/language/pl")
    assert "Suma drużyny" in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_blank_pads_with_the_cities_row_and_the_team_lines(client):
    text = text_of(client.get("/pad.pdf?players=4&cities=1&leaders=1").data)
    pad = text[text.index("Name"):]
    assert pad.index("Guilds") < pad.index("Leaders") < pad.index("Cities") < pad.index("Total")
    assert "Team total" not in text
    answer = client.get("/pad.pdf?players=8&edition=first&cities=1&teams=1")
    assert answer.status_code == 200
    assert "Team total" in text_of(answer.data)
    assert ('filename="7-wonders-score-pad-cities-teams-8-'
            in answer.headers["Content-Disposition"])
    refused = client.get("/pad.pdf?players=4&teams=1")
    assert refused.status_code == 400 and "teams=1 needs cities=1" in refused.get_data(as_text=True)
    assert client.get("/pad.pdf?players=4&cities=1&teams=yes").status_code == 400


def test_the_filled_sheet_has_the_cities_row_the_debt_and_the_teams(app, client):
    game_id = save(app, team_game())
    answer = client.get(f"/games/{game_id}/sheet.pdf")
    assert answer.status_code == 200
    text = text_of(answer.data)
    scores = text[text.index("Name"):text.index("Details")]
    assert scores.index("Guilds") < scores.index("Cities") < scores.index("Total")
    assert "Team total" in scores and "Team rank" in scores
    details = text[text.index("Details"):]
    assert "Debt: 6" in details and "minus 6 debt = −2" in details


# --- the quick pad ------------------------------------------------------------------------------


def quick_columns(*rows, **fields):
    data = {"action": "total", "count": str(len(rows)), "edition": "second",
            "expansions": "cities", **fields}
    for index, (name, points, coins) in enumerate(rows):
        data.update({f"columns-{index}-name": name, f"columns-{index}-cities": str(points),
                     f"columns-{index}-civilian": "10", f"columns-{index}-coins_held": str(coins)})
    return data


def test_the_quick_pad_has_the_cities_row_and_the_team_totals(client):
    rows = [("Ada", 5, 3), ("Bo", 2, 3), ("Cy", 0, 6), ("Di", 7, 0)]
    html = client.post("/quick", data=quick_columns(*rows, teams="2")).get_data(as_text=True)
    assert 'name="columns-0-cities"' in html
    assert "Ada + Bo · Cy + Di" in html and "Bo + Cy · Di + Ada" in html
    line = html[html.index('class="pad-line team-total"'):]
    cells = [int(n) for n in re.findall(r"<td>(-?\d+)</td>", line[:line.index("</tr>")])]
    # Bo + Cy = 12 + 10 + 1 + 2 = 25; Di + Ada = 17 + 15 + 1 = 33 (treasury from coins held)
    assert cells == [33, 25, 25, 33]
    rank = html[html.index('class="pad-line team-rank"'):]
    assert re.findall(r"<td>(\d)</td>", rank[:rank.index("</tr>")]) == ["1", "2", "2", "1"]
    plain = client.post("/quick", data=quick_columns(*rows)).get_data(as_text=True)
    assert "team-total" not in plain


def test_the_quick_pad_refuses_teams_at_an_odd_table(client):
    rows = [("Ada", 5, 3), ("Bo", 2, 3), ("Cy", 0, 6)]
    answer = client.post("/quick", data=quick_columns(*rows, teams="1"))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert ("Team play is for 4 or 6 players, not 3: choose No teams, or another number of "
            "players." in html and 'href="#teams"' in html)
    shown = client.post("/quick", data=quick_columns(*rows)).get_data(as_text=True)
    assert 'name="teams"' not in shown and "Team play is for 4 or 6 players." in shown


# --- the build checker --------------------------------------------------------------------------


def test_the_build_checker_offers_black_cards_and_petras_coin_stage(app, client):
    from tests.web.test_web_build import answer_text, ask

    document = team_game(teams=None)
    document["players"][0]["stages"] = 1  # Petra A: the next stage costs 7 coins to the bank
    game_id = save(app, document)
    html = client.get(f"/games/{game_id}/build").get_data(as_text=True)
    assert re.search(r'<label class="chip c-black"[^>]*>\s*<input type="radio" name="card" '
                     r'id="card-residence" value="residence">', html)
    assert re.search(r'<label class="chip c-black"[^>]*>\s*<input type="checkbox" name="hand"', html)
    text = answer_text(ask(client, game_id, card="residence").get_data(as_text=True))
    assert "Can Ada build Residence?" in text
    text = answer_text(ask(client, game_id, what="stage").get_data(as_text=True))
    assert "Yes." in text and "7" in text


def ways_to_pay(html: str) -> list[str]:
    """The answer's ways to pay, one text per option, in the page's order."""
    start = html.index('<ol class="options">')
    listed = html[start:html.index("</ol>", start)]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).strip()
            for item in listed.split("<li>")[1:]]


def dock_table(dock: bool) -> dict:
    """Ada (Ephesos: papyrus) asks for the Secret Society (stone + papyrus); Bo on her left
    and Cy on her right each sell stone; with Clandestine Dock West the first unit bought from
    the left costs 1 coin less (C16)."""
    return {"edition": "first", "expansions": ["cities"], "players": [
        city("Ada", "ephesos", "A", ["clandestine-dock-west"] if dock else ["hideout"], coins=4),
        city("Bo", "gizah", "A", ["stone-pit"]),
        city("Cy", "byzantium", "A")]}


def test_the_build_checker_takes_the_clandestine_docks_coin_off_the_left_bill(app, client):
    from tests.web.test_web_build import answer_text, ask

    game_id = save(app, dock_table(dock=True))
    html = ask(client, game_id, card="secret-society").get_data(as_text=True)
    assert "Can Ada build Secret Society? Yes." in answer_text(html)
    # both ways stay: 1 coin to Bo (the dock's coin off a stone at 2) or 2 coins to Cy
    assert ways_to_pay(html) == ["1 coin in all · 1 to Bo (1 stone at 1)",
                                 "2 coins in all · 2 to Cy (1 stone at 2)"]
    assert "Clandestine Dock West: the first resource bought from the left neighbour costs 1 " \
           "coin less" in answer_text(html)
    # without the dock Bo's stone costs 2 like Cy's (two ways of the same total)
    game_id = save(app, dock_table(dock=False))
    html = ask(client, game_id, card="secret-society").get_data(as_text=True)
    assert sorted(ways_to_pay(html)) == ["2 coins in all · 2 to Bo (1 stone at 2)",
                                         "2 coins in all · 2 to Cy (1 stone at 2)"]
    assert "Clandestine Dock" not in answer_text(html)


@pytest.mark.parametrize(("coins", "legal"), [(7, True), (6, False)])
def test_petras_coin_only_stage_is_paid_to_the_bank(app, client, coins, legal):
    from tests.web.test_web_build import answer_text, ask

    document = dock_table(dock=False)
    document["players"][0].update(wonder="petra", stages=1, coins=coins)  # Petra A stage 2: 7
    game_id = save(app, document)
    html = ask(client, game_id, what="stage").get_data(as_text=True)
    text = answer_text(html)
    if legal:
        assert "Can Ada build the next wonder stage? Yes." in text
        assert ways_to_pay(html) == ["7 coins in all · 7 coins to the bank"]
    else:
        assert "Can Ada build the next wonder stage? No." in text
        assert '<ol class="options">' not in html and "you hold 6" in text


def test_the_build_checker_names_whose_free_build_it_is(app, client):
    """Issue 30 item 8: Caligula's free black card and Olympia A's free build are named from
    the effects' data, in the page's language ("Olympia's or another" named neither)."""
    from tests.web.test_web_build import answer_text, ask

    game_id = save(app, {"edition": "first", "expansions": ["cities", "leaders"], "players": [
        city("Ada", "olympia", "A", coins=9, stages=2, leaders=["caligula"]),
        city("Bo", "rhodes", "A", leaders=[]), city("Cy", "babylon", "A", leaders=[])]})
    text = answer_text(ask(client, game_id, card="militia").get_data(as_text=True))
    assert "Olympia stage 2: a free build once per Age, also possible here if it is still " \
           "unused this Age." in text
    assert "Caligula: a free build once per Age" in text and "another" not in text
    text = answer_text(ask(client, game_id, card="barracks").get_data(as_text=True))
    assert "Olympia stage 2: a free build" in text and "Caligula" not in text
    hand = answer_text(ask(client, game_id, what="hand", hand=["militia", "baths"]).get_data(
        as_text=True))
    assert hand.count("Caligula: a free build") == 1 and hand.count("Olympia stage 2:") == 2
    client.get("/language/pl")
    text = answer_text(ask(client, game_id, card="militia").get_data(as_text=True))
    assert "Kaligula: darmowa budowa raz na Erę, możliwa także tutaj" in text
    assert "Posąg Zeusa w Olimpii, etap 2: darmowa budowa" in text
    client.get("/language/nl")
    text = answer_text(ask(client, game_id, card="militia").get_data(as_text=True))
    assert "Caligula: eens per tijdperk gratis bouwen" in text
