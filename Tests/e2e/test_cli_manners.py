"""The command-line manners a user of git, tmux or ripgrep expects, from the real binaries.

A new user's first hour found: `navctl --socket X state` refused ("Unknown option") because
the common options only worked after the subcommand; `navctl rout` answered with a usage
screen instead of "did you mean 'route'?"; usage errors exiting 64 from navd and navview but
2 from navctl; no `--version` on navctl or navview; and navd printing a line for every client
that connected and disconnected (each `navctl` command is one) at its default log level, which
buried what mattered in the demo's navd pane. These tests pin the exact text of each answer.
"""

import json
import os
import pathlib
import subprocess

import pytest

from navd_harness import REPO_ROOT


def binary(name: str) -> pathlib.Path:
    configured = os.environ.get(f"{name.upper()}_BIN")
    path = pathlib.Path(configured) if configured else pathlib.Path(".build/debug") / name
    return path if path.is_absolute() else REPO_ROOT / path


def run(name: str, *args: str, env: dict | None = None, timeout: float = 15) -> subprocess.CompletedProcess:
    program = binary(name)
    if not program.exists():
        pytest.fail(f"{program} is not built")
    return subprocess.run([str(program), *args], capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL, env={**os.environ, **(env or {})})


PROGRAMS = ["navd", "navctl", "navview", "navbench"]


@pytest.mark.parametrize("name", PROGRAMS)
def test_every_program_prints_the_same_version(name):
    done = run(name, "--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"{name} 0.1.0\n", "")


@pytest.mark.parametrize("name", PROGRAMS)
def test_an_unknown_option_is_a_usage_error_exiting_2_in_every_program(name):
    done = run(name, "--bogus")
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert done.stderr.startswith(f"{name}: unknown option '--bogus'\nUsage: {name}"), done.stderr


def test_navd_shows_how_to_pass_a_negative_value(navd_command):
    # argument-parser reads "-5" after "--history" as an option of its own.
    done = run("navd", "--history", "-5")
    assert done.returncode == 2, done
    assert done.stderr.startswith("navd: missing value for '--history <history>' (a value that starts with '-' reads as "
                                  "an option: write --history=-5)\n"), done.stderr


def test_navd_answers_a_mistyped_subcommand_as_git_does(navd_command):
    done = run("navd", "chek", "app.json")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "navd: unknown command 'chek' — did you mean 'check'?\n")


def test_help_of_a_mistyped_subcommand_is_a_usage_error(navd_command, navctl):
    # `navd help chek` printed the general help and exited 0, as if all were well.
    done = run("navd", "help", "chek")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "navd: unknown command 'chek' — did you mean 'check'?\n")
    done = navctl("help", "rout")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "navctl: unknown command 'rout' — did you mean 'route'?\n")
    assert run("navd", "help", "check").returncode == 0


def test_navd_help_lists_the_options_of_serve(navd_command):
    # `navd --help` listed no --state-dir, --sync or --history (only `navd serve --help` did),
    # though navd alone is navd serve and the README sent readers to `navd --help`.
    for args in (["--help"], ["-h"], ["help"]):
        done = run("navd", *args)
        assert done.returncode == 0, done
        serve_options = done.stdout.split("SERVE OPTIONS (navd alone is navd serve):\n")[1].split("SUBCOMMANDS:")[0]
        for option in ["--app", "--socket", "--state-dir", "--ephemeral", "--sync", "--history", "--listener-timeout"]:
            assert f"\n  {option} " in "\n" + serve_options, (option, done.stdout)
        assert "--version" not in serve_options and "--help" not in serve_options


def test_navctl_says_a_leading_option_lacks_its_value(navctl):
    # `navctl --socket` alone said "unknown option '--socket'", though it is navctl's option.
    done = navctl("--socket")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("navctl: missing value for '--socket <path>'\nUsage: navctl <subcommand>\n"), done.stderr
    done = navctl("--json", "--socket")
    assert done.stderr.startswith("navctl: missing value for '--socket <path>'\n"), done.stderr


def test_navctl_goto_of_a_negative_revision_says_how_to_go_back(navctl):
    # `navctl goto -1` said "unknown option '-1'".
    done = navctl("goto", "-1")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("navctl: a revision is 1 or more, not -1 (to go back: navctl goto --back 1)\n"), done.stderr


def test_navctl_answers_a_mistyped_subcommand_as_git_does(navctl):
    done = navctl("rout", "profile", "userId=42")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "navctl: unknown command 'rout' — did you mean 'route'?\n")
    done = navctl("frobnicate")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "navctl: unknown command 'frobnicate' (see 'navctl --help')\n")


def test_navctl_common_options_work_before_the_subcommand(navctl):
    env = {"NAVD_SOCKET": "/nonexistent/navd.sock"}
    before = navctl("--socket", navctl.socket_path, "state", env=env)
    after = navctl("state", "--socket", navctl.socket_path, env=env)
    assert before.returncode == 0 and before.stderr == "", before
    assert before.stdout == after.stdout
    done = navctl("--json", f"--socket={navctl.socket_path}", "route", "post", "postId=5", env=env)
    assert done.returncode == 0 and done.stderr == "", done
    assert json.loads(done.stdout)["screen"] == "s5"


def test_navctl_suggests_the_nearest_destination_and_tab(navctl):
    done = navctl("route", "prfile", "userId=42")
    assert (done.returncode, done.stdout, done.stderr) == (
        1, "", "navctl: unknown destination 'prfile': no screen or flow has that name; did you mean 'profile'?\n")
    done = navctl("tab", "chatz")
    assert (done.returncode, done.stdout, done.stderr) == (
        1, "", "navctl: invalid params: 'chatz' is not a tab of main (tabs: feed, friends, chats, settings); "
               "did you mean 'chats'?\n")


def test_navd_puts_the_suggestions_in_the_error_data(navd):
    client = navd.client()
    error = client.response(client.request("nav.route", {"to": "prfile"}))["error"]
    assert error == {"code": -32001,
                     "message": "unknown destination 'prfile': no screen or flow has that name; did you mean 'profile'?",
                     "data": {"reason": "unknownDestination", "to": "prfile", "suggestions": ["profile"]}}
    client.close()


def connect_and_leave(navd):
    client = navd.client("visitor")
    client.call("nav.state", {})
    client.close()


def test_client_connects_and_disconnects_are_debug_lines(navd_factory):
    quiet = navd_factory()
    connect_and_leave(quiet)
    connect_and_leave(quiet)  # the second round trip comes after the first client's end was read
    log = quiet.stderr()
    assert "listening" in log
    assert "client connected" not in log and "client disconnected" not in log, log

    chatty = navd_factory(extra_args=["--log-level", "debug"])
    connect_and_leave(chatty)
    chatty.wait_for_log("client connected")
    chatty.wait_for_log("client disconnected")
