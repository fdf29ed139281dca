#!/usr/bin/env python3
"""Makes docs/navweb.png (and docs/navweb-history.png): navd on the sample app, a few
navigation steps through navctl, navweb with --control, and Debian's Chromium (through
Playwright) photographing the page live and on an old revision. Uses the debug builds
(.build/debug); run from the repository root with the venv's python:

    .venv/bin/python scripts/navweb-screenshots.py
"""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))

from navd_harness import Navd, find_navctl  # noqa: E402
from navweb_harness import Navweb, launch_chromium  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

# Before the page opens.
BEFORE = [
    ["route", "post", "postId=5"],
    ["route", "post", "postId=6"],
    ["tab", "chats"],
]
# While it is open (their events show); the last is held by its guard (signedIn): the login
# screen opens, the request waits.
WHILE_OPEN = [
    ["route", "chat", "chatId=12"],
    ["tab", "settings"],
    ["route", "account"],
]


def main() -> None:
    with Navd() as navd:
        def navctl(*args):
            return subprocess.run([str(find_navctl()), "--socket", navd.socket_path, *args],
                                  capture_output=True, text=True, timeout=10)

        for step in BEFORE:
            navctl(*step)
        web = Navweb(navd.socket_path, "--control").start()
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(web.url)
                expect(page.locator("#nw-status")).to_have_text("live", timeout=15_000)
                expect(page.locator("#nw-graph svg")).to_be_visible(timeout=15_000)
                for step in WHILE_OPEN:
                    navctl(*step)
                expect(page.locator("#nw-pending")).to_contain_text("pending", timeout=15_000)
                page.screenshot(path=str(ROOT / "docs" / "navweb.png"), full_page=True)
                page.click("#nw-back")
                page.click("#nw-back")
                page.click("#nw-back")
                expect(page.locator("#nw-history-label")).to_contain_text("behind live", timeout=15_000)
                page.wait_for_function("window.navweb.past !== null", timeout=15_000)
                page.screenshot(path=str(ROOT / "docs" / "navweb-history.png"), full_page=True)
                browser.close()
        finally:
            web.stop()
    print("wrote docs/navweb.png and docs/navweb-history.png")


if __name__ == "__main__":
    main()
