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
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
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


# --------------------------------------------------------------------------- documentation


# Shell transcripts in README.md and docs/*.md, replayed against a fresh navd.
#
# A transcript is a fenced code block whose first line starts with `$ `: each `$ COMMAND` line
# runs under bash, and the lines after it, up to the next `$ `, are what it must print
# (standard output and standard error, in the order written). In an expected line `…` stands
# for any text within the line, and a line `⋮` for any number of lines. Both sides are
# normalized first: timestamps, instance ids, ages and startup times, which differ per run.
#
# The line right before a block may hold a marker, `<!-- transcript: WORDS -->`:
#
# - `continues`: the block runs in the session of the block before it (the same navd, files
#   and directory); without it a block starts a new session on a fresh navd.
# - `beside`: the block's one command runs in the background, as in another terminal, for the
#   rest of its session; the next block starts once it printed its first expected line, and
#   its whole output is compared when the session ends (navd stopped with SIGTERM). A `beside`
#   block that runs `navd` first is the session's navd (otherwise the test starts one).
# - `setup: COMMAND`: a command run (unseen, its output ignored) before the block's first
#   command, in its session: a file the text describes rather than shows.
# - `requires: PROGRAM`: skipped when PROGRAM is not on PATH.
# - `skip: REASON`: not replayed, with the reason said.
#
# A session runs with the built programs first on PATH, in a new directory that links the
# repository's top-level entries, with HOME and XDG_RUNTIME_DIR inside it (printed as
# /home/you and /run/user/1000, so the default socket is /run/user/1000/navd/navd.sock).



DOCUMENTS = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").glob("*.md"))]
MARKER = re.compile(r"^<!-- transcript: (.*) -->$")
SHOWN_RUNTIME = "/run/user/1000"
SHOWN_HOME = "/home/you"
NORMALIZE = [
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}"), "TIME"),
    (re.compile(r"(instance[ =])[0-9a-f]{8}\b"), r"\1ID"),
    (re.compile(r"startupMs=[0-9.]+"), "startupMs=N"),
    (re.compile(r"\(age [0-9]+ [a-z]+\)"), "(age N)"),
]


@dataclass
class Block:
    document: pathlib.Path
    line: int
    text: list[str]
    marker: dict = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"{self.document.relative_to(REPO_ROOT)}:{self.line}"

    def commands(self) -> list[tuple[str, list[str]]]:
        """Each `$ COMMAND` with the lines it must print."""
        steps: list[tuple[str, list[str]]] = []
        for line in self.text:
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
        for _, expected in steps:
            while expected and not expected[-1].strip():
                expected.pop()
        return steps


def parse_marker(text: str) -> dict:
    """`continues; beside; requires: nc; skip: WHY; setup: COMMAND` (setup last: the rest of
    the marker is its command)."""
    marker: dict = {}
    text, found, setup = text.partition("setup:")
    if found:
        marker["setup"] = setup.strip()
    for part in (p.strip() for p in text.split(";")):
        name, _, value = part.partition(":")
        if name.strip() in ("continues", "beside"):
            marker[name.strip()] = True
        elif name.strip() in ("requires", "skip"):
            marker[name.strip()] = value.strip()
        elif part:
            raise ValueError(f"unknown transcript marker {part!r}")
    return marker


def document_blocks(document: pathlib.Path) -> list[Block]:
    """The transcripts of one Markdown file, in order."""
    blocks: list[Block] = []
    lines = document.read_text().splitlines()
    index = 0
    while index < len(lines):
        if not lines[index].startswith("```"):
            index += 1
            continue
        start = index
        index += 1
        body = []
        while index < len(lines) and not lines[index].startswith("```"):
            body.append(lines[index])
            index += 1
        index += 1
        if not body or not body[0].startswith("$ "):
            continue
        marker_line = MARKER.match(lines[start - 1]) if start > 0 else None
        blocks.append(Block(document, start + 1, body, parse_marker(marker_line.group(1)) if marker_line else {}))
    return blocks


def sessions(document: pathlib.Path) -> list[list[Block]]:
    """The document's transcripts grouped into sessions (a block that `continues` joins the
    one before it); sessions with a skipped block are left whole, to be skipped."""
    grouped: list[list[Block]] = []
    for block in document_blocks(document):
        if block.marker.get("continues") and grouped:
            grouped[-1].append(block)
        else:
            grouped.append([block])
    return grouped


def normalized(line: str) -> str:
    for pattern, replacement in NORMALIZE:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def line_matches(expected: str, actual: str) -> bool:
    expected, actual = normalized(expected), normalized(actual)
    if "…" not in expected:
        return expected == actual
    pattern = ".*?".join(re.escape(piece) for piece in expected.split("…"))
    return re.fullmatch(pattern, actual) is not None


