"""`make install` and `make uninstall` (issue 10).

A user who installs a daemon expects more than the binary: a man page for every command and
subcommand, completions for bash, zsh and fish in the directories those shells search, and a
systemd user unit that starts the installed daemon on the socket clients look for. This test
runs `make install` into a temporary PREFIX (with the debug build the test run already made,
CONFIGURATION=debug, so no release build), checks that every file is there and works — the
man pages render, the completion scripts know the subcommands, the unit passes
`systemd-analyze verify` (or at least parses with the expected keys) — and that `make
uninstall` removes every file it installed.

The expected man pages and subcommands are read from each installed program
(`--experimental-dump-help`, what swift-argument-parser's manual generator reads too), so a
new subcommand needs no edit here.
"""

import configparser
import json
import os
import shutil
import subprocess

import pytest

from navd_harness import REPO_ROOT

PROGRAMS = ["navd", "navctl", "navview", "navweb"]

pytestmark = pytest.mark.skipif(shutil.which("make") is None or shutil.which("swift") is None,
                                reason="needs make and swift")


def make(*args):
    """Runs make in the repository, free of the settings of a `make test` that runs this test."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    run = subprocess.run(["make", "--no-print-directory", "-C", str(REPO_ROOT), *args],
                         env=env, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stdout + run.stderr
    return run


def command_tree(program_path):
    dump = subprocess.run([program_path, "--experimental-dump-help"],
                          capture_output=True, text=True, check=True).stdout
    return json.loads(dump)["command"]


def page_names(command, prefix):
    """`navctl`, `navctl.route`, `navctl.expect.top`…: one page per command, `help` left out."""
    names = [prefix]
    for sub in command.get("subcommands", []):
        if sub["commandName"] != "help":
            names += page_names(sub, f"{prefix}.{sub['commandName']}")
    return names


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    prefix = tmp_path_factory.mktemp("prefix")
    make("install", f"PREFIX={prefix}", "CONFIGURATION=debug")
    return prefix


def test_programs_are_installed_and_run(prefix):
    for program in PROGRAMS:
        path = prefix / "bin" / program
        assert os.access(path, os.X_OK), path
        usage = subprocess.run([path, "--help"], capture_output=True, text=True)
        assert usage.returncode == 0 and f"USAGE: {program}" in usage.stdout, (program, usage)


def test_a_man_page_for_every_command_and_subcommand(prefix):
    man1 = prefix / "share" / "man" / "man1"
    expected = set()
    for program in PROGRAMS:
        expected |= {f"{name}.1" for name in page_names(command_tree(prefix / "bin" / program), program)}
    assert {"navd.1", "navctl.1", "navview.1", "navweb.1", "navctl.route.1", "navd.check.1"} <= expected
    assert {p.name for p in man1.iterdir()} == expected


def test_man_pages_render(prefix):
    page = prefix / "share" / "man" / "man1" / "navctl.route.1"
    source = page.read_text()
    assert ".Dt NAVCTL.ROUTE 1" in source
    if shutil.which("man"):
        rendered = subprocess.run(["man", "-l", str(page)], capture_output=True, text=True,
                                  env={**os.environ, "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"})
    elif shutil.which("groff"):
        rendered = subprocess.run(["groff", "-mandoc", "-Tutf8", str(page)], capture_output=True, text=True)
    else:
        pytest.skip("neither man nor groff to render with (the .Dt header was checked)")
    assert rendered.returncode == 0, rendered.stderr
    text = rendered.stdout.replace("\u2014", "-")
    assert "navctl route - Opens a screen" in " ".join(text.split()), text[:400]
    assert "--transition" in text


def test_completions_know_the_subcommands(prefix):
    share = prefix / "share"
    for program in PROGRAMS:
        scripts = [share / "bash-completion" / "completions" / program,
                   share / "zsh" / "site-functions" / f"_{program}",
                   share / "fish" / "vendor_completions.d" / f"{program}.fish"]
        subcommands = [sub["commandName"] for sub in command_tree(prefix / "bin" / program).get("subcommands", [])]
        for script in scripts:
            text = script.read_text()
            assert program in text, script
            for sub in subcommands:
                assert sub in text, (script, sub)
    assert "route" in (share / "bash-completion" / "completions" / "navctl").read_text()
    if shutil.which("bash"):
        check = subprocess.run(["bash", "-n", str(share / "bash-completion" / "completions" / "navctl")],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stderr


def test_systemd_user_unit_starts_the_installed_navd_on_the_default_socket(prefix, tmp_path):
    unit = prefix / "share" / "systemd" / "user" / "navd.service"
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read_string(unit.read_text())
    service = parser["Service"]
    assert service["ExecStart"].split()[:4] == [str(prefix / "bin" / "navd"), "serve", "--socket",
                                                "%t/navd/navd.sock"]
    assert service["Restart"] == "on-failure"
    # The comment names the placeholder; only ExecStart gets the path (the substitution once
    # hit the comment too, which then showed the install prefix as if it were the placeholder).
    comments = [line for line in unit.read_text().splitlines() if line.startswith("#")]
    assert any("fills in @BINDIR@" in line for line in comments), comments
    assert "@BINDIR@" not in service["ExecStart"]
    assert parser["Install"]["WantedBy"] == "default.target"
    assert parser["Unit"]["Description"]
    if shutil.which("systemd-analyze"):
        runtime = tmp_path / "runtime"
        runtime.mkdir(mode=0o700)
        verify = subprocess.run(["systemd-analyze", "--user", "verify", str(unit)],
                                capture_output=True, text=True,
                                env={**os.environ, "XDG_RUNTIME_DIR": str(runtime),
                                     "MANPATH": str(prefix / "share" / "man")})
        assert (verify.returncode, verify.stderr) == (0, ""), verify.stderr


def test_uninstall_removes_every_installed_file(tmp_path):
    destdir = tmp_path / "dest"
    make("install", f"DESTDIR={destdir}", "PREFIX=/usr", "CONFIGURATION=debug")
    installed = [p for p in destdir.rglob("*") if p.is_file()]
    assert (destdir / "usr" / "bin" / "navd") in installed
    assert any(p.name == "navd.service" for p in installed)
    make("uninstall", f"DESTDIR={destdir}", "PREFIX=/usr")
    assert [p for p in destdir.rglob("*") if p.is_file()] == []
    # The directories install made go too, up to PREFIX (uninstall left bin/, share/man/man1/,
    # the completion and systemd directories behind, empty).
    assert sorted(destdir.rglob("*")) == [destdir / "usr"]


def test_uninstall_keeps_directories_that_hold_other_files(tmp_path):
    destdir = tmp_path / "dest"
    make("install", f"DESTDIR={destdir}", "PREFIX=/usr", "CONFIGURATION=debug")
    other = destdir / "usr" / "bin" / "other-tool"
    other.write_text("#!/bin/sh\n")
    make("uninstall", f"DESTDIR={destdir}", "PREFIX=/usr")
    assert sorted(p for p in destdir.rglob("*") if p.is_file()) == [other]
    assert not (destdir / "usr" / "share").exists()


def test_make_run_builds_the_three_programs_the_tour_uses():
    # The bug: `make run` built navd only, and the README's next step, `navctl route …`, was
    # "command not found" on a fresh clone.
    dry = make("-n", "run").stdout
    assert "for p in navd navctl navview; do" in dry and "--product $p" in dry, dry
    assert dry.rstrip().endswith(".build/debug/navd"), dry
