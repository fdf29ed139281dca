#!/usr/bin/env python3
"""Talk to navd until navctl exists: one JSON-RPC call, or a live watch of nav.changed.

    scripts/navrpc.py nav.route '{"to":"post","params":{"postId":5}}'
    scripts/navrpc.py --watch          # subscribe; one line per revision

The socket is --socket, else $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, else
/tmp/navd-$UID/navd.sock — the same rule navd uses. Exit 1 when navd answers an error, 3 when
it cannot be reached.
"""
import argparse
import json
import os
import socket
import sys


def default_socket() -> str:
    if os.environ.get("NAVD_SOCKET"):
        return os.environ["NAVD_SOCKET"]
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime.startswith("/"):
        return os.path.join(runtime, "navd", "navd.sock")
    return f"/tmp/navd-{os.getuid()}/navd.sock"


def main() -> int:
    parser = argparse.ArgumentParser(description="One JSON-RPC call to navd, or --watch.")
    parser.add_argument("method", nargs="?")
    parser.add_argument("params", nargs="?", default="{}", help="JSON object")
    parser.add_argument("--socket", default=default_socket())
    parser.add_argument("--watch", action="store_true", help="subscribe and print each revision")
    args = parser.parse_args()
    if not args.watch and not args.method:
        parser.error("give a METHOD, or --watch")
    try:
        conn = socket.socket(socket.AF_UNIX)
        conn.connect(args.socket)
    except OSError as error:
        print(f"navrpc: no navd at {args.socket}: {error.strerror} (start it with `make run`)", file=sys.stderr)
        return 3
    stream = conn.makefile("rwb")

    def send(method, params, ident):
        stream.write((json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}) + "\n").encode())
        stream.flush()

    if args.watch:
        send("daemon.hello", {"name": "navrpc-watch"}, 1)
        send("nav.subscribe", {"tree": False}, 2)
        for line in stream:
            message = json.loads(line)
            if message.get("id") == 2:
                print(f"subscribed at revision {message['result']['revision']}", flush=True)
            elif message.get("method") == "nav.changed":
                for change in message["params"]["changes"]:
                    cause = change["cause"]
                    events = " ".join(e["type"] + (":" + e["name"] if e.get("name") else "") for e in change.get("events", []))
                    print(f"r{change['revision']} {cause['method']} by {cause['client'] or cause['clientId']}: {events}", flush=True)
            elif message.get("method") == "daemon.shutdown":
                print(f"navd is shutting down ({message['params']['reason']})")
                return 0
        return 0
    send(args.method, json.loads(args.params), 1)
    reply = json.loads(stream.readline())
    if "error" in reply:
        error = reply["error"]
        print(f"navrpc: {error['message']} ({error['code']} {error.get('data', {}).get('reason', '')})", file=sys.stderr)
        return 1
    print(json.dumps(reply["result"], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
