"""`make demo`'s scripts: the tour must run through against the real navd (a refused step
would stop it in front of a new user), and demo.sh must bring up navd, two connected viewers
and the tour in one tmux session. The demo itself is not part of `make test`; these check its
scripts without attaching a terminal. Waits are bounded by generous timeouts.
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import time

import pytest

from navd_harness import REPO_ROOT, top_screen

DEMO = REPO_ROOT / "Clients" / "navview" / "demo"


def test_the_tour_runs_through(navd):
    done = subprocess.run(["sh", str(DEMO / "tour.sh")], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, NAVD_SOCKET=navd.socket_path, TOUR_PAUSE="0"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "navrpc:" not in done.stderr
    assert done.stdout.rstrip().endswith("t selects the next tab, : calls a method, ? shows every key, q quits.")
    with navd.client() as client:
        state = client.call("nav.state")
    # Fifteen steps, each one revision; the tour ends home, on the feed's root.
    assert state["revision"] == 16
    assert top_screen(state["root"])["screen"] == "feedList"


def test_demo_opens_navd_two_viewers_and_the_tour(navd_command, tmp_path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed: make demo needs it (apt-get install tmux)")
    binaries = pathlib.Path(navd_command[0]).parent
    viewer = pathlib.Path(os.environ.get("NAVVIEW_BIN", binaries / "navview"))
    if not os.access(viewer if viewer.is_absolute() else REPO_ROOT / viewer, os.X_OK):
        pytest.skip(f"navview is not built at {viewer}")
    env = {k: v for k, v in os.environ.items() if k != "TMUX"}
    env.update(TMUX_TMPDIR=str(tmp_path), TMPDIR=str(tmp_path), NAVVIEW_DEMO_DETACHED="1",
               NAVVIEW_DEMO_SESSION="navview-demo-test", LANG="C.UTF-8")

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=10, env=env, check=True).stdout

    try:
        done = subprocess.run(["sh", str(DEMO / "demo.sh"), str(binaries)], capture_output=True, text=True,
                              timeout=60, env=env, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("demo: tmux session navview-demo-test is running (navd at ")
        panes = tmux("list-panes", "-t", "navview-demo-test", "-F", "#{pane_id} #{pane_start_command}").splitlines()
        assert len(panes) == 4
        viewers = [line.split()[0] for line in panes if re.search(r'/navview\\?"? --socket', line)]
        assert len(viewers) == 2
        # Both viewers connect and follow the tour past its first step (whichever step it is at).
        def past_boot(text: str) -> bool:
            match = re.search(r"● connected · social · revision (\d+) ·", text)
            return match is not None and int(match.group(1)) >= 2

        deadline = time.monotonic() + 30
        captures = {}
        while time.monotonic() < deadline:
            captures = {pane: tmux("capture-pane", "-p", "-t", pane) for pane in viewers}
            if all(past_boot(text) for text in captures.values()):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the demo's viewers never showed the tour's first step:\n" + "\n\n".join(captures.values()))
        # navweb, when built, runs in the window named navweb and prints the URL to open.
        if os.access(binaries / "navweb", os.X_OK):
            deadline = time.monotonic() + 30
            text = ""
            while time.monotonic() < deadline:
                text = tmux("capture-pane", "-p", "-J", "-t", "navview-demo-test:navweb")
                if re.search(r"open http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{48}", text):
                    break
                time.sleep(0.1)
            else:
                raise AssertionError("the demo's navweb window never showed its URL:\n" + text)
    finally:
        subprocess.run(["tmux", "kill-server"], capture_output=True, timeout=10, env=env)
