"""The daemon's life around its socket (docs/protocol.md transport, shutdown; docs/README.md programs).

A navigation daemon is started by scripts, editors and login sessions, often twice, and
killed by service managers. These tests guard against: a second navd stealing (or
deleting) the socket of a live one; a socket file left by a crashed navd blocking every
later start; a socket or directory that other users can open or write; a directory that
others can write being used silently; a SIGTERM/SIGINT that drops clients without
`daemon.shutdown`, leaves the socket behind or exits non-zero; and a stopping navd that
removes a socket which is no longer its own.
"""

import os
import pathlib
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time

import pytest

from navd_harness import Client


@pytest.fixture
def scratch_dir():
    """A fresh 0700 directory for socket paths of our choosing (short, unlike tmp_path)."""
    path = pathlib.Path(tempfile.mkdtemp(prefix="navd-e2e-"))
    os.chmod(path, 0o700)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def run_navd(command, socket_path, timeout=15):
    """Runs navd to completion (for starts that must fail)."""
    return subprocess.run([*command, "--socket", str(socket_path)], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def test_navd_announces_its_state_and_where_it_listens(navd):
    database = navd.dir / "state" / "navd" / "social.sqlite"
    assert navd.stdout().splitlines() == [
        f"navd: no saved state at {database}: starting fresh",
        f"navd: listening on {navd.socket_path} (app social, revision 1)",
    ]


def test_a_second_navd_on_a_live_socket_exits_2_and_the_first_still_serves(navd, navd_command):
    before = os.stat(navd.socket_path)
    with navd.client() as client:
        client.call("nav.route", {"to": "compose"})
        second = run_navd(navd_command, navd.socket_path)
        assert second.returncode == 2, second
        assert f"already running at {navd.socket_path}" in second.stderr
        after = os.stat(navd.socket_path)
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns), "the socket was replaced"
        assert client.call("nav.state")["revision"] == 2
    with navd.client() as fresh:
        assert fresh.call("nav.state")["revision"] == 2


def test_a_stale_socket_is_replaced(navd_factory, scratch_dir):
    path = scratch_dir / "navd.sock"
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))
    stale.close()  # the file stays; nothing listens: what a crashed navd leaves
    assert stat.S_ISSOCK(os.stat(path).st_mode)
    navd = navd_factory(socket_path=path)
    with navd.client() as client:
        assert client.call("nav.state")["revision"] == 1


def test_the_socket_is_0600_in_a_0700_directory_navd_creates(navd_factory, scratch_dir):
    path = scratch_dir / "made-by-navd" / "navd.sock"
    navd_factory(socket_path=path)
    directory = os.stat(path.parent)
    assert stat.S_IMODE(directory.st_mode) == 0o700
    assert directory.st_uid == os.getuid()
    sock = os.stat(path)
    assert stat.S_ISSOCK(sock.st_mode)
    assert stat.S_IMODE(sock.st_mode) == 0o600
    assert sock.st_uid == os.getuid()


def test_the_socket_is_0600_in_the_harness_directory(navd):
    assert stat.S_IMODE(os.stat(navd.socket_path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(navd.socket_path)).st_mode) == 0o700


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o1777])
def test_a_socket_directory_others_can_write_is_refused(navd_command, scratch_dir, mode):
    directory = scratch_dir / "shared"
    directory.mkdir()
    os.chmod(directory, mode)
    done = run_navd(navd_command, directory / "navd.sock")
    assert done.returncode == 1, done
    assert done.stderr == (f"navd: refusing socket directory {directory}: others can write to it "
                           f"(mode {mode:o}); {PRIVATE_DIRECTORY_HINT}\n")
    assert not (directory / "navd.sock").exists()


# The way out navd shows for a socket directory it refuses. It once said "run 'chmod 700 /tmp'"
# for `navd --socket /tmp/x.sock`: advice that breaks every other user of the machine.
PRIVATE_DIRECTORY_HINT = ("put the socket in a directory only you can write, e.g. "
                          "mkdir -m 700 ~/.navd && navd --socket ~/.navd/navd.sock")


def test_a_socket_in_tmp_itself_is_refused_without_advice_to_change_tmp(navd_command):
    done = run_navd(navd_command, "/tmp/navd-e2e-x.sock")
    assert done.returncode == 1, done
    if os.geteuid() == 0:
        reason = f"others can write to it (mode {stat.S_IMODE(os.stat('/tmp').st_mode):o})"
    else:
        reason = f"it belongs to uid {os.stat('/tmp').st_uid}, not to uid {os.geteuid()} that runs navd"
    assert done.stderr == f"navd: refusing socket directory /tmp: {reason}; {PRIVATE_DIRECTORY_HINT}\n"
    assert "chmod" not in done.stderr
    assert not os.path.exists("/tmp/navd-e2e-x.sock")


def test_a_symlinked_socket_directory_is_refused(navd_command, scratch_dir):
    (scratch_dir / "real").mkdir(mode=0o700)
    (scratch_dir / "link").symlink_to(scratch_dir / "real")
    done = run_navd(navd_command, scratch_dir / "link" / "navd.sock")
    assert done.returncode == 1, done
    assert done.stderr == (f"navd: refusing socket directory {scratch_dir / 'link'}: it is a symbolic link; "
                           f"{PRIVATE_DIRECTORY_HINT}\n")
    assert not (scratch_dir / "real" / "navd.sock").exists()


