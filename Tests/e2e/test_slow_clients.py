"""Slow readers and pipelining clients (docs/protocol.md "Slow readers" and coalescing).

navd serves every client from one loop and must never let one of them hold it back or
grow its memory without bound. These tests guard against: a subscriber that never reads
making navd queue every notification for it (memory grows with every change), or making
navd block, so the others fall behind; a slow subscriber never being disconnected; the
coalesced notification it finally gets breaking the `baseRevision` chain, leaving out
`root`, or listing more than 256 changes without `truncated`; and a client that pipelines
thousands of requests before reading losing or reordering responses when navd stops
reading from it (high watermark) and starts again (low watermark).

Trees are made big (a hundred-odd screens pushed) so that each `nav.changed` with `root` is
large and the watermarks are crossed after a few dozen notifications.
"""

import json
import socket
import threading

from navd_harness import Follower, RevisionChain, result_of

BIG_STACK = 120
MIB = 1024


def build_big_tree(client, screens=BIG_STACK):
    result = client.call("nav.apply", {"ops": [
        {"method": "nav.route", "params": {"to": "post", "params": {"postId": n}}} for n in range(screens)]})
    return result["revision"]


def change(client, count, start=0):
    """`count` changes, alternating a push and a close, pipelined 50 at a time; returns the
    last revision."""
    last = 0
    for first in range(start, start + count, 50):
        ids = [client.request("nav.route", {"to": "post", "params": {"postId": n}}) if n % 2 == 0
               else client.request("nav.close", {}) for n in range(first, min(start + count, first + 50))]
        last = max(result_of(client.response(request_id, timeout=15))["revision"] for request_id in ids)
    return last


def test_a_subscriber_that_never_reads_is_disconnected_and_holds_back_no_one(navd, client_factory):
    writer = client_factory("writer")
    build_big_tree(writer)
    slow = client_factory()
    slow_subscribed = slow.call("nav.subscribe", {})
    followers = [Follower(client_factory(), {}, "full"), Follower(client_factory(), {"tree": False}, "events-only")]
    for follower in followers:
        follower.start()
    rss_before = navd.rss_kib()
    rss_peak = rss_before

    # Thousands of changes; after every 50 both readers must have every revision: the one
    # that never reads holds no one back.
    last = None
    for window in range(40):
        last = change(writer, 50, start=window * 50)
        for follower in followers:
            follower.wait_for(last, timeout=20)
        rss_peak = max(rss_peak, navd.rss_kib())
    assert last == slow_subscribed["revision"] + 2000

    # Unsent bytes stay queued without progress: navd lets it go ("too far behind").
    navd.wait_for_log("too far behind", timeout=30)
    rss_peak = max(rss_peak, navd.rss_kib())
    assert rss_peak - rss_before < 64 * MIB, f"navd's RSS grew by {(rss_peak - rss_before) // MIB} MiB"

    # What the slow one finally reads is a valid, gap-free start, then the end.
    chain = RevisionChain(slow_subscribed, "slow")
    ended = False
    for _ in range(2000):  # bounded: what fits in the socket buffers
        try:
            chain.add(slow.read_message(timeout=5)["params"])
        except (EOFError, ConnectionResetError):
            ended = True
            break
    assert ended, "the slow subscriber was not disconnected"
    assert chain.notifications, "the slow subscriber got nothing before it was cut off"
    assert chain.revision < last
    print(f"slow subscriber: {len(chain.notifications)} notifications up to revision {chain.revision} of {last};"
          f" RSS {rss_before} KiB, peak {rss_peak} KiB")

    for follower in followers:
        follower.stop()
        assert sorted(follower.chain.changes) == list(range(slow_subscribed["revision"] + 1, last + 1))
    assert followers[0].chain.root == writer.call("nav.state")["root"]
    info = writer.call("daemon.info")
    assert len(info["clients"]) == 3, f"the slow subscriber is still listed: {info['clients']}"


