"""Every integer a client sends, at either end of Int64 and past it, against the real navd.

`nav.goto {"revision": -9223372036854775808}` killed navd: the history looked for the first
entry after `revision - 1`, which overflows for `Int.min`, and Swift traps on overflow, so
any client could stop the daemon for everyone. This test sends each integer-taking param of
every method (revisions, `expectRevision`, history `since` and `limit`, a tab index, route,
deep-link and event params of type `int`, request ids) with the extremes, and checks that each
gets a JSON-RPC error or a sane result, and that navd is still alive and serving after each.
"""

import json

import pytest

from navd_harness import RPCError

INT64_MIN = -9223372036854775808
INT64_MAX = 9223372036854775807
# The ends of Int64, one past each, and numbers no Int holds exactly.
EXTREMES = [INT64_MIN, INT64_MIN + 1, INT64_MAX - 1, INT64_MAX, INT64_MIN - 1, INT64_MAX + 1, 1e300, -1e300]


def requests_with(value):
    """(method, params) pairs, each with `value` in one integer-taking place."""
    yield "nav.goto", {"revision": value}
    yield "nav.goto", {"revision": 1, "expectRevision": value}
    yield "nav.reset", {"expectRevision": value}
    yield "nav.history", {"since": value}
    yield "nav.history", {"since": value, "tree": True}
    yield "nav.history", {"limit": value}
    yield "nav.history", {"since": 0, "limit": value, "tree": True}
    yield "nav.route", {"to": "post", "params": {"postId": value}}
    yield "nav.route", {"to": "post", "params": {"postId": 1}, "expectRevision": value}
    yield "nav.close", {"expectRevision": value}
    yield "nav.popTo", {"screen": "feed", "expectRevision": value}
    yield "nav.popToRoot", {"expectRevision": value}
    yield "nav.dismissAll", {"expectRevision": value}
    yield "nav.selectTab", {"tab": value}
    yield "nav.selectTab", {"tab": 0, "expectRevision": value}
    yield "flow.finish", {"flow": "f1", "expectRevision": value}
    yield "nav.apply", {"ops": [], "expectRevision": value}
    yield "nav.apply", {"ops": [{"method": "nav.route", "params": {"to": "post", "params": {"postId": value}}}]}
    yield "nav.apply", {"ops": [{"method": "nav.route", "params": {"to": "post", "params": {"postId": 1}, "expectRevision": value}}]}
    yield "nav.deeplink", {"url": f"social://posts/{value}"}
    yield "nav.deeplink", {"url": f"social://posts/{value}", "dryRun": True}
    yield "nav.deeplink", {"url": "social://feed", "expectRevision": value}
    yield "routes.resolve", {"url": f"social://posts/{value}"}
    yield "session.set", {"flags": {"signedIn": False}, "expectRevision": value}
    yield "event.emit", {"name": "postTapped", "payload": {"postId": value}}
    yield "event.emit", {"name": "postTapped", "payload": {"postId": 1}, "expectRevision": value}


def answer_is_sane(answer):
    """A result object, or an error with a JSON-RPC code, a reason where navd's own, and a
    message."""
    if "result" in answer:
        return isinstance(answer["result"], dict)
    error = answer["error"]
    return isinstance(error["message"], str) and error["message"] and (
        -32700 <= error["code"] <= -32600 or -32099 <= error["code"] <= -32000)


@pytest.mark.parametrize("value", EXTREMES, ids=str)
def test_every_integer_param_at_the_extremes_gets_an_answer_and_navd_lives(navd, client_factory, value):
    client = client_factory()
    for method, params in requests_with(value):
        answer = client.response(client.request(method, params))
        assert answer_is_sane(answer), (method, params, answer)
        assert navd.alive(), (method, params)
        # The state is whole after each: it reads, and a fresh client is served.
        assert client.call("nav.state")["revision"] >= 1
    with navd.client() as fresh:
        assert fresh.call("daemon.info")["pid"] == navd.pid


def test_the_revisions_navd_refuses_say_why(client_factory):
    client = client_factory()
    for revision in (INT64_MIN, INT64_MAX):
        with pytest.raises(RPCError) as gone:
            client.call("nav.goto", {"revision": revision})
        assert gone.value.code == -32012 and gone.value.data["revision"] == revision
        with pytest.raises(RPCError) as since:
            client.call("nav.history", {"since": INT64_MIN})
        assert since.value.code == -32602 and since.value.data["param"] == "since"
        with pytest.raises(RPCError) as limit:
            client.call("nav.history", {"limit": revision})
        assert limit.value.code == -32602 and limit.value.data["param"] == "limit"
        with pytest.raises(RPCError) as conflict:
            client.call("nav.route", {"to": "post", "params": {"postId": 1}, "expectRevision": revision})
        assert conflict.value.code == -32005 and conflict.value.data["expected"] == revision
    assert client.call("nav.history", {"since": INT64_MAX})["entries"] == []
    # A post id at either end opens, and its URL reads back.
    for post in (INT64_MIN, INT64_MAX):
        client.call("nav.route", {"to": "post", "params": {"postId": post}})
        assert client.call("nav.url") == {"url": f"social://posts/{post}"}


def test_request_ids_at_the_extremes_are_echoed(navd, client_factory):
    client = client_factory()
    for request_id in (INT64_MIN, INT64_MAX):
        assert client.response(client.request("nav.url", {}, id=request_id))["result"] == {"url": "social://feed"}
    for text in (b"-0", b"1e300", b"9223372036854775808", b"-9223372036854775809"):
        client.send_raw(b'{"jsonrpc":"2.0","id":' + text + b',"method":"nav.url"}\n')
        answer = client.read_message()
        assert "result" in answer or "error" in answer, answer
    assert navd.alive()
    assert client.call("nav.url") == {"url": "social://feed"}


def test_navctl_history_script_takes_any_limit(navctl):
    """`navctl history --script --limit N` asks for one revision more than N (the state the
    script starts from): with N = Int64.max that `+ 1` trapped in navctl itself. navd now says
    which limits it takes, and navctl passes that on."""
    result = navctl("history", "--script", "--limit", str(INT64_MAX))
    assert result.returncode == 1, result
    assert "limit" in result.stderr, result.stderr
    assert "Fatal error" not in result.stderr and "overflow" not in result.stderr.lower(), result.stderr
