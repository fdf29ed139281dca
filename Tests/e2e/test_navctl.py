"""navctl against the real navd: every subcommand, exact stdout and stderr, exit statuses
0/1/2/3, and --json results checked against Protocol/navd.openrpc.json.

Guards against the scripting client and the daemon drifting apart: a result shape navctl
misreads, an error printed without navd's own message, a param sent as the wrong JSON type,
an exit status a shell script cannot trust, a watcher that misses or repeats a revision."""

import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import pathlib
import shutil

import pytest

from navd_harness import NavctlRunner

TABS = """\
    f3 friends stack
      s2 friendsList
    f4 chats stack
      s3 chatList
    f5 settings stack
      s4 settingsHome
"""

ROUTE_USAGE = (
    "Usage: navctl route <destination> [<name=value> ...] [--transition <name>] [--from <id>] [--single-top]"
    " [--pop-to <id|name>] [--inclusive] [--expect-revision <n>] [--socket <path>] [--json]\n"
    "  See 'navctl route --help' for more information.\n"
)


def ok(done, stdout):
    assert (done.returncode, done.stderr, done.stdout) == (0, "", stdout)


def fails(done, status, stderr):
    assert (done.returncode, done.stderr, done.stdout) == (status, stderr, "")


def instance_of(navctl):
    return json.loads(navctl("state", "--json").stdout)["instance"]


def test_route_state_and_close(navctl):
    ok(navctl("route", "post", "postId=5"), "r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post\n")
    ok(navctl("route", "profile", "userId=42"),
       "r3: willHide s5 post, flowStarted f6, enter s6 profile userId=42 section=posts (present), willShow s6 profile\n")
    ok(navctl("state"), f"""\
revision 3, instance {instance_of(navctl)}
f1 main tabs
  * f2 feed stack
      s1 feedList
      s5 post postId=5 via zoom
      presents f6 single via modal
        s6 profile userId=42 section=posts via modal  <- top
""" + TABS)
    ok(navctl("close"),
       "r4: willHide s6 profile, exit s6 profile userId=42 section=posts (dismiss), flowFinished f6, willShow s5 post\n")
    ok(navctl("close", "s5", "--expect-revision", "4"),
       "r5: willHide s5 post, exit s5 post postId=5 (pop via zoom), willShow s1 feedList\n")


def test_params_reach_navd_with_their_declared_types(navctl, client_factory):
    ok(navctl("route", "profile", "userId=42", "--transition", "modalWithNavigation"),
       "r2: willHide s1 feedList, flowStarted f6, enter s5 profile userId=42 section=posts (present via modalWithNavigation),"
       " willShow s5 profile\n")
    ok(navctl("route", "chat", "chatId=42"), "r3: willHide s5 profile, enter s6 chat chatId=42 (push), willShow s6 chat\n")
    root = client_factory().call("nav.state")["root"]
    screens = root["tabs"][0]["presented"]["screens"]
    assert [s["params"] for s in screens] == [{"userId": 42, "section": "posts"}, {"chatId": "42"}]


def test_navigation_verbs(navctl, tmp_path):
    ok(navctl("tab", "chats"), "r2: willHide s1 feedList, tabSelected f1 chats, willShow s3 chatList\n")
    ok(navctl("tab", "0"), "r3: willHide s3 chatList, tabSelected f1 feed, willShow s1 feedList\n")
    navctl("route", "post", "postId=1")
    navctl("route", "post", "postId=2")
    ok(navctl("pop-to", "post"), "r5: no change\n")
    ok(navctl("pop-to", "s5"), "r6: willHide s6 post, exit s6 post postId=2 (pop via zoom), willShow s5 post\n")
    ok(navctl("pop-to-root"), "r7: willHide s5 post, exit s5 post postId=1 (pop via zoom), willShow s1 feedList\n")
    ok(navctl("route", "compose", "draft=two words", "--transition", "push"),
       'r8: willHide s1 feedList, flowStarted f6 compose, enter s7 composePost draft="two words" (push), willShow s7 composePost\n')
    ok(navctl("finish", "f6", "--result", '{"sent": true}'),
       'r9: willHide s7 composePost, exit s7 composePost draft="two words" (pop), flowFinished f6 compose result={"sent":true},'
       " willShow s1 feedList\n")
    navctl("route", "profile", "userId=3")
    ok(navctl("dismiss-all"),
       "r11: willHide s8 profile, exit s8 profile userId=3 section=posts (dismiss), flowFinished f7, willShow s1 feedList\n")
    ok(navctl("route", "post", "postId=9", "--single-top"), "r12: willHide s1 feedList, enter s9 post postId=9 (push via zoom), willShow s9 post\n")
    ok(navctl("route", "post", "postId=9", "--single-top"), "r12: no change\n")
    ok(navctl("route", "profile", "userId=1", "--pop-to", "feedList", "--from", "s9"),
       "r13: willHide s9 post, exit s9 post postId=9 (pop via zoom), flowStarted f8, enter s10 profile userId=1 section=posts (present),"
       " willShow s10 profile\n")


