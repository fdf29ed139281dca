"""navweb in a real browser (Debian's Chromium driven by Playwright): the page a person opens.

What these guard against: a page that loads but shows nothing of navd (no graph, no marks);
two open pages that disagree, miss a change or show them out of order; a history slider that
cannot return to the live state; control buttons that do nothing, or a read-only navweb that
changes the state anyway; a navweb reachable without its token; a page that stays dead after
navd restarts. Every wait is for a condition, with a generous timeout (the machine is loaded);
nothing is timed."""

import json
import re
import urllib.error
import urllib.request

import pytest

from navd_harness import Navd
from navweb_harness import REPO_ROOT, Navweb, find_navweb, launch_chromium

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is installed by `make test-deps`")
expect = playwright_api.expect
WAIT = 15_000  # milliseconds: for a condition, never a measure


@pytest.fixture(scope="module")
def browser():
    if not find_navweb().exists():
        pytest.fail(f"navweb is not built at {find_navweb()} (swift build, or set NAVWEB_BIN)")
    with playwright_api.sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def navweb_factory(navd):
    started = []

    def start(*flags, socket_path=None):
        web = Navweb(socket_path or navd.socket_path, *flags).start()
        started.append(web)
        return web

    yield start
    for web in started:
        web.stop()


@pytest.fixture
def open_page(browser):
    contexts = []

    def open_(web, context=None):
        if context is None:
            context = browser.new_context()
            contexts.append(context)
        page = context.new_page()
        page.goto(web.url)
        expect(page.locator("#nw-status")).to_have_text("live", timeout=WAIT)
        return page

    yield open_
    for context in contexts:
        context.close()


def node(page, name):
    return page.locator(f'#nw-graph svg [id="{name}"]')


def revisions_shown(page):
    return page.evaluate("window.navweb.shown")


def test_the_page_shows_the_graph_and_highlights_the_top_screen(navd, navweb_factory, open_page, navctl):
    page = open_page(navweb_factory())
    expect(page.locator("#nw-graph svg")).to_be_visible(timeout=WAIT)
    expect(node(page, "feedList")).to_have_class(re.compile(r"\bmark-visible\b"), timeout=WAIT)
    expect(node(page, "friendsList")).to_have_class(re.compile(r"\bmark-stacked\b"))
    expect(node(page, "feed")).to_have_class(re.compile(r"\bmark-selected\b"))
    expect(page.locator("#nw-tree")).to_contain_text("feedList")
    expect(page.locator("#nw-clients")).to_contain_text("navweb", timeout=WAIT)
    # The token left the address bar: the cookie carries it.
    assert "token" not in page.url


def test_a_route_shows_up_on_two_pages_in_order(navd, navweb_factory, open_page, navctl):
    web = navweb_factory()
    first, second = open_page(web), open_page(web)
    start = int(first.evaluate("document.body.dataset.revision"))
    steps = [("post", "postId=5"), ("profile", "userId=3"), ("post", "postId=6")]
    for to, param in steps:
        assert navctl("route", to, param).returncode == 0
    last = start + len(steps)
    for page in (first, second):
        expect(page.locator("body")).to_have_attribute("data-revision", str(last), timeout=WAIT)
        shown = revisions_shown(page)
        assert shown[-len(steps) - 1:] == list(range(start, last + 1)), shown
        expect(page.locator("#nw-events")).to_contain_text("enter", timeout=WAIT)
        expect(page.locator("#nw-top")).to_have_text("top: post")
        expect(node(page, "post")).to_have_class(re.compile(r"\bmark-visible\b"))
        expect(node(page, "profile")).to_have_class(re.compile(r"\bmark-stacked\b"))


def test_the_slider_shows_an_old_revision_and_returns_to_live(navd, navweb_factory, open_page, navctl):
    page = open_page(navweb_factory())
    for to, param in [("post", "postId=5"), ("profile", "userId=3")]:
        assert navctl("route", to, param).returncode == 0
    expect(page.locator("body")).to_have_attribute("data-revision", "3", timeout=WAIT)
    expect(page.locator("#nw-history-label")).to_have_text("live · r3")
    page.click("#nw-back")
    page.click("#nw-back")
    expect(page.locator("#nw-history-label")).to_have_text("r1 of 3 · 2 behind live", timeout=WAIT)
    expect(page.locator("body")).to_have_attribute("data-top", "feedList", timeout=WAIT)
    expect(page.locator("#nw-tree")).not_to_contain_text("profile")
    expect(page.locator("#nw-past-events")).to_contain_text("r1 ")
    expect(page.locator("#nw-events")).to_be_hidden()
    # The live state goes on meanwhile; the page stays on r1 until asked.
    assert navctl("close").returncode == 0
    expect(page.locator("#nw-history-label")).to_have_text("r1 of 4 · 3 behind live", timeout=WAIT)
    page.click("#nw-live")
    expect(page.locator("#nw-history-label")).to_have_text("live · r4", timeout=WAIT)
    expect(page.locator("body")).to_have_attribute("data-top", "post", timeout=WAIT)
    expect(page.locator("#nw-events")).to_contain_text("nav.close")


