#!/usr/bin/env python3
"""A routing-event listener for navd in another language: Python, standard library only.

It connects to navd's socket, names itself, listens to `userTapped` and answers each
`event.handle` request navd sends it with the steps that open the user's profile — the
coordinator of a "profile module" living in its own process. Users with an id below 0 are
not its business: it answers `{"steps": []}` and navd asks the next listener (or the app
definition's own steps).

    python3 examples/listeners/profile_listener.py [--socket PATH] [--name NAME]

The socket defaults to $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, else
/tmp/navd-$UID/navd.sock, as for every navd client. It prints one line per event and runs
until navd goes away.
"""

import argparse
import json
import os
import socket
import sys


def default_socket() -> str:
    if os.environ.get("NAVD_SOCKET"):
        return os.environ["NAVD_SOCKET"]
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "navd", "navd.sock")
    return f"/tmp/navd-{os.getuid()}/navd.sock"


def steps_for(params: dict) -> list:
    """What this module does with a `userTapped` event: open that user's profile."""
    user_id = params.get("payload", {}).get("userId")
    if not isinstance(user_id, int) or user_id < 0:
        return []
    return [{"method": "nav.route", "params": {"to": "profile", "params": {"userId": user_id, "section": "posts"}}}]


class Connection:
    def __init__(self, path: str):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buffer = b""
        self.next_id = 1

    def send(self, message: dict) -> None:
        self.sock.sendall(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def read(self) -> dict | None:
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def call(self, method: str, params: dict) -> dict:
        """A request of ours; navd's own requests that arrive meanwhile are answered."""
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message is None:
                raise ConnectionError("navd closed the connection")
            if self.answer_if_request(message):
                continue
            if message.get("id") == request_id:
                if "error" in message:
                    raise RuntimeError(message["error"]["message"])
                return message["result"]

    def answer_if_request(self, message: dict) -> bool:
        """navd asks with a request (a method and an id); a notification has no id."""
        if "method" not in message or "id" not in message:
            return False
        if message["method"] == "event.handle":
            params = message["params"]
            steps = steps_for(params)
            verdict = f"-> {steps[0]['params']['to']}" if steps else "-> not mine"
            print(f"{message['id']} {params['event']} {json.dumps(params['payload'])} {verdict}", flush=True)
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": {"steps": steps}})
        else:
            self.send({"jsonrpc": "2.0", "id": message["id"],
                       "error": {"code": -32601, "message": f"method not found: {message['method']}"}})
        return True


def main() -> int:
    parser = argparse.ArgumentParser(description="Opens the profile screen for userTapped events.")
    parser.add_argument("--socket", default=default_socket())
    parser.add_argument("--name", default="profileModule")
    args = parser.parse_args()
    try:
        connection = Connection(args.socket)
    except OSError as error:
        print(f"profile_listener: cannot reach navd at {args.socket}: {error}", file=sys.stderr)
        return 3
    client = connection.call("daemon.hello", {"name": args.name})["client"]
    connection.call("events.listen", {"events": ["userTapped"]})
    print(f"listening to userTapped as {client} ({args.name})", flush=True)
    while True:
        message = connection.read()
        if message is None:
            print("navd went away", flush=True)
            return 0
        connection.answer_if_request(message)


if __name__ == "__main__":
    sys.exit(main())
