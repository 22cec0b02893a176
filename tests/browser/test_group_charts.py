"""A group's charts as Chromium draws them at 390x844 (issue 29 item 4), in the light and the
dark scheme: in the stacked bars of the mean points per row every two neighbouring series are
at least 3:1 apart and hatched differently, and the lines of the totals over time too (dashed
differently); each series stands 3:1 off the page behind the chart. The contrast is measured
on the chart's own SVG document, with the scheme's media query applied."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import PHONE
from tests.browser.page_scripts import script
from tests.groups.test_group_looks import every_expansion_game

SERIES_CONTRAST = script("series_contrast.js")


@pytest.fixture
def group_url(live_app, live_server) -> str:
    client = live_app.test_client()
    answer = client.post("/api/v1/groups", json={"name": "Thursday"})
    assert answer.status_code == 201
    group_id = answer.json["id"]
    rng = random.Random(29)
    for number in range(4):
        document = every_expansion_game(rng, ("first", "second")[number % 2], 5)
        assert client.post(f"/api/v1/groups/{group_id}/games", json=document).status_code == 201
    return f"{live_server}/groups/{group_id}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_neighbouring_series_are_3_to_1_apart_and_told_apart_by_pattern(browser: Browser, group_url,
                                                                         scheme):
    context = browser.new_context(viewport=PHONE, locale="en-GB", color_scheme=scheme)
    page = context.new_page()
    page.goto(group_url)
    # the first opaque background from the chart up (the page's: html, or body)
    behind = page.locator("figure.chart img").first.evaluate(
        "img => { for (let el = img; el; el = el.parentElement) {"
        " const c = getComputedStyle(el).backgroundColor;"
        " if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; }")
    figures = {page.locator("figure.chart figcaption").nth(n).inner_text(): page.locator(
        "figure.chart img").nth(n) for n in range(page.locator("figure.chart").count())}
    assert {"Mean points per row", "Totals over time"} <= set(figures)
    for title in ("Mean points per row", "Totals over time"):
        image = figures[title]
        assert image.evaluate("img => img.complete && img.naturalWidth > 0")
        chart = context.new_page()
        chart.goto(image.get_attribute("src"))
        found = chart.evaluate(SERIES_CONTRAST, behind)
        minimum = 13 if title == "Mean points per row" else 4
        assert len(found["series"]) >= minimum, (title, found["series"])
        for pair in found["pairs"]:
            assert pair["ratio"] >= 3, (title, scheme, pair)
            assert not pair["samePattern"], (title, scheme, pair)
        for series in found["series"]:
            assert series["offPage"] >= 3, (title, scheme, behind, series)
        chart.close()
    context.close()
