"""The main journeys in a real browser at phone size: a 3-player game entered card by card and
read off the pad, a build check, and a game reopened from the history."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from scorer import storage
from tests.browser.page_scripts import CONTRAST, TAP_TARGETS
from tests.helpers import game, own_in_browser, player


def chip(page: Page | Locator, card_id: str):
    return page.locator(f'label.chip:has(input[value="{card_id}"])')


def stages(page: Page, label: str = "Wonder stages built"):
    """The wonder's stages built: a radio per number, picked in one tap (issue 21 item 7)."""
    return page.get_by_role("group", name=label)


def pick_stages(page: Page, count: int, label: str = "Wonder stages built") -> None:
    stages(page, label).get_by_role("radio", name=str(count), exact=True).click()


def open_leaders(page: Page) -> None:
    """Opens the leaders picker if it is folded (it is open while no leader is chosen)."""
    picker = page.locator("details.leader-picker")
    if not picker.evaluate("d => d.open"):
        picker.locator("summary").click()


def no_horizontal_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def small_tap_targets(page: Page) -> list[str]:
    """Visible buttons, links, chips and fields smaller than 44 px in either direction."""
    return page.evaluate(TAP_TARGETS)


def test_three_player_game_from_new_game_to_score_pad(page: Page, live_server):
    page.goto(live_server + "/")
    no_horizontal_scroll(page)
    page.get_by_role("link", name="New game").first.click()
    # the page's script may already have put its one-time value in the address (?page=...)
    page.wait_for_url(re.compile(r".*/games/new(\?.*)?$"))
    page.wait_for_load_state()
    # The script sends the form at once: wait for each answer, or the next choice races it.
    with page.expect_navigation():
        page.get_by_label("Edition").select_option("first")
    with page.expect_navigation():
        page.get_by_label("Players").select_option("3")
    expect(page.locator('input[name="seats-3-name"]')).to_have_count(0)
    names = page.get_by_label("Name")
    for index, (name, wonder) in enumerate([("Ada", "alexandria"), ("Bob", "gizah"), ("Cy", "rhodes")]):
        names.nth(index).fill(name)
        page.locator(f'select[name="seats-{index}-wonder"]').select_option(wonder)
        page.locator(f'select[name="seats-{index}-side"]').select_option("A")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.get_by_role("button", name="Save and enter the cities").click()
    page.get_by_role("link", name="Enter the cities on this phone").click()  # from the invite

    expect(page.get_by_role("heading", name="Ada's city")).to_be_visible()
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.get_by_label("Find a building").fill("alt")
    expect(page.locator(".chip", has_text="Aqueduct")).to_be_hidden()
    page.locator(".chip", has_text="Altar").click()
    page.get_by_label("Find a building").fill("")
    for card_id in ("aqueduct", "town-hall", "vineyard", "loom", "glassworks"):
        chip(page, card_id).click()
    # Alexandria A's three stages, picked in one tap
    expect(stages(page).get_by_role("radio")).to_have_count(4)
    pick_stages(page, 3)
    expect(stages(page).get_by_role("radio", name="3")).to_be_checked()
    page.get_by_role("spinbutton", name="Coins").fill("14")
    page.get_by_label("Victory tokens", exact=True).fill("1 3 5")
    page.get_by_role("group", name="Defeat tokens (−1)").get_by_role("radio", name="3", exact=True).click()
    page.get_by_role("button", name="Next").click()

    expect(page.get_by_role("heading", name="Bob's city")).to_be_visible()
    chip(page, "lumber-yard").click()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="Cy's city")).to_be_visible()
    # Bob took the only Lumber Yard of a 3-player game; the Chamber of Commerce is a 4+ card.
    expect(chip(page, "lumber-yard")).to_have_class(re.compile("unavailable"))
    expect(chip(page, "chamber-of-commerce")).to_have_class(re.compile("unavailable"))
    expect(chip(page, "baths")).not_to_have_class(re.compile("unavailable"))
    page.get_by_role("spinbutton", name="Coins").fill("5")
    page.get_by_role("button", name="Score pad").last.click()

    # Ada: military 1 + 3 + 5 - 3, coins 14 / 3, Alexandria A 3 + 7, blue 2 + 5 + 6.
    expect(page.locator(".winners")).to_contain_text("Ada wins with 33 points.")
    expect(page.locator("tr.total td")).to_have_text(["33", "0", "1"])
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.locator('a[href="#why-0-civilian"]').click()
    expect(page.locator("#why-0-civilian")).to_contain_text("Altar 2 + Aqueduct 5 + Town Hall 6 = 13")
    expect(page.locator("#why-0-civilian")).to_be_in_viewport()


