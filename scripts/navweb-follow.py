#!/usr/bin/env python3
"""A page following navd under load: CHANGES changes per second for SECONDS seconds (default
1,000 for 10 s), sent by one client as alternating nav.route / nav.close requests, each after
the answer to the one before. One Chromium page (Debian's, through Playwright) follows navweb
meanwhile. At the end it reports whether every revision reached the page with its cause and
events, in order (`window.navweb.revisions`), how often the page had to start over from a whole
state, and navweb's RSS and CPU time (from /proc). It exits 1 when a revision is missing or
out of order.

navd's round trips for another client (`navbench rtt --mix state`, one connection reading the
state in a closed loop) are measured during the same load twice: first with no navweb (before
it starts), then with navweb and its page following. Uses the debug builds unless NAVD_BIN /
NAVWEB_BIN / NAVBENCH_BIN say otherwise:

    .venv/bin/python scripts/navweb-follow.py [CHANGES_PER_SECOND] [SECONDS]
"""

import json
import os
import pathlib
import socket
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))

from navd_harness import Navd  # noqa: E402
from navweb_harness import Navweb, launch_chromium  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_kib(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def drive(socket_path: str, rate: int, seconds: float) -> int:
    """Sends rate × seconds mutations, each after the answer to the one before (as an app
    does: no pipelined bursts), at most `rate` a second; returns how many navd applied."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(socket_path)
    reader = sock.makefile("rb")
    total = int(rate * seconds)
    ok = errors = 0
    start = time.monotonic()
    for i in range(total):
        method = "nav.route" if i % 2 == 0 else "nav.close"
        params = {"to": "post", "params": {"postId": i}} if i % 2 == 0 else {}
        sock.sendall((json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}) + "\n").encode())
        if b'"error"' in reader.readline():
            errors += 1
        else:
            ok += 1
        delay = start + (i + 1) / rate - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    took = time.monotonic() - start
    sock.close()
    print(f"sent {total} requests in {took:.2f} s ({total / took:.0f}/s); navd applied {ok}, refused {errors}")
    return ok


def find_navbench() -> pathlib.Path:
    """`$NAVBENCH_BIN`, else `.build/debug/navbench` under the repository root."""
    path = pathlib.Path(os.environ.get("NAVBENCH_BIN", ".build/debug/navbench"))
    return path if path.is_absolute() else ROOT / path


def drive_measuring_rtt(socket_path: str, rate: int, seconds: float) -> tuple[int, str]:
    """`drive`, with `navbench rtt --mix state` on a connection of its own for all but the
    first and last second of it; returns what navd applied and navbench's median line."""
    result: dict[str, str] = {}

    def rtt():
        time.sleep(1)
        run = subprocess.run(
            [str(find_navbench()), "rtt", "--socket", socket_path, "--mix", "state",
             "--duration", f"{max(seconds - 3, 1):g}", "--repetitions", "1"],
            capture_output=True, text=True, timeout=seconds + 120)
        lines = [line for line in run.stdout.splitlines() if " med " in line]
        result["rtt"] = lines[-1] if lines else f"navbench failed: {run.stderr.strip()}"

    thread = threading.Thread(target=rtt)
    thread.start()
    ok = drive(socket_path, rate, seconds)
    thread.join()
    return ok, result["rtt"]


def main() -> None:
    rate = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10
    with Navd(extra_args=["--ephemeral"]) as navd:
        _, alone = drive_measuring_rtt(navd.socket_path, rate, seconds)
        print("navbench rtt --mix state (scenario mix conns run requests req/s p50 µs p99 µs p99.9 µs):")
        print(f"  without navweb:             {alone}")
        web = Navweb(navd.socket_path).start()
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                page = browser.new_page()
                page.goto(web.url)
                expect(page.locator("#nw-status")).to_have_text("live", timeout=15_000)
                first = int(page.evaluate("document.body.dataset.revision"))
                cpu0, rss0 = cpu_seconds(web.process.pid), rss_kib(web.process.pid)
                wall0 = time.monotonic()
                samples = []
                stop = threading.Event()

                def sample():
                    while not stop.wait(0.5):
                        samples.append(rss_kib(web.process.pid))

                sampler = threading.Thread(target=sample)
                sampler.start()
                ok, following = drive_measuring_rtt(navd.socket_path, rate, seconds)
                print(f"  with navweb and a page:     {following}")
                last = first + ok
                page.wait_for_function(f"Number(document.body.dataset.revision) >= {last}", timeout=300_000)
                wall = time.monotonic() - wall0
                stop.set()
                sampler.join()
                cpu = cpu_seconds(web.process.pid) - cpu0
                revisions = page.evaluate("window.navweb.revisions")
                restarts = page.evaluate("window.navweb.restarts")
                notes = page.evaluate("[...document.querySelectorAll('#nw-events div')].map(d => d.textContent).filter(t => t.startsWith('—'))")
                for note in notes[-5:]:
                    print("page note:", note)
                expected = list(range(first + 1, last + 1))
                complete = revisions == expected
                ordered = all(a < b for a, b in zip(revisions, revisions[1:]))
                print(f"page: revisions r{first + 1}..r{last}: {len(revisions)} of {len(expected)} with their events, "
                      f"{'in order' if ordered else 'OUT OF ORDER'}; started over {restarts} times; "
                      f"last revision drawn r{page.evaluate('document.body.dataset.revision')}")
                print(f"navweb: CPU {cpu:.2f} s over {wall:.2f} s ({100 * cpu / wall:.0f}% of a core); "
                      f"RSS {rss0 / 1024:.1f} MiB before, peak {max(samples + [rss0]) / 1024:.1f} MiB, "
                      f"{rss_kib(web.process.pid) / 1024:.1f} MiB after")
                browser.close()
                if not complete:
                    missing = sorted(set(expected) - set(revisions))
                    print(f"missing: {missing[:20]}{'…' if len(missing) > 20 else ''}")
                    jumps = [(a, b) for a, b in zip(revisions, revisions[1:]) if b != a + 1]
                    print(f"jumps: {jumps[:10]} of {len(jumps)}")
                    sys.exit(1)
        finally:
            web.stop()

if __name__ == "__main__":
    main()
