"""Protocol/transcripts/*.jsonl: recorded sessions with navd, replayed by
`test_transcripts.py` and written by this module's `record` command.

Format (one JSON object per line; see Protocol/transcripts/README.md):

- `{"comment": "…"}` — ignored.
- `{"send": MESSAGE}` — MESSAGE (an object, or a batch array) is sent as one compact line.
- `{"sendRaw": "TEXT"}` — TEXT is sent verbatim as UTF-8, followed by a newline.
- `{"expect": MESSAGE, "ignore": ["/json/pointer", …]}` — the next line navd writes on that
  connection must equal MESSAGE exactly (same values and the same JSON types: `1` is not
  `1.0`), except at the `ignore` pointers, where the value must exist and may be anything
  (for what differs per run: `instance`, `pid`, `uptimeSeconds`, `socket`).
- Any of them may say `"client": "NAME"` (default `"a"`); each name is one connection,
  opened when first used.

After the last line every connection must have nothing more to read (a `nav.state` round
trip with a reserved id proves it).

    python3 Tests/e2e/transcripts.py record Protocol/transcripts/FILE.jsonl

runs the file's `send` lines against a fresh navd and rewrites its `expect` lines from what
navd answered (volatile fields ignored). Review the result before committing it: a recorded
transcript is only as right as the navd that recorded it.
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any, Iterator

from navd_harness import REPO_ROOT, Client, Navd

TRANSCRIPTS = REPO_ROOT / "Protocol" / "transcripts"
VOLATILE_KEYS = {"instance", "pid", "uptimeSeconds", "socket"}
DEFAULT_CLIENT = "a"


def load(path: pathlib.Path) -> list[dict]:
    steps = []
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if not text.strip():
            continue
        step = json.loads(text)
        kinds = {"comment", "send", "sendRaw", "expect"} & set(step)
        if len(kinds) != 1 or set(step) - {"comment", "send", "sendRaw", "expect", "ignore", "client"}:
            raise ValueError(f"{path.name}:{number}: a line has exactly one of comment/send/sendRaw/expect "
                             f"(plus client, and ignore on expect): {text[:200]}")
        step["line"] = number
        steps.append(step)
    return steps


def pointer_parts(pointer: str) -> list[str]:
    if not pointer.startswith("/"):
        raise ValueError(f"not a JSON pointer: {pointer!r}")
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer[1:].split("/")]


def without(message: Any, pointers: list[str]) -> Any:
    """A copy of `message` with the values at `pointers` replaced by a marker; a pointer
    that leads nowhere raises KeyError."""
    message = json.loads(json.dumps(message))
    for pointer in pointers:
        node, parts = message, pointer_parts(pointer)
        for part in parts[:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        last = parts[-1]
        if isinstance(node, list):
            node[int(last)] = "<ignored>"
        else:
            if last not in node:
                raise KeyError(f"{pointer} is not in the message")
            node[last] = "<ignored>"
    return message


def same(a: Any, b: Any) -> bool:
    """JSON equality that also tells `1` from `1.0` and `true` from `1`."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def volatile_pointers(message: Any, prefix: str = "") -> Iterator[str]:
    if isinstance(message, dict):
        for key, value in message.items():
            pointer = f"{prefix}/{key.replace('~', '~0').replace('/', '~1')}"
            if key in VOLATILE_KEYS:
                yield pointer
            else:
                yield from volatile_pointers(value, pointer)
    elif isinstance(message, list):
        for index, value in enumerate(message):
            yield from volatile_pointers(value, f"{prefix}/{index}")


class Session:
    """The connections of one transcript run."""

    def __init__(self, navd: Navd):
        self.navd = navd
        self.clients: dict[str, Client] = {}

    def client(self, name: str) -> Client:
        if name not in self.clients:
            self.clients[name] = self.navd.client()
        return self.clients[name]

    def send(self, step: dict) -> None:
        client = self.client(step.get("client", DEFAULT_CLIENT))
        if "send" in step:
            client.send(step["send"])
        else:
            client.send_raw(step["sendRaw"].encode() + b"\n")

    def leftovers(self, first: str | None = None) -> dict[str, list]:
        """What each connection still had to read (read up to a `nav.state` round trip),
        connection `first` first."""
        names = sorted(self.clients, key=lambda name: name != first)
        return {name: self.clients[name].sync() for name in names}

    def close(self) -> None:
        for client in self.clients.values():
            client.close()


def replay(navd: Navd, path: pathlib.Path) -> None:
    """Replays one transcript against `navd` (fresh); raises AssertionError at the first
    line navd answered differently."""
    session = Session(navd)
    try:
        for step in load(path):
            where = f"{path.name}:{step['line']}"
            if "send" in step or "sendRaw" in step:
                session.send(step)
            elif "expect" in step:
                client = session.client(step.get("client", DEFAULT_CLIENT))
                try:
                    actual = client.read_message(timeout=5)
                except (TimeoutError, EOFError) as error:
                    raise AssertionError(f"{where}: expected {json.dumps(step['expect'])[:300]}, got {error}") from None
                ignore = step.get("ignore", [])
                try:
                    actual_cmp = without(actual, ignore)
                except (KeyError, IndexError, ValueError) as error:
                    raise AssertionError(f"{where}: an ignored field is missing ({error}): {json.dumps(actual)[:500]}")
                expected_cmp = without(step["expect"], ignore)
                assert same(actual_cmp, expected_cmp), (
                    f"{where}: navd answered\n  {json.dumps(actual)}\nbut the transcript expects\n"
                    f"  {json.dumps(step['expect'])}")
        left = {name: lines for name, lines in session.leftovers().items() if lines}
        assert not left, f"{path.name}: navd wrote lines the transcript does not expect: {json.dumps(left)[:1000]}"
    finally:
        session.close()


def record(path: pathlib.Path) -> None:
    """Rewrites the `expect` lines of `path` from a fresh navd's answers."""
    steps = [step for step in load(path) if "expect" not in step]
    out = []
    with Navd() as navd:
        session = Session(navd)
        for step in steps:
            out.append({k: v for k, v in step.items() if k != "line"})
            if "comment" in step:
                continue
            session.send(step)
            for name, lines in session.leftovers(first=step.get("client", DEFAULT_CLIENT)).items():
                for message in lines:
                    expect: dict[str, Any] = {"expect": message}
                    if name != DEFAULT_CLIENT:
                        expect["client"] = name
                    ignore = list(volatile_pointers(message))
                    if ignore:
                        expect["ignore"] = ignore
                    out.append(expect)
        session.close()
    path.write_text("".join(json.dumps(step, ensure_ascii=False) + "\n" for step in out))


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] != "record":
        sys.exit("usage: transcripts.py record FILE.jsonl…")
    for name in sys.argv[2:]:
        record(pathlib.Path(name))
        print(f"recorded {name}")
