"""Fixtures of the end-to-end tests: a running navd and clients connected to it.

Every test that uses `navd` is skipped, with the reason, while the binary cannot serve
(not built, or no `--socket` option yet), so the suite never fails before the daemon lands.

Every line a test reads through a `navd_harness.Client` (which every fixture here hands
out) is checked against Protocol/navd.openrpc.json as it is read; see `Client`.
"""

import os
import pathlib
import shutil
import tempfile

import pytest

from navd_harness import Navd, NavctlRunner, OpenRPCValidator, find_navctl, find_navd, serve_command


@pytest.fixture(autouse=True)
def private_state_home(tmp_path_factory, monkeypatch):
    """navd keeps its state under $XDG_STATE_HOME unless told otherwise: every test gets its
    own, so that no navd a test starts by hand restores another test's state or meets its
    lock, and nothing lands in the home directory of whoever runs the tests."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture(scope="session")
def navd_command():
    """The argv prefix that starts the daemon; skips when navd cannot serve."""
    command, reason = serve_command(find_navd())
    if command is None:
        pytest.skip(reason)
    return command


@pytest.fixture
def navd(navd_command):
    """A running navd (the built-in sample app) on a socket in a fresh 0700 temp dir,
    stopped (SIGTERM, then SIGKILL) after the test."""
    daemon = Navd(command=navd_command).start()
    try:
        yield daemon
    finally:
        daemon.stop()


@pytest.fixture
def navd_factory(navd_command):
    """Starts more daemons (`navd_factory(app=PATH, extra_args=[...])`); all are stopped
    after the test."""
    started = []

    def start(**kwargs):
        daemon = Navd(command=navd_command, **kwargs).start()
        started.append(daemon)
        return daemon

    yield start
    for daemon in reversed(started):
        daemon.stop()


@pytest.fixture
def client_factory(navd):
    """`client_factory(name=None)` → a new `Client` connected to `navd` (saying
    `daemon.hello` when named); every client is closed after the test."""
    clients = []

    def connect(name=None, timeout=5.0):
        client = navd.client(name=name, timeout=timeout)
        clients.append(client)
        return client

    yield connect
    for client in clients:
        client.close()


@pytest.fixture(scope="session")
def openrpc():
    """Validates results, params, notifications and errors against Protocol/navd.openrpc.json."""
    return OpenRPCValidator()


@pytest.fixture(scope="session")
def navctl_bin():
    """The navctl binary (`NAVCTL_BIN`, default `.build/debug/navctl`); a missing one fails
    the tests that need it: `make test` builds it first."""
    binary = find_navctl()
    if not binary.exists():
        pytest.fail(f"navctl binary not found at {binary} (build it, or set NAVCTL_BIN)")
    return binary


@pytest.fixture
def navctl(navctl_bin, navd, tmp_path):
    """`navctl(*args, input=None)` → CompletedProcess, against the `navd` fixture."""
    return NavctlRunner(navctl_bin, navd.socket_path, tmp_path)


@pytest.fixture
def state_dir():
    """A state directory of our own, outliving each navd started on it."""
    path = pathlib.Path(tempfile.mkdtemp(prefix="navd-state-"))
    os.chmod(path, 0o700)
    yield path
    shutil.rmtree(path, ignore_errors=True)
