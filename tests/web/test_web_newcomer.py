"""What a newcomer tripped over (issue 11, item 7), each checked with the test client.

The browser-only parts (keys, dialogs, scroll, layout at 390 px) are in
``tests/browser/test_newcomer.py``.
"""

from __future__ import annotations

import re

from tests.helpers import city_path, game, player, post_city


def test_polish_counts_agree_with_their_noun(client):
    """"za każdy etap", "za każdy żeton porażki": the quantifier agrees with each noun."""
    doc = game(player("Ada", "alexandria", stages=2,
                      cards=["builders-guild", "strategists-guild", "workers-guild"]),
               player("Bob", "gizah", stages=1, defeat=2), player("Cy", "rhodes", defeat=1))
    answer = client.post("/api/v1/score", json=doc, headers={"Accept-Language": "pl"})
    guilds = answer.json["players"][0]["explanations"]["guilds"]
    assert "1 za każdy etap Cudu Świata we własnym i sąsiednich miastach × 3" in guilds
    assert "1 za każdy żeton porażki w sąsiednich miastach × 3" in guilds
    assert "1 za każdą brązową kartę w sąsiednich miastach" in guilds
    assert "każdą etap" not in guilds and "każdą Żeton" not in guilds


def saved(app, document, title=None):
    from scorer import storage

    with app.app_context():
        return storage.create_game(document, title)


def test_pad_shows_negative_points_with_the_real_minus_sign(app, client):
    game_id = saved(app, game(player("Ada", "alexandria", defeat=3), player("Bob", "gizah"),
                              player("Cy", "rhodes")))
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    pad = html[html.index('<table class="pad'):html.index("</table>")]
    assert ">−3</a>" in pad and "<td class=\"\">−3</td>" in pad
    assert not re.search(r">-\d", pad)
    quick = client.post("/quick", data={"action": "total", "count": "3", "columns-0-name": "Ada",
                                        "columns-0-military": "-4", "columns-1-name": "Bob",
                                        "columns-2-name": "Cy"}).get_data(as_text=True)
    assert "<td>−4</td>" in quick and "<td class=\"\">−4</td>" in quick


def test_history_uses_one_date_format(app, client):
    """The created and changed dates of a game read alike: medium date, short time."""
    from datetime import UTC, datetime

    from scorer.i18n import moment_label

    client.get("/games/" + saved(app, game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                           player("Cy", "rhodes"))))
    shapes = {"en": r"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M",
              "nl": r"\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}",
              "pl": r"\d{1,2} [a-ząćęłńóśźż]{3} \d{4}, \d{2}:\d{2}"}
    for locale, shape in shapes.items():
        client.set_cookie("lang", locale)
        html = client.get("/games").get_data(as_text=True)
        entry = html[html.index('<ul class="games">'):html.index("</ul>")]
        entry = re.sub(r'<span class="visually-hidden">.*?</span>', "", entry)  # the PDF link's name
        assert len(re.findall(shape, entry)) == 2, (locale, entry)
        with app.test_request_context(headers={"Cookie": f"lang={locale}"}):
            label = moment_label(datetime(2026, 11, 2, 18, 5, tzinfo=UTC))
        assert label == {"en": "Nov 2, 2026, 6:05\u202fPM", "nl": "2 nov 2026, 18:05",
                         "pl": "2 lis 2026, 18:05"}[locale]


def three_players(app, **first):
    return saved(app, game(player("Ada", "alexandria", **first), player("Bob", "gizah"),
                           player("Cy", "rhodes", cards=["lumber-yard"])))


def field_html(html, field_id):
    """The markup of one stepper field, from its label to its closing block."""
    start = html.index(f'<label for="{field_id}"')
    return html[start:html.index('<div class="field stepper-field', start)]


