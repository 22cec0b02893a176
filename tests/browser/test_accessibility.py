"""Accessible to every player (issue 23): WCAG 2.2 AA on every page, checked in Chromium.

axe-core (shipped by ``axe-playwright-python``; nothing downloads at run time) finds no serious
or critical violation on any page, in light and dark mode, on a phone (390x844) and a desktop
(1280x800) in English and on a phone in Polish. Around it, what axe cannot see: the focus ring
contrasts 3:1 with what is behind it, a focused control never hides under the sticky save bar
(which scrolls away at 400% zoom), an invalid field names its message, the PDF links and the
winner's star say what they are, the steppers announce their new value, and a whole city can be
entered and saved with the keyboard alone.

The games, the group and the browser's cookies (owner of every game, each game and the group in
its history) are made once for the module; each colour scheme, size and language is one browser
context that visits every page in turn.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Browser, Page, expect

from scorer import create_app, storage
from scorer.games import access
from tests.browser.conftest import serving
from tests.browser.page_scripts import FOCUS_RING
from tests.helpers import give_owner, player

HERE = Path(__file__).parent
UNDER_THE_BAR = (HERE / "under_the_bar.js").read_text("utf-8")
INVALID_FIELDS = (HERE / "invalid_fields.js").read_text("utf-8")
#: what fails a page: axe's two worst impacts (minor and moderate ones are not counted)
FAILING = ("serious", "critical")
#: every rule of WCAG 2.0-2.2 A and AA, axe's best practices and its experimental rules (among
#: them label-content-name-mismatch, WCAG 2.5.3, which axe leaves out by default)
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": [
    "wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"]},
    "resultTypes": ["violations"]}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: 1280x1024 at 400% zoom
ZOOMED = {"width": 320, "height": 256}
#: id: (colour scheme, viewport, locale); every page is checked in each
CONFIGS = {"light-phone-en": ("light", PHONE, "en-GB"), "dark-phone-en": ("dark", PHONE, "en-GB"),
           "light-desktop-en": ("light", DESKTOP, "en-GB"), "dark-desktop-en": ("dark", DESKTOP, "en-GB"),
           "light-phone-pl": ("light", PHONE, "pl-PL"), "dark-phone-pl": ("dark", PHONE, "pl-PL")}
DEVICE_KEY = "a11y-device-key-0123456789-0123456789abcdef"  # 43 characters, as a device key
TITLE = "Ann's birthday"


def entered(document: dict) -> dict:
    for city in document["players"]:
        city["entered"] = True
    return document


def first_edition(*players: dict) -> dict:
    return {"edition": "first", "players": list(players)}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The app with its games and group, served for the module: (base URL, {page: path})."""
    app = create_app({"TESTING": True, "SECRET_KEY": "browser-test",
                      "DATABASE": str(tmp_path_factory.mktemp("a11y") / "a11y.sqlite")})
    with app.app_context():
        from scorer.games import service as games_service
        from scorer.groups import service as groups_service

        owner_hash = access.owner_of(DEVICE_KEY)[1]
        group = groups_service.create("Thursday club", owner_hash)
        base = entered(first_edition(
            player("Ann", "alexandria", cards=["altar", "baths", "loom"], coins=6, victory_1=1),
            player("Bram", "gizah", cards=["lumber-yard"], coins=3, defeat=1),
            player("Cas", "rhodes", stages=1, coins=4)))
        base_id, _ = groups_service.create_game(group, base, owner_hash, title=TITLE)
        groups_service.create_game(group, entered(first_edition(
            player("Ann", "gizah", coins=9), player("Bram", "rhodes", coins=2),
            player("Cas", "babylon", coins=5))), owner_hash)
        leaders = {"edition": "second", "expansions": ["leaders"],
                   "players": [player(name, wonder, "day") for name, wonder in
                               (("Ann", "gizah"), ("Bram", "babylon"), ("Cas", "rhodes"))]}
        leaders["players"][0]["leaders"] = ["sappho"]  # a ticked leader chip: its cost's contrast
        leaders_id = games_service.create_game(leaders)
        cities = {"edition": "first", "expansions": ["cities"], "players": [
            player("Ada", "petra", coins=14, debt=6), player("Bo", "byzantium", coins=4),
            player("Cy", "gizah", coins=9), player("Di", "rhodes", coins=2)],
            "teams": [["Ada", "Bo"], ["Cy", "Di"]]}
        cities_id = games_service.create_game(cities)
        keyboard_id = games_service.create_game(first_edition(
            player("Kim", "alexandria"), player("Lou", "gizah"), player("Max", "rhodes")))
        not_yours_id = games_service.create_game(first_edition(
            player("Nel", "alexandria"), player("Olek", "gizah"), player("Pia", "rhodes")))
        seat = {game_id: games_service.load(game_id).document["players"][0]["id"]
                for game_id in (base_id, leaders_id, cities_id, not_yours_id)}
    for game_id in (leaders_id, cities_id, keyboard_id):
        give_owner(app, game_id, DEVICE_KEY)
    paths = {
        "home": "/",
        "new game": "/games/new",
        "set-up": f"/games/{base_id}/setup",
        "invite": f"/games/{base_id}/invite",
        "join": f"/games/{base_id}/join",
        "city": f"/games/{base_id}/players/{seat[base_id]}",
        "leaders city": f"/games/{leaders_id}/players/{seat[leaders_id]}",
        "cities city": f"/games/{cities_id}/players/{seat[cities_id]}",
        "score pad": f"/games/{base_id}",
        "leaders score pad": f"/games/{leaders_id}",
        "cities score pad": f"/games/{cities_id}",
        "quick pad": "/quick",
        "build checker": f"/games/{base_id}/build",
        "history": "/games",
        "group": f"/groups/{group.id}",
        "group player": f"/groups/{group.id}/players/Ann",
        "new group": "/groups/new",
        "delete game": f"/games/{base_id}/delete",
        "hand over": f"/games/{base_id}/owner",
        "not found": "/games/no-such-game",
        "keyboard city": f"/games/{keyboard_id}/join",
        "group rename": f"/groups/{group.id}/rename",
        "group merge": f"/groups/{group.id}/merge",
        "group delete": f"/groups/{group.id}/delete",
        "group hand over": f"/groups/{group.id}/owner",
        "group remove game": f"/groups/{group.id}/games/{base_id}/remove",
        "not yours": f"/games/{not_yours_id}/players/{seat[not_yours_id]}",
        "card search": "/cards?q=guild&edition=first",
        "wonder card": "/cards/first/olympia",
        "leader card": "/cards/second/euclid",
    }
    with serving(app) as url:
        yield url, paths, app


