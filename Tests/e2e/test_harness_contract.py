"""The harness's own guarantee: every line a `Client` reads is checked against
Protocol/navd.openrpc.json, keyed by the method of the request that had its id.

The whole e2e suite relies on that check instead of calling the validator by hand, so if it
silently stopped working (a refactoring that reads around it, a schema lookup that quietly
passes, ids that stop matching their methods) every other test would keep passing while
navd drifted from its contract. These tests play navd's side of a socketpair and write
lines that break the contract in one way each; the client must refuse every one, and must
accept the well-formed ones. No daemon is needed.
"""

import json
import socket

import pytest

from navd_harness import Client, ContractViolation

BOOT_ROOT = {
    "id": "f1", "flow": "feed", "kind": "stack",
    "screens": [{"id": "s1", "screen": "feedList", "params": {}, "flow": "f1", "via": None}],
    "children": [], "presented": None, "via": None,
}
STATE = {"revision": 1, "instance": "9f2c41d0", "session": {"flags": {}, "pending": None}, "root": BOOT_ROOT}


@pytest.fixture
def pair():
    """(client, server): a Client on one end of a socketpair, the raw other end."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    client = Client(sock=ours, timeout=2.0)
    yield client, theirs
    client.close()
    theirs.close()


def write(server: socket.socket, *messages) -> None:
    for message in messages:
        data = message if isinstance(message, bytes) else json.dumps(message, separators=(",", ":")).encode()
        server.sendall(data + b"\n")


def test_a_valid_result_error_and_notification_pass(pair):
    client, server = pair
    client.request("nav.state", id=1)
    client.request("nav.route", {"to": "nowhere"}, id="two")
    write(server,
          {"jsonrpc": "2.0", "id": 1, "result": STATE},
          {"jsonrpc": "2.0", "id": "two", "error": {"code": -32001, "message": "unknown destination 'nowhere'",
                                                      "data": {"reason": "unknownDestination", "to": "nowhere"}}},
          {"jsonrpc": "2.0", "method": "daemon.shutdown", "params": {"reason": "SIGTERM"}})
    assert client.response(1)["result"] == STATE
    assert client.response("two")["error"]["code"] == -32001
    assert client.notification("daemon.shutdown")["params"] == {"reason": "SIGTERM"}
    assert client.lines_read == 3


@pytest.mark.parametrize("line, why", [
    ({"jsonrpc": "2.0", "id": 1, "result": {"revision": 1, "instance": "9f2c41d0"}}, "does not match"),
    ({"jsonrpc": "2.0", "id": 1, "result": {**STATE, "extra": 1}}, "does not match"),
    ({"jsonrpc": "2.0", "id": 7, "result": STATE}, "no request on this connection had"),
    ({"jsonrpc": "2.0", "id": "1", "result": STATE}, "no request on this connection had"),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "message": "x",
                                           "data": {"reason": "unknownDestination", "to": "x"}}}, "may only get"),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "x"}}, "does not match"),
    ({"jsonrpc": "1.0", "id": 1, "result": STATE}, "not a JSON-RPC 2.0 response"),
    ({"jsonrpc": "2.0", "id": 1, "result": STATE, "error": None}, "not a JSON-RPC 2.0 response"),
    ({"jsonrpc": "2.0", "method": "nav.bogus", "params": {}}, "does not declare"),
    ({"jsonrpc": "2.0", "method": "daemon.shutdown", "params": {"why": "x"}}, "does not match"),
    (b'{"jsonrpc": "2.0", "id": 1, "result": ' + json.dumps(STATE).encode() + b"}", "not compact"),
    (b"{not json", "not JSON"),
    (b'{"jsonrpc":"2.0","id":1,"result":' + json.dumps(STATE, separators=(",", ":")).encode() + b"}\r", "\\r\\n"),
    ([], "empty batch"),
])
def test_a_line_that_breaks_the_contract_is_refused(pair, line, why):
    client, server = pair
    client.request("nav.state", id=1)
    write(server, line)
    with pytest.raises(ContractViolation, match=why.replace("\\", "\\\\")):
        client.read_message()


def test_results_are_checked_by_the_method_of_the_request_with_that_id(pair):
    """The same result is right for one method and wrong for another; ids reused on one
    connection are matched in the order the requests were sent, also inside batches and
    raw bytes."""
    client, server = pair
    client.send_raw(b'{"jsonrpc":"2.0","id":5,"method":"nav.unsubscribe"}\n{"jsonrpc":"2.0","id":5,"me')
    client.send_raw(b'thod":"nav.state"}\n')
    write(server, {"jsonrpc": "2.0", "id": 5, "result": {}}, {"jsonrpc": "2.0", "id": 5, "result": STATE})
    assert client.read_message()["result"] == {}
    assert client.read_message()["result"] == STATE

    client.send([{"jsonrpc": "2.0", "id": 8, "method": "nav.state"}, {"jsonrpc": "2.0", "method": "nav.state"}])
    write(server, [{"jsonrpc": "2.0", "id": 8, "result": {}}])
    with pytest.raises(ContractViolation, match="result of nav.state"):
        client.read_message()


def test_line_level_refusals_may_only_be_envelope_errors(pair):
    """A line navd cannot read is answered with `id: null`; only -32700/-32600 fit."""
    client, server = pair
    client.send_raw(b"\xff\xfe garbage\n")
    write(server, {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse error",
                                                            "data": {"reason": "parseError", "offset": 0}}})
    assert client.read_message()["error"]["code"] == -32700
    client.send_raw(b"more garbage\n")
    write(server, {"jsonrpc": "2.0", "id": None, "result": STATE})
    with pytest.raises(ContractViolation, match="no request on this connection had"):
        client.read_message()
