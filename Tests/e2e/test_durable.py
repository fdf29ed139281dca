"""Durable state (Protocol/semantics.md, "acknowledged means committed").

navd keeps its state in an SQLite database so that a restart, even after `kill -9`, goes on
from where it was. These tests guard against: a response written before its revision is on
disk (a client told "done" about a revision that a crash then loses); a restart that forgets
the tree, the revision, the instance, the id counters or the history and its causes; two
navds writing one database; and a database navd cannot read being deleted, overwritten or
silently replaced by a fresh state.
"""

import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

import pytest

from navd_harness import Navd, top_screen


def ids_in(node):
    """Every `id` in a tree's JSON."""
    if isinstance(node, dict):
        found = {node["id"]} if isinstance(node.get("id"), str) else set()
        return found.union(*(ids_in(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(ids_in(value) for value in node))
    return set()


def durable(navd_command, state_dir, *extra):
    return Navd(command=navd_command, extra_args=["--state-dir", str(state_dir), *extra]).start()


def whole_history(client):
    """Every entry navd keeps, oldest first, read page by page."""
    entries = []
    since = 0
    while True:
        page = client.call("nav.history", {"since": since, "limit": 500})["entries"]
        if not page:
            return entries
        entries += page
        since = page[-1]["revision"]


class Pipeliner(threading.Thread):
    """One client that keeps 16 requests in flight (route to a post, then close it), on a raw
    socket, recording every revision navd acknowledged and the request that made it, until
    navd goes away."""

    def __init__(self, socket_path, index):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(socket_path)
        self.sock.settimeout(10)
        self.index = index
        self.acknowledged = {}  # revision -> (method, params)
        self.client_id = None
        self.buffer = b""

    def line(self):
        while b"\n" not in self.buffer:
            data = self.sock.recv(65536)
            if not data:
                raise EOFError
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def run(self):
        try:
            self.sock.sendall(b'{"jsonrpc":"2.0","id":0,"method":"daemon.hello","params":{"name":"pipe%d"}}\n' % self.index)
            self.client_id = self.line()["result"]["client"]
            sent = {}
            serial = 1
            while True:
                lines = []
                for _ in range(16):
                    if serial % 2:
                        method, params = "nav.route", {"to": "post", "params": {"postId": self.index * 1_000_000 + serial}}
                    else:
                        method, params = "nav.close", {}
                    sent[serial] = (method, params)
                    lines.append(json.dumps({"jsonrpc": "2.0", "id": serial, "method": method, "params": params}))
                    serial += 1
                self.sock.sendall(("\n".join(lines) + "\n").encode())
                for _ in range(16):
                    message = self.line()
                    if "result" in message:
                        self.acknowledged[message["result"]["revision"]] = sent[message["id"]]
        except (OSError, EOFError, ValueError):
            return


def test_kill_9_loses_nothing_that_was_acknowledged(navd_command, state_dir):
    navd = durable(navd_command, state_dir)
    try:
        pipeliners = [Pipeliner(navd.socket_path, index) for index in range(1, 4)]
        for pipeliner in pipeliners:
            pipeliner.start()
        deadline = time.monotonic() + 10
        while sum(len(p.acknowledged) for p in pipeliners) < 300 and time.monotonic() < deadline:
            time.sleep(0.01)
        navd.process.send_signal(signal.SIGKILL)
        navd.process.wait(timeout=10)
        for pipeliner in pipeliners:
            pipeliner.join(timeout=10)
    finally:
        navd.stop()
    acknowledged = {revision: (p.client_id, request) for p in pipeliners for revision, request in p.acknowledged.items()}
    assert len(acknowledged) >= 300, "the clients made too few revisions before the kill"

    restarted = durable(navd_command, state_dir)
    try:
        with restarted.client() as client:
            state = client.call("nav.state")
            assert state["revision"] >= max(acknowledged)
            history = {entry["revision"]: entry for entry in whole_history(client)}
        assert history[1]["cause"]["method"] == "daemon.start"
        assert sorted(history) == list(range(1, state["revision"] + 1)), "the history has gaps"
        for revision, (client_id, (method, params)) in acknowledged.items():
            cause = history[revision]["cause"]
            assert (cause["method"], cause["clientId"]) == (method, client_id), revision
            if method == "nav.route":
                assert cause["params"]["params"] == params["params"], revision
    finally:
        restarted.stop()


def test_sigterm_and_restart_continue_the_same_state(navd_command, state_dir):
    database = state_dir / "social.sqlite"
    first = durable(navd_command, state_dir)
    try:
        assert first.stdout().splitlines()[0] == f"navd: no saved state at {database}: starting fresh"
        with first.client(name="writer") as client:
            assert client.call("daemon.info")["stateDir"] == str(state_dir)
            client.call("nav.route", {"to": "post", "params": {"postId": 7}})
            client.call("nav.route", {"to": "profile", "params": {"userId": 3}})
            before = client.call("nav.state")
    finally:
        assert first.stop() == 0
    second = durable(navd_command, state_dir)
    try:
        first_line = second.stdout().splitlines()[0]
        assert first_line.startswith(f"navd: restored revision 3 (age ")
        assert first_line.endswith(f") from {database}")
        with second.client() as client:
            assert client.call("nav.state") == before
            causes = [(e["cause"]["method"], e["cause"]["client"]) for e in client.call("nav.history", {})["entries"]]
            assert causes == [("daemon.start", None), ("nav.route", "writer"), ("nav.route", "writer")]
            # Ids go on from the saved counters: none is handed out twice.
            opened = client.call("nav.route", {"to": "post", "params": {"postId": 8}})
            assert opened["revision"] == 4
            new_top = top_screen(client.call("nav.state")["root"])["id"]
            assert new_top not in ids_in(before["root"])
    finally:
        second.stop()


def test_a_second_navd_on_the_same_database_exits_2_naming_it_and_the_holder(navd_command, state_dir):
    first = durable(navd_command, state_dir)
    try:
        other_socket = first.dir / "other.sock"
        second = subprocess.run(
            [*navd_command, "--socket", str(other_socket), "--state-dir", str(state_dir)],
            capture_output=True, text=True, timeout=15, stdin=subprocess.DEVNULL)
        assert second.returncode == 2, second
        database = state_dir / "social.sqlite"
        assert second.stderr == (
            f"navd: {database} is in use by navd pid {first.pid}: one navd per database"
            " (stop it, or give this one another --state-dir)\n")
        assert not other_socket.exists()
        with first.client() as client:
            assert client.call("nav.state")["revision"] == 1
    finally:
        first.stop()


def test_a_corrupt_database_stops_navd_and_is_left_untouched(navd_command, state_dir):
    database = state_dir / "social.sqlite"
    garbage = b"not a database\n" + bytes(range(256)) * 16
    database.write_bytes(garbage)
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="navd-e2e-"))
    try:
        result = subprocess.run(
            [*navd_command, "--socket", str(scratch / "navd.sock"), "--state-dir", str(state_dir)],
            capture_output=True, text=True, timeout=15, stdin=subprocess.DEVNULL)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    assert result.returncode == 1, result
    assert result.stderr == (
        f"navd: {database} cannot be read as navd's state (file is not a database): start navd with --ephemeral,"
        " or move the file aside to start fresh (navd never deletes it)\n")
    assert database.read_bytes() == garbage


