"""navctl's history, goto, reset and `history --script`, against real navds.

The bug this guards against: a script recorded with `navctl history --script` that does not
replay. A cause whose params name the recording navd's instance ids (a close of the top
screen, a pop to a screen, a tab of the root tabs flow) would fail, or do something else, on
another navd whose ids differ; so would a script that does not start from the state its
first revision started from. The recorded script must run green with `navctl run` against a
fresh navd, and against the recording navd itself after it moved on.
"""

from __future__ import annotations

import re

from navd_harness import NavctlRunner


SESSION = [
    ("route", "post", "postId=5"),
    ("route", "profile", "userId=42", "--transition", "modal"),
    ("close",),
    ("tab", "chats"),
    ("route", "chat", "chatId=c9"),
    ("pop-to", "chatList"),
    ("deeplink", "social://chats/c9/messages/4"),
    ("tab", "0"),
    ("pop-to-root",),
]


def record(navctl) -> None:
    for command in SESSION:
        done = navctl(*command)
        assert done.returncode == 0, f"navctl {' '.join(command)}: {done.stderr}"


def test_a_recorded_script_replays_green_on_a_fresh_navd(navctl_bin, navd_factory, tmp_path):
    recording = navd_factory()
    navctl = NavctlRunner(navctl_bin, recording.socket_path, tmp_path / "a")
    record(navctl)
    done = navctl("history", "--script")
    assert done.returncode == 0, done.stderr
    script = done.stdout
    lines = script.splitlines()
    assert re.match(r"# navctl history --script: r1–r10 recorded from navd at .+; replay with navctl run$", lines[0])
    assert lines[1:3] == ["reset", "expect top feedList"]
    # One command and one expectation per revision after the boot one.
    commands = [line for line in lines[3:] if not line.startswith("#")]
    assert commands[0::2] == [" ".join(command) for command in SESSION]
    assert all(line.startswith("expect top ") for line in commands[1::2])
    path = tmp_path / "session.navctl"
    path.write_text(script)

    fresh = navd_factory()
    replay = NavctlRunner(navctl_bin, fresh.socket_path, tmp_path / "b")
    done = replay("run", str(path))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith(f"{len(SESSION) + 1} passed, 0 failed\n")
    with fresh.client() as client:
        state = client.call("nav.state")
    with recording.client() as client:
        recorded = client.call("nav.state")
    assert state["revision"] == len(SESSION) + 2
    assert strip_ids(state["root"]) == strip_ids(recorded["root"])

    # The recording navd replays it too, from where it is now (reset first).
    done = navctl("run", "--quiet", str(path))
    assert (done.returncode, done.stdout) == (0, f"{len(SESSION) + 1} passed, 0 failed\n")


def test_a_range_starts_from_the_revision_before_it(navctl_bin, navd_factory, tmp_path):
    recording = navd_factory()
    navctl = NavctlRunner(navctl_bin, recording.socket_path, tmp_path / "a")
    record(navctl)
    done = navctl("history", "--script", "--since", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("# navctl history --script: r5–r10 recorded from navd at ")
    assert lines[1:3] == ["# starts from the state of r4 (top: post postId=5); on the navd it came from: navctl goto 4",
                          "expect top post postId=5"]
    path = tmp_path / "tail.navctl"
    path.write_text(done.stdout)
    # From the wrong state the first expectation says so and nothing runs.
    fresh = navd_factory()
    replay = NavctlRunner(navctl_bin, fresh.socket_path, tmp_path / "b")
    done = replay("run", str(path))
    assert done.returncode == 1
    assert done.stderr == f"{path}:3: expected top post postId=5, got feedList\n"
    # From the state of r4 (reached by hand here) it replays green.
    assert replay("route", "post", "postId=5").returncode == 0
    done = replay("run", "--quiet", str(path))
    assert (done.returncode, done.stderr) == (0, "")


def test_history_goto_and_reset(navctl):
    record(navctl)
    done = navctl("history", "--limit", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["r8", "r9", "r10"]
    assert re.match(r"r8\s+nav\.deeplink url=social://chats/c9/messages/4\s+navctl \(c\d+\)\s+\d+ events: ", lines[0])
    assert re.match(r"r10\s+nav\.popToRoot\s+navctl \(c\d+\)\s+", lines[2])
    full = navctl("history", "--json")
    assert full.returncode == 0
    assert '"entries":[' in full.stdout and '"latest":10' in full.stdout

    done = navctl("goto", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("r11: ")
    assert navctl("expect", "top", "post", "postId=5").returncode == 0
    done = navctl("goto", "11")
    assert (done.returncode, done.stdout) == (0, "r11: no change\n")
    done = navctl("goto", "999")
    assert done.returncode == 1
    assert done.stderr.startswith("navctl: ") and "999" in done.stderr

    done = navctl("reset")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("r12: ")
    assert navctl("expect", "top", "feedList").returncode == 0


def test_goto_back_steps_through_revisions_and_a_recorded_goto_replays_anywhere(navctl_bin, navd_factory, tmp_path):
    """`goto --back N` goes N revisions back from the current one (itself a new revision), and
    a recorded script writes its gotos that way: the bug was a script with `goto 2` that
    replayed against a navd with another history went to that navd's revision 2."""
    recording = navd_factory()
    navctl = NavctlRunner(navctl_bin, recording.socket_path, tmp_path / "a")
    assert navctl("route", "post", "postId=5").returncode == 0
    assert navctl("route", "profile", "userId=42").returncode == 0
    done = navctl("goto", "--back", "1")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("r4: ")
    assert navctl("expect", "top", "post", "postId=5").returncode == 0
    # Back again is where it started: the goto was a revision too.
    assert navctl("goto", "--back", "1").returncode == 0
    assert navctl("expect", "top", "profile", "userId=42").returncode == 0
    assert navctl("goto", "2").returncode == 0
    done = navctl("goto", "--back", "9")
    assert done.returncode == 1
    assert done.stderr == "navctl: r6 has 5 revisions before it: --back 9 goes past revision 1\n"
    done = navctl("goto")
    assert done.returncode == 2
    assert done.stderr.startswith("navctl: give a revision (navctl goto 12) or how far back (navctl goto --back 1)\n")

    done = navctl("history", "--script")
    assert done.returncode == 0, done.stderr
    gotos = [line for line in done.stdout.splitlines() if line.startswith("goto")]
    assert gotos == ["goto --back 1", "goto --back 1", "goto --back 3"]
    path = tmp_path / "session.navctl"
    path.write_text(done.stdout)

    # Another navd, with a history of its own before the replay: its revision 2 is another post.
    other = navd_factory()
    replay = NavctlRunner(navctl_bin, other.socket_path, tmp_path / "b")
    assert replay("route", "post", "postId=7").returncode == 0
    done = replay("run", str(path))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith("6 passed, 0 failed\n")


def strip_ids(node):
    """A tree without its instance ids (a replay makes the same tree with other ids)."""
    if isinstance(node, dict):
        return {key: strip_ids(value) for key, value in node.items() if key not in ("id", "flow") or not isinstance(value, str) or not re.fullmatch(r"[sf]\d+", value)}
    if isinstance(node, list):
        return [strip_ids(value) for value in node]
    return node
