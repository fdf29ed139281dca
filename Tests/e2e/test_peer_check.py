"""The peer check (docs/protocol.md): a client whose uid is not navd's, not root and not
named by `--allow-uid` is closed right after accept, without a byte read, and logged.

The socket's 0600 mode and 0700 directory already keep other users out; the peer check is
the second wall for when they do not (a directory made traversable, a socket chmod-ed by
hand, a container that maps users). These tests open that first wall on purpose — after
navd started, since navd checks modes only at startup — and connect from a child process
that dropped to uid 65534: navd must hang up on it without answering its request, say so
in its log, and serve the same child when started with `--allow-uid 65534`. They need
root (to change uid) and are skipped otherwise.
"""

import json
import os
import socket

import pytest

from navd_harness import Client

NOBODY = 65534

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="needs root: only root can connect as another uid")


def open_to_everyone(navd):
    """Lets any uid reach the socket: the directory traversable, the socket writable."""
    os.chmod(os.path.dirname(navd.socket_path), 0o711)
    os.chmod(navd.socket_path, 0o666)


def as_nobody(function, *args):
    """Runs `function(*args)` in a child process with uid and gid 65534; returns what it
    returned (JSON), or raises with the child's error."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 1
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            outcome = {"ok": function(*args)}
            code = 0
        except BaseException as error:
            outcome = {"error": repr(error)}
        try:
            os.write(write_end, json.dumps(outcome).encode())
        finally:
            os._exit(code)
    os.close(write_end)
    data = b""
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    outcome = json.loads(data or b'{"error": "the child said nothing"}')
    if "error" in outcome:
        raise AssertionError(f"the uid-{NOBODY} child failed: {outcome['error']}")
    return outcome["ok"]


def knock(socket_path):
    """Connects, sends a request, reads until the end: what came back and how it ended."""
    assert os.getuid() == NOBODY
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.connect(socket_path)
    received = b""
    ending = "timeout"
    try:
        sock.sendall(b'{"jsonrpc":"2.0","id":1,"method":"nav.state"}\n')
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                ending = "eof"
                break
            received += chunk
    except (BrokenPipeError, ConnectionResetError):
        ending = "reset"
    except socket.timeout:
        ending = "timeout"
    finally:
        sock.close()
    return {"received": received.decode("utf-8", "replace"), "ending": ending}


def served(socket_path):
    assert os.getuid() == NOBODY
    with Client(socket_path, timeout=5) as client:  # every line checked against the contract
        state = client.call("nav.state")
        info = client.call("daemon.info")
        return {"revision": state["revision"], "clients": len(info["clients"])}


def test_a_peer_of_another_uid_is_refused_without_a_byte_read(navd):
    open_to_everyone(navd)
    with navd.client("owner") as owner:
        outcome = as_nobody(knock, navd.socket_path)
        assert outcome == {"received": "", "ending": outcome["ending"]}, outcome
        assert outcome["ending"] in ("eof", "reset"), "navd kept the connection of another uid open"
        line = navd.wait_for_log("refused a client of another user", timeout=5)
        assert f"uid={NOBODY}" in line
        assert owner.call("nav.state")["revision"] == 1
        assert [c["name"] for c in owner.call("daemon.info")["clients"]] == ["owner"]


def test_an_allowed_uid_is_served(navd_factory):
    navd = navd_factory(extra_args=["--allow-uid", str(NOBODY)])
    open_to_everyone(navd)
    assert as_nobody(served, navd.socket_path) == {"revision": 1, "clients": 1}
    assert "refused" not in navd.stderr()
    assert f"uid={NOBODY}" in navd.stderr()
