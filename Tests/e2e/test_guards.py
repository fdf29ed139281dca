"""Guards and deferred links (docs/guards.md, Protocol/semantics.md 64-69), against the real navd.

The sample app's `account` requires `signedIn`, whose redirect is the `login` flow. The bugs
these tests guard against: a guarded request that answers with an error (or opens the screen
anyway) instead of holding it and opening the login; a sign-in that resumes the request in
several revisions (a subscriber would see the settings screen flash between the login closing
and the account opening), or before the login finished; a held request that outlives the login
someone closed (it would fire on a later sign-in, out of the blue); two logins stacked for two
held requests; and a restart — even `kill -9` between the redirect and the sign-in — that
forgets what was held, so signing in afterwards does nothing.
"""

import signal

import pytest

from navd_harness import Navd, top_screen


def types(events):
    return [event["type"] for event in events]


def subscriber(navd):
    client = navd.client(name="watcher")
    client.call("nav.subscribe", {"tree": False})
    return client


def test_a_guarded_route_redirects_without_an_error_and_sign_in_resumes_in_one_revision(navd):
    watcher = subscriber(navd)
    with navd.client(name="app") as app:
        app.call("nav.selectTab", {"tab": "settings"})
        held = app.call("nav.route", {"to": "account"})
        assert held["pending"] == {"method": "nav.route", "params": {"to": "account"}}
        assert held["redirected"]["to"] == "login"
        assert types(held["events"]) == ["willHide", "flowStarted", "enter", "willShow", "pendingHeld"]
        assert held["events"][-1] == {"type": "pendingHeld", "method": "nav.route", "guard": "signedIn", "screen": "account"}
        state = app.call("nav.state")
        assert top_screen(state["root"])["screen"] == "loginForm"
        assert state["session"]["pending"]["screen"] == "account"

        resumed = app.call("session.set", {"flags": {"signedIn": True}})
        assert resumed["resumed"]["method"] == "nav.route" and resumed["pending"] is None
        assert types(resumed["events"]) == ["willHide", "exit", "flowFinished", "enter", "willShow"]
        finished = resumed["events"][2]
        assert finished["name"] == "login" and finished["result"] == "satisfied"
        assert resumed["events"][3]["name"] == "account"
        assert top_screen(app.call("nav.state")["root"])["screen"] == "account"

    # The watcher saw the hold and the resume as one notification each, the session with them.
    watcher.sync()
    changes = [n["params"] for n in watcher.notifications if n["method"] == "nav.changed"]
    assert [c["revision"] for c in changes] == [2, 3, 4]
    assert "session" not in changes[0]
    assert changes[1]["session"]["pending"]["method"] == "nav.route"
    resume = changes[2]
    assert len(resume["changes"]) == 1 and resume["changes"][0]["cause"]["method"] == "session.set"
    resume_events = resume["changes"][0]["events"]
    assert [(e["type"], e.get("name"), e.get("result")) for e in resume_events[2:4]] == [
        ("flowFinished", "login", "satisfied"), ("enter", "account", None)]
    assert resume["session"] == {"flags": {"signedIn": True}, "pending": None}
    watcher.close()


def test_a_guarded_deep_link_redirects_and_resumes_as_the_link(navd):
    with navd.client() as app:
        dry = app.call("nav.deeplink", {"url": "social://settings/account", "dryRun": True})
        assert dry["guarded"] == {"guard": "signedIn", "screen": "account", "redirect": "login"}
        assert app.call("nav.state")["revision"] == 1
        held = app.call("nav.deeplink", {"url": "social://settings/account"})
        assert held["pending"]["method"] == "nav.deeplink" and "error" not in held
        assert app.call("nav.state")["root"]["selected"] == 0, "nothing the link asked for happened"
        resumed = app.call("session.set", {"flags": {"signedIn": True}})
        assert resumed["resumed"]["method"] == "nav.deeplink"
        state = app.call("nav.state")
        assert state["root"]["selected"] == 3 and top_screen(state["root"])["screen"] == "account"


def test_closing_the_login_drops_the_request(navd):
    with navd.client() as app:
        app.call("nav.selectTab", {"tab": "settings"})
        app.call("nav.route", {"to": "account"})
        app.call("nav.route", {"to": "twoFactor"})  # a push inside the login keeps it
        assert app.call("session.get")["pending"] is not None
        app.call("nav.close")
        closed = app.call("nav.close")
        assert closed["events"][-1] == {"type": "pendingDropped", "method": "nav.route", "reason": "redirectClosed"}
        assert app.call("session.get") == {"flags": {"signedIn": False}, "pending": None}
        later = app.call("session.set", {"flags": {"signedIn": True}})
        assert "resumed" not in later and later["events"] == []
        assert top_screen(app.call("nav.state")["root"])["screen"] == "settingsHome"


def test_a_newer_held_request_replaces_the_older(navd):
    with navd.client() as app:
        app.call("nav.selectTab", {"tab": "settings"})
        first = app.call("nav.route", {"to": "account"})
        second = app.call("nav.deeplink", {"url": "/settings/account?utm=mail"})
        assert second["events"] == [
            {"type": "pendingDropped", "method": "nav.route", "reason": "replaced"},
            {"type": "pendingHeld", "method": "nav.deeplink", "guard": "signedIn", "screen": "account"},
        ]
        assert second["redirected"] == first["redirected"], "the open login is reused, not stacked"
        assert app.call("session.get")["pending"]["method"] == "nav.deeplink"
        resumed = app.call("session.set", {"flags": {"signedIn": True}})
        assert resumed["resumed"]["method"] == "nav.deeplink"


def test_unknown_flags_are_refused_and_change_nothing(navd):
    with navd.client() as app:
        with pytest.raises(Exception) as refused:
            app.call("session.set", {"flags": {"sigendIn": True}})
        assert refused.value.code == -32602 and refused.value.data["problem"] == "unknown"
        assert app.call("nav.state")["revision"] == 1


def test_kill_9_between_the_redirect_and_sign_in_still_resumes(navd_command, state_dir):
    first = Navd(command=navd_command, extra_args=["--state-dir", str(state_dir)]).start()
    try:
        with first.client() as app:
            app.call("nav.selectTab", {"tab": "settings"})
            held = app.call("nav.route", {"to": "account"})
            assert held["pending"]["method"] == "nav.route"
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(timeout=10)
    finally:
        first.stop()
    restarted = Navd(command=navd_command, extra_args=["--state-dir", str(state_dir)]).start()
    try:
        with restarted.client() as app:
            state = app.call("nav.state")
            assert state["revision"] == 3
            assert state["session"]["pending"]["method"] == "nav.route"
            assert top_screen(state["root"])["screen"] == "loginForm"
            resumed = app.call("session.set", {"flags": {"signedIn": True}})
            assert resumed["resumed"]["method"] == "nav.route"
            assert [e["result"] for e in resumed["events"] if e["type"] == "flowFinished"] == ["satisfied"]
            assert top_screen(app.call("nav.state")["root"])["screen"] == "account"
    finally:
        restarted.stop()
