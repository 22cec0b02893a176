"""Chromium's own verdict: the app can be added to the home screen, and dark mode follows the
phone's setting."""

from __future__ import annotations

from playwright.sync_api import Page


def test_chromium_finds_the_app_installable(page: Page, live_server):
    page.goto(live_server + "/")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == []
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito; Chromium names that and nothing else.
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []


def test_dark_mode_follows_the_phones_setting(browser, live_server):
    backgrounds = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
        page = context.new_page()
        page.goto(live_server + "/quick")
        backgrounds[scheme] = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        context.close()
    assert backgrounds == {"light": "rgb(255, 255, 255)", "dark": "rgb(18, 20, 23)"}
