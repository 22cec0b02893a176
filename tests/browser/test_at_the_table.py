"""At the table, as players expect (issue 21): each phone stays in its own city, numbers come
back as typed, nothing unsaved is lost, and Back never asks to send a form again. Each test
drives real pages in Chromium at 390x844 against a live server."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from scorer import storage
from tests.browser.test_phone import open_leaders, pick_stages, stages
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
    chip(ann, "altar").click()  # a city with nothing in it would be asked about first
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
    pick_stages(ann, 1)
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
        expect(chip(page, "marketplace")).to_contain_text("all copies taken: Bram")  # who holds it
        assert page.evaluate(CONTRAST) == [], (scheme, "picker folded")
        page.get_by_text("Choose leaders").click()
        chip(page, "cleopatra").hover()
        assert page.evaluate(CONTRAST) == [], scheme
        # a refused chip: a page opened before Bram took the only Marketplace saves it anyway
        page.evaluate("document.querySelector('input[value=marketplace]').disabled = false")
        chip(page, "marketplace").click()
        page.locator("#city-actions").get_by_role("button", name="Score pad").click()
        expect(chip(page, "marketplace")).to_have_class("chip c-yellow invalid")
        assert page.evaluate(CONTRAST) == [], (scheme, "refused")
        page.context.close()


# --- item 2: wonders are chosen, not dealt by default -----------------------------------------

def test_new_game_asks_for_each_wonder_and_deals_only_when_asked(page: Page, live_server, live_app):
    page.goto(f"{live_server}/games/new")
    with page.expect_navigation():
        page.get_by_label("Players").select_option("3")
    for index, name in enumerate(("Ann", "Bram", "Cas")):
        page.locator(f"#seats-{index}-name").fill(name)
    expect(page.locator("#seats-0-wonder option:checked")).to_have_text("Choose…")
    expect(page.locator("#seats-0-side option:checked")).to_have_text("Choose…")
    page.get_by_role("button", name="Save and enter the cities").click()
    # only names typed: nothing saved, each seat asks for its wonder and side
    expect(page.locator("#seat-0 .errors")).to_contain_text([
        "Choose the wonder Ann played, or Deal at random.", "Choose the side Ann played, or Random."])
    expect(page.locator("#seats-2-name")).to_have_value("Cas")
    with live_app.app_context():
        assert storage.list_games() == []
    page.locator("#seats-0-wonder").select_option("babylon")
    page.locator("#seats-0-side").select_option(label="Night")
    for index in (1, 2):  # dealing at random stays, as an explicit choice
        page.locator(f"#seats-{index}-wonder").select_option(label="Deal at random")
        page.locator(f"#seats-{index}-side").select_option(label="Random")
    page.get_by_role("button", name="Save and enter the cities").click()
    expect(page.get_by_role("heading", name="Invite players")).to_be_visible()
    with live_app.app_context():
        players = storage.list_games()[0].document["players"]
    assert (players[0]["wonder"], players[0]["side"]) == ("babylon", "night")
    assert players[1]["wonder"] not in ("", "babylon") and players[2]["side"] in ("day", "night")


def test_a_player_corrects_the_wonder_and_side_of_their_own_seat(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    ann.get_by_text("Wrong wonder or side?").click()
    ann.get_by_label("Wonder", exact=True).select_option("babylon")
    ann.get_by_label("Side", exact=True).select_option("B")
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    ann.get_by_role("button", name="Save it empty").click()  # no building yet: asked first
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
    first = players_of(live_app, game_id)[0]
    assert (first["wonder"], first["side"]) == ("babylon", "B")
    host = phone(browser)
    own_in_browser(live_app, host, live_server, game_id)
    host.goto(f"{live_server}/games/{game_id}")
    expect(host.locator("section.why h3").first).to_contain_text("Ann · The Hanging Gardens of Babylon")
    # a wonder another seat plays is refused, naming that player
    ann.goto(f"{live_server}/games/{game_id}/players/{first['id']}")
    ann.get_by_text("Wrong wonder or side?").click()
    ann.get_by_label("Wonder", exact=True).select_option("gizah")
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator("#error-summary")).to_contain_text("Bram")
    assert players_of(live_app, game_id)[0]["wonder"] == "babylon"


# --- item 5: Back is safe ----------------------------------------------------------------------

def no_resubmission(page: Page) -> None:
    """Chromium's "Confirm Form Resubmission" is an error page (ERR_CACHE_MISS) with no main."""
    expect(page.locator("main")).to_be_visible()
    assert "ERR_CACHE_MISS" not in page.content()


