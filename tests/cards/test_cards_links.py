"""Links to the rules at hand from the score pad's explanations, the city page's chips and the
build checker (test client; the browser tests follow them and come back)."""

from __future__ import annotations

import re

import pytest

from scorer.engine.messages import ENGLISH, Message, Sum
from scorer.games import service as games_service
from scorer.web.card_links import linked
from tests.helpers import player


@pytest.fixture
def leaders_game(app):
    document = {"edition": "second", "expansions": ["leaders"], "players": [
        player("Ann <b>", "gizah", "day", cards=["altar", "workers-guild"], coins=4),
        player("Bo", "babylon", "day"), player("Cy", "rhodes", "day")]}
    document["players"][0]["leaders"] = ["sappho"]
    with app.app_context():
        game_id = games_service.create_game(document)
        seat = games_service.load(game_id).document["players"][0]["id"]
    return game_id, seat


def test_the_pads_explanations_link_every_card_wonder_and_leader(client, leaders_game):
    game_id, _ = leaders_game
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    for card_id in ("altar", "workers-guild", "sappho", "gizah"):
        assert f'href="/cards/second/{card_id}"' in html, card_id
    assert "Ann &lt;b&gt;" in html and "Ann <b>" not in html
    live = client.get(f"/games/{game_id}/live").get_data(as_text=True)
    assert 'href="/cards/second/workers-guild"' in live


def test_a_linked_line_reads_as_the_rendered_line():
    line = Message("%(sum)s of %(who)s", {"sum": Sum(((Message("Altar", context="card"), 3),
                                                      ("<i>", 2)), 5), "who": "<script>"})
    links = {("card", "Altar"): "/cards/first/altar"}
    html = str(linked(line, ENGLISH, links))
    assert html == ('<a class="card-link" href="/cards/first/altar">Altar</a> 3 + &lt;i&gt; 2 = 5 '
                    'of &lt;script&gt;')
    assert re.sub("<[^>]+>", "", html).replace("&lt;", "<").replace("&gt;", ">") == \
        line.render(ENGLISH)


def test_each_chip_has_an_info_link_beside_it(client, leaders_game):
    game_id, seat = leaders_game
    html = client.get(f"/games/{game_id}/players/{seat}").get_data(as_text=True)
    for card_id in ("altar", "pantheon", "sappho", "euclid"):
        found = re.search(rf'value="{card_id}".*?</label>\s*<a class="chip-info card-link" '
                          rf'href="/cards/second/{card_id}" target="_blank"', html, re.S)
        assert found, card_id
    assert html.count('class="chip-info') >= 70 + 40
    # the switch showing them is a checkbox with no name: never sent with the city
    for switch in ("cards-info", "leaders-info"):
        assert re.search(rf'<input type="checkbox" id="{switch}" class="info-toggle">', html)


def test_the_build_checker_links_the_card_asked_about(client, leaders_game):
    game_id, _ = leaders_game
    html = client.post(f"/games/{game_id}/build", data={
        "player": "Bo", "what": "card", "card": "temple", "age": "2"}).get_data(as_text=True)
    assert re.search(r'<a class="card-link" href="/cards/second/temple" target="_blank" '
                     r'rel="noopener">Temple: what it does \(new tab\)</a>', html)
    html = client.get(f"/games/{game_id}/build").get_data(as_text=True)
    assert 'class="chip-info card-link" href="/cards/second/altar"' in html
