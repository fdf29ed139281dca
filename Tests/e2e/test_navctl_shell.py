"""`navctl shell` for real: a terminal under tmux, libedit reading keys.

Guards against a shell that only works on a pipe: a prompt that never shows the revision
and top screen, Tab that completes nothing, history that Up does not recall, an error that
ends the shell, `exit` that leaves a broken terminal or loses the history file."""

import shlex
import shutil
import subprocess
import time
import uuid

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


class Tmux:
    """One detached tmux session running a command in a 120×30 terminal."""

    def __init__(self, command: str, env: dict):
        self.name = f"navctl-{uuid.uuid4().hex[:8]}"
        exports = " ".join(f"{key}={shlex.quote(value)}" for key, value in env.items())
        subprocess.run([TMUX, "new-session", "-d", "-s", self.name, "-x", "120", "-y", "30",
                        f"env {exports} {command}; echo \"[exit $?]\"; sleep 30"], check=True)

    def send(self, *keys: str) -> None:
        subprocess.run([TMUX, "send-keys", "-t", self.name, *keys], check=True)

    def type(self, text: str) -> None:
        subprocess.run([TMUX, "send-keys", "-t", self.name, "-l", text], check=True)

    def screen(self) -> str:
        return subprocess.run([TMUX, "capture-pane", "-p", "-t", self.name], capture_output=True, text=True, check=True).stdout

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen().splitlines() if line.strip()]

    def wait_for(self, predicate, what: str, timeout: float = 10.0) -> list[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.lines()
            if predicate(lines):
                return lines
            time.sleep(0.05)
        raise AssertionError(f"the terminal never showed {what}; it shows:\n" + self.screen())

    def kill(self) -> None:
        subprocess.run([TMUX, "kill-session", "-t", self.name], capture_output=True)


@pytest.fixture
def shell(navctl):
    session = Tmux(f"{shlex.quote(str(navctl.binary))} shell", {
        "NAVD_SOCKET": navctl.socket_path, "XDG_STATE_HOME": str(navctl.home / "state"), "HOME": str(navctl.home),
        "TERM": "xterm"})
    try:
        yield session
    finally:
        session.kill()


def test_a_session(shell, navctl):
    shell.wait_for(lambda lines: lines == ["social r1 feedList>"], "the first prompt")

    # Tab completes a destination (the only one starting with "po"), then a param name.
    shell.type("route po")
    shell.send("Tab")
    shell.wait_for(lambda lines: lines[-1] == "social r1 feedList> route post", "post completed")
    shell.send("Tab")
    shell.wait_for(lambda lines: lines[-1] == "social r1 feedList> route post postId=", "postId= completed")
    shell.type("5")
    shell.send("Enter")
    shell.wait_for(lambda lines: lines[-2:] == [
        "r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post",
        "social r2 post>"], "the route's result and the new prompt")

    # An error is printed and the shell goes on.
    shell.type("route chat chatId=c1")
    shell.send("Enter")
    shell.wait_for(lambda lines: lines[-2:] == [
        "navctl: route not allowed: post cannot open chat (allowed: profile, post)",
        "social r2 post>"], "the error line and a prompt")

    # Up recalls the last line, and once more the one before.
    shell.send("Up")
    shell.wait_for(lambda lines: lines[-1] == "social r2 post> route chat chatId=c1", "the last line recalled")
    shell.send("Up")
    shell.wait_for(lambda lines: lines[-1] == "social r2 post> route post postId=5", "the first line recalled")
    shell.send("C-u")
    shell.wait_for(lambda lines: lines[-1] == "social r2 post>", "a cleared line")

    # Changes made elsewhere show in the next prompt.
    navctl("tab", "chats")
    shell.send("Enter")
    shell.wait_for(lambda lines: lines[-1] == "social r3 chatList>", "the prompt after another client's change")

    shell.type("exit")
    shell.send("Enter")
    shell.wait_for(lambda lines: lines[-1] == "[exit 0]", "the shell's exit status")
    history = (navctl.home / "state" / "navctl" / "history").read_text()
    assert history.splitlines()[1:] == [r"route\040post\040postId=5", r"route\040chat\040chatId=c1", "exit"]


def test_tab_lists_candidates_and_ctrl_d_leaves(shell):
    shell.wait_for(lambda lines: lines == ["social r1 feedList>"], "the first prompt")
    shell.type("tab ")
    shell.send("Tab")
    shell.wait_for(lambda lines: "feed  friends  chats  settings" in lines, "the tabs listed")
    shell.send("C-u")
    shell.send("C-d")
    shell.wait_for(lambda lines: lines[-1] == "[exit 0]", "the shell's exit status")
