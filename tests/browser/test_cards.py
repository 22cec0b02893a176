"""The rules at hand in Chromium at 390x844: a card's page opened from a score pad's
explanations, a Leaders city's chips and the build checker, and back; the search's results
follow the typing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from scorer.games import access
from tests.browser.page_scripts import CONTRAST, TAP_TARGETS
from tests.helpers import give_owner, player

DEVICE_KEY = "cards-device-key-0123456789-0123456789abcdef"[:43]


@pytest.fixture
def table(live_app, live_server, browser: Browser):
    """A second-edition Leaders game this phone owns, and the phone: (page, game id, first seat)."""
    document = {"edition": "second", "expansions": ["leaders"], "players": [
        player("Ann", "gizah", "day", cards=["altar", "workers-guild"], coins=4),
        player("Bo", "babylon", "day", cards=["lumber-yard"]), player("Cy", "rhodes", "day")]}
    document["players"][0]["leaders"] = ["sappho"]
    for city in document["players"]:
        city["entered"] = True
    with live_app.app_context():
        from scorer.games import service as games_service

        game_id = games_service.create_game(document)
        seat = games_service.load(game_id).document["players"][0]["id"]
    give_owner(live_app, game_id, DEVICE_KEY)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    context.add_cookies([{"name": access.DEVICE_COOKIE, "value": DEVICE_KEY, "url": live_server}])
    yield context.new_page(), game_id, seat
    context.close()


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(TAP_TARGETS) == []
    assert page.evaluate(CONTRAST) == []


def test_from_the_pads_explanations_to_a_card_and_back(table, live_server):
    page, game_id, _ = table
    page.goto(f"{live_server}/games/{game_id}")
    why = page.locator("#why-0-guilds")
    why.get_by_role("link", name="Workers Guild").click()
    expect(page).to_have_url(re.compile(r"/cards/second/workers-guild$"))
    expect(page.locator("h1")).to_have_text(re.compile("Workers Guild"))
    expect(page.locator(".effects")).to_contain_text(
        "1 point per brown card in the neighbouring cities.")
    fits_the_phone(page)
    page.go_back()
    expect(page).to_have_url(re.compile(f"/games/{game_id}$"))
    page.locator(".why h3").first.get_by_role("link", name="The Pyramids of Giza").click()
    expect(page.locator("h2", has_text="Side Day")).to_be_visible()
    expect(page.locator(".stages").first.locator("> li")).to_have_count(3)
    fits_the_phone(page)
    page.go_back()
    expect(page.locator("#why-0-leaders").get_by_role("link", name="Sappho")).to_be_visible()


def test_from_a_leaders_citys_chips_to_a_card_and_back(table, live_server):
    page, game_id, seat = table
    page.goto(f"{live_server}/games/{game_id}/players/{seat}")
    baths = page.locator('label.chip:has(input[value="baths"])')
    baths.click()  # a tick not saved yet: the card's page opens beside it, in a new tab
    expect(baths.locator("input")).to_be_checked()
    info = page.get_by_role("link", name="Baths: what it does (new tab)")
    expect(info).to_be_hidden()  # no room taken, no tab stop, until asked for
    page.get_by_role("checkbox", name="Card pages").last.check()
    expect(info).to_be_visible()
    fits_the_phone(page)
    with page.expect_popup() as opened:
        info.click()
    card = opened.value
    expect(card.locator("h1")).to_have_text(re.compile("Baths"))
    card.close()
    expect(baths.locator("input")).to_be_checked()
    page.locator("details.leader-picker > summary").click()
    page.locator("label[for=leaders-info]").click()
    with page.expect_popup() as opened:
        page.get_by_role("link", name="Sappho: what it does (new tab)").click()
    leader = opened.value
    expect(leader.locator("h1")).to_have_text(re.compile("Sappho"))
    expect(leader.locator(".effects")).to_contain_text("2 victory points.")
    leader.close()
    expect(page.locator('input[name=leaders][value="sappho"]')).to_be_checked()


def test_from_the_build_checker_to_a_card_and_back(table, live_server):
    page, game_id, _ = table
    page.goto(f"{live_server}/games/{game_id}/build")
    page.locator('#card-cards label.chip:has(input[value="pantheon"])').click()
    page.locator("form.build button.primary").first.click()
    expect(page.locator(".answer h2")).to_contain_text("Pantheon")
    with page.expect_popup() as opened:
        page.locator(".answer").get_by_role("link", name="Pantheon: what it does (new tab)").click()
    card = opened.value
    expect(card.locator("h1")).to_have_text(re.compile("Pantheon"))
    expect(card.locator(".card-facts")).to_contain_text("Altar")  # free with the Altar (chain)
    card.close()
    expect(page.locator(".answer h2")).to_contain_text("Pantheon")


def test_the_search_shows_results_as_you_type(page: Page, live_server):
    page.goto(f"{live_server}/")
    page.locator(".top-search input").fill("Counterfiters")
    page.locator(".top-search button").click()
    expect(page.locator(".card-list a").first).to_have_text(re.compile("Counterfeiters Guild"))
    search = page.get_by_label("Name or effect")
    search.fill("")
    search.press_sequentially("gildia szpieg", delay=30)
    expect(page.locator(".card-list a").first).to_have_text(re.compile("Spies Guild"))
    assert "q=gildia" in page.url
    page.get_by_label("Colour").select_option("black")
    expect(page.locator(".found-count")).to_contain_text("found")
    page.locator(".card-list a").first.click()
    expect(page.locator("h1")).to_be_visible()
    fits_the_phone(page)
