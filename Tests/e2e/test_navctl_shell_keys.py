"""Ctrl-C and Ctrl-D in `navctl shell`, typed into a real terminal (tmux) from an interactive bash.

Guards against the shell a new user met: Ctrl-C on a half-typed line ended `navctl shell`
altogether (libedit passed SIGINT on to its default action), where bash, python and psql
cancel the line and prompt again. Ctrl-D must still leave, but only on an empty line, with
exit status 0 and the terminal given back to bash.
"""

import shlex

import pytest

from test_navctl_shell import TMUX, Tmux

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


@pytest.fixture
def bash(navctl):
    """An interactive bash (job control: navctl runs in its own process group, as it does
    for a user) with the prompt `$ `, in a tmux terminal."""
    session = Tmux("bash --norc --noprofile -i", {
        "PS1": "$ ", "NAVD_SOCKET": navctl.socket_path, "XDG_STATE_HOME": str(navctl.home / "state"),
        "HOME": str(navctl.home), "TERM": "xterm"})
    try:
        session.wait_for(lambda lines: lines == ["$"], "bash's prompt")
        yield session
    finally:
        session.kill()


def test_ctrl_c_cancels_the_line_and_ctrl_d_on_an_empty_line_leaves(bash, navctl):
    bash.type(f"{shlex.quote(str(navctl.binary))} shell")
    bash.send("Enter")
    bash.wait_for(lambda lines: lines[-1:] == ["social r1 feedList>"], "the first prompt")

    # Ctrl-C on a half-typed line: ^C, a new prompt; nothing ran, the shell goes on.
    bash.type("route po")
    bash.send("C-c")
    bash.wait_for(lambda lines: lines[-2:] == ["social r1 feedList> route po^C", "social r1 feedList>"],
                  "the line cancelled and a new prompt")
    bash.type("route post postId=5")
    bash.send("Enter")
    bash.wait_for(lambda lines: lines[-2:] == [
        "r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post",
        "social r2 post>"], "the next line running")

    # Ctrl-C on an empty line: a new prompt too.
    bash.send("C-c")
    bash.wait_for(lambda lines: lines[-2:] == ["social r2 post> ^C", "social r2 post>"], "a new prompt")

    # Ctrl-D with something typed does not leave; Ctrl-D on an empty line does, with status 0.
    bash.type("st")
    bash.send("C-d")
    bash.type("ate")
    bash.send("Enter")
    bash.wait_for(lambda lines: lines[-1] == "social r2 post>" and any(line.startswith("revision 2") for line in lines),
                  "state printed: Ctrl-D on a non-empty line left the shell running")
    bash.send("C-d")
    bash.wait_for(lambda lines: lines[-1] == "$", "bash's prompt after Ctrl-D")
    bash.type('echo "[exit $?]"')
    bash.send("Enter")
    bash.wait_for(lambda lines: lines[-2:] == ["[exit 0]", "$"], "navctl shell's exit status 0")
    assert navctl("state").stdout.startswith("revision 2,")