def test_token_steppers_stop_where_the_rules_stop(app, client):
    """At most 6 defeats; the victory tokens are typed as their values, a digit pad's field."""
    html = client.get(city_path(app, three_players(app), 0)).get_data(as_text=True)
    # the defeat tokens picked in one tap, 0 to 6, sharing the six battles with the victories
    assert re.findall(r'<input type="radio" name="defeat" id="defeat[-\d]*" value="(\d)"', html) == \
        ["0", "1", "2", "3", "4", "5", "6"]
    box = re.search(r'<fieldset class="field picks"[^>]*>\s*<legend>Defeat tokens', html).group(0)
    assert 'data-sum="battles"' in box and 'data-sum-max="6"' in box
    tag = re.search(r'<input[^>]*id="victories"[^>]*>', html).group(0)
    assert 'inputmode="numeric"' in tag and 'placeholder="1 3 5"' in tag
    # the stages a radio per number, as far as the side goes (Alexandria A: three)
    assert re.findall(r'<input type="radio" name="stages" id="stages[-\d]*" value="(\d)"', html) == \
        ["0", "1", "2", "3"]


def test_steppers_are_labelled_with_their_field(app, client):
    html = client.get(city_path(app, three_players(app), 0)).get_data(as_text=True)
    assert 'aria-label="Coins: one less"' in html and 'aria-label="Coins: one more"' in html
    client.set_cookie("lang", "nl")
    html = client.get(city_path(app, three_players(app), 0)).get_data(as_text=True)
    assert re.search(r'aria-label="Munten: één (minder|meer)"', html)


def chip_of(html, card_id):
    start = html.rindex('<label class="chip', 0, html.index(f'value="{card_id}"'))
    return html[start:html.index("</label>", start)]


def test_a_card_not_in_the_decks_says_so_instead_of_all_copies_taken(app, client):
    html = client.get(city_path(app, three_players(app), 0)).get_data(as_text=True)
    chamber = chip_of(html, "chamber-of-commerce")  # a card for 4 players and more
    assert "unavailable" in chamber and "not in the decks for 3 players" in chamber
    assert "all copies taken" not in chamber
    lumber = chip_of(html, "lumber-yard")  # Cy holds the only copy of a 3-player game
    assert "all copies taken: Cy" in lumber and "not in the decks" not in lumber
    client.set_cookie("lang", "pl")
    html = client.get(city_path(app, three_players(app), 0)).get_data(as_text=True)
    assert "nie ma jej w taliach dla 3 graczy" in chip_of(html, "chamber-of-commerce")


def summary_links(html):
    """(href, text) of each line of the error summary at the top of the form."""
    start = html.index('id="error-summary"')
    block = html[start:html.index("</div>", start)]
    assert html.index('id="error-summary"') < html.index('class="field')  # above every field
    return re.findall(r'<li(?: id="[^"]*")?>(?:<a href="([^"]*)">)?([^<]*)', block)


def city_post(**values):
    data = {"cards": [], "stages": "0", "coins": "0", "action": "next",
            "victory_1": "0", "victory_3": "0", "victory_5": "0", "defeat": "0"}
    data.update(values)
    return data


def test_city_errors_come_all_at_once_in_a_summary_linking_each_field(app, client):
    """A word for coins, too many stages, too many tokens and a taken card: one round, not four."""
    game_id = three_players(app)
    answer = post_city(client, app, game_id, 0, city_post(
        coins="lots", stages="4", victory_5="3", defeat="-1", cards=["lumber-yard", "altar"]))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    links = summary_links(html)
    hrefs = list(dict.fromkeys(href for href, _text in links))
    assert hrefs == ["#stages", "#coins", "#victories", "#defeat", "#cards-lumber-yard"]
    texts = " | ".join(text for _href, text in links)
    assert "Wonder stages built: The Lighthouse of Alexandria side A has 3 stages, not 4." in texts
    assert "Coins: Type a whole number with the digits 0 to 9." in texts
    assert "Victory tokens: Tokens of 5: At most 2 tokens of this kind" in texts
    assert "Lumber Yard: The decks for 3 players hold 1 × Lumber Yard" in texts
    assert 'id="cards-lumber-yard"' in html and 'id="coins"' in html
    assert re.search(r'value="altar"[^>]*checked', html)  # what was typed is kept
    with app.app_context():
        from scorer import storage

        assert storage.load_game(game_id).document["players"][0]["cards"] == []


