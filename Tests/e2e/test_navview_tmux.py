"""navview end to end, in real terminals: navd and two full-screen viewers in one tmux window.

The bugs this guards against are the ones only a terminal shows: viewers that fall behind or
disagree on the revision, a resize that leaves the old layout on screen, a restarted navd that
the viewers never find again (or whose new state they never show), and a viewer that exits
leaving the terminal in the alternate screen. Every check polls `tmux capture-pane` until the
screen matches, bounded by a generous timeout; no check depends on how fast anything is.

Skipped when tmux is missing, or navd / navview are not built (NAVD_BIN, NAVVIEW_BIN).
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import pytest

from navd_harness import REPO_ROOT, top_screen

WAIT = 20.0
PROMPT = "viewer$ "


def find_navview() -> pathlib.Path:
    """`$NAVVIEW_BIN` (relative to the repository root), else `.build/debug/navview`."""
    path = pathlib.Path(os.environ.get("NAVVIEW_BIN", ".build/debug/navview"))
    return path if path.is_absolute() else REPO_ROOT / path


@pytest.fixture(scope="module")
def navview_bin():
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed: the full-screen navview tests need it (apt-get install tmux)")
    binary = find_navview()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"navview is not built at {binary} (swift build, or set NAVVIEW_BIN)")
    return binary


class Tmux:
    """A private tmux server (its own socket, no user config) for one test."""

    def __init__(self, directory: pathlib.Path):
        self.socket = str(directory / "tmux.sock")

    def run(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-S", self.socket, "-f", "/dev/null", *args],
                              capture_output=True, text=True, timeout=10)
        if done.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def capture(self, pane: str) -> str:
        return self.run("capture-pane", "-p", "-t", pane)

    def show(self, pane: str, fmt: str) -> str:
        return self.run("display-message", "-p", "-t", pane, fmt).strip()

    def size(self, pane: str) -> tuple[int, int]:
        columns, rows = self.show(pane, "#{pane_width} #{pane_height}").split()
        return int(columns), int(rows)

    def wait(self, pane: str, predicate, what: str, timeout: float = WAIT) -> str:
        """Captures `pane` until `predicate(text)` holds; fails with the last capture."""
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.capture(pane)
            if predicate(text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"pane {pane} never showed {what} within {timeout:g} s; it shows:\n{text}")

    def kill(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True, timeout=10)


def status_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def showing(revision: int, top: dict, instance: str | None = None):
    """A predicate: the status line says `revision N`, the tree marks `top` as the top
    screen, and (when given) the instance is named (in the event pane's connection notes)."""
    marker = f"▶ {top['id']} {top['screen']}"

    def check(text: str) -> bool:
        return (f"● connected · social · revision {revision} ·" in status_line(text)
                and marker in text and (instance is None or f"instance {instance}" in text))
    return check


def child_pids(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as children:
            return [int(p) for p in children.read().split()]
    except FileNotFoundError:
        return []


def start_navd_on(command: list[str], socket_path: str, log: pathlib.Path) -> subprocess.Popen:
    """A second navd on the socket of the first (a restart); waits until it accepts."""
    with open(log, "wb") as out:
        process = subprocess.Popen([*command, "--socket", socket_path], stdin=subprocess.DEVNULL,
                                   stdout=out, stderr=out)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(socket_path)
            return process
        except OSError:
            time.sleep(0.02)
        finally:
            probe.close()
    process.kill()
    raise AssertionError(f"the restarted navd never accepted on {socket_path}: {log.read_text()}")


@pytest.fixture
def terminals(navview_bin):
    """A tmux window 120×40 split into two shells, side by side, each with a known prompt."""
    directory = pathlib.Path(tempfile.mkdtemp(prefix="navview-tmux-"))
    tmux = Tmux(directory)
    # A clean environment: tmux's TERM, a UTF-8 locale, and a prompt the tests can find.
    shell = f"env -i PATH={os.environ['PATH']} HOME={directory} TERM=$TERM LANG=C.UTF-8 PS1='{PROMPT}' sh"
    left = tmux.run("new-session", "-d", "-P", "-F", "#{pane_id}", "-x", "120", "-y", "40", "-s", "navview", shell).strip()
    right = tmux.run("split-window", "-h", "-P", "-F", "#{pane_id}", "-t", left, shell).strip()
    for pane in (left, right):
        tmux.wait(pane, lambda text: PROMPT.strip() in text, "the shell prompt")
    try:
        yield tmux, left, right
    finally:
        tmux.kill()
        shutil.rmtree(directory, ignore_errors=True)


def start_viewer(tmux: Tmux, pane: str, binary: pathlib.Path, socket_path: str) -> None:
    tmux.run("send-keys", "-t", pane, f"{binary} --socket {socket_path}", "Enter")
    tmux.wait(pane, lambda _: tmux.show(pane, "#{alternate_on}") == "1", "navview in the alternate screen")


def test_two_viewers_follow_one_state_resize_reconnect_and_quit(navd, navd_command, terminals, navview_bin):
    tmux, left, right = terminals
    panes = (left, right)
    for pane in panes:
        start_viewer(tmux, pane, navview_bin, navd.socket_path)

    actor = navd.client(name="e2e")
    state = actor.call("nav.state")
    for pane in panes:
        tmux.wait(pane, showing(state["revision"], top_screen(state["root"]), state["instance"]), "the boot state")

    # Every step: both viewers on the same revision with the same top screen, and the event
    # pane names the change and the client that made it.
    steps = [
        ("nav.route", {"to": "post", "params": {"postId": 5}}),
        ("nav.deeplink", {"url": "social://chats/c9/messages/4"}),
        ("nav.selectTab", {"tab": "feed"}),
        ("nav.route", {"to": "profile", "params": {"userId": 42}}),
    ]
    for method, params in steps:
        revision = actor.call(method, params)["revision"]
        state = actor.call("nav.state")
        assert state["revision"] == revision
        for pane in panes:
            text = tmux.wait(pane, showing(revision, top_screen(state["root"])), f"revision {revision} after {method}")
            assert f"r{revision} {method} by e2e (" in text
    # The profile is presented over the feed stack: its modal layer shows; the chats tab kept its stack.
    for pane in panes:
        text = tmux.capture(pane)
        assert "│  ▲ single" in text and "│  ┃ ▶ s8 profile userId=42" in text and "│    s7 message" in text
    if os.environ.get("NAVVIEW_CAPTURE"):
        # docs/navview.md's picture of navview comes from here (NAVVIEW_CAPTURE=FILE).
        pathlib.Path(os.environ["NAVVIEW_CAPTURE"]).write_text(tmux.capture(left))

    # Keys act on the state: b closes the top screen (the profile), t selects the next tab.
    tmux.run("send-keys", "-t", left, "b")
    for pane in panes:
        tmux.wait(pane, lambda text: "r6 nav.close by navview (" in text and "▶ s5 post postId=5" in text, "the close by b")
    tmux.run("send-keys", "-t", right, "t")
    for pane in panes:
        tmux.wait(pane, lambda text: "│ feed  [friends]  chats  settings" in text and "▶ s2 friendsList" in text, "the tab t selected")
    state = actor.call("nav.state")
    assert (state["revision"], top_screen(state["root"])["screen"]) == (7, "friendsList")

    # A resize re-renders at the new size: the rule above the events spans the new width,
    # and the status line sits on the new last row.
    before = {pane: tmux.size(pane) for pane in panes}
    tmux.run("resize-window", "-t", "navview", "-x", "100", "-y", "30")
    for pane in panes:
        columns, rows = tmux.size(pane)
        assert (columns, rows) != before[pane]

        def redrawn(text: str, columns=columns, rows=rows) -> bool:
            lines = text.splitlines()
            rule = next((line for line in lines if line.startswith("── recent events ")), "")
            return (len(rule) == columns and len(lines) >= rows
                    and lines[rows - 1].startswith(" ● connected · social · revision 7"))
        tmux.wait(pane, redrawn, f"a redraw at {columns}×{rows}")

    # navd goes away: both viewers say so and keep the last tree; a new navd on the same
    # socket is found again and its state (revision 1 of a new instance) is shown.
    actor.close()
    navd.stop(remove_dir=False)
    for pane in panes:
        tmux.wait(pane, lambda text: "disconnected — retrying" in status_line(text)
                  and "disconnected — retrying (last tree: revision 7)" in text, "the lost connection")
    restarted = start_navd_on(navd_command, navd.socket_path, pathlib.Path(navd.dir) / "restarted.log")
    try:
        with navd.client(name="e2e") as fresh:
            state = fresh.call("nav.state")
        assert state["revision"] == 1
        for pane in panes:
            text = tmux.wait(pane, showing(1, top_screen(state["root"]), state["instance"]), "the restarted navd's state")
            assert f"connected to a new navd instance {state['instance']}" in text

        # q, Ctrl-C and SIGTERM each leave the alternate screen and give the shell back.
        tmux.run("send-keys", "-t", left, "q")
        shell_pid = int(tmux.show(right, "#{pane_pid}"))
        (viewer_pid,) = child_pids(shell_pid)
        os.kill(viewer_pid, signal.SIGTERM)
        for pane in panes:
            tmux.wait(pane, lambda text: tmux.show(pane, "#{alternate_on}") == "0" and status_line(text).rstrip() == PROMPT.rstrip(),
                      "the shell prompt after navview ended")
            assert tmux.show(pane, "#{pane_current_command}") == "sh"
        start_viewer(tmux, left, navview_bin, navd.socket_path)
        tmux.wait(left, showing(1, top_screen(state["root"])), "the state in a new viewer")
        tmux.run("send-keys", "-t", left, "C-c")
        tmux.wait(left, lambda text: tmux.show(left, "#{alternate_on}") == "0" and status_line(text).rstrip() == PROMPT.rstrip(),
                  "the shell prompt after Ctrl-C")
    finally:
        restarted.send_signal(signal.SIGTERM)
        restarted.wait(timeout=10)


def test_the_prompt_calls_a_method_and_reports_errors(navd, terminals, navview_bin):
    tmux, left, _ = terminals
    start_viewer(tmux, left, navview_bin, navd.socket_path)
    tmux.wait(left, lambda text: "● connected" in text, "the connection")
    tmux.run("send-keys", "-t", left, ":")
    tmux.run("send-keys", "-t", left, "-l", 'nav.route {"to":"post","params":{"postId":9}}')
    tmux.wait(left, lambda text: status_line(text).startswith(':nav.route {"to":"post"'), "the prompt")
    tmux.run("send-keys", "-t", left, "Enter")
    tmux.wait(left, lambda text: "▶ s5 post postId=9" in text and "— nav.route — revision 2" in text, "the routed post")
    tmux.run("send-keys", "-t", left, ":")
    tmux.run("send-keys", "-t", left, "-l", 'nav.route {"to":"chat","params":{"chatId":"c1"}}')
    tmux.run("send-keys", "-t", left, "Enter")
    tmux.wait(left, lambda text: "— nav.route: route not allowed: post cannot open chat" in text, "the refusal")
    with navd.client() as client:
        assert client.call("nav.state")["revision"] == 2
    tmux.run("send-keys", "-t", left, "?")
    tmux.wait(left, lambda text: "navview keys" in text and "not navctl's grammar" in text, "the help")
    tmux.run("send-keys", "-t", left, "q")
    tmux.wait(left, lambda _: tmux.show(left, "#{alternate_on}") == "0", "the end of navview")


def test_an_events_revision_shows_the_event_its_steps_and_its_handler(navd, terminals, navview_bin):
    """navview's event pane names a routing event, what it became and which listener handled it."""
    tmux, left, right = terminals
    tmux.run("kill-pane", "-t", right)
    start_viewer(tmux, left, navview_bin, navd.socket_path)
    tmux.wait(left, lambda text: "● connected" in text, "the connection")
    with navd.client("profileModule") as listener, navd.client("feedModule") as emitter:
        listener.call("events.listen", {"events": ["userTapped"]})
        emitter_id = emitter.call("daemon.hello", {"name": "feedModule"})["client"]
        request = emitter.request("event.emit", {"name": "userTapped", "payload": {"userId": 42}})
        asked = listener.server_request()
        listener.answer(asked["id"], {"steps": [{"method": "nav.route", "params": {"to": "profile", "params": {"userId": 42}}}]})
        result = emitter.response(request)["result"]
        line = f"r2 event userTapped by feedModule ({emitter_id}) → nav.route profile, handled by {result['by']}"
        tmux.wait(left, lambda text: line in text, "the event's revision")
    tmux.run("send-keys", "-t", left, "q")
    tmux.wait(left, lambda _: tmux.show(left, "#{alternate_on}") == "0", "the end of navview")


def test_at_60_columns_help_and_errors_wrap_instead_of_being_cut(navd, terminals, navview_bin):
    # The bug: at 60 columns every line of the `?` help and every `:` error ended in "…", so
    # the text a person asked to read was cut off. They wrap now; tree lines are still cut.
    tmux, left, _ = terminals
    tmux.run("resize-pane", "-t", left, "-x", "60")
    assert tmux.size(left)[0] == 60
    start_viewer(tmux, left, navview_bin, navd.socket_path)
    tmux.wait(left, lambda text: "● connected" in text, "the connection")
    tmux.run("send-keys", "-t", left, "?")
    help_text = tmux.wait(left, lambda text: "navview keys" in text, "the help")
    assert "  t           select the next tab of the nearest tabs flow\n              (nav.selectTab)" in help_text
    keys = help_text.split("the picture")[0]
    assert "…" not in keys, keys
    tmux.run("send-keys", "-t", left, "x")
    tmux.wait(left, lambda text: "main tabs f1" in text, "the tree again")
    tmux.run("send-keys", "-t", left, ":")
    tmux.run("send-keys", "-t", left, "-l", 'nav.route {"to":"chat","params":{"chatId":"c1"}}')
    tmux.run("send-keys", "-t", left, "Enter")
    text = tmux.wait(left, lambda text: "(routeNotAllowed)" in text, "the whole refusal")
    assert ("— nav.route: route not allowed: feedList cannot open chat\n"
            "  (allowed: post, profile, compose) (routeNotAllowed)") in text, text