def test_back_after_a_refused_then_fixed_save_shows_the_city(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    coins = ann.get_by_label("Coins", exact=True)
    coins.fill("lots")
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator("#error-summary")).to_be_visible()
    coins.fill("5")
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator(".pad")).to_be_visible()
    ann.go_back()
    no_resubmission(ann)
    expect(ann.get_by_role("heading", name="Ann's city")).to_be_visible()
    expect(ann.get_by_label("Coins", exact=True)).to_have_value("5")


def test_back_from_the_invite_returns_to_the_games_set_up(page: Page, live_server, live_app):
    page.goto(f"{live_server}/games/new")
    with page.expect_navigation():  # a page re-shown by a post: the player count
        page.get_by_label("Players").select_option("3")
    for index, (name, wonder) in enumerate((("Ann", "babylon"), ("Bram", "gizah"), ("Cas", "rhodes"))):
        page.locator(f"#seats-{index}-name").fill(name)
        page.locator(f"#seats-{index}-wonder").select_option(wonder)
        page.locator(f"#seats-{index}-side").select_option(label="Day")
    page.get_by_role("button", name="Save and enter the cities").click()
    expect(page.get_by_role("heading", name="Invite players")).to_be_visible()
    page.go_back()
    no_resubmission(page)
    expect(page.get_by_role("heading", name="Set up the table")).to_be_visible()
    expect(page.locator("#seats-0-name")).to_have_value("Ann")
    page.go_back()  # the page first opened: no form sent again either
    no_resubmission(page)


# --- item 8: unsaved work survives --------------------------------------------------------------

