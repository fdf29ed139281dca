"""Routing events with real processes: navd, listeners in other processes (the Python example
listener, `navctl listen --exec`, raw clients), and `navctl emit`.

Guards against a distributed coordinator that hangs or lies: navd waiting on a listener
inside its loop (everyone else stalls), a listener that declines taking the event anyway, a
listener killed mid-request leaving its emitter without an answer, a timeout that never
fires, and steps applied without the cause saying which listener decided them."""

import json
import pathlib
import subprocess
import sys
import time

import pytest

from navd_harness import NavctlRunner

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
LISTENER = REPO_ROOT / "examples" / "listeners" / "profile_listener.py"
PROFILE_42 = "enter s5 profile userId=42 section=posts (present), willShow s5 profile"


def start_and_wait(argv, ready: str, env=None):
    """A long-running listener process, once it printed its ready line."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1, env=env)
    line = process.stdout.readline()
    assert ready in line, (line, process.stderr.read() if process.poll() is not None else "")
    process.client_id = line.split(" as ")[1].split()[0]  # "listening to … as c2 …"
    return process


def python_listener(navd, name="profileModule"):
    return start_and_wait([sys.executable, str(LISTENER), "--socket", navd.socket_path, "--name", name], "listening to userTapped")


def navctl_listener(navctl: NavctlRunner, *args):
    return start_and_wait(navctl.argv("listen", *args), "listening to", env=navctl.env)


def stop(process):
    process.kill()
    process.wait(5)


def test_the_python_listener_opens_the_profile(navd, navctl, client_factory):
    listener = python_listener(navd)
    try:
        done = navctl("emit", "userTapped", "userId=42")
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout == f"handled by {listener.client_id}: r2: willHide s1 feedList, flowStarted f6, {PROFILE_42}\n"
        assert listener.stdout.readline() == 'e1 userTapped {"userId": 42} -> profile\n'
        history = client_factory().call("nav.history", {"limit": 1})["entries"][0]["cause"]
        assert (history["method"], history["event"], history["by"]) == ("event.emit", "userTapped", listener.client_id)
        # A negative id is not its business: declined, the definition's steps run instead.
        done = navctl("emit", "userTapped", "userId=-1", "--json")
        result = json.loads(done.stdout)
        assert (result["by"], result["handled"], result["revision"]) == ("definition", True, 3)
        assert listener.stdout.readline() == 'e2 userTapped {"userId": -1} -> not mine\n'
    finally:
        stop(listener)


def test_navctl_listen_exec_and_two_listeners_with_one_declining(navd_factory, navctl_bin, tmp_path):
    # Each answer starts a process (a shell, python3): on a loaded machine that can take longer
    # than the default 1 s, and a skipped listener is not what this test is about.
    navd = navd_factory(extra_args=["--listener-timeout", "20000"])
    navctl = NavctlRunner(navctl_bin, navd.socket_path, tmp_path)
    decliner = navctl_listener(navctl, "userTapped", "--exec", """echo '{"steps": []}'""")
    chooser = navctl_listener(
        navctl, "userTapped", "postTapped", "--exec",
        """python3 -c 'import json,sys; p=json.load(sys.stdin); print(json.dumps({"steps":[{"method":"nav.route","params":{"to":"post","params":{"postId":p["payload"]["userId"]}}}]}))'""")
    try:
        emitter = navd.client("feedModule")
        result = emitter.call("event.emit", {"name": "userTapped", "payload": {"userId": 8}})
        assert (result["by"], result["revision"], result["steps"]) == (
            chooser.client_id, 2, [{"method": "nav.route", "params": {"to": "post", "params": {"postId": 8}}}])
        assert "skipped" not in result
        assert decliner.stdout.readline() == 'userTapped {"userId":8}: not mine\n'
        assert chooser.stdout.readline() == 'userTapped {"userId":8}: 1 step: nav.route\n'
        # The second listener answers a postTapped it is asked about alone: steps that fail
        # (the payload has no userId) decline it, and the definition handles it.
        result = emitter.call("event.emit", {"name": "postTapped", "payload": {"postId": 3}})
        assert (result["by"], result["revision"]) == ("definition", 3)
        assert chooser.stdout.readline().startswith('postTapped {"postId":3}: declined: the command exited with status 1')
    finally:
        stop(decliner)
        stop(chooser)


def test_a_listener_killed_mid_request_is_skipped(navd_factory, navctl_bin, tmp_path):
    navd = navd_factory(extra_args=["--listener-timeout", "20000"])
    navctl = NavctlRunner(navctl_bin, navd.socket_path, tmp_path)
    sleeper = navctl_listener(navctl, "userTapped", "--exec", "sleep 30")
    emitter = navd.client("feedModule")
    other = navd.client("viewer")
    try:
        request = emitter.request("event.emit", {"name": "userTapped", "payload": {"userId": 42}})
        time.sleep(0.3)
        # navd is not blocked while it waits: another client is answered (within the client's
        # 5 s, well inside the 20 s navd would otherwise wait for the listener).
        assert other.call("nav.state", timeout=5)["revision"] == 1
        sleeper.kill()
        result = emitter.response(request, timeout=5)["result"]
        assert (result["by"], result["revision"]) == ("definition", 2)
        assert result["skipped"] == [{"client": sleeper.client_id, "reason": "disconnected", "message": "the listener disconnected before answering"}]
    finally:
        stop(sleeper)
        emitter.close()
        other.close()


def test_a_listener_that_does_not_answer_times_out(navd_factory):
    navd = navd_factory(extra_args=["--listener-timeout", "300"])
    listener = navd.client("silent")
    emitter = navd.client("feedModule")
    try:
        silent = listener.call("daemon.hello", {"name": "silent"})["client"]
        listener.call("events.listen", {"events": ["userTapped"]})
        started = time.monotonic()
        request = emitter.request("event.emit", {"name": "userTapped", "payload": {"userId": 5}})
        asked = listener.server_request()
        assert asked["method"] == "event.handle" and asked["id"] == "e1"
        assert asked["params"] == {"event": "userTapped", "payload": {"userId": 5}, "revision": 1,
                                   "top": {"id": "s1", "screen": "feedList", "params": {}}}
        result = emitter.response(request, timeout=5)["result"]
        elapsed = time.monotonic() - started
        assert 0.25 <= elapsed < 2.0, elapsed
        assert result["skipped"] == [{"client": silent, "reason": "timeout", "message": "no answer within 300 ms"}]
        assert result["by"] == "definition"
        # Its late answer is ignored and never answered.
        listener.answer("e1", {"steps": [{"method": "nav.close"}]})
        assert listener.call("nav.state")["revision"] == 2
    finally:
        listener.close()
        emitter.close()


def test_an_error_answer_and_the_unknown_event(navd, client_factory):
    listener = client_factory("broken")
    emitter = client_factory("feedModule")
    broken = listener.call("daemon.hello", {"name": "broken"})["client"]
    listener.call("events.listen", {"events": ["pushReceived"]})
    request = emitter.request("event.emit", {"name": "pushReceived", "payload": {"chatId": "c1"}})
    asked = listener.server_request()
    listener.answer(asked["id"], error={"code": -32000, "message": "database down"})
    result = emitter.response(request)["result"]
    assert result == {"revision": 1, "handled": False,
                      "skipped": [{"client": broken, "reason": "error", "message": "answered an error: database down"}]}
    response = emitter.response(emitter.request("event.emit", {"name": "userTaped"}))
    assert response["error"]["code"] == -32011 and response["error"]["data"]["reason"] == "unknownEvent"


def test_navctl_emit_typed_and_in_a_script(navctl, tmp_path):
    script = tmp_path / "events.navctl"
    script.write_text("emit messageReceived chatId=c9 messageId=4\nexpect top message chatId=c9 messageId=4\n"
                      "emit loggedOut\nexpect top feedList\n")
    done = navctl("run", str(script), "--quiet")
    assert (done.returncode, done.stdout, done.stderr) == (0, "2 passed, 0 failed\n", "")
    done = navctl("emit", "postTapped", "postId=seven")
    assert done.returncode == 2
    assert done.stderr.startswith("navctl: invalid value 'seven' for param 'postId' of event postTapped: expected int\n")


def test_navd_check_names_every_bad_step_and_navd_refuses_a_bad_timeout(tmp_path):
    from navd_harness import find_navd
    navd_bin = str(find_navd())
    app = tmp_path / "events.json"
    app.write_text(json.dumps({
        "app": "t", "root": "main", "flows": {"main": {"kind": "stack", "root": "home"}},
        "screens": {"home": {"path": "/", "routes": ["item"]}, "item": {"params": {"id": {"type": "int"}}}},
        "events": {"open": {"params": {"id": {"type": "string"}},
                            "steps": [{"method": "nav.rout", "params": {"to": "item"}},
                                      {"method": "nav.route", "params": {"to": "item", "params": {"id": "$id"}}},
                                      {"method": "nav.deeplink", "params": {"url": "t://items/{missing}"}}]}},
    }))
    done = subprocess.run([navd_bin, "check", str(app)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert [line for line in done.stdout.splitlines() if line.startswith("error")] == [
        "error: $.events.open.steps[2].params.url: '{missing}' names no payload param of event open (declared: id)",
        "error: $.events.open.steps[0].method: 'nav.rout' is not a navigation method (nav.route, nav.close, nav.popTo, "
        "nav.popToRoot, nav.dismissAll, nav.selectTab, flow.finish, nav.apply, nav.deeplink); did you mean 'nav.route'?",
        "error: $.events.open.steps[1].params.params.id: '$id' is a string payload param; item.id is int",
    ]
    done = subprocess.run([navd_bin, "--listener-timeout", "0", "--ephemeral", "--socket", str(tmp_path / "s.sock")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert "--listener-timeout must be from 1 to 600000 milliseconds" in done.stderr
