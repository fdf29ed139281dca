"""Every numeric flag of navd has a range, and a value outside it is a usage error (exit 2).

`navd --history 9223372036854775807 --state-dir D` started, then trapped sizing its store's
ring (`historyLimit + keyframeInterval` overflows), and `--max-message-bytes` at the end of
Int64 was accepted as a line limit: a value the command line gives must never reach
arithmetic that traps. Each flag is tried below, above and far above its range and with a
number no Int holds; navd must exit 2 before it listens, saying the range (argument-parser
says that a value that is no Int is invalid).
"""

import subprocess

import pytest

RANGES = {
    "--max-clients": (1, 100_000, "connections"),
    "--max-message-bytes": (1_024, 268_435_456, "bytes"),
    "--history": (1, 1_000_000, "revisions"),
    "--listener-timeout": (1, 600_000, "milliseconds"),
}


def start(navd_command, state_dir, *args):
    """navd on a socket and a database in `state_dir` (the store is where `--history` trapped)."""
    return subprocess.run(
        [*navd_command, "--socket", str(state_dir / "navd.sock"), "--state-dir", str(state_dir / "state"), *args],
        capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("flag", sorted(RANGES))
def test_a_value_outside_the_range_exits_2_naming_it(navd_command, state_dir, flag):
    low, high, unit = RANGES[flag]
    for value in (low - 1, high + 1, 9223372036854775807, -9223372036854775808):
        done = start(navd_command, state_dir, f"{flag}={value}")
        assert done.returncode == 2, (flag, value, done)
        assert done.stderr.startswith(f"navd: {flag} must be from {low} to {high} {unit}, not {value}\n"), done.stderr
        assert "listening" not in done.stdout
    for text in ("9223372036854775808", "1e3", "ten"):
        done = start(navd_command, state_dir, f"{flag}={text}")
        assert done.returncode == 2, (flag, text, done)
        assert done.stderr.startswith(f"navd: the value '{text}' is invalid for '{flag} <"), done.stderr
    assert not (state_dir / "navd.sock").exists()


def test_the_ends_of_each_range_are_served(navd_factory):
    for flag, (low, high, _) in RANGES.items():
        for value in (low, high):
            if value == low and flag in ("--max-message-bytes", "--max-clients"):
                continue  # the harness's probe connection and its longer lines need more
            daemon = navd_factory(extra_args=[f"{flag}={value}"])
            with daemon.client() as client:
                assert client.call("nav.state")["revision"] == 1
            assert daemon.stop() == 0
