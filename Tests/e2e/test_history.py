"""History, time travel and reset against the real navd (semantics.md 54-58).

What the server's unit tests cannot see: a history that is not wired to the daemon (no
revision 1, entries without their cause or client, an `at` that is not the wall clock), a
`nav.goto` whose tree is not exactly the one `nav.state` showed at that revision, ids of a
reset that repeat earlier ones, an error code or `data` that drifted from the OpenRPC document
(the harness checks every line against it as it reads it).
"""

import time

import pytest

from navd_harness import RPCError, RevisionChain, top_screen


def test_route_route_history_goto_1_is_the_boot_tree_then_reset(client_factory):
    actor, watcher = client_factory("tester"), client_factory()
    boot = actor.call("nav.state", {})
    chain = RevisionChain(watcher.call("nav.subscribe", {"tree": True, "events": True}))
    before = int(time.time() * 1000)
    first = actor.call("nav.route", {"to": "post", "params": {"postId": 1}})
    second = actor.call("nav.route", {"to": "profile", "params": {"userId": 7}})
    assert (first["revision"], second["revision"]) == (2, 3)

    history = actor.call("nav.history", {})
    assert (history["oldest"], history["latest"]) == (1, 3)
    entries = history["entries"]
    assert [e["revision"] for e in entries] == [1, 2, 3]
    assert entries[0]["cause"] == {"method": "daemon.start", "params": {}, "client": None, "clientId": None}
    assert entries[1]["cause"]["method"] == "nav.route" and entries[1]["cause"]["client"] == "tester"
    assert entries[1]["cause"]["params"] == {"to": "post", "params": {"postId": 1}}
    assert entries[2]["cause"]["params"] == {"to": "profile", "params": {"userId": 7}}
    assert entries[1]["events"] == first["events"] and entries[2]["events"] == second["events"]
    assert all("root" not in e for e in entries)
    assert before - 60_000 <= entries[1]["at"] <= entries[2]["at"] <= int(time.time() * 1000) + 1000

    # goto 1: the boot tree again, exactly, as revision 4.
    went = actor.call("nav.goto", {"revision": 1})
    assert went["revision"] == 4
    assert [e["type"] for e in went["events"]] == ["willHide", "exit", "flowFinished", "exit", "willShow"]
    state = actor.call("nav.state", {})
    assert state["root"] == boot["root"] and state["revision"] == 4
    chain.follow(watcher, 4)
    assert chain.root == boot["root"]
    assert chain.changes[4]["cause"] == {"method": "nav.goto", "client": "tester", "clientId": chain.changes[2]["cause"]["clientId"]}

    # With trees: revision 3's tree is what nav.state showed then; goto 3 brings it back.
    with_trees = actor.call("nav.history", {"since": 2, "limit": 1, "tree": True})
    assert [e["revision"] for e in with_trees["entries"]] == [3]
    third_tree = with_trees["entries"][0]["root"]
    assert top_screen(third_tree)["screen"] == "profile"
    assert actor.call("nav.goto", {"revision": 3, "expectRevision": 4})["revision"] == 5
    assert actor.call("nav.state", {})["root"] == third_tree
    assert actor.call("nav.goto", {"revision": 3})["noop"] is True

    # reset: the boot tree's shape with ids never used before.
    reset = actor.call("nav.reset", {})
    assert reset["revision"] == 6
    root = actor.call("nav.state", {})["root"]
    assert [tab["flow"] for tab in root["tabs"]] == [tab["flow"] for tab in boot["root"]["tabs"]]
    assert root["id"] == "f7" and top_screen(root)["id"] == "s7"
    last = actor.call("nav.history", {"since": 5})["entries"]
    assert [(e["revision"], e["cause"]["method"], e["cause"]["params"]) for e in last] == [(6, "nav.reset", {})]


def test_goto_of_a_revision_the_history_does_not_have(client_factory):
    client = client_factory()
    with pytest.raises(RPCError) as caught:
        client.call("nav.goto", {"revision": 42})
    error = caught.value
    assert (error.code, error.reason) == (-32012, "historyGone")
    assert error.data == {"reason": "historyGone", "revision": 42, "oldest": 1, "latest": 1}
    with pytest.raises(RPCError) as caught:
        client.call("nav.apply", {"ops": [{"method": "nav.reset"}]})
    assert caught.value.code == -32602
    with pytest.raises(RPCError) as caught:
        client.call("nav.history", {"limit": 0})
    assert caught.value.code == -32602
