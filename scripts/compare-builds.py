#!/usr/bin/env python3
"""Before and after: two builds of navd measured in one run, taking turns.

    scripts/compare-builds.py [--base 0dbb57a] [--base-dir .build-before] [--base-bin DIR] [--bin DIR]
                              [--rounds 2] [--quick] [--no-loads] [--no-callgrind]

Builds the base commit's navd, navbench and navbench-baseline in release mode in a git worktree
of their own (BASE_DIR/src, detached at BASE, built into BASE_DIR/build), and this checkout's in
its .build (`--base-bin` and `--bin` take directories that hold the three programs instead, and
build nothing). Then, for both builds:

- instructions per request (`scripts/callgrind-requests.py`, this checkout's, for both):
  route/close, nav.state, nav.selectTab, route/close fanned out to 64 subscribers and a durable
  route/close. The counts do not move with the machine's load.
- `navbench baseline --one-core`: rtt and 16-connection throughput of route/close against the
  C libuv baseline, and their ratios.
- `navbench durable --one-core`: a durable navd (`--sync normal`, and `--sync full`) against an
  ephemeral one, rtt and 16-connection throughput, beside the ceiling SQLite's commit of that
  build's rows leaves, and the database's bytes per revision.

Each build runs its own navbench and baseline, so that the durable ceiling is that of its own
rows. The loads take turns (base, this, base, this: `--rounds`), and a table of the medians is
printed at the end; every program's own output goes to the log (`--log`). The timings move
with the machine's load: run it on a quiet machine (a full run takes about 20 minutes, the base
build aside). `--quick` runs everything briefly, to check that the commands work, not to read
the figures.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = ["navd", "navbench", "navbench-baseline"]


def run(command: list, log, cwd: str = ROOT) -> str:
    log.write(f"\n$ {' '.join(command)}\n")
    log.flush()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log.write(done.stdout)
    log.flush()
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(command)}\n{done.stdout[-2000:]}")
    return done.stdout


def build(package: str, scratch: str, log) -> str:
    flags = ["-c", "release", "--package-path", package] + (["--scratch-path", scratch] if scratch else [])
    for product in PROGRAMS:
        print(f"building {product} in {package} ...", flush=True)
        run(["swift", "build", *flags, "--product", product], log)
    return run(["swift", "build", *flags, "--show-bin-path"], log).strip()


def base_checkout(base: str, directory: str, log) -> str:
    source = os.path.join(directory, "src")
    if not os.path.exists(source):
        os.makedirs(directory, exist_ok=True)
        run(["git", "worktree", "add", "--detach", source, base], log)
    else:
        run(["git", "-C", source, "checkout", "--detach", base], log)
    return source


def callgrind(navd: str, quick: bool, log) -> dict:
    sizes = ["--short", "100", "--long", "300"] if quick else []
    subscriber_sizes = ["--short", "50", "--long", "150"] if quick else ["--short", "500", "--long", "2500"]
    runs = {
        "route/close": [],
        "nav.state": ["--mix", "state"],
        "nav.selectTab": ["--mix", "select-tab"],
        "route/close, 64 subscribers": ["--subscribers", "64"],
        "route/close, durable": ["--durable"],
    }
    figures = {}
    for name, flags in runs.items():
        print(f"callgrind {name}: {navd}", flush=True)
        output = run([sys.executable, os.path.join(ROOT, "scripts/callgrind-requests.py"), "--navd", navd, *flags,
                      *(subscriber_sizes if "subscribers" in name else sizes)], log)
        figures[name] = int(re.search(r"([\d,]+) instructions per", output).group(1).replace(",", ""))
    return figures


def baseline_loads(bin_dir: str, quick: bool, log) -> dict:
    flags = ["--duration", "0.3", "--repetitions", "1"] if quick else []
    output = run([os.path.join(bin_dir, "navbench"), "baseline", "--one-core", "--json", *flags], log)
    figures = {}
    for comparison in json.loads(output[output.index("["):]):
        name = comparison["scenario"]
        figures[f"{name} req/s, one core"] = comparison["navd"]["rps"]
        figures[f"{name} / C baseline, one core"] = comparison["ratio"]
    return figures


def durable_loads(bin_dir: str, quick: bool, log) -> dict:
    flags = ["--duration", "0.3", "--repetitions", "1", "--revisions", "300"] if quick else []
    output = run([os.path.join(bin_dir, "navbench"), "durable", "--one-core", *flags], log)
    figures = {}
    normal = re.search(r"^sync normal\s+([\d.]+)\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s+[\d.]+\s+([\d.]+)", output, re.M)
    figures["durable rtt / ephemeral, one core"] = float(normal.group(2))
    figures["durable throughput / ephemeral, one core"] = float(normal.group(4))
    ceiling = re.search(r"reach ratios of ([\d.]+) \(rtt\) and ([\d.]+) \(throughput\)", output)
    figures["  ceiling with SQLite's commit: rtt"] = float(ceiling.group(1))
    figures["  ceiling with SQLite's commit: throughput"] = float(ceiling.group(2))
    figures["database bytes per revision"] = float(re.search(r"([\d.]+) bytes per revision", output).group(1))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="0dbb57a", help="the commit to compare with")
    parser.add_argument("--base-dir", default=os.path.join(ROOT, ".build-before"), help="where the base is checked out and built")
    parser.add_argument("--base-bin", help="a directory holding the base's navd, navbench and navbench-baseline (no build)")
    parser.add_argument("--bin", help="a directory holding this build's three programs (no build)")
    parser.add_argument("--rounds", type=int, default=2, help="turns of the loads per build")
    parser.add_argument("--quick", action="store_true", help="brief runs, to check the commands")
    parser.add_argument("--no-loads", action="store_true", help="instruction counts only")
    parser.add_argument("--no-callgrind", action="store_true", help="the loads only")
    parser.add_argument("--log", help="where every program's output goes (default: BASE_DIR/compare.log)")
    args = parser.parse_args()
    args.log = args.log or os.path.join(args.base_dir, "compare.log")
    os.makedirs(os.path.dirname(os.path.abspath(args.log)), exist_ok=True)

    with open(args.log, "w") as log:
        base_bin = args.base_bin or build(
            base_checkout(args.base, args.base_dir, log), os.path.join(args.base_dir, "build"), log)
        this_bin = args.bin or build(ROOT, "", log)
        builds = {"before": base_bin, "after": this_bin}
        for side, directory in builds.items():
            for program in PROGRAMS:
                if not os.access(os.path.join(directory, program), os.X_OK):
                    sys.exit(f"{side}: no {program} in {directory}")
        table: dict = {}

        def add(side: str, figures: dict) -> None:
            for name, value in figures.items():
                table.setdefault(name, {"before": [], "after": []})[side].append(value)

        if not args.no_callgrind:
            for side, directory in builds.items():
                add(side, {f"instructions per {name}": value
                           for name, value in callgrind(os.path.join(directory, "navd"), args.quick, log).items()})
        if not args.no_loads:
            for round in range(args.rounds):
                for side, directory in builds.items():
                    print(f"round {round + 1}: navbench baseline --one-core, {side}", flush=True)
                    add(side, baseline_loads(directory, args.quick, log))
            for round in range(args.rounds):
                for side, directory in builds.items():
                    print(f"round {round + 1}: navbench durable --one-core, {side}", flush=True)
                    add(side, durable_loads(directory, args.quick, log))

    print(f"\nbefore: {args.base} ({base_bin}); after: this checkout ({this_bin}); medians of {args.rounds} rounds"
          + (" (--quick: not figures to read)" if args.quick else ""))
    print(f"{'':52} {'before':>12} {'after':>12} {'after/before':>13}")
    for name, sides in table.items():
        before, after = statistics.median(sides["before"]), statistics.median(sides["after"])
        style = "{:12,.0f}" if before >= 100 else "{:12.2f}"
        print(f"{name:52} {style.format(before)} {style.format(after)} {after / before if before else 0:13.2f}")
    print(f"every program's output: {args.log}")


if __name__ == "__main__":
    main()
