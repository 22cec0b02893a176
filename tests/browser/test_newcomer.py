"""What a newcomer tripped over (issue 11, item 7), in Debian's Chromium at 390x844: the parts
only a browser shows (keys, dialogs, scrolling, layout, the scripts)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from scorer import storage
from tests.browser.test_phone import stages
from tests.helpers import game, player


def navigations(page: Page) -> list[str]:
    """The methods of the requests that load a page from now on (a form sent, a link followed);
    the browser's own fetches (the manifest, icons) are not the page reloading."""
    methods: list[str] = []
    page.on("request", lambda request: methods.append(request.method)
            if request.is_navigation_request() else None)
    return methods


def three_players(live_app, **first) -> str:
    with live_app.app_context():
        return storage.create_game(game(player("Ada", "alexandria", **first), player("Bob", "gizah"),
                                        player("Cy", "rhodes")))


def test_token_steppers_stop_where_the_rules_stop(page: Page, live_server, live_app):
    page.goto(f"{live_server}/games/{three_players(live_app)}/players/0")
    victories = page.get_by_label("Victory tokens", exact=True)
    victories.fill("55")  # a digit pad has no space key: each digit is a token
    expect(page.locator("[data-token-total]")).to_have_text("= 10")
    defeats = page.get_by_role("group", name="Defeat tokens (−1)")
    # six battles in all: 2 victories leave 4 defeats; 5 and 6 look unavailable, a tap keeps 0
    for number in ("5", "6"):
        expect(defeats.get_by_role("radio", name=number, exact=True)).to_have_attribute(
            "aria-disabled", "true")
    defeats.get_by_role("radio", name="6", exact=True).click(force=True)  # a tap anyway
    expect(defeats.get_by_role("radio", name="0", exact=True)).to_be_checked()
    expect(defeats.locator(".limit")).to_have_text("At most 6 conflict tokens in all: one per battle.")
    defeats.get_by_role("radio", name="4", exact=True).click()
    expect(defeats.get_by_role("radio", name="4", exact=True)).to_be_checked()
    expect(defeats.locator(".limit")).to_be_hidden()
    victories.fill("5 5 2")  # not a token's value: no total until it is
    expect(page.locator("[data-token-total]")).to_have_text("")
    # a wonder's stages offer no more than its side has: Alexandria A's three
    expect(stages(page).get_by_role("radio")).to_have_count(4)


def test_enter_in_the_building_filter_neither_submits_nor_navigates(page: Page, live_server, live_app):
    page.goto(f"{live_server}/games/{three_players(live_app)}/players/0")  # the old seat URL
    url = page.url  # redirected to the player's own URL
    requests = navigations(page)
    page.get_by_label("Find a building").fill("alt")
    page.get_by_label("Find a building").press("Enter")
    page.wait_for_timeout(300)
    assert page.url == url and "POST" not in requests
    expect(page.locator(".chip", has_text="Aqueduct")).to_be_hidden()
    expect(page.locator(".chip", has_text="Altar")).to_be_visible()


def test_enter_in_a_name_moves_to_the_next_field(page: Page, live_server):
    page.goto(f"{live_server}/games/new?count=3")
    requests = navigations(page)
    page.locator("#seats-0-name").fill("Ada")
    page.locator("#seats-0-name").press("Enter")
    expect(page.locator("#seats-0-wonder")).to_be_focused()
    page.locator("#seats-1-name").fill("Bob")
    page.locator("#seats-1-name").press("Enter")
    expect(page.locator("#seats-1-wonder")).to_be_focused()
    page.locator("#title").fill("Friday")
    page.locator("#title").press("Enter")
    expect(page.locator("#count")).to_be_focused()
    assert "POST" not in requests and "/games/new?count=3&page=" in page.url  # no form sent


def test_leaving_a_city_with_unsaved_changes_asks_first(page: Page, live_server, live_app):
    game_id = three_players(live_app)
    page.goto(f"{live_server}/games/{game_id}/players/0")
    url = page.url
    page.get_by_role("link", name="History").click()  # nothing changed: no question
    page.wait_for_url("**/games")
    page.goto(url)
    page.get_by_role("spinbutton", name="Coins").fill("9")
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.type)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.get_by_role("link", name="History").click()
    page.wait_for_timeout(300)
    assert asked == ["confirm"] and page.url == url
    expect(page.get_by_role("spinbutton", name="Coins")).to_have_value("9")
    page.once("dialog", lambda dialog: answer(dialog, False))
    page.get_by_role("link", name="Nederlands").click()
    page.wait_for_timeout(300)
    assert asked == ["confirm", "confirm"] and page.url == url
    # The player tabs save before they move: no question, and the coins are kept.
    page.get_by_role("button", name="Bob").click()
    expect(page.get_by_role("heading", name="Bob's city")).to_be_visible()
    assert len(asked) == 2
    with live_app.app_context():
        assert storage.load_game(game_id).document["players"][0]["coins"] == 9
    page.get_by_role("spinbutton", name="Coins").fill("4")
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.get_by_role("link", name="Quick pad").click()
    page.wait_for_url("**/quick")
    assert len(asked) == 3


def test_reload_by_move_up_keeps_the_scroll_position(page: Page, live_server):
    page.goto(f"{live_server}/games/new?count=7")
    for index in range(7):
        page.locator(f"#seats-{index}-name").fill(f"Player {index}")
    button = page.locator("#seat-5").get_by_role("button", name="Move up")
    button.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    assert before > 500
    button.click()
    expect(page.locator("#seats-4-name")).to_have_value("Player 5")
    # a function, not an expression: polling an expression needs eval, which the CSP forbids
    page.wait_for_function("(before) => Math.abs(window.scrollY - before) < 5", arg=before)


