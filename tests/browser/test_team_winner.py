"""The winning team on the pad at 390x844 (issue 29 item 1, C14, C15): the host's pad waits
for Di's city; Di enters it on her phone, and the host's live pad names the winning team and
its total, not the player with the best city, while each player keeps their own rank."""

from __future__ import annotations

import copy
import re

from playwright.sync_api import expect

from scorer.games import service as games_service
from tests.browser.test_groups import enter_city, phone
from tests.cities.test_team_results import split_game


def test_the_live_pad_names_the_winning_team(browser, live_server, live_app):
    document = copy.deepcopy(split_game())
    del document["players"][3]["entered"]  # Di's city is still to come
    with live_app.app_context():
        game_id = games_service.create_game(document)
    host, di = phone(browser), phone(browser, "dark")
    host.goto(f"{live_server}/games/{game_id}")
    winners = host.locator(".winners")
    expect(winners).to_contain_text("Waiting for 1 city: Di.")
    enter_city(di, f"{live_server}/games/{game_id}/join", "Di", "0")
    # the host's pad follows by itself (live.js), and names the team
    expect(winners).to_have_text(re.compile(r"^\s*★ Ada \+ Bo win with 20 points\.\s*$"))
    expect(winners).not_to_contain_text("Cy")
    ranks = host.locator("tr.rank").first.locator("td")
    expect(ranks).to_have_text(["2", "2", "1", "4"])
    expect(host.locator("tr.team-rank td")).to_have_text(["1", "1", "2", "2"])
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    di.goto(f"{live_server}/games/{game_id}")
    expect(di.locator(".winners")).to_contain_text("Ada + Bo win with 20 points.")