def test_apply_from_a_file_and_from_stdin(navctl, tmp_path):
    ops = tmp_path / "ops.json"
    ops.write_text(json.dumps([
        {"method": "nav.route", "params": {"to": "post", "params": {"postId": 1}}},
        {"method": "nav.selectTab", "params": {"tab": "chats"}},
    ]))
    ok(navctl("apply", str(ops)),
       "r2: willHide s1 feedList, tabSelected f1 chats, enter s5 post postId=1 (push via zoom), willShow s3 chatList\n")
    ok(navctl("apply", "-", "--expect-revision", "2", input=json.dumps({"ops": [{"method": "nav.selectTab", "params": {"tab": "feed"}}]})),
       "r3: willHide s3 chatList, tabSelected f1 feed, willShow s5 post\n")
    fails(navctl("apply", "-", input='{"ops": [{"method": "nav.close"}, {"method": "nav.close"}]}'),
          1, "navctl: step 1 (nav.close): screen s1 is a root: it was not opened by a transition\n")
    fails(navctl("apply", str(tmp_path / "missing.json")), 2, f"navctl: cannot read {tmp_path}/missing.json: No such file or directory\n")


def test_deep_links_and_urls(navctl):
    ok(navctl("deeplink", "social://chats/c9/messages/4", "--dry-run"), """\
dry run at r1, mode reset: chatList > chat chatId=c9 > message chatId=c9 messageId=4
  selectTab chats
  open chat chatId=c9 via push
  open message chatId=c9 messageId=4 via push
""")
    ok(navctl("deeplink", "social://chats/c9/messages/4"), """\
r2: willHide s1 feedList, tabSelected f1 chats, enter s5 chat chatId=c9 (push), enter s6 message chatId=c9 messageId=4 (push), willShow s6 message
mode reset: chatList > chat chatId=c9 > message chatId=c9 messageId=4
""")
    ok(navctl("url"), "social://chats/c9/messages/4\n")
    ok(navctl("url", "s5"), "social://chats/c9\n")
    ok(navctl("deeplink", "https://social.example.com/users/42?section=friends&utm=x"), """\
r3: willHide s6 message, flowStarted f6, enter s7 profile userId=42 section=friends (present), willShow s7 profile
mode top: profile userId=42 section=friends
ignored query items: utm
""")
    fails(navctl("deeplink", "ftp://x/y"), 1, "navctl: no route for URL 'ftp://x/y': unknown scheme or host 'ftp'\n")


def test_inspection(navctl, navd):
    ok(navctl("resolve", "social://posts/abc"), """\
url    social://posts/abc
path   /posts/abc
match  none: opens the notFound screen
chain  notFound url=social://posts/abc
mode   top
candidates:
  post /posts/:postId (rejected: postId: 'abc' is not an int)
""")
    routes = navctl("routes")
    assert routes.returncode == 0 and routes.stderr == ""
    assert routes.stdout.startswith("app social, root flow main\ndeep links: social://, https://social.example.com/; unmatched open notFound\nflows:\n")
    assert "  profile       /users/:userId(/:section)           userId:int section:enum(posts|photos|friends)=posts  via modal  -> chat, friendsList, post, profile\n" in routes.stdout

    info = navctl("info")
    assert info.returncode == 0 and info.stderr == ""
    lines = info.stdout.splitlines()
    assert lines[0].startswith(f"navd 0.1.0 (protocol 1), app social, pid {navd.pid}, up ")
    assert lines[1:] == [f"socket {navd.socket_path}", f"revision 1, instance {instance_of(navctl)}, state in {navd.dir / 'state' / 'navd'}",
                         "clients: 1", lines[4]]
    assert lines[4].endswith(" navctl (this connection)")

    ok(navctl("call", "nav.url"), '{\n  "url": "social://feed"\n}\n')
    ok(navctl("call", "routes.resolve", '{"url": "/feed"}', "--json"),
       json.dumps(json.loads(navctl("resolve", "/feed", "--json").stdout), separators=(",", ":")) + "\n")


