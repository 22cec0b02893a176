"""Render the app icons (home screen, manifest) from the SVGs in static/icons/ to PNG.

Run once after changing an SVG: ``.venv/bin/python scripts/make_icons.py``. It drives Debian's
Chromium through Playwright (as the browser tests do), so the PNGs match what browsers draw;
the PNGs are committed, nothing is rendered at run time.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
#: (source SVG, size in pixels, PNG written)
RENDERS = [("icon.svg", 192, "icon-192.png"), ("icon.svg", 512, "icon-512.png"),
           ("maskable.svg", 512, "maskable-512.png"), ("maskable.svg", 180, "apple-touch-icon.png")]


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
        for source, size, target in RENDERS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text("utf-8")
            page.set_content(f"<style>html,body{{margin:0;background:transparent}}svg{{display:block;"
                             f"width:{size}px;height:{size}px}}</style>{svg}")
            page.screenshot(path=str(ICONS / target), omit_background=True)
            page.close()
            print(target)
        browser.close()


if __name__ == "__main__":
    main()
