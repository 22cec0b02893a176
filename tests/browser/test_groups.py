"""A group at the table (issue 20), on phones at 390x844: the host creates a group and starts a
game in it, two phones enter their cities, the leaderboard and charts show the game; "Play
again" starts the second game with the same seats, the group's page follows, a name typed
differently is merged, and the report prints. The group's page fits the phone with AA contrast
in both schemes and runs under the Content-Security-Policy."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE
from tests.browser.page_scripts import CONTRAST, TAP_TARGETS


def phone(browser: Browser, scheme: str = "light") -> Page:
    context = browser.new_context(viewport=PHONE, locale="en-GB", color_scheme=scheme)
    return context.new_page()


def fits(page: Page, where: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], where
    assert page.evaluate(CONTRAST) == [], where
    assert page.evaluate(TAP_TARGETS) == [], (where, page.evaluate(TAP_TARGETS))


def enter_city(person: Page, join: str, name: str, coins: str) -> None:
    person.goto(join)
    person.get_by_role("button", name=f"This is me: {name}").click()
    expect(person.get_by_role("heading", name=f"{name}'s city")).to_be_visible()
    person.get_by_label("Coins", exact=True).fill(coins)
    person.get_by_role("button", name="Done").click()
    if coins == "0":  # nothing entered: Done asks first
        person.get_by_role("button", name="Save it empty").click()
    expect(person.locator(".flash")).to_have_text(f"{name}'s city is saved.")


def join_link(host: Page, live_server: str) -> str:
    link = host.locator(".invite-link").inner_text()
    return live_server + link[link.index("/games/"):]


def test_a_group_plays_two_games_merges_a_name_and_prints_its_report(browser, live_server):
    refused = []
    host, ada, bob = phone(browser), phone(browser, "dark"), phone(browser)
    host.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text or "Refused" in message.text else None)
    host.goto(live_server + "/games")
    host.get_by_role("link", name="New group").click()
    host.get_by_label("Name of the group").fill("Thursday night")
    host.get_by_role("button", name="Create the group").click()
    expect(host.get_by_role("heading", name="Thursday night")).to_be_visible()
    group_url = host.url

    # the first game, started from the group's page
    host.get_by_role("link", name="New game in this group").click()
    expect(host.locator(".hint").first).to_contain_text("Thursday night")
    with host.expect_navigation():
        host.get_by_label("Players").select_option("3")
    for index, name in enumerate(("Ada", "Bob", "Cy")):
        host.get_by_label("Name").nth(index).fill(name)
        host.locator(f'select[name="seats-{index}-wonder"]').select_option(label="Deal at random")
        host.locator(f'select[name="seats-{index}-side"]').select_option(label="Random")
    host.get_by_role("button", name="Save and enter the cities").click()
    join = join_link(host, live_server)
    enter_city(ada, join, "Ada", "9")
    enter_city(bob, join, "Bob", "3")
    enter_city(host, join, "Cy", "0")

    host.goto(group_url)
    expect(host.locator(".sub")).to_have_text("1 complete game counted")
    leaders = host.locator("table.stats").first.locator("tbody th")
    expect(leaders).to_have_text(["Ada", "Bob", "Cy"])
    expect(host.locator("figure.chart img")).to_have_count(3)  # a timeline needs two games

    # Play again: same seats; the third player types his name differently this time
    host.locator("ul.games a.game-link").first.click()
    host.get_by_role("link", name="Play again").click()
    names = host.get_by_label("Name")
    expect(names.nth(0)).to_have_value("Ada")
    names.nth(2).fill("Cy L.")
    host.get_by_role("button", name="Save and enter the cities").click()
    join = join_link(host, live_server)
    enter_city(ada, join, "Ada", "0")
    enter_city(bob, join, "Bob", "12")
    enter_city(host, join, "Cy L.", "6")

    host.goto(group_url)
    expect(host.locator(".sub")).to_have_text("2 complete games counted")
    expect(host.locator("figure.chart img")).to_have_count(4)
    # one win each for Ada and Bob, Bob with the better mean; Cy L.'s 2 points beat Cy's 0
    expect(leaders).to_have_text(["Bob", "Ada", "Cy L.", "Cy"])
    for image in host.locator("figure.chart img").all():
        assert len(image.get_attribute("alt")) > 20
        assert image.evaluate("img => img.complete && img.naturalWidth > 0")
    fits(host, "group page, light")

    # Cy L. is Cy: the owner merges the names
    host.get_by_role("link", name="Merge names").click()
    host.get_by_label("This player").fill("Cy L.")
    host.get_by_label("is the same player as").fill("Cy")
    host.get_by_role("button", name="Merge").click()
    expect(host.locator(".flash")).to_contain_text("one player now")
    expect(leaders).to_have_text(["Bob", "Ada", "Cy"])
    cy = host.locator("table.stats").first.locator("tbody tr", has_text="Cy")
    expect(cy.locator("td").first).to_have_text("2")

    # the other phones see the group too, in dark mode, without the owner's buttons
    ada.goto(group_url)
    expect(ada.get_by_role("link", name="Merge names")).to_have_count(0)
    fits(ada, "group page, dark")

    # the report
    href = host.get_by_role("link", name="Report (PDF)").get_attribute("href")
    answer = host.request.get(live_server + href)
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    assert answer.body().startswith(b"%PDF")
    assert re.search(r"thursday-night-report-a4\.pdf", answer.headers["content-disposition"])
    assert refused == []