def test_a_saved_tree_that_no_longer_fits_is_migrated_in_a_recorded_revision(navd_command, state_dir, tmp_path):
    sample = json.loads(subprocess.run([navd_command[0], "sample"], capture_output=True, text=True, check=True).stdout)
    app = tmp_path / "social.json"
    app.write_text(json.dumps(sample))
    first = durable(navd_command, state_dir, "--app", str(app))
    try:
        with first.client() as client:
            client.call("nav.route", {"to": "compose"})
    finally:
        first.stop()
    # The compose flow and its screen are gone from the definition.
    changed = json.loads(json.dumps(sample))
    for section in ("flows", "screens"):
        for name in [name for name in changed.get(section, {}) if name.startswith("compose")]:
            del changed[section][name]
    for screen in changed.get("screens", {}).values():
        if isinstance(screen, dict) and isinstance(screen.get("routes"), list):
            screen["routes"] = [route for route in screen["routes"] if not str(route).startswith("compose")]
    app.write_text(json.dumps(changed))
    second = durable(navd_command, state_dir, "--app", str(app))
    try:
        assert "which no longer fits the app: migrated to the boot tree as revision 3" in second.stdout().splitlines()[0]
        with second.client() as client:
            assert client.call("nav.state")["revision"] == 3
            entry = client.call("nav.history", {"limit": 1})["entries"][0]
            assert entry["cause"]["method"] == "daemon.migrate"
            assert entry["cause"]["params"]["problems"], entry
    finally:
        second.stop()