@pytest.fixture(scope="module")
def remembered(site, browser: Browser) -> dict:
    """The cookies of a browser that owns every game and opened each (so the home page and the
    history list them, with the group)."""
    url, paths, _ = site
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_cookies([{"name": access.DEVICE_COOKIE, "value": DEVICE_KEY, "url": url}])
    page = context.new_page()
    for name in ("score pad", "leaders score pad", "cities score pad", "group"):
        page.goto(url + paths[name])
    state = context.storage_state()
    context.close()
    return state


@pytest.fixture(scope="module")
def open_page(browser: Browser, remembered):
    """``open_page(config id)``: that configuration's page, made when first asked for and kept
    for the module; axe-core is loaded into every document it opens."""
    made: dict[str, Page] = {}

    def page_for(config_id: str) -> Page:
        if config_id not in made:
            scheme, viewport, locale = CONFIGS[config_id]
            context = browser.new_context(viewport=viewport, locale=locale, color_scheme=scheme,
                                          storage_state=remembered)
            context.add_init_script(AXE_SCRIPT)
            made[config_id] = context.new_page()
        return made[config_id]

    yield page_for
    for page in made.values():
        page.context.close()


def open_picker(page: Page) -> None:
    """Unfolds the leaders picker (folded when the city has leaders)."""
    if not page.locator("details.leader-picker").evaluate("d => d.open"):
        page.locator("details.leader-picker > summary").click()


def refused_city(page: Page) -> None:
    page.locator("input[name=coins]").fill("x")
    page.locator("button[name=action][value=next]").click()


def refused_new_game(page: Page) -> None:
    page.locator("button.primary[name=action][value=save]").click()


def open_chooser(page: Page) -> None:
    page.locator("details.blank-pad > summary").click()


def refused_tokens(page: Page) -> None:
    page.locator("input[name=victories]").fill("1 2")
    page.locator("button[name=action][value=next]").click()


def another_seat(page: Page) -> None:
    """A phone that said "This is me" for Olek opens Nel's city: "not yours" first."""
    nel = page.url
    page.goto(nel.rsplit("/players/", 1)[0] + "/join")
    olek = page.locator("main nav form").filter(has_text="Olek")
    if olek.count():  # not yet Olek on this phone (a page visited twice is so already)
        olek.get_by_role("button").click()
        expect(page.locator("h1")).to_contain_text("Olek")
    page.goto(nel)
    expect(page.locator("h1")).to_contain_text("Nel")
    expect(page.locator("input[name=coins]")).to_have_count(0)  # not the city form


#: page: what to do once it is open (a refused form is shown back with its problems)
PAGES = {"home": None, "new game": None, "refused new game": refused_new_game, "set-up": None,
         "invite": None, "join": None, "city": None, "refused city": refused_city,
         "leaders city": open_picker, "cities city": None, "score pad": None, "leaders score pad": None,
         "cities score pad": None, "quick pad": None, "build checker": None, "history": None,
         "group": None, "group player": None, "new group": None, "delete game": None, "hand over": None,
         "not found": None, "home chooser": open_chooser, "refused tokens city": refused_tokens,
         "group rename": None, "group merge": None, "group delete": None, "group hand over": None,
         "group remove game": None, "not yours": another_seat, "card search": None,
         "wonder card": None, "leader card": None}


