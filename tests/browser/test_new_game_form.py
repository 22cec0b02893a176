"""New game on a phone (issue 30, items 4 and 7; issue 29, item 8): switching the language
keeps every field typed and the group, with or without the script; each expansion switch on
its own line with its note under it; team play offered only at the table sizes the ruleset
allows. Chromium at 390x844 against a live server."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from scorer import storage
from scorer.groups import service as groups_service
from tests.browser.test_table import phone

PHONE = {"width": 390, "height": 844}


def no_script(browser: Browser) -> Page:
    context = browser.new_context(java_script_enabled=False, viewport=PHONE, locale="en-GB")
    return context.new_page()


def choose(page: Page, scripted: bool, label: str, value: str) -> None:
    """A choice that re-shows the form: by itself with the script, by "Change" without."""
    if scripted:
        with page.expect_navigation():
            page.get_by_label(label, exact=True).select_option(value)
    else:
        page.get_by_label(label, exact=True).select_option(value)
        page.get_by_role("button", name="Change").click()


def switch_on(page: Page, scripted: bool, label: str) -> None:
    if scripted:
        with page.expect_navigation():
            page.get_by_label(label).check()
    else:
        page.get_by_label(label).check()
        page.get_by_role("button", name="Change").click()


def language(page: Page, name: str) -> None:
    """The footer's language switch, whatever it is made of (a link, a button)."""
    page.locator(".languages").get_by_text(name, exact=True).click()


def fill_table(page: Page, scripted: bool) -> None:
    """A table of three typed on New game: a title, the first edition with Cities, names, a
    wonder and a side chosen, the others dealt at random."""
    page.get_by_label("Title (optional)").fill("Friday at Ada's")
    choose(page, scripted, "Edition", "first")
    switch_on(page, scripted, "Play with Cities")
    choose(page, scripted, "Players", "3")
    for index, name in enumerate(("Ada", "Bo", "Cy")):
        page.locator(f"#seats-{index}-name").fill(name)
    page.locator("#seats-0-wonder").select_option("petra")
    page.locator("#seats-0-side").select_option("B")
    for index in (1, 2):
        page.locator(f"#seats-{index}-wonder").select_option("random")
        page.locator(f"#seats-{index}-side").select_option("random")


def kept(page: Page) -> None:
    """Everything fill_table typed, now in Dutch."""
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.get_by_role("heading", level=1)).to_have_text("Nieuw spel")
    expect(page.locator("#title")).to_have_value("Friday at Ada's")
    expect(page.locator("#edition")).to_have_value("first")
    expect(page.locator("#expansions-0, #expansions-1, #expansions-2, #expansions-3, #expansions-4")
           .and_(page.locator("[value=cities]"))).to_be_checked()
    expect(page.locator("#count")).to_have_value("3")
    for index, name in enumerate(("Ada", "Bo", "Cy")):
        expect(page.locator(f"#seats-{index}-name")).to_have_value(name)
    expect(page.locator("#seats-0-wonder")).to_have_value("petra")
    expect(page.locator("#seats-0-side")).to_have_value("B")
    expect(page.locator("#seats-1-wonder")).to_have_value("random")
    expect(page.locator("#seats-2-side")).to_have_value("random")


def test_switching_language_keeps_every_field_typed(browser, live_server):
    page = phone(browser)
    page.goto(f"{live_server}/games/new")
    fill_table(page, scripted=True)
    language(page, "Nederlands")
    kept(page)
    expect(page.locator("#seats-0-wonder option:checked")).to_have_text("De Al-Khazneh van Petra")
    expect(page.get_by_label("Titel (optioneel)")).to_be_visible()


def test_switching_language_without_the_script_keeps_every_field_typed(browser, live_server):
    page = no_script(browser)
    page.goto(f"{live_server}/games/new")
    fill_table(page, scripted=False)
    language(page, "Nederlands")
    kept(page)
    language(page, "English")  # and back, still all there
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#seats-2-name")).to_have_value("Cy")