def test_unsaved_ticks_survive_a_killed_tab_and_are_offered_back(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    url = ann.url
    chip(ann, "altar").click()
    chip(ann, "baths").click()
    ann.get_by_label("Coins", exact=True).fill("7")
    context = ann.context
    ann.close()  # the phone killed the background tab
    again = context.new_page()
    again.goto(url)
    offer = again.locator("[data-draft-offer]")
    expect(offer).to_be_visible()
    expect(again.get_by_label("Coins", exact=True)).to_have_value("0")  # nothing applied unasked
    offer.get_by_role("button", name="Restore them").click()
    expect(offer).to_be_hidden()
    expect(again.get_by_label("Coins", exact=True)).to_have_value("7")
    expect(again.locator('input[value="altar"]')).to_be_checked()
    again.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(again.locator(".flash")).to_have_text("Ann's city is saved.")
    assert sorted(players_of(live_app, game_id)[0]["cards"]) == ["altar", "baths"]
    again.goto(url)  # saved: nothing to offer any more
    expect(again.locator("[data-draft-offer]")).to_be_hidden()


def test_a_draft_of_a_city_saved_elsewhere_since_is_shown_as_a_conflict(browser, live_server,
                                                                        live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    url = ann.url
    chip(ann, "altar").click()
    ann.on("dialog", lambda dialog: dialog.accept())  # "leave anyway?"
    ann.reload()  # a reload loses nothing either
    other = joined(browser, live_server, game_id, "Ann")
    chip(other, "loom").click()
    other.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(other.locator(".flash")).to_have_text("Ann's city is saved.")
    ann.goto(url)
    ann.get_by_role("button", name="Restore them").click()
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator(".conflict")).to_be_visible()  # not saved over the other phone's city
    assert players_of(live_app, game_id)[0]["cards"] == ["loom"]


# --- item 12: install on phones -------------------------------------------------------------------

def test_plain_http_on_the_network_says_why_it_does_not_install(browser_type, browser_type_launch_args,
                                                                live_server):
    """A phone reaches the host's laptop by its network name over http: not a secure origin."""
    port = live_server.rsplit(":", 1)[1]
    args = [*browser_type_launch_args["args"], "--host-resolver-rules=MAP table.lan 127.0.0.1"]
    lan = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        page = lan.new_page(viewport={"width": 390, "height": 844}, locale="en-GB")
        page.goto(f"http://table.lan:{port}/")
        assert page.evaluate("window.isSecureContext") is False
        note = page.locator("[data-install-insecure]")
        expect(note).to_be_visible()
        expect(note).to_contain_text("only from an https address")
        expect(note).to_contain_text("Add to Home screen")
    finally:
        lan.close()


def test_on_a_secure_origin_no_such_note(page: Page, live_server):
    page.goto(f"{live_server}/")  # 127.0.0.1 is a secure context, as https is
    expect(page.locator("[data-install-insecure]")).to_be_hidden()


# --- item 10: counts at their limit, a filter with no match ---------------------------------------

def test_a_count_past_its_limit_looks_disabled_and_says_why(browser, live_server, live_app):
    """The coins' stepper stops at 0; the defeat tokens (picked in one tap) stop where the six
    battles the victory tokens leave stop."""
    from tests.browser.test_table import CONTRAST

    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    coins = ann.locator(".stepper-field", has=ann.get_by_role("spinbutton", name="Coins"))
    expect(coins.get_by_role("button", name="one less")).to_have_attribute("aria-disabled", "true")
    defeats = ann.get_by_role("group", name="Defeat tokens (−1)")
    expect(defeats.get_by_role("radio")).to_have_count(7)  # 0 to 6 (two battles an Age)
    # six battles in all: the victory tokens typed count towards them
    ann.get_by_label("Victory tokens", exact=True).fill("1 1 3 3")
    defeats.get_by_role("radio", name="2", exact=True).click()
    expect(defeats.get_by_role("radio", name="2", exact=True)).to_be_checked()
    three = defeats.get_by_role("radio", name="3", exact=True)
    expect(three).to_have_attribute("aria-disabled", "true")
    expect(defeats.locator(".pick.over")).to_have_count(4)  # 3, 4, 5, 6
    assert ann.evaluate(CONTRAST) == []
    three.click(force=True)  # a tap on it anyway changes nothing
    expect(defeats.get_by_role("radio", name="2", exact=True)).to_be_checked()
    expect(defeats.locator(".limit")).to_have_text("At most 6 conflict tokens in all: one per battle.")
    ann.get_by_label("Victory tokens", exact=True).fill("")  # fewer victories: more room
    expect(three).to_have_attribute("aria-disabled", "false")
    defeats.get_by_role("radio", name="6", exact=True).click()
    expect(defeats.get_by_role("radio", name="6", exact=True)).to_be_checked()
    expect(defeats.locator(".limit")).to_be_hidden()
    # the wonder's stages are offered only as far as its side goes (Alexandria A: three)
    expect(stages(ann).get_by_role("radio")).to_have_count(4)
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
    assert players_of(live_app, game_id)[0]["tokens"] == {"defeat": 6}


def test_a_filter_with_no_match_says_so(browser, live_server, live_app):
    game_id = new_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    ann.get_by_label("Find a building").fill("zzz")
    expect(ann.get_by_text("No building has this name.")).to_be_visible()
    ann.get_by_label("Find a building").fill("alt")
    expect(ann.get_by_text("No building has this name.")).to_be_hidden()


def test_the_leaders_filter_with_no_match_says_so(browser, live_server, live_app):
    game_id = leaders_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    leaders = ann.locator("section.leaders")
    open_leaders(ann)
    ann.get_by_label("Find a leader").fill("zzz")
    expect(leaders.get_by_text("No leader has this name.")).to_be_visible()
    expect(ann.get_by_text("No building has this name.")).to_be_hidden()  # each filter its own
    ann.get_by_label("Find a leader").fill("sapp")
    expect(leaders.get_by_text("No leader has this name.")).to_be_hidden()
    expect(chip(ann, "sappho")).to_be_visible()


def test_the_hosts_city_page_saves_as_in_progress_too(browser, live_server, live_app):
    """A mid-game check from the host's tabs: saved, and the pad names no winner yet."""
    game_id = new_table(live_app)
    host = phone(browser)
    ann_id = players_of(live_app, game_id)[0]["id"]
    host.goto(f"{live_server}/games/{game_id}/players/{ann_id}")
    expect(host.locator(".player-tabs")).to_be_visible()  # the host's page, not a joined phone's
    chip(host, "altar").click()
    host.get_by_role("button", name="Save as in progress").click()
    expect(host.locator(".flash")).to_contain_text("Ann's city is saved as in progress")
    expect(host.locator(".winners")).to_contain_text("Waiting for 3 cities")
    saved = players_of(live_app, game_id)[0]
    assert saved["cards"] == ["altar"] and saved["entered"] is False


# --- item 3: Abu Simbel's buried row --------------------------------------------------------------

def abu_simbel_table(live_app) -> str:
    document = {"edition": "first", "expansions": ["leaders"], "players": [
        player("Ann", "abu-simbel", "A"), player("Bram", "gizah"), player("Cas", "rhodes")]}
    with live_app.app_context():
        from scorer.games import service as games_service

        return games_service.create_game(document)


def test_the_buried_row_waits_for_the_stage_that_buries(browser, live_server, live_app):
    game_id = abu_simbel_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    buried = ann.locator("#buried")
    expect(buried.get_by_text("Buried leader 1: needs stage 3")).to_be_visible()
    expect(ann.locator("#buried-0-leader")).to_be_hidden()
    pick_stages(ann, 3)
    expect(ann.locator("#buried-0-leader")).to_be_visible()
    expect(buried.get_by_text("Buried leader 1: needs stage 3")).to_be_hidden()
    open_leaders(ann)  # open while none is chosen
    for leader in ("sappho", "midas", "nero"):
        chip(ann, leader).click()
    ann.locator("#buried-0-leader").select_option("cleopatra")
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator("#error-summary")).to_contain_text("3 recruited + 1 buried")
    pick_stages(ann, 2)  # the stage unbuilt: the row stays, chosen
    expect(ann.locator("#buried-0-leader")).to_be_visible()


