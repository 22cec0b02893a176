"""Finding and joining a group on a phone at 390x844 (issue 29 item 8), in both schemes: the
home page links to the group, its page shows the QR code of its link (drawn, square, within
the phone's width, black on white whatever the scheme), and New game in the group offers the
group's players' names to each name field."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.test_groups import fits, phone
from tests.helpers import WONDERS, game, player


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_home_page_leads_to_the_group_and_its_qr_code(browser: Browser, live_server, live_app,
                                                          scheme):
    host = phone(browser, scheme)
    host.goto(live_server + "/groups/new")
    host.get_by_label("Name of the group").fill("Thursday night")
    host.get_by_role("button", name="Create the group").click()
    group_url = host.url
    document = game(*(player(name, wonder, coins=3) for name, wonder in zip(
        ("Ada", "Bo", "Cy"), WONDERS, strict=False)))
    for city in document["players"]:
        city["entered"] = True
    client = live_app.test_client()
    assert client.post(f"/api/v1/groups/{group_url.rsplit('/', 1)[1]}/games",
                       json=document).status_code == 201

    host.goto(live_server + "/")
    host.get_by_role("link", name="Thursday night").click()
    expect(host.get_by_role("heading", name="Thursday night", level=1)).to_be_visible()
    code = host.get_by_role("img", name="QR code of the group's link")
    expect(code).to_be_visible()
    assert code.evaluate("img => img.complete && img.naturalWidth > 0")
    box = code.bounding_box()
    assert abs(box["width"] - box["height"]) < 1 and 120 <= box["width"] <= 390
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert code.evaluate("img => getComputedStyle(img).backgroundColor") == "rgb(255, 255, 255)"
    link = host.get_by_label("Link of the group").input_value()
    assert link.endswith(group_url.rsplit("/", 2)[-2] + "/" + group_url.rsplit("/", 1)[1])
    fits(host, f"group page with its QR code, {scheme}")

    host.get_by_role("link", name="New game in this group").click()
    name = host.get_by_label("Name").first
    assert name.evaluate("input => input.list && input.list.id") == "group-names"
    offered = host.locator("#group-names option")
    expect(offered).to_have_count(3)
    assert sorted(offered.evaluate_all("options => options.map(o => o.value)")) == ["Ada", "Bo", "Cy"]