def test_control_buttons_change_the_state(navd, navweb_factory, open_page, navctl):
    page = open_page(navweb_factory("--control"))
    expect(page.locator("#nw-control")).to_be_visible()
    page.click('#nw-routes button[data-route="compose"]', timeout=WAIT)
    expect(page.locator("body")).to_have_attribute("data-top", "composePost", timeout=WAIT)
    state = json.loads(navctl("--json", "state").stdout)
    assert "composePost" in json.dumps(state["root"])
    page.click("#nw-close")
    expect(page.locator("body")).to_have_attribute("data-top", "feedList", timeout=WAIT)
    page.click('#nw-tabs button[data-tab="friends"]')
    expect(page.locator("body")).to_have_attribute("data-top", "friendsList", timeout=WAIT)
    page.fill("#nw-deeplink", "social://posts/7")
    page.click("#nw-deeplink-form button")
    expect(page.locator("body")).to_have_attribute("data-top", "post", timeout=WAIT)
    # navd's refusal is shown, not swallowed: profile needs its userId.
    page.click('#nw-routes button[data-route="profile"]')
    expect(page.locator("#nw-control-error")).to_contain_text("nav.route", timeout=WAIT)


def test_a_read_only_page_has_no_controls_and_navweb_refuses_them(navd, navweb_factory, open_page, navctl):
    web = navweb_factory()
    page = open_page(web)
    expect(page.locator("#nw-control")).to_be_hidden()
    response = page.request.post(f"{web.base}/api/control", data=json.dumps({"method": "nav.close", "params": {}}),
                                 headers={"Content-Type": "application/json"})
    assert response.status == 403
    assert json.loads(navctl("--json", "state").stdout)["revision"] == 1


def test_a_request_without_the_token_gets_403(navd, navweb_factory):
    web = navweb_factory()
    for url, headers in [
        (f"{web.base}/", {}),
        (f"{web.base}/api/state", {}),
        (f"{web.base}/?token=wrong", {}),
        (f"{web.base}/?token={web.token}", {"Host": f"evil.example:{web.port}"}),
    ]:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10)
        assert refused.value.code == 403, url
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    with opener.open(web.url, timeout=10) as page:
        assert page.status == 200 and b"navweb" in page.read()


def test_the_page_reconnects_after_navd_restarts(navd, navd_command, navweb_factory, open_page, navctl):
    page = open_page(navweb_factory())
    first_instance = json.loads(navctl("--json", "state").stdout)["instance"]
    navd.stop(remove_dir=False)
    expect(page.locator("#nw-status")).not_to_have_text("live", timeout=WAIT)
    again = Navd(command=navd_command, socket_path=navd.socket_path).start()
    try:
        expect(page.locator("#nw-status")).to_have_text("live", timeout=WAIT)
        second_instance = json.loads(navctl("--json", "state").stdout)["instance"]
        assert second_instance != first_instance
        expect(page.locator("#nw-app")).to_contain_text(second_instance, timeout=WAIT)
        assert navctl("route", "post", "postId=9").returncode == 0
        expect(page.locator("body")).to_have_attribute("data-top", "post", timeout=WAIT)
    finally:
        again.stop()


def test_the_screenshot_is_in_the_docs():
    """scripts/navweb-screenshots.py makes it; docs/navweb.md shows it."""
    png = REPO_ROOT / "docs" / "navweb.png"
    assert png.exists(), "run scripts/navweb-screenshots.py"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "navweb.png" in (REPO_ROOT / "docs" / "navweb.md").read_text()


def test_unix_socket_mode_is_private_and_checks_the_token(navd, tmp_path):
    """--unix: only its user may connect (no group or other bits) and the token rules still hold."""
    import http.client
    import os
    import socket
    import stat

    path = tmp_path / "web.sock"
    import subprocess
    import time
    process = subprocess.Popen(Navweb(navd.socket_path, "--unix", str(path)).argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        token = re.search(r"\?token=([0-9a-f]{48})", line).group(1)
        deadline = time.monotonic() + 10
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stat.S_IMODE(os.stat(path).st_mode) & 0o077 == 0

        class UnixConnection(http.client.HTTPConnection):
            def connect(self):
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(str(path))

        def get(target):
            connection = UnixConnection("localhost", 8080, timeout=10)
            connection.request("GET", target)
            response = connection.getresponse()
            response.read()
            connection.close()
            return response

        assert get("/api/state").status == 403
        assert get("/?token=wrong").status == 403
        answer = get(f"/?token={token}")
        assert answer.status == 302 and token in answer.getheader("Set-Cookie")
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert not path.exists(), "navweb removes its socket when stopped"
