"""An Armada game on phones (issue 21, item 11), in Chromium at 390x844: New game names Armada
as scored from typed points; the host enters every city, the typed rows' points included, on
the city pages; the pad announces the winner and labels the typed rows as typed, in light and
dark mode, within the phone's width and with readable contrast."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_cities_table import fits, number
from tests.browser.test_table import phone, stored

CITIES = (("Ada", "rhodes", "3", "6", "2"), ("Bo", "gizah", "9", "-3", "0"),
          ("Cy", "babylon", "0", "0", "11"))


def test_an_armada_game_is_entered_with_its_typed_points_and_finished(browser, live_server,
                                                                      live_app):
    host = phone(browser)
    host.goto(f"{live_server}/games/new")
    armada = host.locator("label.switch", has=host.locator('input[value="armada"]'))
    expect(armada).to_contain_text("Play with Armada")
    expect(armada).to_contain_text("scored from typed points")
    with host.expect_navigation():  # each choice re-shows the form: wait for it
        host.get_by_label("Edition").select_option("first")
    with host.expect_navigation():
        host.get_by_label("Play with Armada").check()
    host.get_by_label("Players", exact=True).select_option("3")
    expect(host.locator(".seat")).to_have_count(3)
    for index, (name, wonder, *_points) in enumerate(CITIES):
        host.locator(f"#seats-{index}-name").fill(name)
        host.locator(f"#seats-{index}-wonder").select_option(wonder)
        host.locator(f"#seats-{index}-side").select_option("A")
    fits(host, "new game")
    host.get_by_role("button", name="Save and enter the cities").click()
    expect(host.locator(".invite-link")).to_be_visible()
    link = host.locator(".invite-link").inner_text()
    game_id = link.split("/games/")[1].split("/")[0]

    host.goto(f"{live_server}/games/{game_id}")
    host.get_by_role("link", name="Edit the cities").click()
    for index, (name, _wonder, coins, naval, islands) in enumerate(CITIES):
        expect(host.get_by_role("heading", name=f"{name}'s city")).to_be_visible()
        expect(host.get_by_role("heading", name="Armada: points you type")).to_be_visible()
        host.get_by_label("Coins", exact=True).fill(coins)
        host.get_by_label("Naval conflicts").fill(naval)
        host.get_by_label("Islands").fill(islands)
        if index == 0:
            fits(host, "city page")
        last = index + 1 == len(CITIES)
        host.get_by_role("button", name="Score pad" if last else "Next").click()
    players = stored(live_app, game_id)
    assert [(p.get("naval", 0), p.get("islands", 0)) for p in players] == [(6, 2), (-3, 0), (0, 11)]

    # every city entered: the pad has a winner; the typed rows say so, the computed ones not
    expect(host.locator(".live-pad .winners")).to_contain_text("Cy wins with 11 points.")
    heads = host.locator("tbody th.row-head")
    typed = heads.filter(has=host.locator(".typed-tag"))
    expect(typed).to_have_count(2)
    expect(typed.nth(0)).to_contain_text("Naval conflicts")
    expect(typed.nth(1)).to_contain_text("Islands")
    expect(typed.nth(0).locator(".typed-tag")).to_have_text("typed")
    expect(typed.nth(0)).to_be_visible()
    naval = [number(cell) for cell in host.locator("tbody tr.row-typed:not(.label-row)").first
             .locator("td").all_inner_texts()]
    assert naval == [6, -3, 0]
    expect(host.locator("#why-1-naval")).to_contain_text("\u22123, as typed by the players")
    fits(host, "pad")
    dark = phone(browser, "dark")
    dark.goto(f"{live_server}/games/{game_id}")
    expect(dark.locator("tbody th.row-head .typed-tag").first).to_be_visible()
    fits(dark, "pad, dark")