def test_an_events_cause_survives_a_restart(navd_command, state_dir):
    """An event's revision keeps its event, handler and steps on disk, as nav.history showed them."""
    first = durable(navd_command, state_dir)
    try:
        with first.client(name="feedModule") as client:
            client.call("event.emit", {"name": "postTapped", "payload": {"postId": 7}})
            before = client.call("nav.history", {"limit": 1})["entries"][0]["cause"]
    finally:
        assert first.stop() == 0
    assert (before["event"], before["by"], before["steps"]) == (
        "postTapped", "definition", [{"method": "nav.route", "params": {"to": "post", "params": {"postId": 7}}}])
    second = durable(navd_command, state_dir)
    try:
        with second.client() as client:
            assert client.call("nav.history", {"limit": 1})["entries"][0]["cause"] == before
    finally:
        second.stop()


def test_the_log_is_checkpointed_when_navd_is_quiet(navd_command, state_dir):
    """A checkpoint copies the log into the database and syncs both files: milliseconds in
    which no client is answered. SQLite made one inside the commit that brought the log to
    1,000 pages, so with busy clients one commit in a few hundred stalled them all (p99 about
    4 ms with 16 connections). navd checkpoints once no revision has come for 100 ms and the
    log holds 256 pages, and a commit checkpoints by itself only at 4,096 pages. About 1,300
    pages of log here: before, the database grew during the commits and not after them."""
    navd = durable(navd_command, state_dir, "--log-level", "debug")
    try:
        database = pathlib.Path(state_dir) / "social.sqlite"
        with navd.client() as client:
            client.call("nav.state")
            empty = database.stat().st_size
            serial = 0
            for _ in range(80):
                entries = []
                for post in range(25):
                    serial += 2
                    entries.append({"jsonrpc": "2.0", "id": serial, "method": "nav.route",
                                    "params": {"to": "post", "params": {"postId": post}}})
                    entries.append({"jsonrpc": "2.0", "id": serial + 1, "method": "nav.close", "params": {}})
                answers = client.batch(entries)
                assert all("result" in answer for answer in answers), answers
            state = client.call("nav.state")
            # Pages checkpointed, summed: a pause of the client mid-way may have let one come early.
            deadline = time.monotonic() + 5
            while True:
                pages = sum(int(line.split("pages=")[1].split()[0])
                            for line in navd.stderr().splitlines() if "checkpointed the log" in line)
                if pages >= 1_000 or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            assert pages >= 1_000, navd.stderr()[-3000:]
            assert database.stat().st_size > empty + 1_000_000
            assert client.call("nav.state") == state
    finally:
        navd.process.send_signal(signal.SIGKILL)
        navd.process.wait()
        navd.stop()
    restarted = durable(navd_command, state_dir)
    try:
        with restarted.client() as client:
            assert client.call("nav.state") == state
            assert len(whole_history(client)) == 4_001
    finally:
        assert restarted.stop() == 0