#: pages opened at another page's path (then changed by their action)
ALIASES = {"home chooser": "home", "refused tokens city": "city"}


def visit(site, page: Page, name: str) -> None:
    url, paths, _ = site
    page.goto(url + paths[ALIASES.get(name, name.removeprefix("refused "))])
    if PAGES.get(name):
        PAGES[name](page)
    expect(page.locator("main")).to_be_visible()


def serious(page: Page) -> list[str]:
    """axe's serious and critical violations on the page, one line per node. The page is
    scrolled to its end first, where the sticky save bar rests in its own place: axe takes a
    sticky element for one in the flow where it is now drawn, so a chip the bar covers while
    scrolling would count as a target too small (dequelabs/axe-core#3720)."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    results = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)
    return [f"{v['id']} ({v['impact']}): {node['target']} {node.get('failureSummary', '')}"
            for v in results["violations"] if v["impact"] in FAILING for node in v["nodes"]]


# --- item 8: axe-core on every page -----------------------------------------------------------

@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("config_id", CONFIGS)
def test_axe_finds_nothing_serious(site, open_page, config_id, name):
    page = open_page(config_id)
    visit(site, page, name)
    if name == "leaders city":  # the ticked leader's chip is shown (item 1: its cost's contrast)
        expect(page.locator("label.chip:has(input[value=sappho]:checked)")).to_be_visible()
    found = serious(page)
    assert not found, "\n".join(found)


# --- item 2: a focus ring of at least 3:1 on every control of every page ------------------------

@pytest.mark.parametrize("config_id", ["light-phone-en", "dark-phone-en"])
def test_every_control_shows_a_focus_ring_of_3_to_1(site, open_page, config_id):
    page = open_page(config_id)
    problems, checked = [], 0
    for name in PAGES:
        visit(site, page, name)
        page.keyboard.press("Shift")  # a key press: focus is shown from now on
        result = page.evaluate(FOCUS_RING)
        checked += result["checked"]
        problems += [f"{name}: {found}" for found in result["found"]]
    assert checked > 500
    assert not problems, "\n".join(problems)


# --- item 3: a focused control is never under the sticky save bar --------------------------------

def tab_through(page: Page) -> tuple[int, list[str]]:
    """Tabs from the top of the page to the footer: (the stops, those the bar covers even partly)."""
    page.evaluate("window.scrollTo(0, 0)")
    stops, covered = 0, []
    for _ in range(400):
        page.keyboard.press("Tab")
        where = page.evaluate(UNDER_THE_BAR)
        if where is None or where["footer"]:
            break
        stops += 1
        if where["covered"] > 0:
            covered.append(f"{where['covered']:.0%} {where['what']}")
    return stops, covered


@pytest.fixture
def fresh_page(browser: Browser, remembered):
    """A page of its own (these tests change its size), in light mode at phone size."""
    context = browser.new_context(viewport=PHONE, locale="en-GB", storage_state=remembered)
    yield context.new_page()
    context.close()


def test_no_tab_stop_of_a_leaders_city_hides_under_the_save_bar(site, fresh_page):
    visit(site, fresh_page, "leaders city")
    stops, covered = tab_through(fresh_page)
    assert stops > 100
    assert not covered, "\n".join(covered)


def test_at_400_percent_zoom_the_save_bar_scrolls_away(site, fresh_page):
    fresh_page.set_viewport_size(ZOOMED)
    visit(site, fresh_page, "city")
    fresh_page.evaluate("window.scrollTo(0, 0)")
    shown = fresh_page.evaluate("""() => {
        const bar = document.querySelector('.actions.sticky').getBoundingClientRect();
        return Math.max(0, Math.min(bar.bottom, innerHeight) - Math.max(bar.top, 0)) / innerHeight;
    }""")
    assert shown <= 0.25
    stops, covered = tab_through(fresh_page)
    assert stops > 50
    assert not covered, "\n".join(covered)


# --- item 5: the PDF links say first what they show, then which game -----------------------------

@pytest.mark.parametrize("name", ["home", "history", "group"])
def test_links_name_what_they_show_first_then_the_game(site, open_page, name):
    page = open_page("light-phone-en")
    visit(site, page, name)
    link, shown = ("a.sheet-link", "PDF") if name != "group" else ("a[href$='/remove']", "Take out")
    games = page.locator(".games li", has=page.locator(link))
    expect(games.first).to_be_visible()
    titles = games.locator(".game-link strong").all_inner_texts()
    assert TITLE in titles
    for index, title in enumerate(titles):
        expect(games.nth(index).locator(link)).to_have_text(re.compile(f"^{shown}"))
        expect(games.nth(index).locator(link)).to_have_accessible_name(
            re.compile(f"^{shown}\\b.*" + "\\s+".join(map(re.escape, title.split())) + "$"))


# --- item 6: the winner's star is an image named "winner" ---------------------------------------

def test_the_winners_star_is_an_image_named_winner(site, open_page):
    page = open_page("light-phone-en")
    visit(site, page, "score pad")
    expect(page.locator(".pad").get_by_role("img", name="winner", exact=True)).to_have_count(1)


# --- item 4: an invalid field names its message ----------------------------------------------------

def refused_quick_pad(page: Page) -> None:
    page.locator("input[name='columns-0-military']").fill("-1000")
    page.locator(".actions.sticky button[value=total]").click()


def refused_build(page: Page) -> None:
    page.locator("input[name=what][value=hand]").check()
    chips = page.locator("#hand-cards label.chip:not(.unavailable)")
    for index in range(8):  # a hand holds at most 7 cards
        chips.nth(index).click()
    page.locator("#hand-cards button.primary").click()


def refused_group(page: Page) -> None:
    page.locator(".actions button.primary").click()


@pytest.mark.parametrize(("name", "refuse"), [
    ("city", refused_city), ("new game", refused_new_game), ("quick pad", refused_quick_pad),
    ("build checker", refused_build), ("new group", refused_group)])
def test_an_invalid_field_names_its_message(site, open_page, name, refuse):
    page = open_page("light-phone-en")
    visit(site, page, name)
    refuse(page)
    expect(page.locator(".problems")).to_be_visible()
    result = page.evaluate(INVALID_FIELDS)
    assert result["shown"] > 0
    assert not result["found"], "\n".join(result["found"])


# --- item 7: steppers say their new value; the skip link comes before the leaders ----------------

def test_a_stepper_says_its_new_value_politely(site, fresh_page):
    visit(site, fresh_page, "city")
    coins = fresh_page.locator(".stepper-field", has=fresh_page.get_by_role("spinbutton", name="Coins"))
    plus = coins.get_by_role("button", name="Coins: one more")
    value = int(coins.get_by_role("spinbutton").input_value())
    plus.click()
    plus.click()
    expect(plus).to_be_focused()  # focus stays on the button: the value is said by the status
    expect(coins.get_by_role("status")).to_have_text(f"Coins: {value + 2}")
    coins.get_by_role("button", name="Coins: one less").click()
    expect(coins.get_by_role("status")).to_have_text(f"Coins: {value + 1}")


def test_the_skip_link_comes_before_the_leaders(site, fresh_page):
    visit(site, fresh_page, "leaders city")
    fresh_page.get_by_role("group", name="Defeat tokens (−1)").get_by_role("radio", name="0").focus()
    for _ in range(3):
        fresh_page.keyboard.press("Tab")
        if fresh_page.evaluate("document.activeElement.classList.contains('skip-link')"):
            break
    expect(fresh_page.locator(".skip-link[href='#city-actions']")).to_be_focused()
    fresh_page.keyboard.press("Enter")
    fresh_page.keyboard.press("Tab")
    expect(fresh_page.locator("#city-actions button").first).to_be_focused()


# --- item 8: a whole city entered and saved with the keyboard alone ------------------------------

def tab_to(page: Page, test: str, most: int = 200) -> None:
    """Presses Tab until the focused element passes ``test`` (a function of it, in JavaScript)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(f"({test})(document.activeElement)"):
            return
    raise AssertionError(f"Tab never reached {test}")


def test_a_city_entered_and_saved_with_the_keyboard_alone(site, fresh_page):
    url, paths, app = site
    page = fresh_page
    page.goto(url + paths["keyboard city"])
    tab_to(page, "el => el.textContent.trim() === 'This is me: Kim'")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Kim's city")).to_be_visible()
    tab_to(page, "el => el.name === 'coins'")
    page.keyboard.press("Control+A")
    page.keyboard.type("6")
    tab_to(page, "el => el.name === 'victories'")
    page.keyboard.type("1 1")
    for card in ("altar", "loom"):
        tab_to(page, f"el => el.value === '{card}'")
        page.keyboard.press("Space")
    tab_to(page, "el => el.textContent.trim() === 'Done'")
    page.keyboard.press("Enter")
    expect(page.locator(".flash")).to_have_text("Kim's city is saved.")
    game_id = paths["keyboard city"].split("/")[2]
    with app.app_context():
        kim = storage.load_game(game_id).document["players"][0]
    assert (sorted(kim["cards"]), kim["coins"], kim["tokens"].get("victory_1")) == (["altar", "loom"], 6, 2)