def test_switching_language_in_a_group_keeps_the_group(browser, live_server, live_app):
    for scripted in (True, False):
        page = phone(browser) if scripted else no_script(browser)
        page.goto(f"{live_server}/groups/new")
        page.get_by_label("Name of the group").fill("Thursday game night")
        page.get_by_role("button", name="Create the group").click()
        group_url = page.url
        page.get_by_role("link", name="New game in this group").click()
        fill_table(page, scripted)
        language(page, "Polski")
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        expect(page.locator("#title")).to_have_value("Friday at Ada's")
        expect(page.get_by_text("Thursday game night")).to_be_visible()
        language(page, "English")
        page.get_by_role("button", name="Save and enter the cities").click()
        expect(page.locator(".invite-link")).to_be_visible()
        game_id = page.locator(".invite-link").inner_text().split("/games/")[1].split("/")[0]
        with live_app.app_context():
            saved = storage.load_game(game_id)
            group = groups_service.load(group_url.rsplit("/", 1)[1])
            assert saved.title == "Friday at Ada's"
            assert saved.group_pk == group.pk, scripted
        page.context.close()


# --- item 7: the expansion switches, team play ---------------------------------------------------

def test_each_expansion_switch_is_on_its_own_line_with_its_note_under_it(page: Page, live_server):
    page.goto(f"{live_server}/games/new")
    switches = page.locator("fieldset.switches label.switch")
    assert switches.count() == 5
    boxes = [switches.nth(n).locator("input").bounding_box() for n in range(5)]
    labels = [switches.nth(n).bounding_box() for n in range(5)]
    for before, after in zip(labels, labels[1:], strict=False):
        assert after["y"] >= before["y"] + before["height"] - 1  # one below the other
    for box, label in zip(boxes, labels, strict=True):
        assert abs(box["x"] - labels[0]["x"]) < 16  # each checkbox starts its own line
        assert label["y"] <= box["y"] <= label["y"] + 20
    for n in range(5):
        note = switches.nth(n).locator(".switch-note")
        if note.count():
            name = switches.nth(n).locator(".switch-name").bounding_box()
            under = note.bounding_box()
            assert under["y"] >= name["y"] + name["height"] - 1, n  # the note under its name
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_team_play_is_offered_only_at_the_table_sizes_the_rules_allow(page: Page, live_server):
    page.goto(f"{live_server}/games/new")
    choose(page, True, "Edition", "second")
    switch_on(page, True, "Play with Cities")
    offered = {}
    for count in ("3", "4", "5", "6", "7"):
        choose(page, True, "Players", count)
        offered[count] = page.get_by_label("Team play").count() == 1
        if not offered[count]:
            expect(page.locator(".team-play")).to_contain_text("Team play is for 4 or 6 players.")
    assert offered == {"3": False, "4": True, "5": False, "6": True, "7": False}
    choose(page, True, "Edition", "first")  # the first edition's box also plays 8 in teams
    choose(page, True, "Players", "8")
    expect(page.get_by_label("Team play")).to_be_visible()


def test_without_the_script_team_play_at_a_wrong_size_is_refused_clearly(browser, live_server):
    page = no_script(browser)
    page.goto(f"{live_server}/games/new")
    choose(page, False, "Edition", "first")
    switch_on(page, False, "Play with Cities")
    page.get_by_label("Team play").select_option("1")
    page.get_by_label("Players", exact=True).select_option("5")  # not re-shown: no script
    page.get_by_role("button", name="Change").click()
    note = page.locator(".team-play")
    expect(note).to_have_text("Team play is for 4, 6, or 8 players, not 5: "
                              "this game is set up without teams.")
    expect(page.get_by_label("Team play")).to_have_count(0)
    for index, name in enumerate(("Ada", "Bo", "Cy", "Di", "Ed")):
        page.locator(f"#seats-{index}-name").fill(name)
        page.locator(f"#seats-{index}-wonder").select_option("random")
        page.locator(f"#seats-{index}-side").select_option("random")
    page.get_by_role("button", name="Save and enter the cities").click()
    expect(page.locator(".invite-link")).to_be_visible()
    page.context.close()
