"""The home page at 390x844: one chooser for the printable blank score pad."""

from __future__ import annotations

import io

from playwright.sync_api import Page, expect
from pypdf import PdfReader


def test_the_blank_pad_chooser_opens_the_pad_of_the_edition_and_expansions_chosen(
        page: Page, live_server):
    page.goto(f"{live_server}/")
    chooser = page.locator("details.blank-pad")
    expect(chooser.get_by_role("button", name="Open the blank score pad")).to_be_hidden()
    chooser.get_by_text("Printable blank score pad (PDF)").click()
    chooser.get_by_label("Edition").select_option("first")
    for expansion in ("Leaders", "Cities"):
        chooser.get_by_label(expansion, exact=True).check()
    with page.expect_response(lambda answer: "/pad.pdf" in answer.url) as answered:
        page.evaluate("document.querySelector('details.blank-pad form').requestSubmit()")
    answer = answered.value
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    # first edition + Cities seats 8: a count left at the most follows the most
    assert answer.url.endswith("/pad.pdf?edition=first&cities=1&leaders=1&players=8&paper=a4")
    assert "7-wonders-score-pad-cities-leaders-8-a4" in answer.headers["content-disposition"]


def test_the_chooser_asks_for_players_and_paper_within_the_rules(page: Page, live_server):
    """Issue 30 item 2: players and paper are chosen on the page; a count the edition and
    expansions do not allow cannot be chosen; the pad asked for is one page."""
    page.goto(f"{live_server}/")
    chooser = page.locator("details.blank-pad")
    chooser.get_by_text("Printable blank score pad (PDF)").click()
    players, paper = chooser.get_by_label("Players"), chooser.get_by_label("Paper")
    chooser.get_by_label("Edition").select_option("first")
    chooser.get_by_label("Cities", exact=True).check()
    players.select_option("8")
    chooser.get_by_label("Edition").select_option("second")  # seats 7 at most, Cities or not
    expect(players).to_have_value("7")
    expect(players.locator('option[value="8"]')).to_be_disabled()
    players.select_option("4")
    chooser.get_by_label("Leaders", exact=True).check()
    expect(players).to_have_value("4")  # a count chosen within the rules stays
    paper.select_option("letter")
    with page.expect_response(lambda answer: "/pad.pdf" in answer.url) as answered:
        chooser.get_by_role("button", name="Open the blank score pad").click()
    answer = answered.value
    assert answer.status == 200
    assert answer.url.endswith("/pad.pdf?edition=second&cities=1&leaders=1&players=4&paper=letter")
    pdf = page.request.get(answer.url).body()  # the browser shows it in its viewer
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
