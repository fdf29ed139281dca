"""navview --plain end to end: the text rendering a log or a test reads, one block per change.

Guards against a plain viewer that misses or repeats revisions, prints a tree that is not
navd's, gives up when navd restarts, or (without --plain) draws escape sequences into a pipe.
Lines are read from navview's stdout as they come; every wait is bounded by a generous
timeout, and nothing depends on how fast anything is.
"""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import threading
import time

import pytest

from navd_harness import REPO_ROOT, Navd

WAIT = 20.0

BOOT_TREE = [
    "main tabs f1",
    "│ [feed]  friends  chats  settings",
    "├─ feed stack f2",
    "│  ▶ s1 feedList",
    "├─ friends stack f3",
    "│    s2 friendsList",
    "├─ chats stack f4",
    "│    s3 chatList",
    "└─ settings stack f5",
    "     s4 settingsHome",
]


def find_navview() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("NAVVIEW_BIN", ".build/debug/navview"))
    return path if path.is_absolute() else REPO_ROOT / path


@pytest.fixture(scope="module")
def navview_bin():
    binary = find_navview()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"navview is not built at {binary} (swift build, or set NAVVIEW_BIN)")
    return binary


class PlainViewer:
    """navview with stdout (and stderr) on pipes, read line by line by threads."""

    def __init__(self, binary: pathlib.Path, socket_path: str, *flags: str):
        env = dict(os.environ, LANG="C.UTF-8")
        self.process = subprocess.Popen([str(binary), "--socket", socket_path, *flags], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.lines: list[str] = []
        self.errors: list[str] = []
        for stream, sink in ((self.process.stdout, self.lines), (self.process.stderr, self.errors)):
            threading.Thread(target=self._pump, args=(stream, sink), daemon=True).start()

    def _pump(self, stream, sink: list[str]) -> None:
        for raw in stream:
            sink.append(raw.decode("utf-8").rstrip("\n"))

    def wait(self, predicate, what: str, timeout: float = WAIT):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            result = predicate()
            if result:
                return result
            time.sleep(0.02)
        raise AssertionError(f"navview --plain never printed {what} within {timeout:g} s.\n"
                             f"stdout:\n" + "\n".join(self.lines) + "\nstderr:\n" + "\n".join(self.errors))

    def block(self, header: str, length: int, what: str) -> list[str]:
        """The `length` lines after the line `header`, once they are all there."""
        def found():
            if header in self.lines:
                start = self.lines.index(header) + 1
                if len(self.lines) >= start + length:
                    return self.lines[start:start + length]
            return None
        return self.wait(found, what)

    def headers(self) -> list[str]:
        return [line for line in self.lines if line.startswith("--- revision ")]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=10)


@pytest.fixture
def viewers():
    started: list[PlainViewer] = []
    yield started
    for viewer in started:
        viewer.stop()


