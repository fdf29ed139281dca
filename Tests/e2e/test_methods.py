"""Every method of docs/protocol.md, called once over the real socket with real params.

The engine's unit tests prove each operation on values; what they cannot see is the daemon
in between: a method that is not wired to the server, params that are decoded under the
wrong names (`expectRevision` silently ignored, `dryRun` taken for a real link), a result
encoded with fields missing or renamed, `daemon.hello` names that never reach `cause` or
`daemon.info`, an `rpc.discover` that drifted from Protocol/navd.openrpc.json. Each test
drives one method the way a client would and checks the observable effect (the tree, the
revision, the notifications); the harness checks every line against the OpenRPC document
as it reads it.
"""

import json

import pytest

from navd_harness import OPENRPC_PATH, RPCError, RevisionChain, top_screen

TABS = ["feed", "friends", "chats", "settings"]


def expect_error(client, method, params, code, reason):
    """Calls `method`, which must fail with `code` and `data.reason`; returns the error."""
    with pytest.raises(RPCError) as caught:
        client.call(method, params)
    assert (caught.value.code, caught.value.reason) == (code, reason), caught.value
    return caught.value


def event_types(result):
    return [event["type"] for event in result["events"]]


def test_nav_state_is_the_sample_apps_boot_tree(client_factory):
    state = client_factory().call("nav.state", {})
    assert state["revision"] == 1
    root = state["root"]
    assert (root["flow"], root["kind"], root["selected"], root["via"]) == ("main", "tabs", 0, None)
    assert [tab["flow"] for tab in root["tabs"]] == TABS
    roots = [tab["screens"][0]["screen"] for tab in root["tabs"]]
    assert roots == ["feedList", "friendsList", "chatList", "settingsHome"]
    assert top_screen(root) == {"id": "s1", "screen": "feedList", "params": {}, "flow": "f2", "via": None}


def test_nav_subscribe_sends_changes_and_a_second_call_replaces_the_subscription(client_factory):
    actor, watcher = client_factory("actor"), client_factory()
    subscribed = watcher.call("nav.subscribe", {"tree": True, "events": True})
    assert subscribed == actor.call("nav.state")
    chain = RevisionChain(subscribed)

    routed = actor.call("nav.route", {"to": "post", "params": {"postId": 1}})
    chain.follow(watcher, routed["revision"])
    assert chain.changes[routed["revision"]]["events"] == routed["events"]
    assert chain.root == actor.call("nav.state")["root"]

    # Replaced by an events-only subscription: no root any more, events still there.
    again = watcher.call("nav.subscribe", {"tree": False})
    assert again["revision"] == routed["revision"]
    chain = RevisionChain(again)
    closed = actor.call("nav.close", {})
    chain.follow(watcher, closed["revision"])
    (notification,) = chain.notifications
    assert "root" not in notification
    assert notification["changes"][0]["events"] == closed["events"]

    # Replaced by a tree-only subscription: root, but no events in the changes.
    chain = RevisionChain(watcher.call("nav.subscribe", {"events": False}))
    routed = actor.call("nav.route", {"to": "compose"})
    chain.follow(watcher, routed["revision"])
    (notification,) = chain.notifications
    assert "events" not in notification["changes"][0]
    assert notification["root"] == actor.call("nav.state")["root"]
    assert watcher.sync() == [], "one subscription per connection: a replaced one must not send too"


def test_nav_unsubscribe_stops_notifications(client_factory):
    actor, watcher = client_factory(), client_factory()
    watcher.call("nav.subscribe", {})
    assert watcher.call("nav.unsubscribe", {}) == {}
    actor.call("nav.route", {"to": "post", "params": {"postId": 2}})
    actor.call("nav.close")
    assert watcher.sync() == [], "nav.changed after nav.unsubscribe"
    assert watcher.notifications == []