# --- item 7: taps and page height of a second-edition Leaders city --------------------------------

SCREEN = 844
#: taps for REFERENCE, Done not counted: 26 before the stages were one tap and the leaders picker
#: open while none is chosen. The issue asks for 22; this city cannot get there honestly: its 15
#: buildings and 3 leaders are a tap each, the coins one typed number, the stages one tap, which
#: leaves 2 taps for tokens of four kinds (a tap per kind held, as the tokens on the table are)
MOST_TAPS = 22
#: a city as the issue counts it: 15 buildings, 3 leaders, 2 stages, four tokens and the coins
REFERENCE = {"cards": ["lumber-yard", "loom", "altar", "tavern", "stockade", "apothecary",
                       "aqueduct", "forum", "stables", "library", "sawmill",
                       "gardens", "haven", "fortifications", "workers-guild"],
             "leaders": ["sappho", "midas", "nero"], "stages": 2,
             "tokens": {"victory_1": 1, "victory_3": 1, "victory_5": 1, "defeat": 1}, "coins": 7}


def leaders_table(live_app) -> str:
    wonders = ("gizah", "babylon", "rhodes", "ephesos", "olympia")
    document = {"edition": "second", "expansions": ["leaders"],
                "players": [player(name, wonder, "day") for name, wonder in
                            zip(("Ann", "Bram", "Cas", "Dirk", "Eva"), wonders, strict=True)]}
    with live_app.app_context():
        from scorer.games import service as games_service

        return games_service.create_game(document)


def enter_reference_city(page: Page) -> int:
    """Enters REFERENCE the way a player does (a tap per chip, per stepper press and per
    number picked, one per typed field: the coins, the victory tokens' values; one to open the
    leaders picker if it is folded); the taps it took."""
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.click()
        taps += 1

    picker = page.locator("details.leader-picker")
    if picker.count() and not picker.evaluate("d => d.open"):
        tap(picker.locator("summary"))
    for leader in REFERENCE["leaders"]:
        tap(chip(page, leader))
    for card in REFERENCE["cards"]:
        tap(chip(page, card))
    tap(stages(page).get_by_role("radio", name=str(REFERENCE["stages"]), exact=True))
    values = {"victory_1": "1", "victory_3": "3", "victory_5": "5"}
    victories = page.get_by_label("Victory tokens", exact=True)
    victories.fill(" ".join(values[kind] for kind, count in REFERENCE["tokens"].items()
                            for _ in range(count) if kind in values))
    taps += 1
    expect(page.locator("[data-token-total]")).to_have_text("= 9")
    defeats = page.get_by_role("group", name="Defeat tokens (−1)")  # picked in one tap
    tap(defeats.get_by_role("radio", name=str(REFERENCE["tokens"]["defeat"]), exact=True))
    page.get_by_label("Coins", exact=True).fill(str(REFERENCE["coins"]))
    taps += 1
    return taps


def test_a_leaders_city_takes_few_taps_on_a_short_page(browser, live_server, live_app):
    game_id = leaders_table(live_app)
    ann = joined(browser, live_server, game_id, "Ann")
    height = ann.evaluate("document.documentElement.scrollHeight")
    taps = enter_reference_city(ann)
    after = ann.evaluate("document.documentElement.scrollHeight")
    ann.locator("#city-actions").get_by_role("button", name="Done").click()
    expect(ann.locator(".flash")).to_have_text("Ann's city is saved.")
    saved = players_of(live_app, game_id)[0]
    assert sorted(saved["cards"]) == sorted(REFERENCE["cards"])
    assert sorted(saved["leaders"]) == sorted(REFERENCE["leaders"])
    assert (saved["stages"], saved["tokens"], saved["coins"]) == (
        REFERENCE["stages"], REFERENCE["tokens"], REFERENCE["coins"])
    print(f"\nleaders city: {taps} taps (+1 Done), page {height} px at load "
          f"({height / SCREEN:.1f} screens), {after} px entered ({after / SCREEN:.1f} screens)")
    assert height <= 5 * SCREEN and after <= 5 * SCREEN
    assert taps <= MOST_TAPS
