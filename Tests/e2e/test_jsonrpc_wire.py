"""JSON-RPC 2.0 conformance as a client sees it on the socket (docs/protocol.md,
Protocol/jsonrpc.md).

The envelope code is unit-tested on byte strings; these tests guard what only the running
daemon can get wrong: a batch answered as several lines or not at all, an all-notification
batch answered with an empty array, a notification answered (a client that never expects a
reply would then read it as the reply to its next request), ids echoed with another type
(`-3` → `-3.0`, `"7"` → `7`) so the client cannot match its response, an error that loses
its id, and responses that overtake each other when a client pipelines. Raw bytes are sent
where the shape of the request is the point; every line read is still checked against
Protocol/navd.openrpc.json by the harness.
"""

import json
import socket

import pytest

from navd_harness import result_of, top_screen



def line(text: str) -> bytes:
    return text.encode() + b"\n"


def request(id, method="nav.url", **extra) -> dict:
    return {"jsonrpc": "2.0", "id": id, "method": method, **extra}


def notification(method="nav.url", **extra) -> dict:
    return {"jsonrpc": "2.0", "method": method, **extra}


def test_a_mixed_batch_is_one_line_answering_each_request_in_order(client_factory):
    client = client_factory()
    answers = client.batch([
        request(1, "nav.route", params={"to": "post", "params": {"postId": 1}}),
        notification("nav.route", params={"to": "post", "params": {"postId": 2}}),
        5,
        request("x", "nav.nope"),
        request(2, "nav.state"),
        {"jsonrpc": "2.0", "method": 7},
        request(3, "nav.route", params={"to": "nowhere"}),
    ])
    assert [answer["id"] for answer in answers] == [1, None, "x", 2, None, 3]
    assert answers[0]["result"]["revision"] == 2
    assert answers[1]["error"]["code"] == -32600
    assert answers[2]["error"]["code"] == -32601
    # The notification in the middle ran, in order, before nav.state.
    assert answers[3]["result"]["revision"] == 3
    assert top_screen(answers[3]["result"]["root"])["params"] == {"postId": 2}
    assert answers[4]["error"]["code"] == -32600
    assert answers[5]["error"]["code"] == -32001
    assert client.sync() == [], "a batch was answered with more than one line"


def test_an_all_notification_batch_gets_no_line_at_all(client_factory):
    client = client_factory()
    client.send([notification("nav.route", params={"to": "post", "params": {"postId": n}}) for n in range(3)]
                + [notification("nav.nope"), notification("nav.url", params=[1])])
    assert client.sync() == []
    assert client.call("nav.state")["revision"] == 4, "the notifications of the batch did not run"


def test_an_empty_batch_gets_exactly_one_invalid_request(client_factory):
    client = client_factory()
    client.send_raw(b"[]\n")
    answer = client.read_message()
    assert answer["id"] is None
    assert (answer["error"]["code"], answer["error"]["data"]["reason"]) == (-32600, "invalidRequest")
    assert client.sync() == []


@pytest.mark.parametrize("sent, echoed", [
    ('"abc"', '"abc"'),
    ('""', '""'),
    ('"7"', '"7"'),
    ('"\\u00fc \\"quoted\\""', '"\u00fc \\"quoted\\""'),
    ("0", "0"),
    ("7", "7"),
    ("-3", "-3"),
    ("9007199254740993", "9007199254740993"),
    ("1.5", "1.5"),
    ("-0.25", "-0.25"),
    ("null", "null"),
])
def test_ids_are_echoed_exactly(client_factory, sent, echoed):
    client = client_factory()
    client.send_raw(line(f'{{"jsonrpc":"2.0","id":{sent},"method":"nav.url"}}'))
    answer = client.read_line()
    assert answer.startswith(f'{{"jsonrpc":"2.0","id":{echoed},"result":'.encode()), answer
    assert json.loads(answer)["id"] == json.loads(sent)
    assert type(json.loads(answer)["id"]) is type(json.loads(sent))


