"""Benchmark: entering the seven-player game at the table, phone by phone, and how soon the pad
on another phone shows a save.

Serves the app with waitress (as ``sh scripts/setup.sh run`` does) on 127.0.0.1 and drives
Debian's Chromium at 390x844 with Playwright, one browser context per phone:

1. Taps and scripted seconds per city: the seven cities of ``seven_players.json`` (set up on
   the new-game page's terms: names, wonders and sides, cities still to be entered) are each
   entered on a phone of their own, from the game's join link: "This is me", a tap per
   building chip, a tap on the stages built, the coins typed, the victory tokens typed as
   their values ("1355"), the defeat stepper, then "Done" (which saves). A tap is a
   click; typing is one tap on the field plus its keys (counted apart).
   The stored game must then equal the sample and the pad name its winner.
2. Live pad delay: one phone keeps the pad open; another saves a city (coins changed each
   time) ``--saves`` times. The delay is from the save's answer reaching the saving phone to
   the pad's live part changing on the other (a MutationObserver's timestamp), both on this
   machine's clock.

    .venv/bin/python benchmarks/table.py [--saves 20]
"""

from __future__ import annotations

import argparse
import copy
import logging
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import waitress
from playwright.sync_api import Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from saved_game import SEVEN  # noqa: E402

from scorer import create_app
from scorer.games import service as games_service

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
#: the victory tokens are typed as their values in one field, the defeats have a stepper
VICTORY_VALUES = {"victory_1": "1", "victory_3": "3", "victory_5": "5"}


def serve(folder: str):
    app = create_app({"SECRET_KEY": "benchmark", "DATABASE": str(Path(folder) / "table.sqlite")})
    logging.getLogger("scorer.requests").setLevel(logging.WARNING)  # one line per request
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    threading.Thread(target=server.run, daemon=True).start()
    return app, f"http://127.0.0.1:{server.effective_port}"


def blank_table(app) -> str:
    """The sample's seats with empty cities still to be entered, as the new-game page saves."""
    document = copy.deepcopy(SEVEN)
    for city in document["players"]:
        for field in ("stages", "coins", "cards", "tokens"):
            city.pop(field, None)
        city["entered"] = False
    with app.app_context():
        return games_service.create_game(document)


class Phone:
    """A page that counts what the player does: taps (clicks) and keys typed."""

    def __init__(self, page: Page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, locator) -> None:
        locator.click()
        self.taps += 1

    def type_text(self, locator, text: str) -> None:
        locator.click()
        self.taps += 1
        locator.press("Control+a")
        locator.press_sequentially(text)
        self.keys += len(text)


def stepper_up(phone: Phone, label: str, times: int) -> None:
    button = phone.page.get_by_role("button", name=f"{label}: one more")
    for _ in range(times):
        phone.tap(button)


def enter_city(browser, base: str, game_id: str, city: dict) -> tuple[int, int, float]:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    phone = Phone(context.new_page())
    started = time.perf_counter()
    phone.page.goto(f"{base}/games/{game_id}/join")
    phone.tap(phone.page.get_by_role("button", name=f"This is me: {city['name']}"))
    for card_id in city.get("cards", []):
        phone.tap(phone.page.locator(f'label.chip:has(input[value="{card_id}"])'))
    if city.get("stages"):
        phone.tap(phone.page.get_by_role("group", name="Wonder stages built")
                  .get_by_role("radio", name=str(city["stages"]), exact=True))
    if city.get("coins"):
        phone.type_text(phone.page.get_by_label("Coins", exact=True), str(city["coins"]))
    tokens = city.get("tokens") or {}
    victories = "".join(VICTORY_VALUES[kind] * count for kind, count in tokens.items()
                        if kind in VICTORY_VALUES)
    if victories:  # one digit per token: a digit pad has no space key
        phone.type_text(phone.page.get_by_label("Victory tokens", exact=True), victories)
    stepper_up(phone, "Defeat tokens (−1)", tokens.get("defeat", 0))
    phone.tap(phone.page.locator("#city-actions").get_by_role("button", name="Done"))
    expect(phone.page.locator(".flash")).to_have_text(f"{city['name']}'s city is saved.")
    seconds = time.perf_counter() - started
    context.close()
    return phone.taps, phone.keys, seconds


def live_delays(browser, base: str, game_id: str, player_id: str, saves: int) -> list[float]:
    watcher = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    watcher.goto(f"{base}/games/{game_id}")
    watcher.evaluate("""() => {
        window.changes = [];
        new MutationObserver(() => window.changes.push(Date.now()))
            .observe(document.getElementById('live'), {childList: true});
    }""")
    saver = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    delays = []
    for number in range(saves):
        saver.goto(f"{base}/games/{game_id}/players/{player_id}")
        saver.get_by_label("Coins", exact=True).fill(str(number + 1))
        seen = watcher.evaluate("window.changes.length")
        with saver.expect_response(lambda response: response.request.method == "POST") as answer:
            saver.locator("#city-actions").get_by_role("button", name="Score pad").click()
        assert answer.value.status == 302
        saved_at = time.time() * 1000
        # a function, not an expression: the page's CSP forbids eval
        watcher.wait_for_function("(seen) => window.changes.length > seen", arg=seen, timeout=10_000)
        changed_at = watcher.evaluate(f"window.changes[{seen}]")
        delays.append((changed_at - saved_at) / 1000)
        saver.wait_for_load_state()
    return delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        app, base = serve(folder)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        game_id = blank_table(app)
        rows = []
        for city in SEVEN["players"]:
            taps, keys, seconds = enter_city(browser, base, game_id, city)
            rows.append((city["name"], len(city.get("cards", [])), taps, keys, seconds))
        with app.app_context():
            stored = games_service.load(game_id).document["players"]
        for saved, city in zip(stored, SEVEN["players"], strict=True):
            assert sorted(saved["cards"]) == sorted(city["cards"]), city["name"]
            assert (saved["stages"], saved["coins"]) == (city["stages"], city["coins"]), city["name"]
            assert {k: v for k, v in saved["tokens"].items() if v} == city["tokens"], city["name"]
            assert saved["entered"] is True

        print("Entering the seven-player game, one phone per city (taps = clicks; keys typed):")
        print(f"{'player':<22}{'buildings':>10}{'taps':>6}{'keys':>6}{'seconds':>9}")
        for name, buildings, taps, keys, seconds in rows:
            print(f"{name:<22}{buildings:>10}{taps:>6}{keys:>6}{seconds:>9.2f}")
        taps = [row[2] for row in rows]
        seconds = [row[4] for row in rows]
        print(f"per city: median {statistics.median(taps)} taps (from {min(taps)} to {max(taps)}), "
              f"median {statistics.median(seconds):.2f} s scripted; all seven in sequence "
              f"{sum(seconds):.1f} s (in parallel at a table: the slowest city)")

        delays = live_delays(browser, base, game_id, stored[0]["id"], args.saves)
        print(f"\nLive pad: a save on one phone shown on another's pad after a median "
              f"{statistics.median(delays):.2f} s over {len(delays)} saves "
              f"(from {min(delays):.2f} to {max(delays):.2f} s; the pad polls every 1 s)")
        browser.close()


if __name__ == "__main__":
    main()
