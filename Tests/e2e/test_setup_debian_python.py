"""`make test`'s set-up on Debian's own python3 (issue 10).

Debian's python3 is "externally managed" (PEP 668): `python3 -m pip install` is refused, so
the set-up that installed jsonschema and pytest with it failed on a stock Debian machine
(`error: externally-managed-environment`) before a single test ran; pyenv's python3, on
the PATH of most developers and CI, hid it. The Makefile now makes a virtual environment
of its own from the python3 on PATH and installs into that.

This test runs the real set-up target (`make test-deps`) with Debian's /usr/bin first on
PATH (the Swift toolchain kept after it) and the venv in a temporary directory, then
checks that the venv's python is Debian's and imports both packages, and that a second run
installs nothing. It installs from PyPI, so it needs the network.
"""

import os
import pathlib
import shutil
import subprocess

import pytest

from navd_harness import REPO_ROOT

DEBIAN_PYTHON = pathlib.Path("/usr/bin/python3")

pytestmark = pytest.mark.skipif(not DEBIAN_PYTHON.exists(), reason="no /usr/bin/python3 (not Debian)")


def debian_first_env():
    """The environment of a stock Debian shell: /usr/bin before anything else (pyenv's shims
    gone), swift still reachable after it, and no PYTHON override."""
    swift = shutil.which("swift")
    assert swift, "swift is not on PATH"
    path = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin", os.path.dirname(swift)]
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHON", "VIRTUAL_ENV", "PYTHONPATH", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env["PATH"] = ":".join(path)
    return env


def make_test_deps(venv, env):
    return subprocess.run(
        ["make", "--no-print-directory", "-C", str(REPO_ROOT), "test-deps", f"VENV={venv}"],
        env=env, capture_output=True, text=True, timeout=900)


def test_make_test_deps_works_with_debians_python3(tmp_path):
    env = debian_first_env()
    resolved = subprocess.run(["sh", "-c", "command -v python3"], env=env,
                              capture_output=True, text=True).stdout.strip()
    assert resolved in ("/usr/local/bin/python3", "/usr/bin/python3"), resolved

    venv = tmp_path / "venv"
    first = make_test_deps(venv, env)
    assert first.returncode == 0, first.stdout + first.stderr
    assert f"make: installing jsonschema pytest wcwidth==0.7.0 playwright into {venv}" in first.stdout

    probe = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "import sys, jsonschema, pytest, wcwidth; print(sys.base_prefix)"],
        capture_output=True, text=True, timeout=60)
    assert probe.returncode == 0, probe.stderr
    base = subprocess.run([resolved, "-c", "import sys; print(sys.base_prefix)"],
                          capture_output=True, text=True).stdout
    assert probe.stdout == base

    again = make_test_deps(venv, env)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "installing" not in again.stdout, again.stdout