def test_a_restart_beside_a_large_tree_keeps_navd_small(navd_command, state_dir):
    """Each restored revision used to hold a whole copy of its tree's JSON: beside 300 nested
    modals (a tree of about 100 KB), 3,000 revisions took navd from 25 MB before a SIGTERM to
    223 MB after the restart. The restored entries share the stored keyframes and deltas, and
    rebuild a tree when it is asked for. Here the tree is a stack of 300 posts (about 40 KB;
    nested modals would be too deep for the client's schema check)."""
    first = durable(navd_command, state_dir)
    try:
        with first.client() as client:
            for post in range(300):
                client.call("nav.route", {"to": "post", "params": {"postId": post}})
            committed = {}
            for post in range(300, 800):
                revision = client.call("nav.route", {"to": "post", "params": {"postId": post}})["revision"]
                committed[revision] = client.call("nav.state")["root"]
                client.call("nav.close")
            state = client.call("nav.state")
            before = first.rss_kib()
    finally:
        assert first.stop() == 0
    second = durable(navd_command, state_dir)
    try:
        with second.client() as client:
            assert client.call("nav.state") == state
            # Trees rebuilt from a keyframe and the deltas after it, at and between keyframes.
            for revision in sorted(committed)[-70:]:
                entry = client.call("nav.history", {"since": revision - 1, "limit": 1, "tree": True})["entries"][0]
                assert (entry["revision"], entry["root"]) == (revision, committed[revision])
        after = second.rss_kib()
        assert after < before + 12 * 1024, f"navd's RSS: {before} KiB before the restart, {after} KiB after it"
    finally:
        second.stop()


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "kill-9"])
def test_a_burst_longer_than_the_history_is_committed_whole(navd_command, state_dir, stop_signal):
    """The commit took its entries from the in-memory history, which keeps only `--history`
    revisions: one client writing 300 route/close requests before reading an answer made 300
    revisions in one loop iteration with `--history 100`, the commit wrote the newest 100 of
    them into a ring whose other slots still held older rows, and the next start exited 1
    ("its revisions 165–301 are not one after another"). Every acknowledged revision must be
    on disk and the database must open."""
    navd = durable(navd_command, state_dir, "--history", "100")
    try:
        with navd.client() as client:
            lines = []
            for serial in range(1, 301):
                if serial % 2:
                    method, params = "nav.route", {"to": "post", "params": {"postId": serial}}
                else:
                    method, params = "nav.close", {}
                lines.append(json.dumps({"jsonrpc": "2.0", "id": serial, "method": method, "params": params}))
            client.send_raw(("\n".join(lines) + "\n").encode())
            revisions = [client.response(serial)["result"]["revision"] for serial in range(1, 301)]
            assert revisions == list(range(2, 302))
            state = client.call("nav.state")
            before = client.call("nav.history", {"limit": 100, "tree": True})
        navd.process.send_signal(stop_signal)
        navd.process.wait(timeout=10)
    finally:
        navd.stop()
    restarted = durable(navd_command, state_dir, "--history", "100")
    try:
        assert restarted.stdout().splitlines()[0].startswith("navd: restored revision 301 (age ")
        with restarted.client() as client:
            assert client.call("nav.state") == state
            after = client.call("nav.history", {"limit": 100, "tree": True})
            assert [entry["revision"] for entry in after["entries"]] == list(range(202, 302))
            assert after == before
    finally:
        assert restarted.stop() == 0


def mount_namespace_or_skip(scratch):
    """`unshare -rm`, where navd can be given a read-only or a full file system whoever runs the
    tests (as root, file modes stop no write); skips where this machine allows no mount
    namespace."""
    probe = scratch / "probe"
    probe.mkdir()
    done = subprocess.run(["unshare", "-rm", "sh", "-c", 'mount -t tmpfs -o size=64k navd-probe "$0"', str(probe)],
                          capture_output=True, text=True, timeout=15)
    if done.returncode != 0:
        pytest.skip(f"no mount namespace here (unshare -rm: {done.stderr.strip()})")
    return ["unshare", "-rm", "sh", "-c"]


