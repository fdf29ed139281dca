"""Chained guards resume step by step, against the real navd (docs/guards.md, semantics.md 84).

`account` requires `signedIn` and `verified`; `loginForm`, signedIn's redirect, requires
`verified`, whose redirect is `twoFactor`. A route to account opens twoFactor and is held. The
bug: the request waited for `signedIn` (the first guard it hit), so setting `verified` resumed
nothing and opened nothing, and every way out of twoFactor dropped the request — it was stuck.
Now it waits for the guard whose redirect opened: setting `verified` takes it one step (the
login opens, the request waits for `signedIn`), and setting `signedIn` opens account; each in
one revision, the session as nav.state, a subscriber and a restart see it.
"""

import json

import pytest

from navd_harness import Navd, top_screen

APP = {
    "app": "bank",
    "root": "home",
    "flows": {"home": {"kind": "stack", "root": "lobby"}},
    "screens": {
        "lobby": {"routes": ["account"]},
        "account": {"requires": ["signedIn", "verified"]},
        "loginForm": {"requires": ["verified"], "transition": "modal"},
        "twoFactor": {},
    },
    "guards": {"signedIn": {"redirect": "loginForm"}, "verified": {"redirect": "twoFactor"}},
}


@pytest.fixture
def bank_app(tmp_path):
    path = tmp_path / "bank.json"
    path.write_text(json.dumps(APP))
    return path


def screens(root):
    return [screen["screen"] for screen in root["screens"]] + [
        name for presented in ([root["presented"]] if root.get("presented") else []) for name in screens(presented)]


def test_each_flag_takes_a_held_request_one_step(navd_command, bank_app, state_dir):
    daemon = Navd(command=navd_command, app=bank_app, extra_args=["--state-dir", str(state_dir)]).start()
    try:
        watcher = daemon.client(name="watcher")
        watcher.call("nav.subscribe", {"tree": False})
        app = daemon.client(name="app")
        held = app.call("nav.route", {"to": "account"})
        assert held["redirected"]["to"] == "twoFactor"
        assert held["events"][-1] == {"type": "pendingHeld", "method": "nav.route", "guard": "verified", "screen": "loginForm"}
        assert app.call("session.get")["pending"]["guard"] == "verified"

        verified = app.call("session.set", {"flags": {"verified": True}})
        assert "resumed" not in verified
        assert verified["pending"]["guard"] == "signedIn" and verified["pending"]["screen"] == "account"
        assert verified["pending"]["redirected"]["to"] == "loginForm"
        assert [(e["type"], e.get("name")) for e in verified["events"]] == [
            ("willHide", "twoFactor"), ("exit", "twoFactor"), ("flowStarted", None), ("enter", "loginForm"),
            ("willShow", "loginForm"), ("pendingHeld", None)]
        assert verified["events"][-1] == {"type": "pendingHeld", "method": "nav.route", "guard": "signedIn", "screen": "account"}
        state = app.call("nav.state")
        assert top_screen(state["root"])["screen"] == "loginForm" and screens(state["root"]) == ["lobby", "loginForm"]
        assert state["session"]["flags"] == {"signedIn": False, "verified": True}
        # The subscriber saw the hold and the step as one notification each.
        watcher.sync()
        changes = [n["params"] for n in watcher.notifications if n["method"] == "nav.changed"]
        assert [c["changes"][0]["cause"]["method"] for c in changes] == ["nav.route", "session.set"]
        assert changes[1]["session"]["pending"]["guard"] == "signedIn"
    finally:
        daemon.stop()

    # The request held for signedIn survives a restart, and signing in opens account.
    daemon = Navd(command=navd_command, app=bank_app, extra_args=["--state-dir", str(state_dir)]).start()
    try:
        app = daemon.client(name="app")
        assert app.call("session.get")["pending"]["guard"] == "signedIn"
        signed_in = app.call("session.set", {"flags": {"signedIn": True}})
        assert signed_in["resumed"]["method"] == "nav.route" and signed_in["pending"] is None
        assert [(e["type"], e.get("name")) for e in signed_in["events"]] == [
            ("willHide", "loginForm"), ("exit", "loginForm"), ("flowFinished", None), ("enter", "account"),
            ("willShow", "account")]
        state = app.call("nav.state")
        assert screens(state["root"]) == ["lobby", "account"]
        assert state["session"] == {"flags": {"signedIn": True, "verified": True}, "pending": None}
    finally:
        daemon.stop()