def test_nav_route_with_every_param(client_factory):
    client = client_factory()
    first = client.call("nav.route", {"to": "post", "params": {"postId": 1}, "expectRevision": 1, "from": "s1"})
    assert (first["revision"], first["via"]) == (2, {"kind": "push", "name": "zoom", "animator": "zoom"})
    assert event_types(first) == ["willHide", "enter", "willShow"]

    noop = client.call("nav.route", {"to": "post", "params": {"postId": 1}, "singleTop": True})
    assert (noop["revision"], noop.get("noop"), noop["events"]) == (2, True, [])

    expect_error(client, "nav.route", {"to": "post", "params": {"postId": 2}, "expectRevision": 1}, -32005, "conflict")
    expect_error(client, "nav.route", {"to": "post", "params": {"postId": 2}, "from": "s1"}, -32005, "conflict")
    expect_error(client, "nav.route", {"to": "profile", "params": {"userId": "x"}}, -32602, "invalidParams")
    expect_error(client, "nav.route", {"to": "settingsHome"}, -32002, "routeNotAllowed")
    expect_error(client, "nav.route", {"to": "nowhere"}, -32001, "unknownDestination")
    expect_error(client, "nav.route", {"to": "post", "params": {"postId": 2}, "expectRevison": 2}, -32602, "invalidParams")

    second = client.call("nav.route", {"to": "post", "params": {"postId": 2}})
    # popTo the first post, then open a profile with an explicit transition: one revision.
    third = client.call("nav.route", {"to": "profile", "params": {"userId": 7}, "transition": "modalWithNavigation",
                                      "popTo": {"screen": first["screen"]}})
    assert third["revision"] == second["revision"] + 1
    assert third["via"] == {"kind": "modalWithNavigation"}
    exits = [e["screen"] for e in third["events"] if e["type"] == "exit"]
    assert exits == [second["screen"]]
    state = client.call("nav.state")
    assert state["revision"] == third["revision"]
    top = top_screen(state["root"])
    assert (top["id"], top["params"]) == (third["screen"], {"userId": 7, "section": "posts"})
    assert [s["id"] for s in state["root"]["tabs"][0]["screens"]] == ["s1", first["screen"]]


def test_nav_close_by_id_pops_everything_above(client_factory):
    client = client_factory()
    a = client.call("nav.route", {"to": "post", "params": {"postId": 1}})
    b = client.call("nav.route", {"to": "post", "params": {"postId": 2}})
    closed = client.call("nav.close", {"screen": a["screen"], "expectRevision": b["revision"]})
    assert closed["closed"] == [b["screen"], a["screen"]]
    assert closed["finished"] == []
    assert event_types(closed) == ["willHide", "exit", "exit", "willShow"]
    assert top_screen(client.call("nav.state")["root"])["id"] == "s1"
    error = expect_error(client, "nav.close", {}, -32004, "nothingToClose")
    assert "s1" in error.message
    expect_error(client, "nav.close", {"screen": "s404"}, -32007, "unknownInstance")


def test_nav_popto_and_poptoroot(client_factory):
    client = client_factory()
    ids = [client.call("nav.route", {"to": "post", "params": {"postId": n}})["screen"] for n in range(4)]
    popped = client.call("nav.popTo", {"screen": ids[1]})
    assert [e["screen"] for e in popped["events"] if e["type"] == "exit"] == [ids[3], ids[2]]
    inclusive = client.call("nav.popTo", {"screen": "post", "inclusive": True})
    assert [e["screen"] for e in inclusive["events"] if e["type"] == "exit"] == [ids[1]]
    expect_error(client, "nav.popTo", {"screen": "s999"}, -32007, "unknownInstance")
    rooted = client.call("nav.popToRoot", {})
    assert [e["screen"] for e in rooted["events"] if e["type"] == "exit"] == [ids[0]]
    noop = client.call("nav.popToRoot", {"flow": "f2"})
    assert (noop["revision"], noop.get("noop"), noop["events"]) == (rooted["revision"], True, [])
    assert [s["id"] for s in client.call("nav.state")["root"]["tabs"][0]["screens"]] == ["s1"]


