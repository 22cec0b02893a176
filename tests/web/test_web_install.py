"""Installable and comfortable (issue 11, item 8): the manifest, its icons, the theme colours and
the dark scheme. Chromium's own installability check is in tests/browser/test_install.py."""

from __future__ import annotations

import io
import re

from PIL import Image

from scorer import PROJECT_ROOT


def test_manifest_names_the_app_its_icons_and_colours(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200 and answer.mimetype == "application/manifest+json"
    manifest = answer.get_json(force=True)
    assert manifest["name"] == "7 Wonders scorer" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#123a63" and manifest["background_color"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as image:
            assert image.status_code == 200 and image.mimetype == icon["type"], icon
            data = image.data
        if icon["type"] == "image/png":
            size = Image.open(io.BytesIO(data)).size
            assert "x".join(map(str, size)) == icon["sizes"], icon


def test_manifest_speaks_the_users_language(client):
    client.set_cookie("lang", "pl")
    manifest = client.get("/manifest.webmanifest").get_json(force=True)
    assert manifest["lang"] == "pl" and manifest["name"] != "7 Wonders scorer"
    assert "Cookie" in client.get("/manifest.webmanifest").headers["Vary"]


def test_every_page_links_the_manifest_icons_and_theme_colours(client):
    for url in ("/", "/games", "/games/new", "/quick", "/no-such-page"):
        html = client.get(url).get_data(as_text=True)
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, url
        for colour, scheme in (("#123a63", "light"), ("#0b2540", "dark")):
            assert (f'name="theme-color" content="{colour}" media="(prefers-color-scheme: {scheme})"'
                    in html), (url, scheme)
        assert 'rel="apple-touch-icon"' in html and 'href="/static/icons/icon.svg?v=' in html


def test_stylesheet_has_a_dark_scheme_for_every_colour_it_sets():
    """Colours come from custom properties that the dark scheme redefines, not literals that
    would stay light; the browser test checks the resulting contrast on every page."""
    css = (PROJECT_ROOT / "static" / "app.css").read_text("utf-8")
    assert "color-scheme: light dark" in css and "@media (prefers-color-scheme: dark)" in css
    light = dict(re.findall(r"(--[\w-]+):\s*([^;]+);", css[css.index(":root"):css.index("@media")]))
    dark_block = css[css.index("@media (prefers-color-scheme: dark)"):]
    dark = dict(re.findall(r"(--[\w-]+):\s*([^;]+);", dark_block[:dark_block.index("}\n}")]))
    assert set(light) == set(dark), set(light) ^ set(dark)
    assert all(light[name] != dark[name] or name == "--on-header" for name in light)
