"""One client's burst, size or slowness is never charged to another (semantics.md 40-43).

Bugs guarded against, each reproduced on navd before the fix:
- ten tree subscribers that pause while one client pipelines 400 mutations in one write were
  all disconnected ("too far behind: 8,418,110 bytes unsent"): congestion was only seen
  between reads, so a whole read's notifications were queued for each of them first;
- a reply over 8 MiB (`nav.state` of a 12 MB tree) was never delivered: the client was
  disconnected while reading it;
- a 900 KB `daemon.hello` name, repeated in every `cause` of that client's revisions, got
  subscribers that read at full speed disconnected.
"""

import json
import socket

from navd_harness import RevisionChain, RPCError, result_of

MIB = 1 << 20


def big_tree(writer, screens=200):
    """A stack of `screens` posts: every notification with `root` is then ~40 KB."""
    result = writer.call("nav.apply", {"ops": [
        {"method": "nav.route", "params": {"to": "post", "params": {"postId": 10_000_000 + n}}}
        for n in range(screens)]})
    return result["revision"]


def pipelined_mutations(count):
    lines = []
    for k in range(count):
        if k % 2 == 0:
            message = {"jsonrpc": "2.0", "id": k + 1, "method": "nav.route",
                       "params": {"to": "post", "params": {"postId": k}}}
        else:
            message = {"jsonrpc": "2.0", "id": k + 1, "method": "nav.close"}
        lines.append(json.dumps(message, separators=(",", ":")).encode() + b"\n")
    return b"".join(lines)


def read_chain_until(client, chain, revision, timeout=30):
    while chain.revision < revision:
        message = client.notification("nav.changed", timeout=timeout)
        chain.add(message["params"])


def test_ten_paused_viewers_coalesce_through_a_burst_of_400_mutations(navd, client_factory):
    writer = client_factory("writer")
    big_tree(writer)
    viewers = [client_factory() for _ in range(10)]
    chains = [RevisionChain(viewer.call("nav.subscribe", {}), f"viewer{n}") for n, viewer in enumerate(viewers)]
    start = chains[0].revision
    # Read-only while paused: big enough that 400 separate notifications are over 8 MiB.
    assert len(json.dumps(viewers[0].call("nav.state")["root"])) * 400 > 8 * MIB

    writer.send_raw(pipelined_mutations(400))
    last = max(result_of(writer.response(k + 1, timeout=30))["revision"] for k in range(400))
    assert last == start + 400
    state = writer.call("nav.state")
    assert "too far behind" not in navd.stderr(), navd.stderr()[-2000:]

    for viewer, chain in zip(viewers, chains):
        read_chain_until(viewer, chain, last)
        assert chain.revision == last
        assert any(len(n["changes"]) > 1 for n in chain.notifications), f"{chain.name} was never coalesced"
        assert len(chain.notifications) < 100
        assert chain.root == state["root"]
    info = writer.call("daemon.info")
    assert len(info["clients"]) == 11, "a paused viewer was disconnected"
    assert "too far behind" not in navd.stderr()


def test_a_reply_over_8_mib_is_delivered_to_a_reader(navd_factory, tmp_path):
    app = tmp_path / "notes.json"
    app.write_text(json.dumps({
        "app": "notes", "root": "main",
        "flows": {"main": {"kind": "stack", "root": "home"}},
        "screens": {
            "home": {"routes": ["note"]},
            "note": {"params": {"text": {"type": "string"}}, "routes": ["note"]},
        },
    }))
    navd = navd_factory(app=app)
    writer = navd.client("writer")
    text = "n" * 900_000
    for _ in range(14):
        writer.call("nav.route", {"to": "note", "params": {"text": text}}, timeout=30)
    reader = navd.client("reader", timeout=60)
    state = reader.call("nav.state", timeout=60)
    assert len(json.dumps(state, separators=(",", ":"))) > 12_000_000
    assert json.dumps(state["root"]).count(text) == 14
    # Reading it again while subscribed: the subscription and the reply both arrive.
    subscribed = reader.call("nav.subscribe", {}, timeout=60)
    assert subscribed["revision"] == state["revision"]
    assert "too far behind" not in navd.stderr()
    writer.close()
    reader.close()


def test_a_900_kb_hello_name_is_refused_and_subscribers_keep_up(navd, client_factory):
    writer = client_factory()
    subscribers = [client_factory() for _ in range(3)]
    chains = [RevisionChain(s.call("nav.subscribe", {}), f"s{n}") for n, s in enumerate(subscribers)]
    try:
        writer.call("daemon.hello", {"name": "x" * 900_000})
        raise AssertionError("a 900 KB name was accepted")
    except RPCError as error:
        assert error.code == -32602
        assert error.data["param"] == "name" and error.data["problem"] == "tooLong"
        assert error.data["maxBytes"] == 256
    assert writer.call("daemon.hello", {"name": "w" * 256})["client"]
    last = None
    for k in range(40):
        if k % 2 == 0:
            last = writer.call("nav.route", {"to": "post", "params": {"postId": k}})
        else:
            last = writer.call("nav.close")
    for subscriber, chain in zip(subscribers, chains):
        read_chain_until(subscriber, chain, last["revision"])
        causes = {change["cause"]["client"] for change in chain.changes.values()}
        assert causes == {"w" * 256}
    assert "too far behind" not in navd.stderr()


def test_a_batch_of_150_rpc_discover_is_delivered(navd, client_factory):
    """One batch whose answer is over 8 MiB: before, the client was disconnected while
    reading it ("too far behind")."""
    reader = client_factory(timeout=60)
    answers = reader.batch([{"jsonrpc": "2.0", "id": n, "method": "rpc.discover"} for n in range(150)], timeout=60)
    assert sorted(a["id"] for a in answers) == list(range(150))
    assert len(json.dumps(answers, separators=(",", ":"))) > 8 * MIB
    assert reader.call("nav.state")["revision"] == 1
    assert "too far behind" not in navd.stderr()
