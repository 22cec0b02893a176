"""At the table, as players expect (issue 21): each phone stays in its own city, numbers come
back as typed, nothing unsaved is lost, and Back never asks to send a form again. Each test
drives real pages in Chromium at 390x844 against a live server."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from scorer import storage
from tests.browser.test_table import phone
from tests.helpers import game, own_in_browser, player


def new_table(live_app) -> str:
    document = game(player("Ann", "alexandria"), player("Bram", "gizah"), player("Cas", "rhodes"))
    with live_app.app_context():
        from scorer.games import service as games_service

        return games_service.create_game(document)


def players_of(live_app, game_id: str) -> list[dict]:
    with live_app.app_context():
        return storage.load_game(game_id).document["players"]


def chip(page: Page, card_id: str):
    return page.locator(f'label.chip:has(input[value="{card_id}"])')


def joined(browser: Browser, live_server: str, game_id: str, name: str) -> Page:
    """A phone that opened the game's link and tapped "This is me"."""
    page = phone(browser)
    page.goto(f"{live_server}/games/{game_id}/join")
    page.get_by_role("button", name=f"This is me: {name}").click()
    expect(page.get_by_role("heading", name=f"{name}'s city")).to_be_visible()
    return page


# --- item 1: Enter never leaves my city --------------------------------------------------------

def test_enter_in_coins_saves_and_stays_in_my_city(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    chip(ann, "altar").click()
    ann.get_by_label("Coins", exact=True).fill("7")
    ann.get_by_label("Coins", exact=True).press("Enter")
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
    expect(ann.get_by_role("heading", name="Ann's city")).to_be_visible()
    assert players_of(live_app, game_id)[0]["coins"] == 7


def test_a_joined_phone_says_done_and_goes_to_the_pad(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    actions = ann.locator("#city-actions")
    expect(actions.get_by_role("button", name="Next")).to_have_count(0)
    expect(ann.locator(".player-tabs")).to_have_count(0)
    actions.get_by_role("button", name="Done").click()
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
    expect(ann.locator(".pad")).to_be_visible()
    # the host's phone (no "This is me") keeps its tabs and Next
    host = phone(browser)
    own_in_browser(live_app, host, live_server, game_id)
    host.goto(f"{live_server}/games/{game_id}/players/{players_of(live_app, game_id)[0]['id']}")
    expect(host.locator("#city-actions").get_by_role("button", name="Next")).to_be_visible()
    expect(host.locator(".player-tabs")).to_be_visible()


def test_another_seats_city_on_a_joined_phone_asks_first(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    bram = players_of(live_app, game_id)[1]["id"]
    ann.goto(f"{live_server}/games/{game_id}/players/{bram}")
    expect(ann.get_by_role("heading", name="This is Bram's city, not yours")).to_be_visible()
    expect(ann.locator("form.city")).to_have_count(0)  # nothing can be saved from here yet
    ann.get_by_role("link", name="Your city: Ann").click()
    expect(ann.get_by_role("heading", name="Ann's city")).to_be_visible()
    ann.go_back()
    ann.get_by_role("link", name="Enter Bram's city anyway").click()
    expect(ann.get_by_role("heading", name="Bram's city")).to_be_visible()
    expect(ann.locator(".not-yours")).to_contain_text("not yours")
    chip(ann, "baths").click()
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator(".flash")).to_have_text("Bram's city is saved.")
    assert players_of(live_app, game_id)[1]["cards"] == ["baths"]


# --- item 6: numbers as typed ------------------------------------------------------------------

def test_a_typed_non_number_comes_back_as_typed_with_one_message(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    coins = ann.get_by_label("Coins", exact=True)
    for typed in ("1e", "12,"):
        coins.fill("0")
        coins.select_text()
        coins.press_sequentially(typed)  # keys, as on a phone's keyboard
        ann.locator("#city-actions").get_by_role("button", name="Done").click()
        expect(coins).to_have_value(typed)
        field = ann.locator(".field", has=coins)
        expect(field.locator(".errors li")).to_have_text(["Type a whole number with the digits 0 to 9."])
        expect(ann.locator("#error-summary li")).to_have_count(1)
    assert players_of(live_app, game_id)[0]["coins"] == 0


def test_an_emptied_number_field_means_zero(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    ann.get_by_label("Coins", exact=True).fill("")
    ann.get_by_label("Wonder stages built", exact=True).fill("1")
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
    saved = players_of(live_app, game_id)[0]
    assert (saved["coins"], saved["stages"]) == (0, 1)


# --- item 4: contrast of every chip state -----------------------------------------------------

def test_every_chip_state_passes_aa_contrast_in_both_schemes(browser, live_server, live_app):
    from tests.browser.test_table import CONTRAST

    document = {"edition": "first", "expansions": ["leaders"], "players": [
        player("Ann", "alexandria"), player("Bram", "gizah"), player("Cas", "rhodes")]}
    document["players"][0].update(leaders=["cleopatra"], cards=["altar", "lumber-yard", "loom",
                                                                "baths", "stockade", "apothecary"])
    document["players"][1].update(leaders=["caesar"], cards=["marketplace"])
    with live_app.app_context():
        from scorer.games import service as games_service

        game_id = games_service.create_game(document)
    ann = players_of(live_app, game_id)[0]["id"]
    for scheme in ("light", "dark"):
        page = phone(browser, scheme)
        page.goto(f"{live_server}/games/{game_id}/players/{ann}")
        expect(chip(page, "cleopatra")).to_have_class("chip c-leader")  # ticked
        expect(chip(page, "caesar")).to_contain_text("taken by Bram")
        expect(chip(page, "marketplace")).to_contain_text("all copies taken")
        chip(page, "cleopatra").hover()
        assert page.evaluate(CONTRAST) == [], scheme
        # a refused chip: a page opened before Bram took the only Marketplace saves it anyway
        page.evaluate("document.querySelector('input[value=marketplace]').disabled = false")
        chip(page, "marketplace").click()
        page.locator("#city-actions").get_by_role("button", name="Score pad").click()
        expect(chip(page, "marketplace")).to_have_class("chip c-yellow invalid")
        assert page.evaluate(CONTRAST) == [], (scheme, "refused")
        page.context.close()
