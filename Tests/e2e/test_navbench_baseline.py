"""navbench's C baseline with --sqlite, the floor `navbench durable` measures a durable navd
against: it must commit a durable navd's row per request, in navd's ring, one transaction per
loop iteration, before it answers. These tests read what it left in its database."""

import os
import pathlib
import signal
import socket
import sqlite3
import subprocess
import time

import pytest

from navd_harness import REPO_ROOT, Navd


def baseline_binary() -> pathlib.Path:
    configured = os.environ.get("NAVBENCH_BASELINE_BIN")
    path = pathlib.Path(configured) if configured else pathlib.Path(".build/debug/navbench-baseline")
    path = path if path.is_absolute() else REPO_ROOT / path
    if not path.exists():
        pytest.fail(f"{path} is not built")
    return path


def start(tmp_path, *args):
    sock = tmp_path / "baseline.sock"
    server = subprocess.Popen([str(baseline_binary()), *args, str(sock)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 10
    while True:
        try:
            client = socket.socket(socket.AF_UNIX)
            client.connect(str(sock))
            return server, client
        except OSError:
            client.close()
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"navbench-baseline did not accept: {server.communicate()[0]!r}")
            time.sleep(0.02)


def ask(client, lines: int) -> list[bytes]:
    """Sends `lines` requests in one write and reads as many answers."""
    client.sendall(b'{"jsonrpc":"2.0","id":0,"method":"nav.route"}\n' * lines)
    replies = client.makefile("rb")
    return [replies.readline() for _ in range(lines)]


def stop(server):
    server.send_signal(signal.SIGTERM)
    assert server.wait(timeout=10) == 0


def test_every_request_is_a_row_of_the_ring_committed_before_its_answer(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    server, client = start(tmp_path, "--sqlite", str(state))
    try:
        assert ask(client, 3) == [b'{"jsonrpc":"2.0","id":0,"result":{}}\n'] * 3
        # Three answers came: their rows are committed. A reader sees them only once the
        # baseline stops (it holds the database alone, as navd does), so two more first.
        assert len(ask(client, 2)) == 2
    finally:
        client.close()
        stop(server)
    database = sqlite3.connect(state / "baseline.sqlite")
    rows = database.execute(
        "SELECT slot, revision, cause, events, length(tree), prefix, nextScreen FROM revisions ORDER BY revision").fetchall()
    assert [row[1] for row in rows] == [1, 2, 3, 4, 5]
    assert [row[0] for row in rows] == [1, 2, 3, 4, 5], "revision r lives in slot r % 10064"
    assert ["nav.route" in row[2] for row in rows] == [False, True, False, True, False]
    assert all(row[3].startswith("[{") for row in rows)
    assert rows[0][5] is None and rows[0][4] == 766, "the first row of a run is a keyframe"
    assert all(row[5] is not None for row in rows[1:]), "the rows after it are deltas"
    # The newest row of each commit holds the id counters: the third answer ended a commit.
    assert rows[2][6] is not None and rows[4][6] is not None


def test_its_rows_are_a_durable_navds_columns_and_sizes(tmp_path, navd_command, state_dir):
    """The floor is honest only while the baseline writes what navd writes: the same columns,
    and rows of a route and a close of the sample app within a few bytes of navd's own (the
    baseline's ids and postId have other digits)."""
    navd = Navd(command=navd_command, extra_args=["--state-dir", str(state_dir)]).start()
    try:
        with navd.client() as client:
            for _ in range(2):
                client.call("nav.route", {"to": "post", "params": {"postId": 198}})
                client.call("nav.close")
    finally:
        assert navd.stop() == 0
    base_dir = tmp_path / "state"
    base_dir.mkdir()
    server, client = start(tmp_path, "--sqlite", str(base_dir))
    try:
        # One request at a time, as the navd's: a commit each.
        for _ in range(5):
            assert len(ask(client, 1)) == 1
    finally:
        client.close()
        stop(server)
    query = ("SELECT length(cause), length(events), length(tree), prefix IS NULL, nextFlow IS NULL, nextScreen IS NULL "
             "FROM revisions WHERE revision IN (4, 5) ORDER BY revision")
    navds = sqlite3.connect(state_dir / "social.sqlite")
    baselines = sqlite3.connect(base_dir / "baseline.sqlite")
    columns = "SELECT name, type FROM pragma_table_info('revisions')"
    assert baselines.execute(columns).fetchall() == navds.execute(columns).fetchall()
    for navd_row, baseline_row in zip(navds.execute(query).fetchall(), baselines.execute(query).fetchall(), strict=True):
        assert all(abs(a - b) <= 4 for a, b in zip(navd_row[:3], baseline_row[:3])), (navd_row, baseline_row)
        assert navd_row[3:] == baseline_row[3:], (navd_row, baseline_row)


def test_without_sqlite_it_only_answers(tmp_path):
    server, client = start(tmp_path)
    try:
        assert ask(client, 4) == [b'{"jsonrpc":"2.0","id":0,"result":{}}\n'] * 4
    finally:
        client.close()
        stop(server)
    assert list(tmp_path.iterdir()) == [], "the socket is removed, and nothing else was written"


def test_a_database_it_cannot_open_is_named(tmp_path):
    missing = tmp_path / "no-such-directory"
    done = subprocess.run([str(baseline_binary()), "--sqlite", str(missing), str(tmp_path / "s")],
                          capture_output=True, text=True, timeout=10)
    assert done.returncode == 1
    assert str(missing / "baseline.sqlite") in done.stderr
