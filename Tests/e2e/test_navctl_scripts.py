"""`navctl run`: the example scripts of Clients/navctl/examples run green against a fresh
navd, and a script whose expectation is wrong fails at its line.

Guards against examples rotting as navd changes, and against a script runner that passes
what it should fail: a wrong expectation reported at the wrong line (or not at all), a
failure that still exits 0, a summary that does not count what ran."""

import pathlib

import pytest

from navd_harness import REPO_ROOT

EXAMPLES = REPO_ROOT / "Clients" / "navctl" / "examples"


@pytest.mark.parametrize("name, assertions", [("tour", 15), ("deeplinks", 12), ("errors", 13), ("guards", 13)])
def test_example_runs_green(navctl, name, assertions):
    done = navctl("run", "--quiet", str(EXAMPLES / f"{name}.navctl"))
    assert (done.returncode, done.stdout, done.stderr) == (0, f"{assertions} passed, 0 failed\n", "")


def test_examples_print_each_commands_output(navctl):
    done = navctl("run", str(EXAMPLES / "tour.navctl"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "r2: willHide s1 feedList, tabSelected f1 friends, willShow s2 friendsList"
    assert done.stdout.endswith("15 passed, 0 failed\n")


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
        1, "7 passed, 1 failed\n", f"{script}:{number}: expected top chat chatId=c43, got chat chatId=c42\n")
    assert navctl("expect", "revision", "4").returncode == 0, "the run stopped right after the failure"


def test_keep_going_runs_to_the_end(navctl, tmp_path):
    script, number = wrong_tour(tmp_path)
    done = navctl("run", "-q", "--keep-going", str(script))
    assert (done.returncode, done.stdout, done.stderr) == (
        1, "14 passed, 1 failed\n", f"{script}:{number}: expected top chat chatId=c43, got chat chatId=c42\n")


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
