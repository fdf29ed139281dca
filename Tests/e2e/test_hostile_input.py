"""Hostile and broken input on the socket (docs/protocol.md limits, Protocol/jsonrpc.md 1–6).

navd serves every client from one loop, so one peer that writes garbage, a line of many
megabytes, JSON nested a hundred thousand levels deep or bytes that are not UTF-8 must cost
it a bounded amount of memory and stack, must get the documented error (`id: null`), and
must leave navd serving everyone else. These tests guard against a parser that recurses
without a limit, a frame decoder that buffers a whole oversized line before refusing it,
a count of oversized lines that never closes the connection (or closes it at once), and
an error path that kills the loop.
"""

import json
import random

import pytest

from navd_harness import json_depth

LIMIT = 1024


def is_blank(line: bytes) -> bool:
    return not line.strip(b" \t\r")


def still_serves(navd, *clients) -> None:
    """navd answers the given clients and a new one."""
    for client in clients:
        assert client.call("nav.url") == {"url": "social://feed"}
    with navd.client() as fresh:
        assert fresh.call("nav.state")["revision"] == 1


def test_random_garbage_gets_one_error_per_line_and_the_connection_lives(navd, client_factory):
    bystander = client_factory()
    garbage = random.Random(20251121).randbytes(128 * 1024) + b"\n"
    lines = [part for part in garbage.split(b"\n")[:-1] if not is_blank(part)]
    client = client_factory()
    client.send_raw(garbage)
    for index in range(len(lines)):
        answer = client.read_message(timeout=10)
        assert answer["id"] is None, (index, answer)
        assert answer["error"]["code"] in (-32700, -32600), (index, answer)
    assert client.sync() == [], "more errors than non-blank lines"
    still_serves(navd, client, bystander)


@pytest.mark.parametrize("bad", [
    b"\xff",                 # never valid in UTF-8
    b"\xc0\xaf",             # overlong '/'
    b"\xed\xa0\x80",         # a UTF-16 surrogate
    b"\xf4\x90\x80\x80",     # beyond U+10FFFF
    b"\xe2\x82",             # truncated sequence
])
def test_invalid_utf8_is_a_parse_error(navd, client_factory, bad):
    client = client_factory()
    client.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"post","params":{"postId":1},"x":"'
                    + bad + b'"}}\n')
    answer = client.read_message()
    assert answer["id"] is None
    assert (answer["error"]["code"], answer["error"]["data"]["reason"]) == (-32700, "parseError")
    client.send_raw(b'{"jsonrpc":"2.0","id":2,"method":"nav.url","params":{"\xff":1}}\n')
    assert client.read_message()["error"]["code"] == -32700
    still_serves(navd, client)
    assert client.call("nav.state")["revision"] == 1, "a request with invalid UTF-8 ran"


def nested_params(depth: int) -> bytes:
    """A nav.route request whose whole line is nested exactly `depth` levels deep."""
    inner_levels = depth - 3  # request object, params object, the "x" array's own level
    value = b"[" * (inner_levels + 1) + b"]" * (inner_levels + 1)
    line = b'{"jsonrpc":"2.0","id":7,"method":"nav.route","params":{"to":"post","params":{"postId":1},"x":' + value + b"}}"
    assert json_depth(json.loads(line)) == depth
    return line + b"\n"


def test_nesting_of_64_levels_is_read(navd, client_factory):
    client = client_factory()
    client.send_raw(nested_params(64))
    answer = client.read_message()
    assert answer["id"] == 7, "a request nested 64 deep was refused before it was read"
    assert (answer["error"]["code"], answer["error"]["data"]["param"]) == (-32602, "x")


def test_nesting_of_65_levels_and_hostile_nesting_are_refused(navd, client_factory):
    client = client_factory()
    client.send_raw(nested_params(65))
    answer = client.read_message()
    assert answer["id"] is None
    assert (answer["error"]["code"], answer["error"]["data"]["reason"]) == (-32600, "tooDeep")
    client.send_raw(b"[" * 100_000 + b"\n")
    client.send_raw(b'{"a":' * 100_000 + b"1" + b"}" * 100_000 + b"\n")
    for _ in range(2):
        answer = client.read_message()
        assert (answer["id"], answer["error"]["data"]["reason"]) == (None, "tooDeep")
    still_serves(navd, client)


def padded_request(request_id: int, size: int) -> bytes:
    """A valid nav.url request of exactly `size` bytes before its newline."""
    head = b'{"jsonrpc":"2.0","id":%d,"method":"nav.url"' % request_id
    return head + b" " * (size - len(head) - 1) + b"}\n"


def test_the_third_oversized_line_is_answered_before_the_connection_closes(navd_factory):
    """Before: the third line over the limit, sent whole (more than the limit, in one go),
    closed the connection without its -32600 reply."""
    navd = navd_factory()
    limit = 1 << 20
    for attempt in range(3):
        with navd.client() as client:
            line = b'{"jsonrpc":"2.0","id":1,"method":"nav.url","params":{"pad":"' + b"x" * (limit + 10) + b'"}}\n'
            try:
                client.send_raw(line * 3)
            except (BrokenPipeError, ConnectionResetError):
                pass  # navd stops reading after the third; what it wrote is still there to read
            answers = []
            try:
                while True:
                    answers.append(client.read_message(timeout=10))
            except (EOFError, ConnectionResetError):
                pass
            assert [a["error"]["code"] for a in answers] == [-32600] * 3, f"attempt {attempt}: {answers}"
            assert all(a["id"] is None for a in answers)


def test_a_line_of_exactly_the_limit_is_served(navd_factory):
    navd = navd_factory(extra_args=["--max-message-bytes", str(LIMIT)])
    with navd.client() as client:
        client.send_raw(padded_request(1, LIMIT))
        assert client.read_message() == {"jsonrpc": "2.0", "id": 1, "result": {"url": "social://feed"}}
        client.send_raw(padded_request(2, LIMIT)[:-1] + b"\r\n")
        assert client.read_message()["id"] == 2, "\\r\\n counted against the limit"


def test_oversized_lines_are_refused_and_the_third_closes_the_connection(navd_factory):
    navd = navd_factory(extra_args=["--max-message-bytes", str(LIMIT)])
    bystander = navd.client()
    client = navd.client()
    rss_before = navd.rss_kib()

    def refused():
        answer = client.read_message()
        assert answer["id"] is None
        assert answer["error"]["code"] == -32600
        assert answer["error"]["data"] == {"reason": "messageTooLarge", "limit": LIMIT}

    client.send_raw(padded_request(1, LIMIT + 1))
    refused()
    assert client.call("nav.url") == {"url": "social://feed"}, "the first oversized line closed the connection"

    # 16 MiB in one line: refused once, the rest discarded unread, never buffered whole.
    chunk = b"x" * (1 << 20)
    for _ in range(16):
        client.send_raw(chunk)
    client.send_raw(b"\n")
    refused()
    assert client.call("nav.url") == {"url": "social://feed"}, "the second oversized line closed the connection"
    assert navd.rss_kib() - rss_before < 12 * 1024, "navd buffered an oversized line"

    client.send_raw(padded_request(3, 5000))
    refused()
    assert client.at_eof(timeout=5), "the third oversized line did not close the connection"
    assert bystander.call("nav.url") == {"url": "social://feed"}
    bystander.close()