def test_json_results_follow_the_contract(navctl, openrpc, tmp_path):
    def result(method, *args, **kwargs):
        done = navctl(*args, "--json", **kwargs)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        assert done.stdout.count("\n") == 1, "one JSON line"
        value = json.loads(done.stdout)
        if method != "routes.list":
            openrpc.validate_result(method, value)
        return value

    assert result("nav.route", "route", "post", "postId=5")["screen"] == "s5"
    assert result("nav.state", "state")["revision"] == 2
    assert result("nav.url", "url") == {"url": "social://posts/5"}
    assert result("nav.close", "close")["closed"] == ["s5"]
    assert result("nav.selectTab", "tab", "friends")["revision"] == 4
    result("nav.route", "route", "profile", "userId=1")
    assert [e["type"] for e in result("nav.popToRoot", "pop-to-root", "f3")["events"]] == ["willHide", "exit", "flowFinished", "willShow"]
    result("nav.route", "route", "profile", "userId=2")
    assert result("flow.finish", "finish", "f7")["revision"] == 8
    result("nav.route", "route", "profile", "userId=3")
    assert result("nav.dismissAll", "dismiss-all")["revision"] == 10
    assert result("nav.popTo", "pop-to", "friendsList")["noop"] is True
    assert result("nav.apply", "apply", "-", input="[]")["noop"] is True
    assert result("nav.deeplink", "deeplink", "/chats", "--dry-run")["dryRun"] is True
    # navd answers routes.list as {app: NAME, definition: {...}, patterns: [...]}; the OpenRPC
    # document still describes `app` as the definition object, so this one is checked here.
    routes = result("routes.list", "routes")
    assert (routes["app"], routes["definition"]["app"], routes["patterns"][0]["screen"]) == ("social", "social", "feedList")
    assert result("routes.resolve", "resolve", "/users/4")["match"]["params"] == {"userId": 4}
    assert result("daemon.info", "info")["app"] == "social"


def test_exit_statuses_and_error_lines(navctl, tmp_path):
    fails(navctl("route", "chat", "chatId=c1"), 1,
          "navctl: route not allowed: feedList cannot open chat (allowed: post, profile, compose)\n")
    fails(navctl("route", "nowhere"), 1, "navctl: unknown destination 'nowhere': no screen or flow has that name\n")
    fails(navctl("close"), 1, "navctl: screen s1 is a root: it was not opened by a transition\n")
    fails(navctl("expect", "top", "post"), 1, "navctl: expected top post, got feedList\n")

    fails(navctl("route", "profile", "userId=abc"), 2,
          "navctl: invalid value 'abc' for param 'userId' of profile: expected int\n" + ROUTE_USAGE)
    fails(navctl("route", "profile", "section=likes", "userId=1"), 2,
          "navctl: invalid value 'likes' for param 'section' of profile: expected one of posts, photos, friends\n" + ROUTE_USAGE)
    fails(navctl("route", "profile", "42"), 2, "navctl: expected name=value, got '42'\n" + ROUTE_USAGE)
    fails(navctl("route"), 2, "navctl: missing expected argument '<destination>'\nHelp:  <destination>  The screen or flow to open.\n"
          + ROUTE_USAGE)
    fails(navctl("frobnicate"), 2, "navctl: unknown command 'frobnicate' (see 'navctl --help')\n")

    gone = str(tmp_path / "gone" / "navd.sock")
    hint = (f"navctl: no navd at {gone} (No such file or directory); start it with `navd --socket {gone}` (or `make run`),"
            " or point --socket or NAVD_SOCKET at a running one\n")
    fails(navctl("state", "--socket", gone), 3, hint)
    fails(navctl("route", "post", "postId=1", env={"NAVD_SOCKET": gone}), 3, hint)
    assert json.loads(navctl("state", "--json").stdout)["revision"] == 1, "no refused command changed anything"


def test_shell_on_a_pipe(navctl):
    done = navctl("shell", input="route post postId=5\nroute chat chatId=1\nexpect error routeNotAllowed\nroute chat chatId=1\n"
                                 "expect top post postId=5\nexit\nstate\n")
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "r2: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post\n"
        "ok: error routeNotAllowed\nok: top post postId=5\n",
        "navctl: route not allowed: post cannot open chat (allowed: profile, post)\n")


def test_help_mentions_completion_and_exit_statuses(navctl):
    done = navctl("--help")
    assert done.returncode == 0 and done.stderr == ""
    assert "navctl --generate-completion-script bash" in " ".join(done.stdout.split())
    assert "Exit status: 0 ok, 1 navd answered an error (or an expectation failed), 2 usage, 3 no navd reachable." in " ".join(done.stdout.split())


