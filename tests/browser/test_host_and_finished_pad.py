"""Smaller things at the table (issue 30, item 11), in Chromium at 390x844: a host who entered
another player's city on their own phone is not that player; a finished pad leads to Play
again; the Babel field says what to type in it."""

from __future__ import annotations

from playwright.sync_api import expect

from scorer import storage
from tests.browser.test_table import phone
from tests.helpers import own_in_browser, player


def table(live_app, entered: bool = False, **extra) -> str:
    document = {"edition": "first", **extra, "players": [
        player(name, wonder, cards=[card], coins=3)
        for name, wonder, card in (("Ada", "alexandria", "altar"), ("Bram", "gizah", "baths"),
                                   ("Cas", "rhodes", "theater"), ("Dirk", "babylon", "loom"))]}
    for city in document["players"]:
        city["entered"] = entered
    with live_app.app_context():
        from scorer.games import service as games_service

        return games_service.create_game(document)


def test_a_host_who_entered_another_players_city_is_not_that_player(browser, live_server, live_app):
    game_id = table(live_app)
    host = phone(browser)
    own_in_browser(live_app, host, live_server, game_id)
    with live_app.app_context():
        dirk = storage.load_game(game_id).document["players"][3]["id"]
    host.goto(f"{live_server}/games/{game_id}/players/{dirk}")
    host.get_by_label("Coins", exact=True).fill("5")
    host.locator("#city-actions").get_by_role("button", name="Score pad").click()
    expect(host.locator(".flash")).to_have_text("Dirk's city is saved.")
    expect(host.get_by_text("Your city")).to_have_count(0)
    host.goto(f"{live_server}/games")
    expect(host.get_by_text("You: Dirk")).to_have_count(0)


def test_a_finished_pad_leads_to_play_again(browser, live_server, live_app):
    game_id = table(live_app, entered=True)
    host = phone(browser)
    own_in_browser(live_app, host, live_server, game_id)
    host.goto(f"{live_server}/games/{game_id}")
    expect(host.locator(".winners")).to_contain_text("wins")
    actions = host.locator(".live-pad .actions")
    primary = actions.locator(".button.primary")
    expect(primary).to_have_count(1)
    expect(primary).to_have_text("Play again")
    expect(actions.locator(".button").first).to_have_text("Play again")
    expect(actions.get_by_role("link", name="Invite players")).not_to_have_class("button primary")
    # a game still waiting for cities: inviting is what comes next
    waiting = table(live_app)
    host.goto(f"{live_server}/games/{waiting}")
    expect(host.locator(".live-pad .actions .button.primary")).to_have_text("Invite players")
    expect(host.get_by_role("link", name="Play again")).to_have_count(0)


def test_the_babel_field_has_a_full_label(browser, live_server, live_app):
    game_id = table(live_app, expansions=["babel"])
    page = phone(browser)
    with live_app.app_context():
        ada = storage.load_game(game_id).document["players"][0]["id"]
    page.goto(f"{live_server}/games/{game_id}/players/{ada}")
    field = page.locator("input[name=tower]")
    label = page.locator("label[for=tower]").inner_text().strip()
    assert label not in ("Babel", "")
    assert "tower" in label.lower() and "project" in label.lower(), label
    expect(page.get_by_label(label, exact=True)).to_have_count(1)
    expect(field).to_be_visible()