def test_a_socket_path_too_long_is_a_clear_error(navd_command, scratch_dir):
    path = scratch_dir / ("x" * 120) / "navd.sock"
    done = run_navd(navd_command, path)
    assert done.returncode == 1, done
    assert "socket path is" in done.stderr and "at most" in done.stderr


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_signal_sends_daemon_shutdown_to_every_client_removes_the_socket_and_exits_0(navd_factory, signum):
    navd = navd_factory()
    subscribed = navd.client("subscriber")
    subscribed.call("nav.subscribe", {})
    idle = navd.client()
    midway = navd.client()
    midway.send_raw(b'{"jsonrpc":"2.0","id":1,"meth')  # half a request when the signal comes
    named = navd.client("named")
    named.call("nav.route", {"to": "compose"})
    subscribed.notification("nav.changed")
    clients = [subscribed, idle, midway, named]

    navd.process.send_signal(signum)
    for client in clients:
        shutdown = client.notification("daemon.shutdown", timeout=10)
        assert shutdown["params"] == {"reason": signum.name}
        assert client.at_eof(timeout=10), "the connection stayed open after daemon.shutdown"
        assert client.notifications == [] and not any(client.responses.values())
    assert navd.process.wait(timeout=10) == 0, navd.stderr()
    assert not os.path.exists(navd.socket_path), "the socket was left behind"
    assert not os.path.exists(navd.socket_path + ".lock"), "the lock file was left behind"
    assert f"signal={signum.name}" in navd.stderr() and "shutting down" in navd.stderr()
    for client in clients:
        client.close()


@pytest.mark.parametrize("signum", [signal.SIGUSR1, signal.SIGUSR2], ids=["SIGUSR1", "SIGUSR2"])
def test_sigusr_logs_one_status_line_and_changes_nothing(navd_factory, signum):
    """Before: SIGUSR1's default action killed navd without daemon.shutdown and left the socket."""
    navd = navd_factory()
    with navd.client("watcher") as client:
        client.call("nav.subscribe", {})
        client.call("nav.route", {"to": "compose"})
        navd.process.send_signal(signum)
        line = navd.wait_for_log(f"signal={signum.name}", timeout=10)
        assert "status" in line and "revision=2" in line and "clients=1" in line, line
        assert navd.alive
        assert client.call("nav.state")["revision"] == 2
        assert client.notifications == [] or all(n["method"] == "nav.changed" for n in client.notifications)
    assert os.path.exists(navd.socket_path)


def test_two_navds_started_together_one_serves_the_other_exits_2(navd_command, scratch_dir):
    """Before: the loser exited 1 ("already in use") in 7 of 10 races: both probed a free
    path, or one took the other's bound-but-not-listening socket for a stale one."""
    for attempt in range(10):
        path = scratch_dir / f"race{attempt}.sock"
        argv = [*navd_command, "--socket", str(path)]
        first, second = (subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True) for _ in range(2))
        try:
            deadline = time.monotonic() + 15
            while first.poll() is None and second.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            loser, winner = (first, second) if first.poll() is not None else (second, first)
            _, err = loser.communicate(timeout=15)
            assert loser.returncode == 2, f"attempt {attempt}: the loser exited {loser.returncode}: {err}"
            assert f"already running at {path}" in err, err
            assert winner.poll() is None, "both navds exited"
            for _ in range(500):  # the winner may still be starting
                try:
                    client = Client(str(path), timeout=5)
                    break
                except OSError:
                    time.sleep(0.02)
            with client:
                assert client.call("nav.state")["revision"] == 1
        finally:
            for process in (first, second):
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
                    process.communicate(timeout=15)
        assert winner.returncode == 0
        assert not os.path.exists(path)


def test_a_signal_ends_navd_even_when_a_client_never_reads(navd_factory):
    """A subscriber that stopped reading cannot hold the shutdown up beyond its bounded
    flush; everyone else still gets daemon.shutdown."""
    navd = navd_factory()
    writer = navd.client("writer")
    writer.call("nav.apply", {"ops": [{"method": "nav.route", "params": {"to": "post", "params": {"postId": n}}}
                                      for n in range(120)]})
    stuck = navd.client()
    stuck.call("nav.subscribe", {})
    for n in range(200):
        writer.call("nav.route", {"to": "post", "params": {"postId": n}})
        writer.call("nav.close")
        if "client is slow" in navd.stderr():
            break
    navd.wait_for_log("client is slow", timeout=1)
    navd.process.send_signal(signal.SIGTERM)
    assert writer.notification("daemon.shutdown", timeout=10)["params"] == {"reason": "SIGTERM"}
    assert navd.process.wait(timeout=30) == 0, navd.stderr()
    assert not os.path.exists(navd.socket_path)
    writer.close()
    stuck.close()


def test_navd_leaves_a_socket_that_is_no_longer_its_own(navd_factory):
    navd = navd_factory()
    moved = navd.socket_path + ".moved"
    os.rename(navd.socket_path, moved)
    other = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    other.bind(navd.socket_path)
    other.listen(1)
    try:
        replaced = os.stat(navd.socket_path).st_ino
        navd.process.send_signal(signal.SIGTERM)
        assert navd.process.wait(timeout=10) == 0, navd.stderr()
        assert os.path.exists(navd.socket_path), "navd removed a socket that another process had put there"
        assert os.stat(navd.socket_path).st_ino == replaced
    finally:
        other.close()


def test_a_client_connected_during_shutdown_is_not_left_hanging(navd_factory):
    """Requests sent after daemon.shutdown are either refused (-32010) or never read; the
    connection always ends."""
    navd = navd_factory()
    client = navd.client()
    navd.process.send_signal(signal.SIGTERM)
    client.notification("daemon.shutdown", timeout=10)
    try:
        client.request("nav.route", {"to": "compose"})
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert client.at_eof(timeout=10)
    for responses in client.responses.values():
        for response in responses:
            assert response["error"]["code"] == -32010
    assert navd.process.wait(timeout=10) == 0
    client.close()
    with pytest.raises(OSError):
        Client(navd.socket_path, timeout=2)
