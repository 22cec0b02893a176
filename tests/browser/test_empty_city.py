"""Done on a city with nothing entered (issue 30, item 5), in Chromium at 390x844, with and
without the script: it asks once ("Save an empty city?") before the city counts as entered;
saved empty on purpose, it is saved; a city with anything in it is saved without a question."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.page_scripts import CONTRAST, TAP_TARGETS
from tests.browser.test_at_the_table import joined, players_of
from tests.browser.test_new_game_form import no_script
from tests.helpers import player


def three_players(live_app) -> str:
    document = {"edition": "first", "players": [player("Ann", "alexandria"), player("Bram", "gizah"),
                                                player("Cas", "rhodes")]}
    for city, card in zip(document["players"][1:], ("altar", "baths"), strict=True):
        city.update(cards=[card], coins=3, entered=True)
    with live_app.app_context():
        from scorer.games import service as games_service

        return games_service.create_game(document)


def test_done_on_an_empty_city_asks_once_then_saves_it_empty(browser, live_server, live_app):
    for scripted in (True, False):
        game_id = three_players(live_app)
        if scripted:
            ann = joined(browser, live_server, game_id, "Ann")
        else:
            ann = no_script(browser)
            ann.goto(f"{live_server}/games/{game_id}/join")
            ann.get_by_role("button", name="This is me: Ann").click()
        ann.locator("#city-actions").get_by_role("button", name="Done").click()
        question = ann.get_by_role("alertdialog", name="Save an empty city?")
        expect(question).to_be_visible()
        expect(ann.get_by_role("heading", name="Ann's city")).to_be_visible()
        if scripted:
            expect(question).to_be_focused()
            assert ann.evaluate(CONTRAST) == [] and ann.evaluate(TAP_TARGETS) == []
        assert not players_of(live_app, game_id)[0].get("entered"), scripted  # nothing saved yet
        question.get_by_role("button", name="Save it empty").click()
        expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
        assert players_of(live_app, game_id)[0]["entered"] is True, scripted
        expect(ann.locator(".winners")).to_contain_text("wins")
        ann.context.close()


def test_a_city_with_something_entered_saves_without_asking(browser, live_server, live_app):
    game_id = three_players(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    ann.get_by_label("Coins", exact=True).fill("2")
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
    expect(ann.get_by_role("alertdialog")).to_have_count(0)