def test_bash_completion_offers_destinations_from_navd(navctl, tmp_path):
    script = tmp_path / "navctl.bash"
    script.write_text(navctl("--generate-completion-script", "bash").stdout)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "navctl").symlink_to(navctl.binary)

    def complete(line):
        words = line.split(" ")
        program = f"""
source {script}
COMP_LINE='{line}'; COMP_POINT={len(line)}; COMP_WORDS=({' '.join(repr(w) for w in words)}); COMP_CWORD={len(words) - 1}
_navctl
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
        done = subprocess.run(["bash", "-c", program], capture_output=True, text=True, timeout=10,
                              env={**navctl.env, "PATH": f"{bin_dir}:{os.environ['PATH']}"})
        assert done.returncode == 0, done.stderr
        return sorted(done.stdout.split())

    assert complete("navctl route pro") == ["profile"]
    assert complete("navctl tab ") == ["chats", "feed", "friends", "settings"]
    assert "dismiss-all" in complete("navctl d")


# --------------------------------------------------------------------------- watch


def read_line(process, timeout=10.0):
    """The next stdout line of a running navctl (without its newline)."""
    deadline = time.monotonic() + timeout
    os.set_blocking(process.stdout.fileno(), False)
    buffer = ""
    while time.monotonic() < deadline:
        chunk = process.stdout.readline()
        if chunk:
            buffer += chunk
            if buffer.endswith("\n"):
                return buffer[:-1]
        else:
            time.sleep(0.01)
    raise TimeoutError(f"no line from navctl within {timeout} s (got {buffer!r})")


def test_watch_prints_one_line_per_revision(navctl, client_factory):
    watch = navctl.popen("watch", "--count", "2")
    try:
        assert read_line(watch) == f"watching from r1 (instance {instance_of(navctl)})"
        alice = client_factory("alice")
        alice.call("nav.route", {"to": "post", "params": {"postId": 5}})
        navctl("tab", "chats")
        assert read_line(watch) == "r2 nav.route by alice: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post"
        assert read_line(watch) == "r3 nav.selectTab by navctl: willHide s5 post, tabSelected f1 chats, willShow s3 chatList"
        assert watch.wait(timeout=10) == 0
        assert watch.stderr.read() == ""
    finally:
        watch.kill()
        watch.wait()


def test_watch_json_is_ndjson_of_notifications(navctl, openrpc):
    watch = navctl.popen("watch", "--count", "2", "--json", "--tree")
    try:
        time.sleep(0.3)
        navctl("route", "profile", "userId=1")
        navctl("close")
        assert watch.wait(timeout=10) == 0
        lines = watch.stdout.read().splitlines()
        assert len(lines) == 2
        for line, revision in zip(lines, (2, 3)):
            message = json.loads(line)
            openrpc.validate_notification(message)
            assert message["method"] == "nav.changed"
            assert message["params"]["revision"] == revision
            assert "root" in message["params"]
    finally:
        watch.kill()
        watch.wait()


def test_watch_ends_cleanly_when_navd_shuts_down(navctl, navd):
    watch = navctl.popen("watch")
    try:
        assert read_line(watch).startswith("watching from r1 ")
        navd.process.terminate()
        assert read_line(watch) == "navd is shutting down (SIGTERM)"
        assert watch.wait(timeout=10) == 0
    finally:
        watch.kill()
        watch.wait()


def start_navd(command, socket_path, log):
    """A navd at a fixed socket path (so that a restart takes the same one), ephemeral (so
    that the restart is a new instance at revision 1)."""
    process = subprocess.Popen([*command, "--socket", socket_path, "--ephemeral"], stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        probe = socket.socket(socket.AF_UNIX)
        try:
            probe.connect(socket_path)
            return process
        except OSError:
            time.sleep(0.02)
        finally:
            probe.close()
    process.kill()
    raise AssertionError("navd did not start")


def test_watch_reconnects_across_a_navd_restart(navctl_bin, navd_command, tmp_path):
    run_dir = pathlib.Path(tempfile.mkdtemp(prefix="navctl-e2e-"))
    os.chmod(run_dir, 0o700)
    socket_path = str(run_dir / "navd.sock")
    navctl = NavctlRunner(navctl_bin, socket_path, tmp_path)
    with open(tmp_path / "navd.log", "wb") as log:
        first = start_navd(navd_command, socket_path, log)
        second = None
        watch = navctl.popen("watch", "--reconnect", "--count", "2")
        try:
            assert read_line(watch) == f"watching from r1 (instance {instance_of(navctl)})"
            navctl("tab", "chats")
            assert read_line(watch) == "r2 nav.selectTab by navctl: willHide s1 feedList, tabSelected f1 chats, willShow s3 chatList"
            first.send_signal(signal.SIGTERM)
            assert first.wait(timeout=10) == 0
            assert read_line(watch) == "navd is shutting down (SIGTERM)"
            assert read_line(watch) == "lost navd (navd closed the connection); waiting for it"
            second = start_navd(navd_command, socket_path, log)
            assert read_line(watch) == f"navd is back: watching from r1 (instance {instance_of(navctl)})"
            navctl("route", "post", "postId=5")
            assert read_line(watch) == "r2 nav.route by navctl: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post"
            assert watch.wait(timeout=10) == 0
        finally:
            watch.kill()
            watch.wait()
            for process in (first, second):
                if process is not None and process.poll() is None:
                    process.terminate()
                    process.wait(timeout=10)
            shutil.rmtree(run_dir, ignore_errors=True)
