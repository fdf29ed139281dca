#!/usr/bin/env python3
"""Instructions navd executes per request, counted by valgrind's callgrind.

    scripts/callgrind-requests.py [--navd .build/release/navd] [--mix route-close] [--subscribers 0] [--durable] [--modals 0]

Runs navd under callgrind twice, with a short and a long run of the same sequential requests
(route/close alternating by default, each answered before the next is sent), and prints the
difference divided by the difference in requests: startup and shutdown cancel out. With
--subscribers M, M connections subscribe first and read every nav.changed, so the figure is one
revision fanned out to M subscribers. With --durable, navd keeps its state in a fresh state
directory (`--sync normal`) instead of running `--ephemeral`: every mutation is then one SQLite
transaction too. With --modals N, the tree first gets N nested modals in the friends tab (the
feed tab selected again): what a request costs beside a large part of the tree it does not touch
(fewer requests, --short 500 --long 2500, keep such a run short). Instruction counts do not
depend on the machine's load,
which makes them the figure to compare builds with on a shared machine. navd runs with
SWIFT_DETERMINISTIC_HASHING=1, so that hash seeds do not move the counts from run to run.
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import time


def request(mix: str, k: int) -> bytes:
    if mix == "route-close":
        if k % 2 == 0:
            return b'{"jsonrpc":"2.0","id":%d,"method":"nav.route","params":{"to":"post","params":{"postId":%d}}}\n' % (k, k)
        return b'{"jsonrpc":"2.0","id":%d,"method":"nav.close"}\n' % k
    if mix in ("apply-close", "emit-close"):
        # The same route as one nav.apply step, or as the sample app's postTapped event.
        if k % 2 == 1:
            return b'{"jsonrpc":"2.0","id":%d,"method":"nav.close"}\n' % k
        if mix == "apply-close":
            return (b'{"jsonrpc":"2.0","id":%d,"method":"nav.apply","params":{"ops":[{"method":"nav.route",'
                    b'"params":{"to":"post","params":{"postId":%d}}}]}}\n' % (k, k))
        return b'{"jsonrpc":"2.0","id":%d,"method":"event.emit","params":{"name":"postTapped","payload":{"postId":%d}}}\n' % (k, k)
    if mix == "state":
        return b'{"jsonrpc":"2.0","id":%d,"method":"nav.state"}\n' % k
    return b'{"jsonrpc":"2.0","id":%d,"method":"nav.selectTab","params":{"tab":%d}}\n' % (k, k % 4)


def connect(path: str) -> socket.socket:
    for _ in range(600):
        try:
            client = socket.socket(socket.AF_UNIX)
            client.connect(path)
            return client
        except OSError:
            time.sleep(0.05)
    sys.exit(f"navd did not accept on {path}")


def drive(path: str, count: int, mix: str, subscribers: int, modals: int) -> None:
    client = connect(path)
    replies = client.makefile("rb")
    setup = [b'{"jsonrpc":"2.0","id":0,"method":"nav.selectTab","params":{"tab":1}}\n'] if modals else []
    setup += [b'{"jsonrpc":"2.0","id":0,"method":"nav.route","params":{"to":"profile","params":{"userId":%d}}}\n' % m
              for m in range(modals)]
    setup += [b'{"jsonrpc":"2.0","id":0,"method":"nav.selectTab","params":{"tab":0}}\n'] if modals else []
    for line in setup:
        client.sendall(line)
        reply = replies.readline()
        if b'"error"' in reply:
            sys.exit(f"navd answered an error: {reply[:200]!r}")
    readers = []
    for _ in range(subscribers):
        subscriber = connect(path)
        subscriber.sendall(b'{"jsonrpc":"2.0","id":1,"method":"nav.subscribe"}\n')
        lines = subscriber.makefile("rb")
        lines.readline()
        readers.append((subscriber, lines))
    for k in range(count):
        client.sendall(request(mix, k))
        reply = replies.readline()
        if b'"error"' in reply:
            sys.exit(f"navd answered an error: {reply[:200]!r}")
        for _, lines in readers:
            lines.readline()
    client.close()


def instructions(navd: str, count: int, mix: str, subscribers: int, durable: bool, modals: int) -> int:
    with tempfile.TemporaryDirectory(prefix="navd-callgrind.") as directory:
        out = os.path.join(directory, "callgrind.out")
        sock = os.path.join(directory, "navd.sock")
        # Swift seeds its hashing per process; a fixed seed makes two builds' counts comparable.
        environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        state = ["--state-dir", os.path.join(directory, "state")] if durable else ["--ephemeral"]
        daemon = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", navd, "--socket", sock, "--log-level", "warning", *state],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
        try:
            drive(sock, count, mix, subscribers, modals)
        finally:
            daemon.terminate()
            daemon.wait()
        with open(out, errors="replace") as profile:
            for line in profile:
                match = re.match(r"(?:summary|totals): (\d+)", line)
                if match:
                    return int(match.group(1))
    sys.exit("no totals in the callgrind output")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navd", default=".build/release/navd")
    parser.add_argument("--mix", choices=["route-close", "state", "select-tab", "apply-close", "emit-close"], default="route-close")
    parser.add_argument("--subscribers", type=int, default=0)
    parser.add_argument("--short", type=int, default=2000, help="requests of the short run")
    parser.add_argument("--long", type=int, default=12000, help="requests of the long run")
    parser.add_argument("--durable", action="store_true", help="keep the state in SQLite (--state-dir, --sync normal)")
    parser.add_argument("--modals", type=int, default=0, help="nested modals in another tab before the requests")
    args = parser.parse_args()
    short = instructions(args.navd, args.short, args.mix, args.subscribers, args.durable, args.modals)
    long = instructions(args.navd, args.long, args.mix, args.subscribers, args.durable, args.modals)
    per_request = (long - short) / (args.long - args.short)
    what = f"{args.mix} request" + (f", fanned out to {args.subscribers} subscribers" if args.subscribers else "")
    what += ", durable" if args.durable else ""
    what += f", beside {args.modals} nested modals in another tab" if args.modals else ""
    print(f"{per_request:,.0f} instructions per {what} ({args.navd})")


if __name__ == "__main__":
    main()