FIRST_START = """
set -e
"$@" --socket "$SCRATCH/first.sock" --state-dir "$STATE" > "$SCRATCH/first.log" 2>&1 &
first=$!
while [ ! -S "$SCRATCH/first.sock" ]; do sleep 0.05; done
kill -TERM $first
wait $first
"""


def test_a_database_on_a_read_only_file_system_stops_navd_at_start(navd_command, state_dir, tmp_path):
    """SQLite opens a file it cannot write read-only without a word: navd restored, listened,
    and died at the first route with a whole SQL statement as its message (under systemd a
    restart loop). It must stop at its start, naming the file and what to do."""
    unshare = mount_namespace_or_skip(tmp_path)
    database = state_dir / "social.sqlite"
    script = FIRST_START + """
mount --bind "$STATE/social.sqlite" "$STATE/social.sqlite"
mount -o remount,ro,bind "$STATE/social.sqlite"
exec "$@" --socket "$SCRATCH/second.sock" --state-dir "$STATE"
"""
    done = subprocess.run([*unshare, script, "sh", *navd_command], capture_output=True, text=True, timeout=30,
                          stdin=subprocess.DEVNULL, env={**os.environ, "STATE": str(state_dir), "SCRATCH": str(tmp_path)})
    assert done.returncode == 1, done
    assert done.stderr == (
        f"navd: {database} is read-only for navd (cannot open it to write: Read-only file system): let navd's user"
        " write the file and its directory, or start navd with --ephemeral\n")


def test_a_full_disk_stops_navd_at_start(navd_command, state_dir, tmp_path):
    """A database that opens and reads but takes no write (here its file system is full) was
    found only at the first mutation. navd now tries one small write at its start."""
    unshare = mount_namespace_or_skip(tmp_path)
    database = state_dir / "social.sqlite"
    script = 'mount -t tmpfs -o size=256k,mode=700 navd-full "$STATE"\n' + FIRST_START + """
dd if=/dev/zero of="$STATE/filler" bs=4096 2>/dev/null || true
exec "$@" --socket "$SCRATCH/second.sock" --state-dir "$STATE"
"""
    done = subprocess.run([*unshare, script, "sh", *navd_command], capture_output=True, text=True, timeout=30,
                          stdin=subprocess.DEVNULL, env={**os.environ, "STATE": str(state_dir), "SCRATCH": str(tmp_path)})
    assert done.returncode == 1, done
    assert done.stderr.startswith(f"navd: {database}: the disk is full ("), done.stderr
    assert done.stderr.endswith("): free space on its file system, or start navd with --ephemeral\n"), done.stderr


def test_a_disk_that_fills_up_stops_navd_with_what_happened_not_sql(navd_command, state_dir, tmp_path):
    """A commit that fails stops navd (decision 61); its message said `INSERT OR REPLACE INTO
    revisions …` instead of what happened. It names the file and says the disk is full."""
    unshare = mount_namespace_or_skip(tmp_path)
    database = state_dir / "social.sqlite"
    script = 'mount -t tmpfs -o size=256k,mode=700 navd-full "$STATE" && exec "$@"'
    navd = Navd(command=[*unshare, script, "sh", *navd_command], extra_args=["--state-dir", str(state_dir)],
                env={"STATE": str(state_dir)}).start()
    try:
        # The tmpfs is in navd's mount namespace: reached through its root.
        filler = pathlib.Path(f"/proc/{navd.pid}/root") / str(state_dir).lstrip("/") / "filler"
        with open(filler, "wb", buffering=0) as out:
            try:
                while True:
                    out.write(b"\0" * 4096)
            except OSError:
                pass
        with navd.client() as client:
            with pytest.raises((OSError, EOFError, ConnectionError)):
                for post in range(5_000):
                    client.call("nav.route", {"to": "post", "params": {"postId": post}})
        assert navd.process.wait(timeout=10) == 1
    finally:
        navd.stop()
    assert f"navd: cannot save the state ({database}: the disk is full (writing: " in navd.stderr(), navd.stderr()
    assert "INSERT" not in navd.stderr()