def test_a_slow_subscriber_that_drains_gets_a_coalesced_notification(navd, client_factory):
    writer = client_factory("writer")
    build_big_tree(writer)
    reader = client_factory()
    chain = RevisionChain(reader.call("nav.subscribe", {}), "reader")

    def make_it_slow(times):
        """Changes, without the reader reading, until navd says it coalesces for it."""
        for step in range(300):
            change(writer, 2, start=step * 2)
            if navd.stderr().count("client is slow") >= times:
                return
        raise AssertionError(f"the reader never became slow; navd's log:\n{navd.stderr()[-2000:]}")

    # Phase 1: fewer than 256 revisions while slow: one notification lists them all.
    make_it_slow(1)
    last = change(writer, 100)
    chain.follow(reader, last, timeout=30)
    coalesced = [n for n in chain.notifications if len(n["changes"]) > 1]
    assert coalesced, "no coalesced notification"
    assert not any(n.get("truncated") for n in chain.notifications)
    assert coalesced[-1]["root"] == writer.call("nav.state")["root"]
    separate_before = len(chain.notifications)

    # Phase 2: more than 256 while slow: the newest 256, `truncated`, and the tree.
    make_it_slow(2)
    last = change(writer, 400)
    chain.follow(reader, last, timeout=30)
    truncated = [n for n in chain.notifications[separate_before:] if n.get("truncated")]
    assert len(truncated) == 1, "expected exactly one truncated notification"
    (notification,) = truncated
    # The newest changes, at most 256 and at most 64 KiB of them (semantics.md 42).
    listed = sum(len(json.dumps(c, separators=(",", ":"))) for c in notification["changes"])
    assert 0 < len(notification["changes"]) <= 256 and listed <= 64 * 1024
    assert len(notification["changes"]) == 256 or listed > 48 * 1024
    index = chain.notifications.index(notification)
    assert notification["baseRevision"] == chain.notifications[index - 1]["revision"]
    assert notification["root"] == writer.call("nav.state")["root"]
    assert reader.sync() == []


def test_a_truncated_notification_carries_root_even_without_tree(navd, client_factory):
    """An events-only subscriber that misses more than 256 revisions cannot rebuild the
    tree from the events it was sent, so that one notification carries `root` anyway."""
    writer = client_factory("writer")
    reader = client_factory()
    chain = RevisionChain(reader.call("nav.subscribe", {"tree": False}), "events-only")
    push_many = {"ops": [{"method": "nav.route", "params": {"to": "post", "params": {"postId": n}}} for n in range(40)]}

    def big_changes(count):
        """Each revision carries 40 events, so the reader fills up fast; 10 in flight at a
        time, so that the writer never stops reading its own responses for long."""
        last = 0
        for start in range(0, count, 10):
            ids = [writer.request("nav.apply", push_many) if n % 2 == 0 else writer.request("nav.popToRoot", {})
                   for n in range(start, min(count, start + 10))]
            last = max(result_of(writer.response(request_id, timeout=15))["revision"] for request_id in ids)
        return last

    for _ in range(200):
        big_changes(10)
        if "client is slow" in navd.stderr():
            break
    else:
        raise AssertionError("the events-only reader never became slow; navd's log:\n" + navd.stderr()[-1500:])
    last = change(writer, 300)  # small ones: while it is slow they only queue up
    chain.follow(reader, last, timeout=30)
    plain = [n for n in chain.notifications if not n.get("truncated")]
    assert all("root" not in n for n in plain), "an events-only subscriber got a tree without truncation"
    (truncated,) = [n for n in chain.notifications if n.get("truncated")]
    assert truncated["root"] == writer.call("nav.state")["root"]
    # The newest changes, at most 256 and at most 64 KiB of them (semantics.md 42).
    listed = sum(len(json.dumps(c, separators=(",", ":"))) for c in truncated["changes"])
    assert 0 < len(truncated["changes"]) <= 256 and listed <= 64 * 1024
    assert len(truncated["changes"]) == 256 or listed > 48 * 1024
    assert all(change["events"] for change in truncated["changes"])


def test_thousands_of_pipelined_requests_are_all_answered_in_order(navd, client_factory):
    """3,000 requests written before reading a byte: about 2 MB of responses, so navd
    crosses its high watermark and stops reading this client, then resumes as it drains."""
    client = client_factory()
    client.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)
    kinds = []
    payload = bytearray()
    for n in range(3000):
        if n % 10 == 3:
            kind, method, params = "route", "nav.route", {"to": "post", "params": {"postId": n}}
        elif n % 10 == 7:
            kind, method, params = "close", "nav.close", None
        elif n % 2:
            kind, method, params = "url", "nav.url", None
        else:
            kind, method, params = "state", "nav.state", None
        message = {"jsonrpc": "2.0", "id": n, "method": method}
        if params is not None:
            message["params"] = params
        payload += json_line(message)
        kinds.append(kind)
    assert len(payload) < 200_000, "the pipeline must fit in the socket buffers while navd pauses reading"

    sender = threading.Thread(target=client.send_raw, args=(bytes(payload),), daemon=True)
    sender.start()
    sender.join(timeout=20)
    assert not sender.is_alive(), "navd stopped reading and the pipeline did not fit in the socket buffers"
    navd.wait_for_log("client is slow", timeout=10)  # the high watermark was crossed

    revision, top_is_post = 1, False
    for n, kind in enumerate(kinds):
        message = client.read_message(timeout=10)
        assert message["id"] == n, f"response {message['id']} where {n} was due"
        result = result_of(message)
        if kind in ("route", "close"):
            revision += 1
            assert result["revision"] == revision
            top_is_post = kind == "route"
        elif kind == "state":
            assert result["revision"] == revision
        else:
            assert result["url"].startswith("social://posts/" if top_is_post else "social://feed")
    assert client.sync() == []


def json_line(message) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"