def test_setup_errors_come_all_at_once_in_a_summary(client):
    data = {"title": "", "count": "3", "action": "save"}
    for index, (name, wonder) in enumerate((("A" * 41, "random"), ("Bob", "gizah"), ("Cy", "gizah"))):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": wonder,
                     f"seats-{index}-side": "random"})
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 422
    links = summary_links(answer.get_data(as_text=True))
    assert [href for href, _text in links] == ["#seats-0-name", "#seats-2-wonder"]
    assert links[0][1].startswith("Seat 1, Name: ")
    assert links[1][1].startswith("Seat 3, Wonder: The Pyramids of Giza is already played")


def test_build_checker_errors_have_a_summary(app, client):
    game_id = three_players(app)
    answer = client.post(f"/games/{game_id}/build", data={
        "player": "Ada", "what": "hand", "age": "",
        "hand": ["altar", "baths", "loom", "press", "theater", "lumber-yard", "ore-vein", "clay-pit"]})
    assert answer.status_code == 422
    links = summary_links(answer.get_data(as_text=True))
    assert links and all(href == "#hand-cards" for href, _text in links)


def test_without_the_script_move_buttons_land_on_the_moved_seat(client):
    """The scroll position is kept by the script; without it the button's anchor shows the seat."""
    html = client.get("/games/new?count=3").get_data(as_text=True)
    assert re.search(r'value="up-2"[^>]*formaction="#seat-1"', html)
    assert re.search(r'value="down-0"[^>]*formaction="#seat-1"', html)
    assert 'id="seat-1"' in html


def test_names_move_on_with_enter_and_pages_with_typing_guard_leaving(app, client):
    html = client.get("/games/new").get_data(as_text=True)
    assert re.search(r'<input[^>]*data-enter-next[^>]*id="seats-0-name"', html)
    assert 'enterkeyhint="next"' in html
    assert 'data-guard="Your changes are not saved yet. Leave this page anyway?"' in html
    city = client.get(city_path(app, three_players(app), 0)).get_data(as_text=True)
    assert "data-guard=" in city
    assert city.index('class="skip-link" href="#city-actions"') < city.index('id="cards-altar"')
    assert 'id="city-actions"' in city


def quick(client, *columns, action="total", count=None):
    data = {"action": action, "count": count or str(len(columns))}
    for index, values in enumerate(columns):
        data.update({f"columns-{index}-{key}": str(value) for key, value in values.items()})
    return client.post("/quick", data=data)


def test_quick_pad_is_a_grid_of_players_by_rows_with_empty_names(client):
    # the first edition's pad (a new user gets the newest edition's: see test_web_editions.py)
    html = client.get("/quick?count=4&edition=first").get_data(as_text=True)
    grid = html[html.index('<table class="pad quick-grid'):]
    grid = grid[:grid.index("</table>")]
    rows = re.findall(r'<tr class="row-\w+" data-row="(\w+)">', grid)
    assert rows == ["military", "coins", "wonder", "civilian", "science", "commercial", "guilds"]
    for row in rows:  # one cell per player in each row, in seat order
        line = grid[grid.index(f'data-row="{row}"'):]
        line = line[:line.index("</tr>")]
        assert re.findall(r'name="columns-(\d)-' + row + '"', line) == ["0", "1", "2", "3"]
    names = re.findall(r'<input[^>]*name="columns-\d-name"[^>]*>', grid)
    assert len(names) == 4 and not any('value="' in tag and 'value=""' not in tag for tag in names)
    assert "Player 1" not in grid
    assert 'id="columns-0-coins_held"' not in grid  # the coins held are not a row of points


def test_quick_pad_treasury_and_coins_held_cannot_be_mixed_up(client):
    answer = quick(client, {"name": "Ada", "coins": 14, "coins_held": 14}, {"name": "Bob"},
                   {"name": "Cy"})
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert "14 coins held give 4 treasury points (1 per 3 coins), not 14" in html
    assert ("#columns-0-coins", "Ada, Treasury: 14 coins held give 4 treasury points (1 per 3 "
            "coins), not 14: correct the treasury row or the coins held.") in summary_links(html)
    html = quick(client, {"name": "Ada", "coins_held": 14}, {"name": "Bob"},
                 {"name": "Cy"}).get_data(as_text=True)
    assert re.search(r'name="columns-0-coins"[^>]*value="4"', html)
    assert totals_of(html) == [4, 0, 0]
    assert "Treasury <small" in html and "(1 point per 3 coins)" in html
    assert "Tie-break: coins held at the end" in html