def test_notifications_are_never_answered(client_factory):
    """Even invalid ones: an unknown method, positional params, bad params, an error
    inside the operation. The first line after them is the reply to the next request."""
    client = client_factory()
    for message in [notification("nav.route", params={"to": "post", "params": {"postId": 1}}),
                    notification("nav.nope", params={}),
                    notification("nav.route", params=["post"]),
                    notification("nav.route", params={"to": 5}),
                    notification("nav.route", params={"to": "nowhere"}),
                    notification("nav.close", params={"screen": "s1"}),
                    notification("rpc.discover")]:
        client.send(message)
    client.send(request("after", "nav.state"))
    answer = client.read_message()
    assert answer["id"] == "after", f"a notification was answered: {answer}"
    assert answer["result"]["revision"] == 2, "the valid notification did not run"


def test_a_parse_error_is_answered_with_id_null(client_factory):
    client = client_factory()
    client.send_raw(b'{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]\n')
    answer = client.read_message()
    assert answer["id"] is None
    assert (answer["error"]["code"], answer["error"]["data"]["reason"]) == (-32700, "parseError")
    client.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"nav.url"}{"jsonrpc":"2.0","id":2,"method":"nav.url"}\n')
    assert client.read_message()["error"]["code"] == -32700, "two values on one line were taken"
    client.send_raw(b'{"jsonrpc":"2.0","id":NaN,"method":"nav.url"}\n')
    assert client.read_message()["error"]["code"] == -32700
    assert client.call("nav.url") == {"url": "social://feed"}


@pytest.mark.parametrize("raw, echoed_id", [
    ('{"jsonrpc":"2.0","method":1,"params":"bar"}', None),
    ('{"jsonrpc":"1.0","id":9,"method":"nav.url"}', 9),
    ('{"jsonrpc":2.0,"id":"a","method":"nav.url"}', "a"),
    ('{"id":10,"method":"nav.url"}', 10),
    ('{"jsonrpc":"2.0","id":11,"method":"nav.url","params":null}', 11),
    ('{"jsonrpc":"2.0","id":12,"method":"nav.url","params":"s1"}', 12),
    ('{"jsonrpc":"2.0","id":true,"method":"nav.url"}', None),
    ('{"jsonrpc":"2.0","id":{},"method":"nav.url"}', None),
    ('"nav.url"', None),
    ("42", None),
])
def test_an_invalid_request_is_answered_with_its_id_or_null(client_factory, raw, echoed_id):
    client = client_factory()
    client.send_raw(line(raw))
    answer = client.read_message()
    assert answer["id"] == echoed_id
    assert (answer["error"]["code"], answer["error"]["data"]["reason"]) == (-32600, "invalidRequest")
    assert client.sync() == []


def test_a_response_navd_did_not_ask_for_is_dropped_silently(client_factory):
    """A line with `result` or `error` and no `method` is a response (a listener answering
    navd's `event.handle`): never answered, even when it answers nothing navd asked."""
    client = client_factory()
    client.send_raw(line('{"jsonrpc":"2.0","id":13,"result":{}}'))
    client.send_raw(line('{"jsonrpc":"2.0","id":"e9","error":{"code":1,"message":"no"}}'))
    assert client.sync() == []


def test_an_unknown_method_is_method_not_found(client_factory):
    client = client_factory()
    for method in ["nav.nope", "NAV.STATE", "rpc.other", ""]:
        answer = client.response(client.request(method, {}))
        assert (answer["error"]["code"], answer["error"]["data"]["reason"]) == (-32601, "methodNotFound"), method
    assert "reserved" in client.response(client.request("rpc.other"))["error"]["message"]


def test_positional_params_are_invalid_params(client_factory):
    client = client_factory()
    answer = client.response(client.request("nav.route", ["post", {"postId": 1}]))
    assert (answer["error"]["code"], answer["error"]["data"]["reason"]) == (-32602, "invalidParams")
    assert "named params" in answer["error"]["message"]
    assert client.call("nav.state")["revision"] == 1


