"""`navctl run`: the example scripts of Clients/navctl/examples run green against a fresh
navd, and a script whose expectation is wrong fails at its line.

Guards against examples rotting as navd changes, and against a script runner that passes
what it should fail: a wrong expectation reported at the wrong line (or not at all), a
failure that still exits 0, a summary that does not count what ran. And against examples
that run only once: a second run of tour.navctl failed with "expected revision 1, got
revision 8", and guards.navctl started signed in, because `reset` kept the session flags."""

import pathlib

import pytest

from navd_harness import REPO_ROOT

EXAMPLES = REPO_ROOT / "Clients" / "navctl" / "examples"


@pytest.mark.parametrize("name, assertions", [("tour", 13), ("deeplinks", 10), ("errors", 11), ("guards", 13)])
def test_example_runs_green_and_again(navctl, name, assertions):
    for run in ("first", "second"):
        done = navctl("run", "--quiet", str(EXAMPLES / f"{name}.navctl"))
        assert (done.returncode, done.stdout, done.stderr) == (0, f"{assertions} passed, 0 failed\n", ""), run


def test_every_example_starts_from_reset_and_they_run_one_after_another(navctl):
    names = sorted(path.name for path in EXAMPLES.glob("*.navctl"))
    assert names == ["deeplinks.navctl", "errors.navctl", "guards.navctl", "tour.navctl"]
    for name in names:
        commands = [line for line in (EXAMPLES / name).read_text().splitlines() if line and not line.startswith("#")]
        assert commands[0] == "reset", name
    # guards.navctl ends signed in; every script after it starts signed out all the same.
    for name in ["guards.navctl", *names]:
        done = navctl("run", "--quiet", str(EXAMPLES / name))
        assert done.returncode == 0, (name, done.stdout, done.stderr)


def test_examples_print_each_commands_output(navctl):
    done = navctl("run", str(EXAMPLES / "tour.navctl"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("r2: willHide s1 feedList, exit s4 settingsHome, flowFinished f5 settings,")
    assert lines[1] == "r3: willHide s5 feedList, tabSelected f6 friends, willShow s6 friendsList"
    assert done.stdout.endswith("13 passed, 0 failed\n")


def wrong_tour(tmp_path: pathlib.Path) -> tuple[pathlib.Path, int]:
    """The tour with its first `expect top chat` wrong, and the line number of that line."""
    lines = (EXAMPLES / "tour.navctl").read_text().splitlines()
    number = lines.index("expect top chat chatId=c42") + 1
    lines[number - 1] = "expect top chat chatId=c43"
    script = tmp_path / "wrong.navctl"
    script.write_text("\n".join(lines) + "\n")
    return script, number


def test_a_wrong_expectation_stops_the_run_at_its_line(navctl, tmp_path):
    script, number = wrong_tour(tmp_path)
    done = navctl("run", "-q", str(script))
    assert (done.returncode, done.stdout, done.stderr) == (
        1, "6 passed, 1 failed\n", f"{script}:{number}: expected top chat chatId=c43, got chat chatId=c42\n")
    assert navctl("expect", "revision", "5").returncode == 0, "the run stopped right after the failure"


def test_keep_going_runs_to_the_end(navctl, tmp_path):
    script, number = wrong_tour(tmp_path)
    done = navctl("run", "-q", "--keep-going", str(script))
    assert (done.returncode, done.stdout, done.stderr) == (
        1, "12 passed, 1 failed\n", f"{script}:{number}: expected top chat chatId=c43, got chat chatId=c42\n")


def test_syntax_errors_exit_two_before_anything_runs(navctl, tmp_path):
    script = tmp_path / "bad.navctl"
    script.write_text("route post postId=5\nroute post --frobnicate\nexpect nothing\n")
    done = navctl("run", str(script))
    assert (done.returncode, done.stdout, done.stderr) == (2, "", (
        f"{script}:2: unknown option '--frobnicate'\n"
        f"{script}:3: unexpected argument 'nothing'\n"))
    assert navctl("expect", "revision", "1").returncode == 0


def test_a_script_from_stdin(navctl):
    done = navctl("run", "-", input="expect error routeNotAllowed\nroute chat chatId=c1\nexpect top feedList\n")
    assert (done.returncode, done.stdout, done.stderr) == (0, "2 passed, 0 failed\n", "")
