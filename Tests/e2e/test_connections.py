"""Connections that come and go, politely or not: navd must give back every file
descriptor and forget every client (docs/protocol.md).

A daemon that runs for weeks sees editors, scripts and viewers connect and vanish
thousands of times, often mid-request: a half-written line, a request whose reply it never
reads, a subscription dropped without `nav.unsubscribe`, a half-close. A descriptor or a
client record leaked on any of those paths is invisible in a short test and fatal later
(EMFILE, then no client can connect). These tests run hundreds of such cycles and then
require navd's open-fd count (/proc/PID/fd) to return to its baseline and `daemon.info`
to list only the clients still connected.
"""

import socket
import time

from navd_harness import Client, Navd

CYCLES = 300


def settled_fd_count(navd, target=None, timeout=10.0):
    """navd's fd count once it stops changing (or reaches `target`), polled for a bounded time."""
    deadline = time.monotonic() + timeout
    previous = navd.fd_count()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        current = navd.fd_count()
        if target is not None and current == target:
            return current
        if target is None and current == previous:
            return current
        previous = current
    return navd.fd_count()


def one_cycle(navd, n):
    client = Client(navd.socket_path, timeout=5)
    try:
        kind = n % 6
        if kind == 1:
            client.send_raw(b'{"jsonrpc":"2.0","id":1,"meth')  # a partial line, then gone
        elif kind == 2:
            client.request("rpc.discover")  # a big reply nobody reads
        elif kind == 3:
            client.request("nav.subscribe", {})  # a subscription never ended
        elif kind == 4:
            client.send_raw(b'{"jsonrpc":"2.0","id":"half","method":"nav.url"}\n')
            client.sock.shutdown(socket.SHUT_WR)  # answered, then closed
            assert client.read_message()["id"] == "half"
            assert client.at_eof(timeout=5)
        elif kind == 5:
            client.hello(f"cycle-{n}")
            client.call("nav.route", {"to": "post", "params": {"postId": n}})
            client.call("nav.close")
        if n % 2 and kind != 4:
            client.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    finally:
        client.close()


def test_hundreds_of_connect_disconnect_cycles_leak_nothing(navd):
    watcher = navd.client("watcher")
    watcher.call("nav.state")
    baseline = settled_fd_count(navd)

    for n in range(CYCLES):
        one_cycle(navd, n)

    after = settled_fd_count(navd, target=baseline)
    assert after == baseline, f"navd holds {after - baseline} more file descriptors after {CYCLES} cycles"
    clients = watcher.call("daemon.info")["clients"]
    assert [c["name"] for c in clients] == ["watcher"], f"navd still lists gone clients: {clients}"
    assert watcher.call("nav.state")["revision"] == 1 + 2 * (CYCLES // 6), "a cycle's change was lost"
    with navd.client() as fresh:
        assert fresh.call("nav.url") == {"url": "social://feed"}
    watcher.close()


def test_many_clients_at_once_then_all_gone(navd):
    """200 connections open together (each subscribed), then all closed at once."""
    watcher = navd.client("watcher")
    baseline = settled_fd_count(navd)
    clients = [Client(navd.socket_path, timeout=10) for _ in range(200)]
    for client in clients:
        client.request("nav.subscribe", {"tree": False})
    assert len(watcher.call("daemon.info")["clients"]) == 201
    routed = watcher.call("nav.route", {"to": "compose"})
    for client in clients[:20]:
        client.response(1)
        assert client.notification("nav.changed", timeout=10)["params"]["revision"] == routed["revision"]
    for client in clients:
        client.close()
    assert settled_fd_count(navd, target=baseline) == baseline
    assert len(watcher.call("daemon.info")["clients"]) == 1
    watcher.close()


def test_max_clients_refuses_the_extra_connection_and_frees_its_place(navd_factory):
    navd = navd_factory(extra_args=["--max-clients", "2"])
    settled_fd_count(navd)  # the harness's readiness probe is gone
    first, second = navd.client("first"), navd.client("second")
    assert first.call("nav.url") == second.call("nav.url") == {"url": "social://feed"}
    # Before: closed without a word. Now one error line says why, then the end.
    extra = Client(navd.socket_path, timeout=5)
    refusal = extra.read_message(timeout=5)
    assert refusal == {"jsonrpc": "2.0", "id": None, "error": {
        "code": -32009, "message": "too many clients: navd serves at most 2 connections at once; try again later",
        "data": {"reason": "limitExceeded", "limit": 2, "what": "clients"}}}
    assert extra.at_eof(timeout=5), "a third client was served with --max-clients 2"
    extra.close()
    # A client that writes first still reads the refusal before the end.
    eager = Client(navd.socket_path, timeout=5)
    try:
        eager.request("nav.url")
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert eager.read_message(timeout=5)["error"]["data"]["what"] == "clients"
    assert eager.at_eof(timeout=5)
    assert not any(eager.responses.values())
    eager.close()
    navd.wait_for_log("refused a client")
    first.close()
    for _ in range(200):  # the place is free once navd saw `first` go
        clients = second.call("daemon.info")["clients"]
        if len(clients) == 1:
            break
        time.sleep(0.02)
    assert [c["name"] for c in clients] == ["second"]
    with navd.client("third") as third:
        assert third.call("nav.url") == {"url": "social://feed"}
    second.close()


def test_out_of_descriptors_refusals_are_logged_and_the_listener_keeps_working(navd_command):
    """With every descriptor in use (EMFILE), a connecting peer is refused and logged, and
    navd accepts again as soon as descriptors are free: the listener is never left stuck."""
    navd = Navd(command=["prlimit", "--nofile=48:48", *navd_command]).start()
    try:
        clients = []
        try:
            for _ in range(60):
                client = Client(navd.socket_path, timeout=2)
                clients.append(client)
        except OSError:
            pass
        navd.wait_for_log("out of file descriptors", timeout=10)
        assert navd.alive
        for client in clients:
            client.close()
        for _ in range(200):  # navd frees the descriptors once it saw the peers go
            try:
                with Client(navd.socket_path, timeout=2) as fresh:
                    assert fresh.call("nav.url") == {"url": "social://feed"}
                    break
            except (OSError, EOFError, TimeoutError):
                time.sleep(0.05)
        else:
            raise AssertionError("navd did not accept again after descriptors were freed")
    finally:
        navd.stop()
