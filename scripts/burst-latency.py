#!/usr/bin/env python3
"""Round-trip latency of a durable navd under bursts of route/close with pauses between them,
the load of people and test scripts (navbench's loads never pause).

Each navd given starts on a state directory of its own; one client makes BURSTS bursts of SIZE
round trips (route to a post, then close it), pausing PAUSE seconds after each. The navds take
turns, RUNS times, so that every run of one is beside a run of the others. Prints p50, p99,
p99.9 and the largest latency, and how many round trips took more than 2 ms.

    scripts/burst-latency.py .build/release/navd old/navd --bursts 20 --size 500 --pause 0.15
"""

import argparse
import os
import shutil
import socket
import subprocess
import tempfile
import time


def request(serial: int) -> bytes:
    if serial % 2 == 0:
        body = '"method":"nav.route","params":{"to":"post","params":{"postId":%d}}' % (serial // 2 % 1000)
    else:
        body = '"method":"nav.close","params":{}'
    return b'{"jsonrpc":"2.0","id":%d,%s}\n' % (serial, body.encode())


def run(navd: str, bursts: int, size: int, pause: float) -> list[float]:
    directory = tempfile.mkdtemp(prefix="burst.")
    os.chmod(directory, 0o700)
    path = os.path.join(directory, "navd.sock")
    process = subprocess.Popen([navd, "--socket", path, "--log-level", "warning", "--state-dir", directory],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                connection = socket.socket(socket.AF_UNIX)
                connection.connect(path)
                break
            except OSError:
                connection.close()
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"{navd} did not accept")
                time.sleep(0.01)
        replies = connection.makefile("rb")
        latencies = []
        serial = 0
        for _ in range(bursts):
            for _ in range(size):
                started = time.perf_counter()
                connection.sendall(request(serial))
                if b'"result"' not in replies.readline():
                    raise SystemExit(f"{navd} refused a route/close")
                latencies.append(time.perf_counter() - started)
                serial += 1
            time.sleep(pause)
        connection.close()
        return latencies
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(directory, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("navd", nargs="+", help="navd binaries to compare")
    parser.add_argument("--bursts", type=int, default=20)
    parser.add_argument("--size", type=int, default=500, help="round trips per burst")
    parser.add_argument("--pause", type=float, default=0.15, help="seconds between bursts")
    parser.add_argument("--runs", type=int, default=2)
    arguments = parser.parse_args()
    for index in range(arguments.runs):
        for navd in arguments.navd:
            latencies = sorted(run(navd, arguments.bursts, arguments.size, arguments.pause))
            count = len(latencies)

            def micros(fraction: float) -> float:
                return latencies[min(count - 1, int(fraction * count))] * 1e6

            slow = sum(1 for latency in latencies if latency > 0.002)
            print(f"run {index + 1}  {navd}: {count} round trips, p50 {micros(0.5):.0f} µs, p99 {micros(0.99):.0f} µs,"
                  f" p99.9 {micros(0.999):.0f} µs, max {latencies[-1] * 1e6:.0f} µs; over 2 ms: {slow}")


if __name__ == "__main__":
    main()
