"""Smaller things at the table (issue 21 item 10), each as a player sees it in Chromium at
390x844: the build checker starts from my own player and warns about a card whose copies are
all built elsewhere; a mid-game save names no winner; a copy too many names the other city;
New game says once that a name is missing and who already plays a wonder; the invite's advice
for a server on 127.0.0.1; the pad's hint when victory and defeat tokens cannot pair up.

Steppers at their limit and filters with no match are in test_at_the_table.py; the sheet PDF's
header and minus in tests/web/test_pdf_sheet.py."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_at_the_table import chip, joined, players_of
from tests.helpers import game, player


def table_of(live_app, *players: dict, entered: tuple[str, ...] = ()) -> str:
    """A first-edition game of ``players``; the cities named in ``entered`` are saved as done."""
    document = game(*players)
    for city in document["players"]:
        city["entered"] = city["name"] in entered
    with live_app.app_context():
        from scorer.games import service as games_service

        return games_service.create_game(document)


def done(page: Page) -> None:
    page.locator("#city-actions").get_by_role("button", name="Done").click()


def test_the_build_checker_starts_from_my_player_and_warns_when_every_copy_is_taken(
        browser, live_server, live_app):
    game_id = table_of(live_app, player("Ann", "alexandria", cards=["lumber-yard"]),
                       player("Bram", "gizah"), player("Cas", "rhodes"))
    bram = joined(browser, live_server, game_id, "Bram")
    done(bram)
    bram.get_by_role("button", name="Save it empty").click()  # nothing entered: asked first
    bram.get_by_role("link", name="Check a build").click()
    expect(bram.get_by_label("Who builds")).to_have_value("Bram")
    chip(bram.locator("#card-cards"), "lumber-yard").click()
    bram.locator("form.build .actions").first.get_by_role("button", name="Check").click()
    expect(bram.get_by_role("heading", name="Can Bram build Lumber Yard?")).to_be_visible()
    expect(bram.get_by_role("status").filter(has_text="Every copy")).to_have_text(
        "Every copy of Lumber Yard in the decks for 3 players is already built: Ann.")
    bram.get_by_role("link", name="Update the cities").click()  # my city, not the first seat's
    expect(bram.get_by_role("heading", name="Bram's city")).to_be_visible()


def test_a_city_saved_as_in_progress_keeps_the_pad_from_naming_a_winner(browser, live_server,
                                                                         live_app):
    game_id = table_of(live_app, player("Ann", "alexandria"), player("Bram", "gizah", coins=3),
                       player("Cas", "rhodes"), entered=("Bram", "Cas"))
    ann = joined(browser, live_server, game_id, "Ann")
    chip(ann, "altar").click()
    ann.locator("#city-actions").get_by_role("button", name="Save as in progress").click()
    expect(ann.locator(".flash")).to_contain_text("Ann's city is saved as in progress")
    expect(ann.locator(".winners")).to_have_text("Waiting for 1 city: Ann.")
    assert players_of(live_app, game_id)[0]["cards"] == ["altar"]
    ann.get_by_role("link", name="Your city: Ann").click()
    done(ann)
    expect(ann.locator(".winners")).to_contain_text("Ann wins with")


def test_a_copy_too_many_names_the_other_city(browser, live_server, live_app):
    game_id = table_of(live_app, player("Ann", "alexandria"), player("Bram", "gizah"),
                       player("Cas", "rhodes"))
    ann = joined(browser, live_server, game_id, "Ann")
    bram = joined(browser, live_server, game_id, "Bram")  # open before Ann saves
    chip(ann, "marketplace").click()
    done(ann)
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
    chip(bram, "marketplace").click()  # one Marketplace at three players, and Ann has it
    done(bram)
    expect(bram.locator("#error-summary")).to_contain_text(
        "The decks for 3 players hold 1 × Marketplace, but 2 cities have it: Ann, Bram.")
    assert players_of(live_app, game_id)[1]["cards"] == []


def three_seats(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/games/new")
    with page.expect_navigation():
        page.get_by_label("Players").select_option("3")


def test_new_game_says_once_that_a_name_is_missing(page: Page, live_server):
    three_seats(page, live_server)
    for index, wonder in enumerate(("babylon", "gizah", "rhodes")):
        page.locator(f"#seats-{index}-wonder").select_option(wonder)
        page.locator(f"#seats-{index}-side").select_option(label="Day")
    page.locator("#seats-2-name").fill("Cas")
    page.get_by_role("button", name="Save and enter the cities").click()
    for index in (0, 1):
        expect(page.locator(f"#seat-{index} .errors li")).to_have_text(["Every player needs a name."])
    expect(page.locator("#seat-2 .errors li")).to_have_count(0)


def test_new_game_names_who_already_plays_a_wonder(page: Page, live_server):
    three_seats(page, live_server)
    for index, (name, wonder) in enumerate((("Ann", "babylon"), ("Bram", "babylon"),
                                            ("Cas", "rhodes"))):
        page.locator(f"#seats-{index}-name").fill(name)
        page.locator(f"#seats-{index}-wonder").select_option(wonder)
        page.locator(f"#seats-{index}-side").select_option(label="Day")
    page.get_by_role("button", name="Save and enter the cities").click()
    expect(page.locator("#seat-1 .errors li")).to_have_text([
        "The Hanging Gardens of Babylon is already played by Ann; each wonder is in the game once."])


def test_the_invite_for_a_server_on_this_computer_says_to_start_without_host(page: Page,
                                                                            live_server, live_app):
    """The app started with HOST=127.0.0.1: the address it announces is this computer's only."""
    live_app.config["TABLE_URL"] = "http://127.0.0.1:5000"
    game_id = table_of(live_app, player("Ann", "alexandria"), player("Bram", "gizah"),
                       player("Cas", "rhodes"))
    page.goto(f"{live_server}/games/{game_id}")
    page.get_by_role("link", name="Invite players").click()
    expect(page.locator(".invite-link")).to_have_text(f"http://127.0.0.1:5000/games/{game_id}/join")
    expect(page.locator("p.problems")).to_contain_text(
        'Start the app with "sh scripts/setup.sh run", without HOST=127.0.0.1, so the phones')


def test_tokens_that_cannot_pair_up_are_a_hint_and_the_pad_still_names_a_winner(
        browser, live_server, live_app):
    game_id = table_of(live_app, player("Ann", "alexandria"), player("Bram", "gizah", defeat=1),
                       player("Cas", "rhodes"), entered=("Bram", "Cas"))
    ann = joined(browser, live_server, game_id, "Ann")
    ann.get_by_label("Victory tokens", exact=True).fill("1 3")
    done(ann)
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")  # never a refusal
    expect(ann.locator(".winners")).to_contain_text("Ann wins with")
    expect(ann.get_by_role("note")).to_have_text(
        "Every battle gives one victory token and one defeat token, yet the cities hold "
        "2 victory tokens but 1 defeat token. Check the tokens; the pad counts them as entered.")
