"""What a newcomer tripped over (issue 11, item 7), in Debian's Chromium at 390x844: the parts
only a browser shows (keys, dialogs, scrolling, layout, the scripts)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorer import storage
from tests.helpers import game, player


def three_players(live_app, **first) -> str:
    with live_app.app_context():
        return storage.create_game(game(player("Ada", "alexandria", **first), player("Bob", "gizah"),
                                        player("Cy", "rhodes")))


def press(page: Page, label: str, button: str, times: int) -> None:
    field = page.get_by_role("spinbutton", name=label, exact=True)
    for _ in range(times):
        page.locator(".stepper", has=field).get_by_role("button", name=f"{label}: {button}").click()


def test_token_steppers_stop_where_the_rules_stop(page: Page, live_server, live_app):
    page.goto(f"{live_server}/games/{three_players(live_app)}/players/0")
    press(page, "Victory tokens of 5 (Age III)", "one more", 3)
    expect(page.get_by_role("spinbutton", name="Victory tokens of 5 (Age III)")).to_have_value("2")
    press(page, "Defeat tokens (−1)", "one more", 7)  # six battles in all: 2 victories + 4 defeats
    expect(page.get_by_role("spinbutton", name="Defeat tokens (−1)")).to_have_value("4")
    press(page, "Victory tokens of 1 (Age I)", "one more", 1)
    expect(page.get_by_role("spinbutton", name="Victory tokens of 1 (Age I)")).to_have_value("0")
    press(page, "Defeat tokens (−1)", "one less", 1)
    press(page, "Victory tokens of 1 (Age I)", "one more", 1)
    expect(page.get_by_role("spinbutton", name="Victory tokens of 1 (Age I)")).to_have_value("1")
    press(page, "Wonder stages built", "one more", 5)
    expect(page.get_by_role("spinbutton", name="Wonder stages built")).to_have_value("3")
