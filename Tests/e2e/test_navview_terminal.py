"""navview and the terminal it finds: character widths, NO_COLOR, TERM=dumb, a C locale.

The bugs this guards against:
- a chatId of rockets (🚀, two columns each, counted as one) made a tree line wider than the
  window; ncurses wrapped it into the next row and the screen fell apart; Hebrew points and
  Thai vowel marks (no column, counted as one) left rows short and misplaced;
- NO_COLOR (no-color.org) was ignored;
- TERM=dumb or a TERM that terminfo does not know made navview exit instead of printing text;
- --plain and --once printed box drawing characters under a C locale.

Screens are read with `tmux capture-pane` (polled until they match, bounded by a generous
timeout); no check depends on how fast anything is. Skipped when tmux is missing or navd /
navview are not built.
"""

from __future__ import annotations

import os
import pathlib
import re
import select
import shutil
import subprocess
import tempfile
import time
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
    shown = row.split("chatId=", 1)[1].removeprefix('"')  # quoted only when it has a space
    if shown.startswith(value) and shown[len(value):len(value) + 1] in ('"', " ", ""):
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


SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def sgr_colours(text: str) -> set[str]:
    """The colour parameters (foreground, background, 256 and true colour) of every SGR
    sequence in `text`; 39 and 49, the terminal's default colours, are not colours (tmux
    writes them after every reset)."""
    found = set()
    for match in SGR.finditer(text):
        for parameter in re.split(r"[;:]", match.group(1)):
            if parameter and (30 <= int(parameter) <= 48 or 90 <= int(parameter) <= 107) and parameter != "39":
                found.add(parameter)
    return found


def sgr_attributes(text: str) -> set[str]:
    return {p for match in SGR.finditer(text) for p in re.split(r"[;:]", match.group(1)) if p in ("1", "2", "7")}


def test_no_color_turns_colour_off(navd, navview_bin, tmux):
    # no-color.org: set and not empty. An empty NO_COLOR leaves colour on.
    plain, coloured = tmux.open(100, 30), tmux.open(100, 30)
    start_viewer(tmux, plain, f"NO_COLOR=1 {navview_bin} --socket {navd.socket_path}")
    start_viewer(tmux, coloured, f"NO_COLOR= {navview_bin} --socket {navd.socket_path}")
    with navd.client(name="e2e") as actor:
        revision = actor.call("nav.route", {"to": "post", "params": {"postId": 5}})["revision"]
    screens = {}
    for pane in (plain, coloured):
        tmux.wait(pane, lambda text: f"revision {revision} ·" in status_line(text) and "postId=5" in text, "the route")
        screens[pane] = tmux.run("capture-pane", "-p", "-e", "-t", pane)
    assert sgr_colours(screens[coloured]) >= {"32", "33", "36"}, "the control pane shows no colour"
    assert sgr_colours(screens[plain]) == set(), f"colour under NO_COLOR=1:\n{screens[plain]!r}"
    # Bold, dim and reverse video are not colour: they stay.
    assert sgr_attributes(screens[plain]) == {"1", "2", "7"}
    for pane in (plain, coloured):
        tmux.run("send-keys", "-t", pane, "q")


def test_dumb_or_unknown_terminal_falls_back_to_plain_text(navd, navview_bin, tmux):
    dumb, unknown = tmux.open(200, 30), tmux.open(200, 30)
    run_in(tmux, dumb, f"TERM=dumb {navview_bin} --socket {navd.socket_path}")
    run_in(tmux, unknown, f"TERM=navd-no-such-terminal {navview_bin} --socket {navd.socket_path}")
    with navd.client(name="e2e") as actor:
        instance = actor.call("nav.state")["instance"]
        notes = {
            dumb: f"navview: TERM=dumb cannot move the cursor; {FALLBACK}",
            unknown: f"navview: terminfo does not know TERM=navd-no-such-terminal; {FALLBACK}",
        }
        for pane, note in notes.items():
            text = tmux.wait(pane, lambda text: "s4 settingsHome" in text, "the plain rendering")
            lines = [line.rstrip() for line in text.splitlines() if line.strip()]
            start = lines.index(f"--- revision 1 (subscribed to instance {instance}) ---")
            assert lines[start - 1] == note, text
            assert lines[start + 1:start + 5] == ["main tabs f1", "│ [feed]  friends  chats  settings",
                                                  "├─ feed stack f2", "│  ▶ s1 feedList"], text
            assert tmux.show(pane, "#{alternate_on}") == "0"
        actor.call("nav.route", {"to": "post", "params": {"postId": 5}})
    for pane in (dumb, unknown):
        text = tmux.wait(pane, lambda text: "│  ▶ s5 post postId=5" in text, "the plain rendering of the route")
        assert "--- revision 2 (nav.route by e2e (" in text
        assert sum(FALLBACK in line for line in text.splitlines()) == 1, text
        tmux.run("send-keys", "-t", pane, "C-c")
        tmux.wait(pane, lambda text: status_line(text).rstrip() == PROMPT.rstrip(), "the shell prompt")


ASCII_BOOT = [
    "main tabs f1",
    "| [feed]  friends  chats  settings",
    "+- feed stack f2",
    "|  > s1 feedList",
    "+- friends stack f3",
    "|    s2 friendsList",
    "+- chats stack f4",
    "|    s3 chatList",
    "`- settings stack f5",
    "     s4 settingsHome",
]


def read_lines(stream, count: int, timeout: float) -> bytes:
    """The first `count` lines of a pipe, waiting at most `timeout` seconds in all."""
    deadline = time.monotonic() + timeout
    data = b""
    while data.count(b"\n") < count:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([stream], [], [], left)[0]:
            raise AssertionError(f"only {data!r} within {timeout:g} s")
        chunk = os.read(stream.fileno(), 4096)
        if not chunk:
            raise AssertionError(f"the stream ended after {data!r}")
        data += chunk
    return b"".join(line + b"\n" for line in data.split(b"\n")[:count])


@pytest.mark.parametrize("locale", ["C", "POSIX"])
def test_once_and_plain_draw_ascii_under_a_c_locale(navd, navview_bin, locale):
    env = {"PATH": os.environ["PATH"], "LC_ALL": locale, "NAVD_SOCKET": navd.socket_path}
    with navd.client() as client:
        instance = client.call("nav.state")["instance"]
    once = subprocess.run([str(navview_bin), "--once"], env=env, capture_output=True, timeout=20)
    assert once.returncode == 0, once.stderr
    assert once.stdout.decode("ascii").splitlines() == [f"--- revision 1 (current state, instance {instance}) ---", *ASCII_BOOT]

    plain = subprocess.Popen([str(navview_bin), "--plain"], env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        output = read_lines(plain.stdout, 1 + len(ASCII_BOOT), timeout=20)
    finally:
        plain.kill()
        plain.wait(timeout=10)
    assert output.decode("ascii").splitlines() == [f"--- revision 1 (subscribed to instance {instance}) ---", *ASCII_BOOT]

    # The same under UTF-8: the box drawing characters are chosen by the locale, not always ASCII.
    utf8 = subprocess.run([str(navview_bin), "--once"], env=dict(env, LC_ALL="C.UTF-8"), capture_output=True, timeout=20)
    assert "│  ▶ s1 feedList" in utf8.stdout.decode("utf-8")
