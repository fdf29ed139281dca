"""`nav.reset` returns the session to boot, and subscribers are told.

The bug this guards against: `nav.reset` opened the boot tree but kept the session flags, so a
script that started with `reset` (as `navctl history --script` writes them, and as the shipped
examples now do) started signed in after any run that signed in, and its first guarded route
opened the account instead of the login. A reset now sets every flag false and drops a held
request (`pendingDropped {reason: "reset"}`), and its `nav.changed` carries the session.
"""

from navd_harness import top_screen


def test_reset_signs_out_drops_the_held_request_and_tells_subscribers(navd):
    watcher = navd.client(name="watcher")
    watcher.call("nav.subscribe", {"tree": False})
    with navd.client(name="app") as app:
        app.call("session.set", {"flags": {"signedIn": True}})
        signed_out = app.call("nav.reset")
        assert not any(event["type"].startswith("pending") for event in signed_out["events"])
        assert app.call("session.get") == {"flags": {"signedIn": False}, "pending": None}

        app.call("nav.selectTab", {"tab": "settings"})
        held = app.call("nav.route", {"to": "account"})
        assert held["pending"]["method"] == "nav.route"
        dropped = app.call("nav.reset")
        assert dropped["events"][-1] == {"type": "pendingDropped", "method": "nav.route", "reason": "reset"}
        assert app.call("session.get") == {"flags": {"signedIn": False}, "pending": None}
        assert top_screen(app.call("nav.state")["root"])["screen"] == "feedList"
        last = dropped["revision"]

    watcher.sync()
    changes = {c["revision"]: c for c in (n["params"] for n in watcher.notifications if n["method"] == "nav.changed")}
    assert changes[3]["changes"][0]["cause"]["method"] == "nav.reset"
    assert changes[3]["session"] == {"flags": {"signedIn": False}, "pending": None}, "the flag it cleared"
    assert changes[last]["session"] == {"flags": {"signedIn": False}, "pending": None}, "the request it dropped"
    watcher.close()