def test_check_a_build(page: Page, live_server, live_app):
    with live_app.app_context():
        game_id = storage.create_game(game(player("Ada", "alexandria", cards=["lumber-yard"], coins=5),
                                           player("Bob", "gizah", cards=["stone-pit"], coins=3),
                                           player("Cy", "rhodes")))
    page.goto(f"{live_server}/games/{game_id}")
    page.get_by_role("link", name="Check a build").click()
    page.get_by_label("Who builds").select_option("Ada")
    building = page.locator("#card-cards")
    building.get_by_label("Find a building").fill("bath")
    chip(building, "baths").click()
    page.get_by_role("button", name="Check").first.click()
    expect(page.locator(".answer")).to_contain_text("Can Ada build Baths? Yes.")
    expect(page.locator(".answer")).to_contain_text("2 to Bob")
    page.get_by_label("A whole hand").check()
    expect(building).to_be_hidden()
    hand = page.locator("#hand-cards")
    chip(hand, "altar").click()
    chip(hand, "lumber-yard").click()
    page.get_by_role("button", name="Check").last.click()
    expect(page.locator(".hand-table")).to_contain_text("Altar")
    no_horizontal_scroll(page)


def test_reopen_a_game_from_the_history_and_delete_it(page: Page, live_server, live_app):
    with live_app.app_context():
        game_id = storage.create_game(game(player("Ada", "gizah", coins=9), player("Bob", "rhodes"),
                                           player("Cy", "babylon")), title="Saturday")
    own_in_browser(live_app, page, live_server, game_id)
    page.goto(f"{live_server}/games/{game_id}")  # a browser's history lists the games it opened
    page.goto(live_server + "/")
    page.get_by_role("link", name="History").click()
    page.get_by_role("link", name=re.compile("^Saturday")).click()
    expect(page.locator(".winners")).to_contain_text("Ada wins with 3 points.")
    page.get_by_role("link", name="Delete").click()
    page.get_by_role("button", name="Delete for good").click()
    expect(page.get_by_text("The game was deleted.")).to_be_visible()
    expect(page.get_by_text("Saturday")).to_have_count(0)


def test_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/games/new?count=3")
    page.locator('select[name="edition"]').select_option("first")  # new users get the newest
    for index, name in enumerate(("Ada", "Bob", "Cy")):
        page.locator(f'input[name="seats-{index}-name"]').fill(name)
        page.locator(f'select[name="seats-{index}-wonder"]').select_option(label="Deal at random")
        page.locator(f'select[name="seats-{index}-side"]').select_option(label="Random")
    page.get_by_role("button", name="↓ Move down").first.click()
    expect(page.locator('input[name="seats-0-name"]')).to_have_value("Bob")
    page.get_by_role("button", name="Save and enter the cities").click()
    page.get_by_role("link", name="Enter the cities on this phone").click()  # from the invite
    expect(page.get_by_role("heading", name="Bob's city")).to_be_visible()
    chip(page, "altar").click()
    page.get_by_role("spinbutton", name="Coins").fill("6")
    page.get_by_role("button", name="Score pad").last.click()
    expect(page.locator("tr.total td").first).to_have_text("4")
    context.close()


def test_dutch_switch_keeps_the_page(page: Page, live_server):
    page.goto(live_server + "/quick")
    page.get_by_role("link", name="Nederlands").click()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    assert page.url.endswith("/quick")


def test_pages_fit_phone_and_desktop_with_aa_contrast(browser, live_server, live_app):
    """Every page fits the phone in every language, with AA contrast and 44 px tap targets, in
    the light scheme and in the dark one a phone set to dark mode asks for."""
    cities = [player(f"Player number {n}", wonder, coins=n)
              for n, wonder in enumerate(("gizah", "rhodes", "babylon", "olympia", "ephesos",
                                          "alexandria", "halikarnassos"))]
    cities[0].update(cards=["altar", "lumber-yard", "loom", "apothecary", "barracks"],
                     tokens={"defeat": 2})
    with live_app.app_context():
        game_id = storage.create_game(game(*cities))
    pages = ["/", "/games/new", "/games", "/quick", f"/games/{game_id}",
             f"/games/{game_id}/players/0", f"/games/{game_id}/build", f"/games/{game_id}/delete"]
    # Dutch and Polish labels are longer than English ones: every language must fit the phone.
    for width, height, locale, scheme in ((390, 844, "en", "light"), (390, 844, "nl", "light"),
                                          (390, 844, "pl", "light"), (1280, 800, "en", "light"),
                                          (390, 844, "en", "dark"), (390, 844, "pl", "dark"),
                                          (1280, 800, "en", "dark")):
        context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
        context.add_cookies([{"name": "lang", "value": locale, "url": live_server}])
        page = context.new_page()
        for url in pages:
            page.goto(live_server + url)
            where = (url, width, locale, scheme)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, where
            assert page.evaluate(CONTRAST) == [], where
            if width == 390:
                assert small_tap_targets(page) == [], where
        context.close()


def test_pages_run_under_the_content_security_policy(page: Page, live_server, live_app):
    """The steppers, filter and auto-submit work and the console reports no blocked resource."""
    refused = []
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text or "Refused" in message.text else None)
    with live_app.app_context():
        game_id = storage.create_game(game(player("Ada", "gizah"), player("Bob", "rhodes"),
                                           player("Cy", "babylon")), title="Policy")
    for path in ("/", "/games/new", "/quick", f"/games/{game_id}", f"/games/{game_id}/build"):
        page.goto(live_server + path)
    page.goto(f"{live_server}/games/{game_id}/players/0")
    page.locator("[data-filter] input").fill("altar")  # the script runs: the filter is shown
    expect(page.locator('label.chip:has(input[value="lumber-yard"])')).to_be_hidden()
    assert refused == []