def test_a_log_whose_header_is_damaged_is_refused_and_left_alone(navd_command, state_dir, tmp_path):
    """SQLite takes a write-ahead log whose header is damaged for an empty one. After a
    `kill -9` before any checkpoint the main file holds no state, only the log does: navd
    started fresh and its first write overwrote the log. It must be refused like any damaged
    file, and both files left as they are."""
    navd = durable(navd_command, state_dir)
    try:
        with navd.client() as client:
            client.call("nav.route", {"to": "post", "params": {"postId": 7}})
        navd.process.send_signal(signal.SIGKILL)
        navd.process.wait(timeout=10)
    finally:
        navd.stop()
    database = state_dir / "social.sqlite"
    log = pathlib.Path(str(database) + "-wal")
    damaged = bytearray(log.read_bytes())
    damaged[17] ^= 0xFF  # a salt: the header's checksum no longer matches
    log.write_bytes(bytes(damaged))
    main = database.read_bytes()
    result = subprocess.run([*navd_command, "--socket", str(tmp_path / "navd.sock"), "--state-dir", str(state_dir)],
                            capture_output=True, text=True, timeout=15, stdin=subprocess.DEVNULL)
    assert result.returncode == 1, result
    assert result.stderr == (
        f"navd: {database} cannot be read as navd's state (damaged: its log {log} has a header whose checksum does"
        " not match): start navd with --ephemeral, or move the file aside to start fresh (navd never deletes it)\n")
    assert log.read_bytes() == bytes(damaged)
    assert database.read_bytes() == main


@pytest.mark.parametrize("mode", [0o777, 0o770])
def test_a_state_directory_others_can_write_is_refused(navd_command, state_dir, tmp_path, mode):
    """The socket's directory is refused when others can write to it; the state directory was
    not, though another user could put a database of their own, or a link, where navd opens
    its own."""
    os.chmod(state_dir, mode)
    result = subprocess.run([*navd_command, "--socket", str(tmp_path / "navd.sock"), "--state-dir", str(state_dir)],
                            capture_output=True, text=True, timeout=15, stdin=subprocess.DEVNULL)
    assert result.returncode == 1, result
    assert result.stderr == (
        f"navd: refusing state directory {state_dir}: others can write to it (mode {mode:o}); keep navd's state in a"
        " directory only its user can write (chmod 700 it, or give another --state-dir)\n")
    assert not (state_dir / "social.sqlite").exists()


def test_a_tree_thousands_of_modals_deep_is_restored(navd_command, state_dir):
    """A tree nests one level per presented container, and reading a stored tree recurses once
    per level: 3,000 profiles, each presented over the last (any client may do it), made a
    tree navd stored and committed, then could not read back: every start died of a stack
    overflow (SIGSEGV) while it restored the state, so the state was lost to it. navd now
    runs on a thread whose stack holds the deepest tree its limits allow."""
    depth = 3000
    navd = durable(navd_command, state_dir)
    try:
        with navd.client() as client:
            # One nav.apply: one revision, and one walk of the tree's invariants, not 3,000.
            ops = [{"method": "nav.route", "params": {"to": "post", "params": {"postId": 1}}}] + [
                {"method": "nav.route", "params": {"to": "profile", "params": {"userId": serial}}}
                for serial in range(depth)]
            assert client.call("nav.apply", {"ops": ops}, timeout=60)["revision"] == 2
        assert navd.stop() == 0
    finally:
        navd.stop()
    restarted = durable(navd_command, state_dir)
    try:
        assert restarted.stdout().splitlines()[0].startswith("navd: restored revision 2 (age ")
        with restarted.client() as client:
            assert client.call("daemon.info")["revision"] == 2
            closed = client.call("nav.close")
            assert closed["revision"] == 3
            assert [event["type"] for event in closed["events"]][:2] == ["willHide", "exit"]
    finally:
        assert restarted.stop() == 0
