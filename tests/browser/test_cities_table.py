"""A Cities game with teams at the table (issue 19, item 4), in Chromium at 390x844: the host
switches Cities on, chooses the partners (each team's seats side by side, nothing wider than
the phone), and two phones enter their cities at once, a black card with one tap and the debt
typed as the coins are; the host's pad shows the team totals."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scorer import storage
from scorer.engine.rules import get_ruleset
from tests.browser.test_table import CONTRAST, TAP_TARGETS, chip, phone


def number(cell: str) -> int:
    return int(cell.replace("−", "-"))  # the pad writes a minus sign


def fits(page: Page, where) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, where
    assert page.evaluate(CONTRAST) == [], where
    assert page.evaluate(TAP_TARGETS) == [], where


def test_a_cities_game_with_teams_entered_from_two_phones(browser, live_server, live_app):
    host = phone(browser)
    host.goto(f"{live_server}/games/new")
    with host.expect_navigation():  # each choice re-shows the form: wait for it
        host.get_by_label("Edition").select_option("first")
    with host.expect_navigation():
        host.get_by_label("Play with Cities").check()
    expect(host.get_by_label("Team play")).to_be_visible()
    host.get_by_label("Players", exact=True).select_option("4")
    expect(host.locator(".seat")).to_have_count(4)
    for index, name in enumerate(("Ada", "Bo", "Cy", "Di")):
        host.locator(f"#seats-{index}-name").fill(name)
        host.locator(f"#seats-{index}-wonder").select_option("random")
        host.locator(f"#seats-{index}-side").select_option("random")
    host.get_by_label("Team play").select_option("2")  # Bo + Cy · Di + Ada
    expect(host.locator(".seat-group")).to_have_count(2)
    first = host.locator(".seat-group").first.locator(".seat")
    expect(host.locator(".group-title").first).to_have_text("Team 1")
    expect(first.nth(0).locator("legend")).to_have_text("Seat 2")
    expect(first.nth(1).locator("legend")).to_have_text("Seat 3")
    # partners side by side: one row, two columns
    boxes = [first.nth(n).bounding_box() for n in (0, 1)]
    assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2 and boxes[0]["x"] < boxes[1]["x"]
    assert re.search("Bo \\+ Cy · Di \\+ Ada", host.get_by_label("Team play").inner_text())
    fits(host, "set-up")
    host.get_by_role("button", name="Save and enter the cities").click()
    expect(host.locator(".invite-link")).to_be_visible()
    link = host.locator(".invite-link").inner_text()
    join = live_server + link[link.index("/games/"):]
    game_id = link.split("/games/")[1].split("/")[0]
    with live_app.app_context():
        assert storage.load_game(game_id).document["teams"] == [["Bo", "Cy"], ["Di", "Ada"]]

    ada, bo = phone(browser), phone(browser)
    for person, name in ((ada, "Ada"), (bo, "Bo")):
        person.goto(join)
        person.get_by_role("button", name=f"This is me: {name}").click()
        expect(person.get_by_role("heading", name=f"{name}'s city")).to_be_visible()
    expect(ada.locator(".colour-title.c-black").first).to_contain_text("Black: cities")
    fits(ada, "city")
    chip(ada, "secret-society").click()  # one tap
    expect(ada.locator("#cards-secret-society")).to_be_checked()
    ada.get_by_label("Coins", exact=True).fill("14")
    ada.get_by_label("Debt (the debt tokens' total)").fill("3")
    expect(ada.locator("#debt")).to_have_value("3")
    chip(bo, "militia").click()
    bo.locator("#debt").fill("12")
    ada.get_by_role("button", name="Done").click(no_wait_after=True)
    bo.get_by_role("button", name="Done").click(no_wait_after=True)
    for person, name in ((ada, "Ada"), (bo, "Bo")):
        expect(person.locator(".flash")).to_have_text(f"{name}'s city is saved.")
    with live_app.app_context():
        players = storage.load_game(game_id).document["players"]
    assert (players[0]["debt"], players[0]["coins"], players[0]["cards"]) == (3, 14, ["secret-society"])
    assert (players[1]["debt"], players[1]["cards"]) == (12, ["militia"])

    host.goto(f"{live_server}/games/{game_id}")
    line = host.locator("tr.team-total td")
    expect(line).to_have_count(4)
    totals = [number(cell) for cell in host.locator("tfoot tr.total td").all_inner_texts()]
    teams = [number(cell) for cell in line.all_inner_texts()]
    assert teams == [totals[0] + totals[3], totals[1] + totals[2], totals[1] + totals[2],
                     totals[0] + totals[3]]
    expect(host.locator("#why-0-coins")).to_contain_text("minus 3 debt")
    fits(host, "pad")
    dark = phone(browser, "dark")
    dark.goto(f"{live_server}/games/{game_id}")
    fits(dark, "pad, dark")
    dark.goto(f"{live_server}/games/new")
    expect(dark.get_by_label("Edition")).to_have_value("second")  # the newest: no re-show
    with dark.expect_navigation():
        dark.get_by_label("Play with Cities").check()
    dark.get_by_label("Team play").select_option("1")
    expect(dark.locator(".seat-group")).to_have_count(2)
    fits(dark, "new game with teams, dark")


def test_the_build_checker_answers_a_black_card_with_the_docks_coin_off(browser, live_server,
                                                                       live_app):
    """Ada (Clandestine Dock West) asks for the Secret Society: Bo's stone on her left costs
    1 coin with the dock, Cy's 2; both ways are listed, on a phone, with the dock's note."""
    document = {"edition": "first", "expansions": ["cities"], "players": [
        {"name": "Ada", "wonder": "ephesos", "side": "A", "cards": ["clandestine-dock-west"],
         "coins": 4},
        {"name": "Bo", "wonder": "gizah", "side": "A", "cards": ["stone-pit"]},
        {"name": "Cy", "wonder": "byzantium", "side": "A"}]}
    with live_app.app_context():
        game_id = storage.create_game(document)
    page = phone(browser)
    page.goto(f"{live_server}/games/{game_id}")
    page.get_by_role("link", name="Check a build").click()
    page.get_by_label("Who builds").select_option("Ada")
    chip(page.locator("#card-cards"), "secret-society").click()
    page.get_by_role("button", name="Check").first.click()
    answer = page.locator(".answer")
    expect(answer).to_contain_text("Can Ada build Secret Society? Yes.")
    ways = answer.locator("ol.options > li")
    expect(ways).to_have_count(2)
    expect(ways.nth(0)).to_contain_text("1 coin in all")
    expect(ways.nth(0)).to_contain_text("1 to Bo (1 stone at 1)")
    expect(ways.nth(1)).to_contain_text("2 to Cy (1 stone at 2)")
    expect(answer.locator(".black-note")).to_contain_text("Clandestine Dock West")
    fits(page, "build checker")


def test_the_build_checker_finds_a_building_as_the_city_page_does(browser, live_server, live_app):
    """Issue 30 item 8: with Cities and Leaders the building asked about is one of 109; the
    city page's filter box (its markup and script) finds it, and the answer names whose free
    build it may be (Caligula's black card, Olympia A's second stage)."""
    document = {"edition": "first", "expansions": ["cities", "leaders"], "players": [
        {"name": "Ada", "wonder": "olympia", "side": "A", "stages": 2, "coins": 9,
         "leaders": ["caligula"]},
        {"name": "Bo", "wonder": "gizah", "side": "A", "leaders": []},
        {"name": "Cy", "wonder": "byzantium", "side": "A", "leaders": []}]}
    with live_app.app_context():
        game_id = storage.create_game(document)
    page = phone(browser)
    page.goto(f"{live_server}/games/{game_id}/build")
    building = page.locator("#card-cards")
    every = len(get_ruleset("first", ("cities", "leaders")).catalog.cards)
    assert building.locator("label.chip").count() == every > 100
    search = building.get_by_label("Find a building")
    expect(search).to_be_visible()
    expect(page.locator("#hand-cards")).to_be_hidden()  # "A building" is asked by default
    search.fill("milit")
    expect(building.locator("label.chip:visible")).to_have_count(1)
    search.fill("zzz")
    expect(building.get_by_text("No building has this name.")).to_be_visible()
    search.fill("militia")
    chip(building, "militia").click()
    search.press("Enter")  # as on the city page: Enter neither submits nor navigates
    expect(page.locator(".answer")).to_have_count(0)
    fits(page, "build checker, filtered")
    page.get_by_role("button", name="Check").first.click()
    answer = page.locator(".answer")
    expect(answer).to_contain_text("Can Ada build Militia?")
    expect(answer.locator(".free-build")).to_have_text([
        "The Statue of Zeus in Olympia stage 2: a free build once per Age, also possible here if "
        "it is still unused this Age.",
        "Caligula: a free build once per Age, also possible here if it is still unused this Age."])
    expect(page.locator("#card-cards input[value=militia]")).to_be_checked()
    fits(page, "build checker, answered")