def totals_of(html):
    foot = html[html.index('<tr class="total">'):]
    cells = re.findall(r"<td[^>]*>(−?\d+)</td>", foot[:foot.index("</tr>")])
    return [int(n.replace("−", "-")) for n in cells]


def test_quick_pad_errors_come_all_at_once(client):
    answer = quick(client, {"name": "", "civilian": "many"},
                   {"name": "Bob", "science": 5, "compass": 1, "gear": 1, "tablet": 1},
                   {"name": "Cy", "coins_held": -2})
    assert answer.status_code == 422
    hrefs = list(dict.fromkeys(href for href, _text in summary_links(answer.get_data(as_text=True))))
    assert hrefs == ["#columns-0-name", "#columns-0-civilian", "#columns-1-science",
                     "#columns-2-coins_held"]


def test_quick_pad_science_button_fills_every_science_row_without_the_script(client):
    html = quick(client, {"name": "Ada", "science": 1, "compass": 2, "gear": 1, "tablet": 1,
                          "free_symbols": 1},
                 {"name": "Bob", "tablet": 3}, {"name": "Cy"}, action="science").get_data(as_text=True)
    assert re.search(r'name="columns-0-science"[^>]*value="18"', html)
    assert re.search(r'name="columns-1-science"[^>]*value="9"', html)
    assert re.search(r'value="science"[^>]*formaction="#science-helper"', html)


def test_explanations_split_neighbour_guilds_count_science_sets_and_name_every_stage(app, client):
    science = ["apothecary", "dispensary", "laboratory", "academy", "lodge", "observatory",
               "workshop", "study", "library", "scriptorium", "school", "university"]
    doc = game(player("Ada", "babylon", stages=2, cards=[*science, "traders-guild"]),
               player("Ana", "alexandria", cards=["tavern"]),
               player("Bo", "gizah"), player("Cy", "olympia"), player("Ed", "rhodes"),
               player("Fa", "ephesos"),
               player("Dirk", "halikarnassos", cards=["marketplace", "east-trading-post", "caravansery",
                                                       "forum", "vineyard", "bazar", "haven", "lighthouse"]))
    # the explanations' text, without the links on the names of cards and wonders
    html = re.sub(r"<[^>]+>", "", client.get(f"/games/{saved(app, doc)}").get_data(as_text=True))
    assert ("Traders Guild: 1 per yellow card in the neighbouring cities × 9 (Ana 1 + Dirk 8) = 9"
            in html)
    # Babylon A's second stage is a free symbol, worth no points, yet built and named.
    assert "2 stages built: stage 1: 3 + stage 2: 0 = 3" in html
    assert "→ 5 compasses, 4 gears, 4 tablets, 4 sets: 25 + 16 + 16 + 28 = 85" in html
    client.set_cookie("lang", "pl")
    html = client.get(f"/games/{saved(app, doc)}").get_data(as_text=True)
    assert "× 9 (Ana 1 + Dirk 8) = 9" in html and "4 zestawy" in html


def test_quick_pad_free_symbols_stop_at_a_handful(client):
    """Hundreds of free symbols would keep the helper's exhaustive placement busy for minutes."""
    answer = quick(client, {"name": "Ada", "free_symbols": 999}, {"name": "Bob"}, {"name": "Cy"})
    assert answer.status_code == 422
    assert "Number must be between 0 and 9." in answer.get_data(as_text=True)
    html = quick(client, {"name": "Ada", "free_symbols": 9}, {"name": "Bob"},
                 {"name": "Cy"}).get_data(as_text=True)
    assert re.search(r'name="columns-0-science"[^>]*value="81"', html)  # nine of one symbol
    tag = re.search(r'<input[^>]*name="columns-0-free_symbols"[^>]*>', html).group(0)
    assert 'max="9"' in tag