def test_nav_selecttab_and_dismissall(client_factory):
    client = client_factory()
    selected = client.call("nav.selectTab", {"tab": "chats"})
    assert [e for e in selected["events"] if e["type"] == "tabSelected"] == [
        {"type": "tabSelected", "flow": "f1", "tab": 2, "name": "chats"}]
    by_index = client.call("nav.selectTab", {"tab": 3, "flow": "f1"})
    assert client.call("nav.state")["root"]["selected"] == 3
    expect_error(client, "nav.selectTab", {"tab": "nowhere"}, -32602, "invalidParams")

    expect_error(client, "nav.dismissAll", {}, -32004, "nothingToClose")
    client.call("nav.route", {"to": "login"})
    client.call("nav.selectTab", {"tab": "feed"})
    client.call("nav.route", {"to": "compose"})
    dismissed = client.call("nav.dismissAll", {"expectRevision": by_index["revision"] + 3})
    finished = [e["name"] for e in dismissed["events"] if e["type"] == "flowFinished"]
    assert sorted(finished) == ["compose", "login"], "dismissAll dismisses the presentations of every tab"
    root = client.call("nav.state")["root"]
    assert all(tab["presented"] is None for tab in root["tabs"])


def test_flow_finish_carries_its_result(client_factory):
    client = client_factory()
    started = client.call("nav.route", {"to": "compose", "params": {"draft": "hi"}})
    finished = client.call("flow.finish", {"flow": started["flow"], "result": {"posted": True, "ids": [1, 2]}})
    (event,) = [e for e in finished["events"] if e["type"] == "flowFinished"]
    assert event == {"type": "flowFinished", "flow": started["flow"], "name": "compose",
                     "result": {"posted": True, "ids": [1, 2]}}
    expect_error(client, "flow.finish", {"flow": "f1"}, -32004, "nothingToClose")
    expect_error(client, "flow.finish", {"flow": started["flow"]}, -32007, "unknownInstance")


def test_nav_apply_is_one_revision_or_nothing(client_factory):
    client, watcher = client_factory("applier"), client_factory()
    chain = RevisionChain(watcher.call("nav.subscribe", {}))
    applied = client.call("nav.apply", {"ops": [
        {"method": "nav.selectTab", "params": {"tab": "chats"}},
        {"method": "nav.route", "params": {"to": "chat", "params": {"chatId": "c1"}}},
        {"method": "nav.route", "params": {"to": "message", "params": {"chatId": "c1", "messageId": 9}}},
        {"method": "nav.close"},
    ], "expectRevision": 1})
    assert applied["revision"] == 2
    assert len(applied["results"]) == 4
    assert applied["results"][1]["screen"] == "s5"
    assert applied["results"][3]["closed"] == ["s6"]
    # Net events: the message screen came and went inside the apply, so it has none.
    assert [e.get("name") for e in applied["events"] if e["type"] in ("enter", "exit")] == ["chat"]
    chain.follow(watcher, 2)
    assert chain.changes[2]["cause"]["method"] == "nav.apply"

    failing = {"ops": [{"method": "nav.route", "params": {"to": "message", "params": {"chatId": "c1", "messageId": 1}}},
                       {"method": "nav.route", "params": {"to": "compose"}}]}
    error = expect_error(client, "nav.apply", failing, -32002, "routeNotAllowed")
    assert (error.data["step"], error.data["stepOp"]) == (1, "nav.route")
    assert error.message.startswith("step 1 (")
    state = client.call("nav.state")
    assert state["revision"] == 2, "a failed apply changed the state"
    assert top_screen(state["root"])["id"] == "s5"
    assert watcher.sync() == [], "a failed apply was broadcast"