def test_save_buttons_are_reachable_without_tabbing_through_the_buildings(page: Page, live_server,
                                                                          live_app):
    page.goto(f"{live_server}/games/{three_players(live_app)}/players/0")
    page.get_by_role("group", name="Defeat tokens (−1)").get_by_role("radio", name="0").focus()
    presses = 0
    while presses < 10:
        page.keyboard.press("Tab")
        presses += 1
        if page.evaluate("document.activeElement.classList.contains('skip-link')"):
            break
    skip = page.locator(".skip-link[href='#city-actions']")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Next")).to_be_focused()


def test_quick_pad_science_helper_and_coins_held_fill_their_rows_without_a_reload(page: Page,
                                                                                  live_server):
    page.goto(f"{live_server}/quick?count=3")
    requests = navigations(page)
    for index, name in enumerate(("Ada", "Bob")):  # names are empty; Enter moves to the next
        page.locator(f"#columns-{index}-name").fill(name)
        page.locator(f"#columns-{index}-name").press("Enter")
    expect(page.locator("#columns-2-name")).to_be_focused()
    page.keyboard.type("Cy")
    page.locator("#science-helper summary").click()
    expect(page.get_by_role("button", name="Put in the science row")).to_be_hidden()
    for name, value in (("compass", "2"), ("gear", "1"), ("tablet", "1"), ("free_symbols", "1")):
        page.locator(f"#columns-0-{name}").fill(value)
    expect(page.locator("#columns-0-science")).to_have_value("18")  # as the server: 9 + 1 + 1 + 7
    page.locator("#columns-1-tablet").fill("3")
    expect(page.locator("#columns-1-science")).to_have_value("9")
    page.locator("#columns-1-tablet").fill("")
    expect(page.locator("#columns-1-science")).to_have_value("")
    page.locator("#columns-2-coins_held").fill("14")
    expect(page.locator("#columns-2-coins")).to_have_value("4")
    assert "POST" not in requests and "GET" not in requests
    page.get_by_role("button", name="Add up").last.click()
    expect(page.locator(".winners")).to_contain_text("Winner: Ada")
    expect(page.locator("tr.total td")).to_have_text(["18", "0", "4"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_quick_pad_science_button_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server}/quick?count=3")
    page.locator("#science-helper summary").click()
    page.locator("#columns-0-tablet").fill("2")
    page.get_by_role("button", name="Put in the science row").click()
    expect(page.locator("#columns-0-science")).to_have_value("4")
    assert page.url.endswith("#science-helper")
    context.close()


WORDS = (Path(__file__).parent / "words.js").read_text("utf-8")
LONG_NAMES = ("Bartholomew Featherstonehaugh", "Maximiliane", "Cy", "Dorothea", "Evangelina",
              "Fitzgerald", "Guinevere")


def long_named_game(live_app, count: int) -> str:
    wonders = ("gizah", "rhodes", "babylon", "olympia", "ephesos", "alexandria", "halikarnassos")
    with live_app.app_context():
        cities = [player(name, wonder, coins=n)
                  for n, (name, wonder) in enumerate(zip(LONG_NAMES[:count], wonders, strict=False))]
        return storage.create_game(game(*cities))


def test_no_word_broken_on_the_pad_nor_in_the_hand_table_and_the_menu_fits_one_line(
        browser, live_server, live_app):
    games = {count: long_named_game(live_app, count) for count in (3, 4, 7)}
    for locale in ("en", "nl", "pl"):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.add_cookies([{"name": "lang", "value": locale, "url": live_server}])
        page = context.new_page()
        page.goto(live_server + "/")
        tops = page.evaluate("Array.from(document.querySelectorAll('.menu a'), "
                             "a => a.getBoundingClientRect().top)")
        assert len(tops) >= 3 and len(set(tops)) == 1, (locale, tops)
        for count, game_id in games.items():
            page.goto(f"{live_server}/games/{game_id}")
            assert page.evaluate(WORDS, ".pad thead") == [], (locale, count)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.goto(f"{live_server}/games/{games[7]}/build")
        page.locator("input[name=what][value=hand]").check()
        for card in ("university", "palace", "senate", "lighthouse", "chamber-of-commerce", "arena",
                     "fortifications"):
            page.locator(f'#hand-cards label.chip:has(input[value="{card}"])').click()
        page.locator(".actions button.primary").last.click()
        expect(page.locator(".hand-table")).to_be_visible()
        assert page.evaluate(WORDS, ".hand-table tbody") == [], locale
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        context.close()


def test_error_summary_is_focused_and_its_links_lead_to_their_fields(page: Page, live_server, live_app):
    page.goto(f"{live_server}/games/{three_players(live_app)}/players/0")
    page.get_by_role("spinbutton", name="Coins").fill("1e")
    page.get_by_label("Victory tokens", exact=True).fill("5 5 5")
    page.get_by_role("button", name="Next").click()
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary.get_by_role("link")).to_have_count(2)  # both problems in one round
    summary.get_by_role("link", name="Victory tokens: Tokens of 5: At most 2 tokens").click()
    field = page.get_by_label("Victory tokens", exact=True)
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    expect(field).to_have_value("5 5 5")
