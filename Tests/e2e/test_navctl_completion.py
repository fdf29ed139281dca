"""Shell completion of navctl in bash (and the zsh and fish scripts), against a running navd.

Guards against completion that only the interactive shell had: `navctl route profile <TAB>`
in bash offered nothing where `navctl shell` offers `userId=` and `section=`; `--transition`
and `call` completed nothing; destinations came in definition order, not those the top screen
may open first; and a completion with no navd running must answer quietly, never with an
error on the user's terminal.
"""

import os
import shutil
import subprocess

import pytest

BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="bash is not installed")

# Completes the line in $1 (the cursor at its end) with the script navctl generates, as bash
# would: COMP_WORDS split on blanks, the current word last, `_navctl COMMAND CUR PREV`.
COMPLETE = r'''
source <("$NAVCTL" --generate-completion-script bash) || exit 9
COMP_LINE="$1"
COMP_POINT=${#COMP_LINE}
read -ra COMP_WORDS <<< "$1"
[[ "$1" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_WORDS[0]="$NAVCTL"
_navctl navctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
'''


def complete(navctl, line: str, socket: str | None = None) -> list[str]:
    env = {**navctl.env, "NAVCTL": str(navctl.binary)}
    if socket is not None:
        env["NAVD_SOCKET"] = socket
    done = subprocess.run([BASH, "-c", COMPLETE, "complete", line], capture_output=True, text=True, timeout=20, env=env)
    assert (done.returncode, done.stderr) == (0, ""), done
    return [word for word in done.stdout.split("\n") if word]


def test_bash_completes_params_transitions_methods_and_tabs_from_navd(navctl):
    assert complete(navctl, "navctl route profile ") == ["userId=", "section="]
    assert complete(navctl, "navctl route profile userId=4 ") == ["section="]
    assert complete(navctl, "navctl route post --transition ") == ["push", "modal", "modalWithNavigation", "sheet", "zoom"]
    assert complete(navctl, "navctl call nav.s") == ["nav.state", "nav.subscribe", "nav.selectTab"]
    assert complete(navctl, "navctl tab ch") == ["chats"]
    assert complete(navctl, "navctl route --pop-to fe") == ["feedList"]
    assert complete(navctl, "navctl ro") == ["route", "routes"]


def test_destinations_the_top_screen_may_open_come_first(navctl):
    assert complete(navctl, "navctl route ")[:4] == ["post", "profile", "compose", "feedList"]
    assert navctl("route", "post", "postId=5").returncode == 0
    assert complete(navctl, "navctl route ")[:3] == ["profile", "post", "feedList"]
    assert complete(navctl, "navctl route p") == ["profile", "post", "photoPicker"]


def test_bash_shows_the_candidates_in_navctls_order(navctl):
    # COMPREPLY was in order, but bash sorted it before showing it: `navctl route <Tab>` listed
    # the 27 destinations alphabetically. The script registers the function with -o nosort.
    script = navctl("--generate-completion-script", "bash").stdout
    registered = subprocess.run([BASH, "-c", 'source /dev/stdin; complete -p navctl'], input=script,
                                capture_output=True, text=True, timeout=20)
    assert registered.stdout.split() == ["complete", "-o", "filenames", "-o", "nosort", "-F", "_navctl", "navctl"], registered


def test_the_socket_option_on_the_line_is_the_navd_asked(navctl):
    line = f"navctl route --socket {navctl.socket_path} profile "
    assert complete(navctl, line, socket="/nonexistent/navd.sock") == ["userId=", "section="]


def test_without_navd_completion_is_quiet_and_offers_what_needs_no_app(navctl):
    gone = "/nonexistent/navd.sock"
    assert complete(navctl, "navctl route ", socket=gone) == []
    assert complete(navctl, "navctl route profile ", socket=gone) == []
    assert complete(navctl, "navctl route post --transition ", socket=gone) == ["push", "modal", "modalWithNavigation"]
    assert complete(navctl, "navctl call nav.s", socket=gone) == ["nav.state", "nav.subscribe", "nav.selectTab"]


def test_the_callback_answers_directly(navctl):
    done = navctl("---completion", "route", "--", "positional@1", "3", "0", "navctl", "route", "profile", "")
    assert (done.returncode, done.stdout, done.stderr) == (0, "userId=\nsection=\n", "")
    done = navctl("---completion", "route", "--", "--transition", "4", "0", "navctl", "route", "post", "--transition", "",
                  env={"NAVD_SOCKET": "/nonexistent/navd.sock"})
    assert (done.returncode, done.stdout, done.stderr) == (0, "push\nmodal\nmodalWithNavigation\n", "")


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_scripts_call_navctl_back_for_the_same_arguments(navctl, shell):
    done = navctl("--generate-completion-script", shell)
    assert done.returncode == 0 and done.stderr == ""
    for argument in ["---completion route -- positional@0", "---completion route -- positional@1",
                     "---completion route -- --transition", "---completion call -- positional@0",
                     "---completion tab -- positional@0"]:
        assert argument in done.stdout, f"{shell}: no callback for {argument}"
