"""navview and the terminal it finds: character widths.

The bug this guards against: a chatId of rockets (🚀, two columns each, counted as one) made a
tree line wider than the window; ncurses wrapped it into the next row and the screen fell
apart; Hebrew points and Thai vowel marks (no column, counted as one) left rows short.

Screens are read with `tmux capture-pane` (polled until they match, bounded by a generous
timeout); no check depends on how fast anything is. Skipped when tmux is missing or navd /
navview are not built.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import tempfile
import unicodedata
import urllib.parse

import pytest

from navd_harness import top_screen
from test_navview_tmux import PROMPT, Tmux, find_navview, status_line

ROCKETS = "🚀" * 30
HEBREW = "שָׁלוֹם עֲלֵיכֶם"
THAI = "สวัสดีที่นี่"
FALLBACK = "printing the state as text instead (--plain)"


def columns(text: str) -> int:
    """Terminal columns, as the Unicode data gives them (marks and format characters none,
    East Asian wide and fullwidth two)."""
    width = 0
    for character in text:
        if unicodedata.category(character) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
    return width


@pytest.fixture(scope="module")
def navview_bin():
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed: the terminal tests need it (apt-get install tmux)")
    binary = find_navview()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"navview is not built at {binary} (swift build, or set NAVVIEW_BIN)")
    return binary


@pytest.fixture
def tmux():
    """A private tmux server; `open(columns, rows)` starts a window of one shell pane with a
    clean environment (tmux's TERM, a UTF-8 locale, a known prompt) and returns the pane."""
    directory = pathlib.Path(tempfile.mkdtemp(prefix="navview-terminal-"))
    server = Tmux(directory)
    shell = f"env -i PATH={os.environ['PATH']} HOME={directory} TERM=$TERM LANG=C.UTF-8 PS1='{PROMPT}' sh"
    count = 0

    def open_pane(width: int, height: int) -> str:
        nonlocal count
        count += 1
        pane = server.run("new-session", "-d", "-P", "-F", "#{pane_id}", "-x", str(width), "-y", str(height),
                          "-s", f"w{count}", shell).strip()
        server.wait(pane, lambda text: PROMPT.strip() in text, "the shell prompt")
        return pane

    server.open = open_pane
    try:
        yield server
    finally:
        server.kill()
        shutil.rmtree(directory, ignore_errors=True)


def run_in(tmux: Tmux, pane: str, command: str) -> None:
    tmux.run("send-keys", "-t", pane, "-l", command)
    tmux.run("send-keys", "-t", pane, "Enter")


def start_viewer(tmux: Tmux, pane: str, command: str) -> None:
    run_in(tmux, pane, command)
    tmux.wait(pane, lambda _: tmux.show(pane, "#{alternate_on}") == "1", "navview in the alternate screen")


def shown_value(row: str, value: str) -> str:
    """What `row` shows of the chatId `value`: all of it, or a cut that ends between whole
    characters (a base never loses its marks)."""
    shown = row.split('chatId="', 1)[1]
    if shown.startswith(value + '"'):
        return value
    cut = shown.rstrip().removesuffix("…")
    assert value.startswith(cut), f"{row!r} does not show a prefix of {value!r}"
    rest = value[len(cut):]
    assert rest and unicodedata.category(rest[0]) not in ("Mn", "Me"), f"{row!r} cuts marks from their base"
    return cut


def test_wide_and_combining_characters_stay_in_their_rows(navd, navview_bin, tmux):
    pane = tmux.open(45, 30)
    start_viewer(tmux, pane, f"{navview_bin} --socket {navd.socket_path}")
    with navd.client(name="e2e") as actor:
        actor.call("nav.deeplink", {"url": f"social://chats/{urllib.parse.quote(ROCKETS)}/messages/4"})
        actor.call("nav.route", {"to": "profile", "params": {"userId": 42}})
        actor.call("nav.route", {"to": "chat", "params": {"chatId": HEBREW}})
        actor.call("nav.route", {"to": "message", "params": {"chatId": THAI, "messageId": 7}})
        state = actor.call("nav.state")
    top = top_screen(state["root"])
    assert top["params"] == {"chatId": THAI, "messageId": 7}

    for width in (45, 46, 47, 48):
        tmux.run("resize-window", "-t", pane, "-x", str(width), "-y", "30")

        def settled(text: str, width=width) -> bool:
            rule = next((line for line in text.splitlines() if line.startswith("── recent events ")), "")
            return (f"revision {state['revision']} ·" in status_line(text) and len(rule) == width
                    and f"▶ {top['id']} message" in text)
        text = tmux.wait(pane, settled, f"the last revision at {width} columns")
        rows = text.split("\n")[:30]
        assert status_line(text) == rows[29].rstrip() and rows[29].startswith(" ● connected · social · revision")
        for row in rows:
            assert columns(row) <= width, f"a row wider than the window ({width}):\n{text}"
            # A cut row fills the window but for the column a wide character could not take.
            if row.rstrip().endswith("…"):
                assert columns(row.rstrip()) in (width - 1, width), f"{row!r} is {columns(row.rstrip())} columns"
        # Every row with a chatId's characters is the row of that chatId: nothing wrapped.
        for value, marker in ((ROCKETS, "🚀"), (HEBREW, "ש"), (THAI, "ส")):
            holding = [row for row in rows if marker in row]
            assert holding and all("chatId=" in row for row in holding), f"{marker} spilled into another row:\n{text}"
            for row in holding:
                shown_value(row, value)
        assert all(row.rstrip().endswith("…") for row in rows if "🚀" in row), text
    tmux.run("send-keys", "-t", pane, "q")
    tmux.wait(pane, lambda _: tmux.show(pane, "#{alternate_on}") == "0", "the end of navview")