@pytest.mark.parametrize("flags", [("--plain",), ()], ids=["--plain", "stdout-not-a-terminal"])
def test_a_block_per_revision_and_a_new_instance_after_a_restart(navd, navd_command, navview_bin, viewers, flags):
    viewer = PlainViewer(navview_bin, navd.socket_path, *flags)
    viewers.append(viewer)
    with navd.client(name="e2e") as actor:
        instance = actor.call("nav.state")["instance"]
        assert viewer.block(f"--- revision 1 (subscribed to instance {instance}) ---", len(BOOT_TREE), "the boot tree") == BOOT_TREE

        actor.call("nav.route", {"to": "post", "params": {"postId": 5}})
        client_id = next(c["id"] for c in actor.call("daemon.info")["clients"] if c["name"] == "e2e")
        tree = viewer.block(f"--- revision 2 (nav.route by e2e ({client_id})) ---", 5, "revision 2")
        assert tree == [
            "main tabs f1",
            "│ [feed]  friends  chats  settings",
            "├─ feed stack f2",
            "│    s1 feedList",
            "│  ▶ s5 post postId=5 · push (zoom, animator zoom)",
        ]
        actor.call("nav.route", {"to": "profile", "params": {"userId": 1}})
        tree = viewer.block(f"--- revision 3 (nav.route by e2e ({client_id})) ---", 7, "revision 3")
        assert tree[4:] == [
            "│    s5 post postId=5 · push (zoom, animator zoom)",
            "│  ▲ single f6 · modal",
            '│  ┃ ▶ s6 profile userId=1 section=posts · modal',
        ]
    # No escape sequences, whether --plain was given or stdout is merely not a terminal.
    assert not any("\x1b" in line for line in viewer.lines)
    assert viewer.headers() == [
        f"--- revision 1 (subscribed to instance {instance}) ---",
        f"--- revision 2 (nav.route by e2e ({client_id})) ---",
        f"--- revision 3 (nav.route by e2e ({client_id})) ---",
    ]

    # navd stops and a new one starts on the same socket: navview says so on stderr and
    # prints the new instance's revision 1.
    navd.stop(remove_dir=False)
    viewer.wait(lambda: any("disconnected" in line and "retrying" in line for line in viewer.errors), "the lost connection")
    restarted = subprocess.Popen([*navd_command, "--socket", navd.socket_path], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        new_instance = viewer.wait(
            lambda: next((h.split("instance ")[1].rstrip(") -") for h in viewer.headers()
                          if h.startswith("--- revision 1 (connected to a new navd instance ")), None),
            "revision 1 of the new instance")
        assert new_instance != instance
        assert viewer.block(f"--- revision 1 (connected to a new navd instance {new_instance}) ---",
                            len(BOOT_TREE), "the new boot tree") == BOOT_TREE
        assert viewer.process.poll() is None, "navview --plain exited instead of reconnecting"
    finally:
        restarted.send_signal(signal.SIGTERM)
        restarted.wait(timeout=10)


def test_once_prints_the_state_and_exits(navd, navview_bin):
    with navd.client() as client:
        client.call("nav.route", {"to": "profile", "params": {"userId": 7, "section": "photos"}})
        instance = client.call("nav.state")["instance"]
    done = subprocess.run([str(navview_bin), "--socket", navd.socket_path, "--once"], capture_output=True,
                          timeout=30, env=dict(os.environ, LANG="C.UTF-8"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines() == [
        f"--- revision 2 (current state, instance {instance}) ---",
        "main tabs f1",
        "│ [feed]  friends  chats  settings",
        "├─ feed stack f2",
        "│    s1 feedList",
        "│  ▲ single f6 · modal",
        '│  ┃ ▶ s5 profile userId=7 section=photos · modal',
        "├─ friends stack f3",
        "│    s2 friendsList",
        "├─ chats stack f4",
        "│    s3 chatList",
        "└─ settings stack f5",
        "     s4 settingsHome",
    ]


def test_once_without_navd_exits_3(navview_bin, tmp_path):
    socket_path = str(tmp_path / "nobody.sock")
    done = subprocess.run([str(navview_bin), "--socket", socket_path, "--once"], capture_output=True, timeout=30)
    assert done.returncode == 3
    assert done.stdout == b""
    assert done.stderr.decode().startswith(f"navview: no navd at {socket_path} (")


def test_plain_without_navd_keeps_retrying_until_one_comes(navview_bin, navd_command, tmp_path):
    # docs/README.md said `navview --plain` exits 3 without navd, as `--once` does; it retries
    # (like the full-screen viewer) and shows the state of the navd that comes.
    socket_path = str(tmp_path / "later.sock")
    viewer = subprocess.Popen([str(navview_bin), "--socket", socket_path, "--plain"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    navd = None
    try:
        first = viewer.stderr.readline()
        assert first.startswith(f"navview: no navd at {socket_path} (") and first.rstrip().endswith("retrying"), first
        assert viewer.poll() is None, "navview --plain gave up"
        navd = Navd(command=navd_command, socket_path=socket_path).start()
        assert viewer.stdout.readline().startswith("--- revision 1 (subscribed to instance ")
    finally:
        viewer.terminate()
        viewer.wait(timeout=10)
        if navd is not None:
            navd.stop()
    docs = (REPO_ROOT / "docs" / "README.md").read_text()
    assert "3 no navd reachable (navctl, `navview --once`;" in " ".join(docs.split())


def test_help_names_the_prompt_grammar(navview_bin):
    done = subprocess.run([str(navview_bin), "--help"], capture_output=True, timeout=30)
    assert done.returncode == 0
    text = " ".join(done.stdout.decode().split())
    assert text.startswith("OVERVIEW: Shows navd's navigation state live in the terminal, for as many viewers as you open.")
    assert 'nav.route {"to":"post","params":{"postId":5}}; not navctl\'s grammar' in text
    for flag in ("--socket <socket>", "--plain", "--once", "--ascii"):
        assert flag in text
