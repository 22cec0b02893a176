"""A second-edition game created and scored in Dutch, and a Leaders game with Abu Simbel, in a
real browser at phone size (issue 9 item 10, issue 10 item 9)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scorer import storage
from scorer.engine.scoring import score_game
from scorer.engine.validation import parse_game
from tests.browser.test_phone import (
    chip,
    no_horizontal_scroll,
    open_leaders,
    pick_stages,
    small_tap_targets,
    stages,
)


def stored(live_app) -> dict:
    with live_app.app_context():
        return storage.list_games()[0].document


def totals(document: dict) -> list[str]:
    game, problems = parse_game(document)
    assert not problems, problems
    return [str(player.total) for player in score_game(game).players]


def test_a_second_edition_game_in_dutch(page: Page, live_server, live_app):
    page.goto(f"{live_server}/language/nl?next=/games/new")
    # a new user: the newest edition is preselected, its sides named Dag and Nacht
    expect(page.get_by_label("Editie")).to_have_value("second")
    expect(page.locator("#edition option:checked")).to_have_text("Tweede editie (2020)")
    with page.expect_navigation():  # the script re-shows the form at once
        page.get_by_label("Spelers").select_option("3")
    expect(page.locator('input[name="seats-3-name"]')).to_have_count(0)
    expect(page.locator('select[name="seats-0-side"] option')).to_have_text(
        ["Kies…", "Dag", "Nacht", "Willekeurig"])
    for index, (name, wonder, side) in enumerate([("Ada", "babylon", "night"), ("Bob", "gizah", "day"),
                                                  ("Cy", "rhodes", "day")]):
        page.locator(f"#seats-{index}-name").fill(name)
        page.locator(f'select[name="seats-{index}-wonder"]').select_option(wonder)
        page.locator(f'select[name="seats-{index}-side"]').select_option(side)
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.get_by_role("button", name="Opslaan en steden invullen").click()
    page.get_by_role("link", name="De steden op deze telefoon invoeren").click()  # from the invite

    expect(page.get_by_role("heading", name="Stad van Ada")).to_be_visible()
    expect(page.locator("p.sub")).to_contain_text("Nacht")
    page.get_by_label("Zoek een gebouw").fill("altaa")  # the Dutch name
    expect(chip(page, "altar")).to_be_visible()
    expect(chip(page, "theater")).to_be_hidden()
    chip(page, "altar").click()
    page.get_by_label("Zoek een gebouw").fill("")
    chip(page, "theater").click()
    expect(chip(page, "strategists-guild")).to_have_count(0)  # a first-edition card
    # Babylon night has 2 stages: 0, 1 or 2, picked in one tap
    expect(stages(page, "Gebouwde wonderfasen").get_by_role("radio")).to_have_count(3)
    pick_stages(page, 2, "Gebouwde wonderfasen")
    page.get_by_role("spinbutton", name="Munten").fill("7")
    no_horizontal_scroll(page)
    page.get_by_role("button", name="Volgende").click()
    expect(page.get_by_role("heading", name="Stad van Bob")).to_be_visible()
    chip(page, "stockade").click()
    page.get_by_role("button", name="Volgende").click()
    expect(page.get_by_role("heading", name="Stad van Cy")).to_be_visible()
    page.get_by_role("button", name="Scoreblad").last.click()
    page.get_by_role("button", name="Leeg opslaan").click()  # Cy's city is empty: asked first

    document = stored(live_app)
    assert document["edition"] == "second"
    assert document["players"][0]["cards"] == ["altar", "theater"]
    expect(page.locator("p.sub").first).to_contain_text("Tweede editie (2020)")
    expect(page.locator(".winners")).to_contain_text("Ada wint met")
    expect(page.locator("tr.total td")).to_have_text(totals(document))
    # the second edition's pad order: the wonder first, the military third
    heads = page.locator("table.pad tbody th.row-head .row-name")
    expect(heads.first).to_have_text("Wonder")
    expect(heads.nth(2)).to_have_text("Militaire conflicten")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.locator('a[href="#why-0-civilian"]').click()
    expect(page.locator("#why-0-civilian")).to_contain_text("Altaar")
    expect(page.locator("#why-0-civilian")).to_be_in_viewport()


def test_a_leaders_game_with_abu_simbel(page: Page, live_server, live_app):
    page.goto(f"{live_server}/games/new")
    # The script re-shows the form at once: wait for each answer, or the next choice races it.
    with page.expect_navigation():
        page.get_by_label("Edition").select_option("first")
    with page.expect_navigation():
        page.get_by_label("Play with Leaders").check()
    expect(page.locator('select[name="seats-0-wonder"] option[value="abu-simbel"]')).to_have_count(1)
    with page.expect_navigation():
        page.get_by_label("Players").select_option("3")
    expect(page.locator('input[name="seats-3-name"]')).to_have_count(0)
    for index, (name, wonder, side) in enumerate([("Ada", "abu-simbel", "B"), ("Bob", "roma", "A"),
                                                  ("Cy", "gizah", "A")]):
        page.locator(f"#seats-{index}-name").fill(name)
        page.locator(f'select[name="seats-{index}-wonder"]').select_option(wonder)
        page.locator(f'select[name="seats-{index}-side"]').select_option(side)
    page.get_by_role("button", name="Save and enter the cities").click()
    page.get_by_role("link", name="Enter the cities on this phone").click()  # from the invite

    expect(page.get_by_role("heading", name="Ada's city")).to_be_visible()
    open_leaders(page)  # open while none is chosen
    page.get_by_label("Find a leader").fill("cleo")
    expect(chip(page, "caesar")).to_be_hidden()
    chip(page, "cleopatra").click()
    page.get_by_label("Find a leader").fill("")
    expect(chip(page, "aganice")).to_contain_text("♣")  # an expert leader
    expect(chip(page, "cleopatra")).not_to_contain_text("♣")
    pick_stages(page, 2)  # Abu Simbel B: both stages bury a leader
    page.locator("#buried-0-leader").select_option("nefertiti")
    page.locator("#buried-1-leader").select_option("phryne")  # costs the Age: no Age given
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.get_by_role("button", name="Next").click()
    # refused beside its row, nothing lost
    expect(page.locator("#error-summary")).to_contain_text("Buried leader 2")
    expect(page.locator("#buried-1-leader")).to_have_value("phryne")
    page.locator("#buried-1-age").select_option("2")
    page.get_by_role("button", name="Next").click()

    expect(page.get_by_role("heading", name="Bob's city")).to_be_visible()
    expect(chip(page, "cleopatra")).to_have_class(re.compile("unavailable"))
    expect(chip(page, "cleopatra")).to_contain_text("taken by Ada")
    open_leaders(page)
    chip(page, "caesar").click()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="Cy's city")).to_be_visible()
    page.get_by_role("button", name="Score pad").last.click()
    page.get_by_role("button", name="Save it empty").click()  # Cy's city is empty: asked first

    document = stored(live_app)
    ada = document["players"][0]
    assert ada["leaders"] == ["cleopatra"]
    assert ada["buried"] == ["nefertiti", {"leader": "phryne", "age": 2}]
    expect(page.locator("tr.total td")).to_have_text(totals(document))
    expect(page.locator("table.pad tbody th.row-head .row-name").last).to_have_text("Leaders")
    no_horizontal_scroll(page)
    page.locator('a[href="#why-0-leaders"]').click()
    expect(page.locator("#why-0-leaders")).to_contain_text("Cleopatra: 5")
    expect(page.locator("#why-0-wonder")).to_contain_text("Phryne buried")


def test_the_host_switches_a_saved_game_to_the_second_edition(page: Page, live_server, live_app):
    from tests.browser.test_table import new_table
    from tests.helpers import own_in_browser

    game_id = new_table(live_app)
    own_in_browser(live_app, page, live_server, game_id)
    page.goto(f"{live_server}/games/{game_id}/setup")
    expect(page.get_by_label("Edition")).to_have_value("first")
    with page.expect_navigation():  # the script re-shows the form at once, nothing saved
        page.get_by_label("Edition").select_option("second")
    # side A is kept and marked, not replaced by "Random", until the host chooses
    side = page.locator('select[name="seats-0-side"]')
    expect(side.locator("option:checked")).to_have_text("A (not in Second edition (2020))")
    expect(page.locator("#seat-0")).to_contain_text("Side A is not a side of Second edition (2020)")
    expect(page.locator("#seats-0-name")).to_have_value("Ada")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    assert stored(live_app)["edition"] == "first"  # switching saves nothing
    for index in range(3):
        page.locator(f'select[name="seats-{index}-side"]').select_option("day")
    page.get_by_role("button", name="Save the set-up").click()
    expect(page.locator(".flash")).to_have_text("Edition and expansions changed, set-up saved.")
    document = stored(live_app)
    assert document["edition"] == "second"
    assert [(p["name"], p["side"]) for p in document["players"]] == [
        ("Ada", "day"), ("Bob", "day"), ("Cy", "day")]