def test_a_batch_over_256_entries_is_refused_whole(client_factory):
    client = client_factory()
    client.send([request(n, "nav.route", params={"to": "post", "params": {"postId": n}}) for n in range(257)])
    answer = client.read_message()
    assert answer["id"] is None and answer["error"]["code"] == -32600
    assert client.call("nav.state")["revision"] == 1, "entries of a refused batch ran"


def test_a_batch_of_256_entries_is_served(client_factory):
    client = client_factory()
    answers = client.batch([request(n, "nav.route", params={"to": "post", "params": {"postId": n}})
                            for n in range(256)])
    assert [a["result"]["revision"] for a in answers] == list(range(2, 258))


def test_a_request_written_a_byte_at_a_time_is_read(client_factory):
    """Lines split anywhere, even inside a multi-byte UTF-8 character, are reassembled."""
    client = client_factory()
    data = '{"jsonrpc":"2.0","id":"ünï-✓","method":"nav.url"}\n{"jsonrpc":"2.0","id":2,"method":"nav.url"}\n'.encode()
    for index in range(len(data)):
        client.send_raw(data[index:index + 1])
    assert client.read_message()["id"] == "ünï-✓"
    assert client.read_message()["id"] == 2


def test_crlf_and_blank_lines(client_factory):
    client = client_factory()
    client.send_raw(b'\n  \t\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"nav.url"}\r\n\n')
    assert client.read_message() == {"jsonrpc": "2.0", "id": 1, "result": {"url": "social://feed"}}
    assert client.sync() == [], "a blank line was answered"


def test_pipelined_responses_come_in_request_order(client_factory):
    """300 requests of every kind in one write: successes, errors, refusals, batches and
    notifications; the replies come back in exactly the order of the requests."""
    client = client_factory()
    expected = []  # per line: the id, or the list of ids of a batch
    payload = b""
    for n in range(300):
        kind = n % 6
        if kind == 0:
            payload += line(json.dumps(request(n, "nav.route", params={"to": "post", "params": {"postId": n}})))
        elif kind == 1:
            payload += line(json.dumps(request(f"s{n}", "nav.state")))
        elif kind == 2:
            payload += line(json.dumps(request(n, "nav.route", params={"to": "nowhere"})))
        elif kind == 3:
            payload += line(json.dumps(notification("nav.url")))
            payload += line(json.dumps([request(-n, "nav.url"), notification("nav.url"), request(n + 0.5, "nav.nope")]))
            expected.append([-n, n + 0.5])
            continue
        elif kind == 4:
            payload += b"{oops\n"
            expected.append(None)
            continue
        else:
            payload += line(json.dumps(request(n, "nav.close")))
        expected.append(json.loads(payload.rsplit(b"\n", 2)[-2])["id"])
    client.send_raw(payload)
    got = []
    revisions = []
    for _ in expected:
        message = client.read_message(timeout=10)
        if isinstance(message, list):
            got.append([m["id"] for m in message])
        else:
            got.append(message["id"])
            if "result" in message and "revision" in message["result"]:
                revisions.append(message["result"]["revision"])
    assert got == expected
    assert revisions == sorted(revisions), "revisions went backwards in request order"
    assert client.sync() == []
    # Every route succeeded and every close closed one of them: back at the boot screen.
    assert result_of(client.response(client.request("nav.url"))) == {"url": "social://feed"}


def test_a_request_before_a_half_close_is_answered(client_factory):
    client = client_factory()
    client.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"nav.url"}\n{"jsonrpc":"2.0","id":2,"method":"rpc.discover"}\n')
    client.sock.shutdown(socket.SHUT_WR)
    assert client.read_message()["id"] == 1
    assert client.read_message()["id"] == 2
    assert client.at_eof(timeout=5)


def test_a_half_close_ends_the_last_line(client_factory):
    client = client_factory()
    client.send_raw(b'{"jsonrpc":"2.0","id":"last","method":"nav.url"}')
    client.shutdown_write()
    assert client.read_message() == {"jsonrpc": "2.0", "id": "last", "result": {"url": "social://feed"}}