def test_nav_deeplink_dry_run_changes_nothing_and_predicts_the_real_link(client_factory):
    client, watcher = client_factory(), client_factory()
    watcher.call("nav.subscribe", {})
    client.call("nav.route", {"to": "post", "params": {"postId": 5}})
    before = client.call("nav.state")
    url = "social://chats/c9/messages/4"
    planned = client.call("nav.deeplink", {"url": url, "dryRun": True})
    assert planned["dryRun"] is True
    assert planned["revision"] == before["revision"]
    assert planned["mode"] == "reset"
    assert [entry["screen"] for entry in planned["chain"]] == ["chatList", "chat", "message"]
    assert planned["plan"][0] == {"action": "selectTab", "tab": "chats"}
    assert client.call("nav.state") == before, "a dry run changed the state"

    real = client.call("nav.deeplink", {"url": url, "expectRevision": before["revision"]})
    assert real["revision"] == before["revision"] + 1
    assert real["events"] == planned["events"], "the dry run consumed ids or planned other events"
    assert real["target"]["id"] == top_screen(client.call("nav.state")["root"])["id"]
    assert real["target"]["params"] == {"chatId": "c9", "messageId": 4}

    again = client.call("nav.deeplink", {"url": url})
    assert (again.get("noop"), again["revision"], again["events"]) == (True, real["revision"], [])

    web = client.call("nav.deeplink", {"url": "https://social.example.com/users/42?section=photos&utm=x"})
    assert (web["mode"], web["ignored"]) == ("top", ["utm"])
    assert top_screen(client.call("nav.state")["root"])["params"] == {"userId": 42, "section": "photos"}
    missing = client.call("nav.deeplink", {"url": "social://no/such/page"})
    assert missing.get("notFound") is True
    assert top_screen(client.call("nav.state")["root"])["params"] == {"url": "social://no/such/page"}
    expect_error(client, "nav.deeplink", {"url": "ftp://x/y"}, -32006, "noRouteForURL")


def test_a_dry_run_deeplink_is_not_broadcast(client_factory):
    client, watcher = client_factory(), client_factory()
    chain = RevisionChain(watcher.call("nav.subscribe", {}))
    client.call("nav.deeplink", {"url": "social://chats/c9", "dryRun": True})
    for message in watcher.sync():
        chain.add(message["params"])
    assert chain.notifications == []


def test_nav_url_round_trips(client_factory):
    client = client_factory()
    assert client.call("nav.url", {}) == {"url": "social://feed"}
    assert client.call("nav.url", {"screen": "s3"}) == {"url": "social://chats"}
    routed = client.call("nav.route", {"to": "profile", "params": {"userId": 42, "section": "friends"}})
    url = client.call("nav.url")["url"]
    assert url == "social://users/42/friends"
    client.call("nav.close", {"screen": routed["screen"]})
    client.call("nav.deeplink", {"url": url})
    assert top_screen(client.call("nav.state")["root"])["params"] == {"userId": 42, "section": "friends"}
    client.call("nav.route", {"to": "chat", "params": {"chatId": "c1"}})
    client.call("nav.route", {"to": "profile", "params": {"userId": 1}})
    client.call("nav.close")
    composed = client.call("nav.apply", {"ops": [{"method": "nav.dismissAll"},
                                                  {"method": "nav.route", "params": {"to": "compose"}}]})
    assert client.call("nav.url", {"screen": composed["results"][1]["screen"]}) == {"url": None}
    expect_error(client, "nav.url", {"screen": "s999"}, -32007, "unknownInstance")


def test_routes_list_returns_the_definition_and_expanded_patterns(client_factory):
    listed = client_factory().call("routes.list", {})
    assert listed["app"] == "social"
    definition = listed["definition"]
    assert definition["app"] == "social"
    assert set(definition["screens"]) >= {"feedList", "post", "profile", "chat", "message", "notFound"}
    patterns = json.dumps(listed["patterns"])
    assert "/users/:userId/:section" in patterns and "/users/:userId\"" in patterns


def test_routes_resolve_explains_a_match_and_changes_nothing(client_factory):
    client = client_factory()
    resolved = client.call("routes.resolve", {"url": "/chats/c9/messages/4"})
    assert resolved["url"] == "/chats/c9/messages/4"
    assert resolved["match"]["screen"] == "message"
    assert resolved["match"]["params"] == {"chatId": "c9", "messageId": 4}
    assert [entry["screen"] for entry in resolved["chain"]] == ["chatList", "chat", "message"]
    optional = client.call("routes.resolve", {"url": "social://users/42"})
    assert (optional["match"]["screen"], optional["match"]["pattern"]) == ("profile", "/users/:userId")
    assert optional["chain"][-1]["params"] == {"userId": 42, "section": "posts"}
    assert client.call("nav.state")["revision"] == 1