def lines_match(expected: list[str], actual: list[str]) -> bool:
    """`expected` against `actual`, `⋮` skipping any lines (the fewest that let the rest match)."""
    if not expected:
        return not actual
    if expected[0].strip() == "⋮":
        return any(lines_match(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and line_matches(expected[0], actual[0]) and lines_match(expected[1:], actual[1:])


class Background:
    """A `beside` command: its merged output read line by line on a thread."""

    def __init__(self, block: Block, command: str, expected: list[str], env: dict, cwd: pathlib.Path):
        self.block, self.command, self.expected = block, command, expected
        self.lines: list[str] = []
        self.process = subprocess.Popen(["bash", "-c", command], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, env=env, cwd=cwd, start_new_session=True)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for_first_line(self, timeout: float = 20) -> None:
        first = next((line for line in self.expected if line.strip() != "⋮"), None)
        deadline = time.monotonic() + timeout
        while first is not None and time.monotonic() < deadline:
            if any(line_matches(first, line) for line in list(self.lines)):
                return
            if self.process.poll() is not None and not self.reader.is_alive():
                break
            time.sleep(0.02)
        if first is not None:
            raise AssertionError(f"{self.block.where}: `{self.command}` never printed {first!r}; it printed:\n"
                                 + "\n".join(self.lines))

    def stop(self, timeout: float = 10) -> None:
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=timeout)
        self.reader.join(timeout=timeout)


class DocumentSession:
    """One session of a document's transcripts: a directory, a navd, the `beside` commands."""

    def __init__(self):
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="navd-doc-"))
        self.home = self.root / "home"
        self.runtime = self.root / "run"
        self.work = self.root / "work"
        for directory in (self.home, self.runtime, self.work):
            directory.mkdir(mode=0o700)
        for entry in REPO_ROOT.iterdir():
            if entry.name not in (".build", ".git", ".venv"):
                (self.work / entry.name).symlink_to(entry)
        self.env = {key: value for key, value in os.environ.items() if not key.startswith(("NAVD_", "XDG_"))}
        self.env.update({"HOME": str(self.home), "XDG_RUNTIME_DIR": str(self.runtime), "LANG": "C.UTF-8",
                         "PATH": f"{REPO_ROOT / '.build' / 'debug'}:{os.environ['PATH']}", "COLUMNS": "100"})
        self.env.pop("TERM", None)
        self.socket = self.runtime / "navd" / "navd.sock"
        self.navd: subprocess.Popen | Background | None = None
        self.beside: list[Background] = []

    def shown(self, text: str) -> str:
        return text.replace(str(self.runtime), SHOWN_RUNTIME).replace(str(self.home), SHOWN_HOME)

    def wait_for_socket(self, process, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise AssertionError(f"navd exited with {process.returncode} before it listened")
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(str(self.socket))
                return
            except OSError:
                time.sleep(0.02)
            finally:
                probe.close()
        raise AssertionError(f"navd never listened on {self.socket}")

    def ensure_navd(self) -> None:
        if self.navd is None:
            self.navd = subprocess.Popen(["navd"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, env=self.env, cwd=self.work)
            self.wait_for_socket(self.navd)

    def run(self, block: Block) -> None:
        if "setup" in block.marker:
            subprocess.run(["bash", "-c", block.marker["setup"]], env=self.env, cwd=self.work, check=True,
                           capture_output=True, timeout=60)
        steps = block.commands()
        if block.marker.get("beside"):
            assert len(steps) == 1, f"{block.where}: a beside block runs one command"
            command, expected = steps[0]
            starts_navd = command.split()[0] == "navd" and self.navd is None
            if not starts_navd:
                self.ensure_navd()
            background = Background(block, command, expected, self.env, self.work)
            if starts_navd:
                self.navd = background
                self.wait_for_socket(background.process)
            background.wait_for_first_line()
            self.beside.append(background)
            return
        self.ensure_navd()
        for command, expected in steps:
            done = subprocess.run(["bash", "-c", command], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, env=self.env, cwd=self.work, timeout=60)
            actual = self.shown(done.stdout).splitlines()
            assert lines_match(expected, actual), (
                f"{block.where}: `$ {command}` printed\n" + "\n".join(actual) + "\nbut the document shows\n" + "\n".join(expected))

    def close(self) -> None:
        """Stops navd (SIGTERM) and checks what each `beside` command printed."""
        try:
            navd = self.navd.process if isinstance(self.navd, Background) else self.navd
            if navd is not None and navd.poll() is None:
                navd.send_signal(signal.SIGTERM)
                navd.wait(timeout=10)
            problems = []
            for background in self.beside:
                background.stop()
                actual = [self.shown(line) for line in background.lines]
                if not lines_match(background.expected, actual):
                    problems.append(f"{background.block.where}: `$ {background.command}` printed\n" + "\n".join(actual)
                                    + "\nbut the document shows\n" + "\n".join(background.expected))
            assert not problems, "\n\n".join(problems)
        finally:
            for background in self.beside:
                if background.process.poll() is None:
                    os.killpg(background.process.pid, signal.SIGKILL)
            if isinstance(self.navd, subprocess.Popen) and self.navd.poll() is None:
                self.navd.kill()
            shutil.rmtree(self.root, ignore_errors=True)


def replay_session(blocks: list[Block]) -> None:
    """Runs one session's blocks in order; raises AssertionError at the first difference."""
    session = DocumentSession()
    try:
        for block in blocks:
            session.run(block)
    finally:
        session.close()


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] != "record":
        sys.exit("usage: transcripts.py record FILE.jsonl…")
    for name in sys.argv[2:]:
        record(pathlib.Path(name))
        print(f"recorded {name}")
