"""A player's page on a phone (issue 29), at 390x844: from the group's leaderboard a tap on a
name opens the player's page (figures, rating, totals over time, best per row, head-to-head,
games), which fits the phone with AA contrast and finger-sized links in both schemes under the
Content-Security-Policy; a tap on a rival's name opens theirs; the leaderboard sorts by rating
with a link, no script."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.test_groups import fits, phone
from tests.groups.test_group_teams import solo_game, team_game


def group_with_games(page: Page, live_server: str) -> str:
    made = page.request.post(live_server + "/api/v1/groups", data={"name": "Thursday night"})
    group = made.json()
    for document in (team_game(), solo_game(), team_game(), solo_game()):
        answer = page.request.post(f"{live_server}/api/v1/groups/{group['id']}/games", data=document)
        assert answer.status == 201
    return f"{live_server}/groups/{group['id']}"


def test_a_tap_on_a_name_opens_the_players_page(browser: Browser, live_server):
    for scheme in ("light", "dark"):
        page = phone(browser, scheme)
        refused = []
        page.on("console", lambda message, refused=refused: refused.append(message.text)
                if "Content Security Policy" in message.text or "Refused" in message.text else None)
        page.goto(group_with_games(page, live_server))
        board = page.locator("table.stats").first
        board.get_by_role("link", name="Ada", exact=True).click()
        expect(page.get_by_role("heading", name="Ada", level=1)).to_be_visible()
        expect(page.get_by_role("heading", name="Best per row")).to_be_visible()
        expect(page.get_by_role("heading", name="Against each player")).to_be_visible()
        figures = page.locator("table.stats").first
        expect(figures.locator("tr", has_text="Team games")).to_contain_text("2, 2 won")
        expect(figures.locator("tr", has_text="Rating")).to_contain_text("μ")
        chart = page.locator("figure.chart img")
        expect(chart).to_have_count(1)
        assert chart.evaluate("img => img.complete && img.naturalWidth > 0")
        assert len(chart.get_attribute("alt")) > 20
        expect(page.locator("#player-games ~ div tbody tr")).to_have_count(4)
        fits(page, f"player's page, {scheme}")
        # a rival's page from the head-to-head table
        page.locator("#player-against ~ div").get_by_role("link", name="Dirk").click()
        expect(page.get_by_role("heading", name="Dirk", level=1)).to_be_visible()
        # back to the group, sorted by rating
        page.get_by_role("link", name="Thursday night").click()
        page.get_by_role("link", name="Sort by rating").click()
        expect(page.locator("th[aria-sort=descending]")).to_contain_text("Rating")
        fits(page, f"group page sorted by rating, {scheme}")
        assert refused == []
        page.context.close()