def test_daemon_info_describes_the_daemon(navd, client_factory):
    client = client_factory()
    other = client_factory("info-watcher")
    other.call("nav.subscribe", {})
    info = client.call("daemon.info", {})
    state = client.call("nav.state")
    assert info["pid"] == navd.pid
    assert info["app"] == "social"
    assert info["socket"] == navd.socket_path
    assert (info["revision"], info["instance"]) == (state["revision"], state["instance"])
    assert info["uptimeSeconds"] >= 0
    assert info["version"] and info["protocol"]
    assert info["stateDir"] == str(navd.dir / "state" / "navd")
    assert {(c["name"], c["subscribed"]) for c in info["clients"]} == {(None, False), ("info-watcher", True)}


def test_daemon_hello_names_the_client_in_cause_and_info(client_factory):
    actor, watcher = client_factory(), client_factory()
    client_id = actor.call("daemon.hello", {"name": "e2e-actor"})["client"]
    chain = RevisionChain(watcher.call("nav.subscribe", {}))
    routed = actor.call("nav.route", {"to": "compose"})
    chain.follow(watcher, routed["revision"])
    assert chain.changes[routed["revision"]]["cause"] == {"method": "nav.route", "client": "e2e-actor",
                                                          "clientId": client_id}
    clients = {c["id"]: c for c in watcher.call("daemon.info")["clients"]}
    assert clients[client_id]["name"] == "e2e-actor"


def test_rpc_discover_returns_the_protocol_document(client_factory):
    document = client_factory().call("rpc.discover", {})
    assert document == json.loads(OPENRPC_PATH.read_text())


def test_every_method_of_the_document_is_covered_here():
    """Adding a method to the document without an e2e test for it fails here."""
    document = json.loads(OPENRPC_PATH.read_text())
    covered = {"nav.state", "nav.subscribe", "nav.unsubscribe", "nav.route", "nav.close", "nav.popTo",
               "nav.popToRoot", "nav.dismissAll", "nav.selectTab", "flow.finish", "nav.apply", "nav.deeplink",
               "nav.url", "routes.list", "routes.resolve", "daemon.info", "daemon.hello", "rpc.discover",
               "nav.history", "nav.goto", "nav.reset",  # these three: test_history.py
               "event.emit", "events.listen",  # test_routing_events.py
               "session.set", "session.get"}  # these two: test_guards.py
    assert {m["name"] for m in document["methods"]} == covered


@pytest.mark.parametrize("method, params, param, problem", [
    ("nav.subscribe", {"tree": "yes"}, "tree", "wrongType"),
    ("nav.route", {}, "to", "missing"),
    ("nav.route", {"to": "post", "params": {"postId": 1.5}}, "postId", "wrongType"),
    ("nav.route", {"to": "profile", "params": {"userId": 1, "section": "bogus"}}, "section", "notAllowed"),
    ("nav.route", {"to": "post", "params": {"postId": 1, "colour": "red"}}, "colour", "unknown"),
    ("nav.route", {"to": "post", "params": {"postId": 1}, "transition": "warp"}, "transition", "notAllowed"),
    ("nav.selectTab", {"tab": 9}, "tab", "notAllowed"),
    ("nav.url", {"screen": 5}, "screen", "wrongType"),
    ("daemon.hello", {}, "name", "missing"),
    ("nav.state", {"x": 1}, "x", "unknown"),
    ("routes.resolve", {}, "url", "missing"),
    ("nav.apply", {"ops": "x"}, "ops", "wrongType"),
    ("session.set", {}, "flags", "missing"),
    ("session.set", {"flags": {"signedIn": 1}}, "flags.signedIn", "wrongType"),
    ("session.set", {"flags": {"sigendIn": True}}, "flags.sigendIn", "unknown"),
])
def test_invalid_params_name_the_field_and_the_problem(client_factory, method, params, param, problem):
    error = expect_error(client_factory(), method, params, -32602, "invalidParams")
    assert (error.data["param"], error.data["problem"]) == (param, problem), error.data
