"""The home page at 390x844: one chooser for the printable blank score pad."""

from __future__ import annotations

from playwright.sync_api import Page, expect


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
    assert answer.url.endswith("/pad.pdf?edition=first&cities=1&leaders=1")
    assert "7-wonders-score-pad-cities-leaders" in answer.headers["content-disposition"]
