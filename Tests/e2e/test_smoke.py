"""Smoke test of the real daemon: boot state, a route, an error, a subscriber's nav.changed,
daemon.info, rpc.discover and a clean SIGTERM, every message checked against
Protocol/navd.openrpc.json. Skipped (by the `navd` fixture) while navd cannot serve."""

from navd_harness import RPCError, top_screen


def test_state_route_and_schemas(navd, client_factory, openrpc):
    actor = client_factory()
    watcher = client_factory()

    hello = actor.call("daemon.hello", {"name": "smoke-actor"})
    openrpc.validate_result("daemon.hello", hello)

    subscribed = watcher.call("nav.subscribe", {})
    openrpc.validate_result("nav.subscribe", subscribed)

    # Boot: the sample app's tabs flow with the feed tab selected and feedList on top.
    state = actor.call("nav.state")
    openrpc.validate_result("nav.state", state)
    boot_revision = state["revision"]
    assert boot_revision == subscribed["revision"]
    assert state["instance"] == subscribed["instance"]
    assert (state["root"]["flow"], state["root"]["kind"]) == ("main", "tabs")
    assert [tab["flow"] for tab in state["root"]["tabs"]] == ["feed", "friends", "chats", "settings"]
    assert top_screen(state["root"])["screen"] == "feedList"

    # A route with the custom `zoom` transition: one revision, its events, the new top.
    params = {"to": "post", "params": {"postId": 5}}
    openrpc.validate_params("nav.route", params)
    routed = actor.call("nav.route", params)
    openrpc.validate_result("nav.route", routed)
    assert routed["revision"] == boot_revision + 1
    assert routed["via"] == {"kind": "push", "name": "zoom", "animator": "zoom"}
    assert [e["type"] for e in routed["events"]] == ["willHide", "enter", "willShow"]
    assert routed["events"][1]["screen"] == routed["screen"]
    assert routed["events"][1]["via"]["direction"] == "push"

    state = actor.call("nav.state")
    openrpc.validate_result("nav.state", state)
    assert state["revision"] == routed["revision"]
    top = top_screen(state["root"])
    assert (top["id"], top["screen"], top["params"]) == (routed["screen"], "post", {"postId": 5})

    # The subscriber sees exactly that revision, caused by the named client.
    changed = watcher.notification("nav.changed")
    openrpc.validate_notification(changed)
    params = changed["params"]
    assert (params["baseRevision"], params["revision"]) == (boot_revision, routed["revision"])
    (change,) = params["changes"]
    assert change["cause"]["method"] == "nav.route"
    assert change["cause"]["client"] == "smoke-actor"
    assert change["events"] == routed["events"]
    assert params["root"] == state["root"]

    # An error: the documented code and reason, nothing changed.
    try:
        actor.call("nav.route", {"to": "nowhere"})
    except RPCError as error:
        openrpc.validate_error(error)
        assert (error.code, error.reason) == (-32001, "unknownDestination")
    else:
        raise AssertionError("routing to an unknown destination succeeded")
    assert actor.call("nav.state")["revision"] == routed["revision"]

    info = actor.call("daemon.info")
    openrpc.validate_result("daemon.info", info)
    assert info["pid"] == navd.pid
    assert info["revision"] == routed["revision"]
    assert {c["name"] for c in info["clients"]} >= {"smoke-actor"}

    document = actor.call("rpc.discover")
    openrpc.validate_result("rpc.discover", document)
    assert [m["name"] for m in document["methods"]] == list(openrpc.methods)

    # SIGTERM: every client hears daemon.shutdown, navd exits 0.
    navd.process.terminate()
    shutdown = watcher.notification("daemon.shutdown", timeout=5)
    openrpc.validate_notification(shutdown)
    assert navd.process.wait(timeout=10) == 0, navd.stderr()
