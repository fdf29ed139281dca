"""A reusable harness for end-to-end tests against the real `navd` daemon.

- `find_navd()` / `serve_command()`: where the binary is (`NAVD_BIN`, default
  `.build/debug/navd` under the repository root) and whether it can serve yet.
- `Navd`: starts `navd --socket PATH [--app FILE]` in a fresh 0700 temp dir, waits until the
  socket accepts (10 s, failing with navd's stderr), reports fds and RSS, stops it cleanly
  (SIGTERM, wait, SIGKILL on timeout);
  `wait_for_log(text)` polls its stderr; `socket_path=` puts the socket elsewhere.
- `Client`: one AF_UNIX connection speaking NDJSON JSON-RPC 2.0: raw bytes, requests with
  automatic ids, line reads with timeouts, `call()` returning the result or raising
  `RPCError`, notifications collected apart from responses, `sync()` to prove nothing else
  is pending. **Every line it reads is checked against Protocol/navd.openrpc.json** (the
  result schema of the method of the request with that id, `ErrorObject` and the method's
  error list, the notification's params) and violations raise `ContractViolation`: a test
  cannot forget to validate.
- `RevisionChain`, `Follower`: a subscriber's `nav.changed` stream proven gap-free
  (`baseRevision` chain, consecutive revisions, `truncated` with `root`), the latter read on
  its own thread.
- `OpenRPCValidator`: validates results, params, notifications and error objects against
  Protocol/navd.openrpc.json.
- `fd_count(pid)`, `rss_kib(pid)`: from /proc.
- `visible_path(root)`, `top_screen(root)`: read a tree as docs/tree.md defines them.
"""

from __future__ import annotations

import collections
import itertools
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from typing import Any, Iterable

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
OPENRPC_PATH = REPO_ROOT / "Protocol" / "navd.openrpc.json"
START_TIMEOUT = 10.0
STOP_TIMEOUT = 5.0


# --------------------------------------------------------------------------- the binary


def find_navd() -> pathlib.Path:
    """The navd binary: `$NAVD_BIN`, else `.build/debug/navd` under the repository root.
    A relative `NAVD_BIN` is taken relative to the repository root."""
    configured = os.environ.get("NAVD_BIN")
    path = pathlib.Path(configured) if configured else pathlib.Path(".build/debug/navd")
    return path if path.is_absolute() else REPO_ROOT / path


def _help_text(argv: list[str]) -> str:
    try:
        done = subprocess.run(argv + ["--help"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout + done.stderr


def serve_command(binary: pathlib.Path | None = None) -> tuple[list[str] | None, str]:
    """How to start the daemon: `([navd] or [navd, "serve"], "")` when the binary has a
    `--socket` option (on the root command, or on a `serve` subcommand), else
    `(None, reason)` saying why it cannot serve yet."""
    binary = binary or find_navd()
    if not binary.exists():
        return None, f"navd binary not found at {binary} (build it, or set NAVD_BIN)"
    if not os.access(binary, os.X_OK):
        return None, f"{binary} is not executable"
    root_help = _help_text([str(binary)])
    if "--socket" in root_help:
        return [str(binary)], ""
    if "serve" in root_help.split():
        if "--socket" in _help_text([str(binary), "serve"]):
            return [str(binary), "serve"], ""
    return None, f"{binary} cannot serve yet: its --help lists no --socket option nor a serve subcommand"


# --------------------------------------------------------------------------- /proc


def fd_count(pid: int) -> int:
    """Open file descriptors of a process (entries of /proc/PID/fd)."""
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_kib(pid: int) -> int:
    """Resident set size of a process in KiB (VmRSS of /proc/PID/status)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS in /proc/{pid}/status (is it a zombie?)")


# --------------------------------------------------------------------------- the daemon


class NavdStartError(RuntimeError):
    """navd did not accept connections in time, or exited; the message has its stderr."""


class Navd:
    """One running navd on a socket in its own temp dir. Use as a context manager, or call
    `start()` and `stop()`.

    The temp dir (mode 0700) also holds navd's stdout/stderr logs and is used as
    XDG_RUNTIME_DIR and XDG_STATE_HOME, so nothing the daemon writes leaks out of it."""

    def __init__(
        self,
        app: str | os.PathLike | None = None,
        extra_args: Iterable[str] = (),
        env: dict[str, str] | None = None,
        command: list[str] | None = None,
        start_timeout: float = START_TIMEOUT,
        socket_path: str | os.PathLike | None = None,
    ):
        self.app = os.fspath(app) if app is not None else None
        self.extra_args = list(extra_args)
        self.extra_env = dict(env or {})
        self.command = command
        self.start_timeout = start_timeout
        self.dir: pathlib.Path | None = None
        self.socket_path: str = os.fspath(socket_path) if socket_path is not None else ""
        self.process: subprocess.Popen | None = None
        self.returncode: int | None = None
        self._stdout = None
        self._stderr = None
        self._logs: tuple[str, str] | None = None  # (stdout, stderr) once the temp dir is gone

    # -- lifecycle

    def start(self) -> "Navd":
        if self.command is None:
            command, reason = serve_command()
            if command is None:
                raise NavdStartError(reason)
            self.command = command
        self.dir = pathlib.Path(tempfile.mkdtemp(prefix="navd-e2e-"))
        os.chmod(self.dir, 0o700)
        if not self.socket_path:
            self.socket_path = str(self.dir / "navd.sock")
        argv = [*self.command, "--socket", self.socket_path]
        if self.app is not None:
            argv += ["--app", self.app]
        argv += self.extra_args
        env = dict(os.environ)
        env.pop("NAVD_SOCKET", None)
        for sub in ("run", "state"):
            (self.dir / sub).mkdir(mode=0o700)
        env["XDG_RUNTIME_DIR"] = str(self.dir / "run")
        env["XDG_STATE_HOME"] = str(self.dir / "state")
        env.update(self.extra_env)
        self._stdout = open(self.dir / "stdout.log", "wb")
        self._stderr = open(self.dir / "stderr.log", "wb")
        self.process = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=self._stdout, stderr=self._stderr, env=env, cwd=self.dir
        )
        try:
            self._wait_until_accepting()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_until_accepting(self) -> None:
        deadline = time.monotonic() + self.start_timeout
        last_error: OSError | None = None
        while time.monotonic() < deadline:
            code = self.process.poll()
            if code is not None:
                raise NavdStartError(f"navd exited with {code} before accepting connections; stderr:\n{self.stderr()}")
            if os.path.exists(self.socket_path):
                probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    probe.settimeout(1.0)
                    probe.connect(self.socket_path)
                    return
                except OSError as error:
                    last_error = error
                finally:
                    probe.close()
            time.sleep(0.02)
        raise NavdStartError(
            f"navd did not accept connections on {self.socket_path} within {self.start_timeout:g} s"
            f" (last error: {last_error}); stderr:\n{self.stderr()}"
        )

    def stop(self, timeout: float = STOP_TIMEOUT, remove_dir: bool = True) -> int | None:
        """SIGTERM, wait up to `timeout`, then SIGKILL. Returns the exit code (negative for
        a signal, as subprocess reports it). Safe to call twice."""
        if self.process is not None and self.returncode is None:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout=timeout)
            self.returncode = self.process.returncode
        for handle in (self._stdout, self._stderr):
            if handle is not None and not handle.closed:
                handle.close()
        if remove_dir and self.dir is not None and self.dir.exists():
            self._logs = (self.stdout(), self.stderr())
            shutil.rmtree(self.dir, ignore_errors=True)
        return self.returncode

    def __enter__(self) -> "Navd":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- facts

    @property
    def pid(self) -> int:
        assert self.process is not None, "navd was not started"
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def _log(self, name: str, index: int) -> str:
        if self.dir is not None and (self.dir / name).exists():
            return (self.dir / name).read_bytes().decode("utf-8", "replace")
        return self._logs[index] if self._logs else ""

    def stdout(self) -> str:
        return self._log("stdout.log", 0)

    def stderr(self) -> str:
        return self._log("stderr.log", 1)

    def fd_count(self) -> int:
        return fd_count(self.pid)

    def rss_kib(self) -> int:
        return rss_kib(self.pid)

    @property
    def max_line_bytes(self) -> int:
        """The line limit navd was started with (`--max-message-bytes`, else 1 MiB)."""
        args = self.extra_args
        for index, arg in enumerate(args):
            if arg == "--max-message-bytes":
                return int(args[index + 1])
            if arg.startswith("--max-message-bytes="):
                return int(arg.split("=", 1)[1])
        return DEFAULT_MAX_LINE_BYTES

    def wait_for_log(self, text: str, timeout: float = 10.0, count: int = 1) -> str:
        """Waits until navd's stderr holds `text` at least `count` times; returns the
        first line that has it. Raises TimeoutError with the log's tail."""
        deadline = time.monotonic() + timeout
        while True:
            log = self.stderr()
            if log.count(text) >= count:
                return next(line for line in log.splitlines() if text in line)
            if time.monotonic() > deadline:
                raise TimeoutError(f"navd's log has {log.count(text)} of {count} {text!r} after {timeout:g} s;"
                                   f" its tail:\n{log[-3000:]}")
            time.sleep(0.05)

    def client(self, name: str | None = None, timeout: float = 5.0) -> "Client":
        """A new connection; with `name`, it says `daemon.hello` first."""
        client = Client(self.socket_path, timeout=timeout, max_line_bytes=self.max_line_bytes)
        if name is not None:
            client.hello(name)
        return client


# --------------------------------------------------------------------------- clients


class RPCError(Exception):
    """A JSON-RPC error response."""

    def __init__(self, code: int, message: str, data: Any = None, response: dict | None = None):
        super().__init__(f"{code} {message}" + (f" {json.dumps(data)}" if data is not None else ""))
        self.code = code
        self.message = message
        self.data = data
        self.response = response

    @property
    def reason(self) -> str | None:
        return self.data.get("reason") if isinstance(self.data, dict) else None

    @property
    def error_object(self) -> dict:
        error = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return error


class ContractViolation(AssertionError):
    """navd wrote a line that JSON-RPC 2.0 or Protocol/navd.openrpc.json does not allow."""


_CONTRACT: "OpenRPCValidator | None" = None


def contract() -> "OpenRPCValidator":
    """The one `OpenRPCValidator` of Protocol/navd.openrpc.json that every `Client` uses."""
    global _CONTRACT
    if _CONTRACT is None:
        _CONTRACT = OpenRPCValidator()
    return _CONTRACT


def id_key(request_id: Any) -> str:
    """How ids are compared: their JSON text (so 1 and 1.0, "1" and 1 stay apart)."""
    return json.dumps(request_id)


# navd's line-level limits (docs/protocol.md, Protocol/jsonrpc.md 3 and 6)
DEFAULT_MAX_LINE_BYTES = 1 << 20
MAX_DEPTH = 64
MAX_BATCH = 256
# error codes every method may answer when its line or entry is refused before it is run
_ENVELOPE_CODES = {-32700, -32600}


def json_depth(value: Any) -> int:
    """Nesting depth as navd counts it: a scalar is 0, `[]`/`{}` are 1."""
    depth, level = 0, [(value, 1)]
    while level:
        node, d = level.pop()
        if isinstance(node, (list, dict)):
            depth = max(depth, d)
            level.extend((child, d + 1) for child in (node.values() if isinstance(node, dict) else node))
    return depth


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class Client:
    """One connection to navd speaking NDJSON JSON-RPC 2.0.

    **Every line navd writes is checked against the contract as it is read**, whichever
    method reads it (`read_line`, `read_message`, `call`, `notification`, `at_eof`, …):
    it must be compact JSON; a notification must be one of the document's `x-notifications`
    with valid params; a response must be `{jsonrpc, id, result|error}` and its `result` must
    match the result schema of the method of the request that had that id on this
    connection (requests are remembered as they are *sent*, also by `send_raw`), its `error`
    must match `ErrorObject` and be an error that method lists. A violation raises
    `ContractViolation`. There is no unchecked way to read from the socket.

    Messages without `id` that have a `method` are notifications and go to
    `notifications`; responses to requests other than the one being awaited are kept in
    `responses` by id; batch responses (arrays) in `batches`. Requests navd sends (a `method`
    and an `id`: `event.handle` to a listener) must be one of the document's
    `x-server-requests` with valid params; they go to `server_requests` (`server_request()`
    waits for one, `answer()` answers it)."""

    def __init__(
        self,
        socket_path: str | None = None,
        timeout: float = 5.0,
        *,
        sock: socket.socket | None = None,
        validator: "OpenRPCValidator | None" = None,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
    ):
        self.timeout = timeout
        self.validator = validator or contract()
        self.max_line_bytes = max_line_bytes
        if sock is None:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(timeout)
            sock.connect(socket_path)
        self.sock = sock
        self.sock.settimeout(timeout)
        self._buffer = b""
        self._unsent_tail = b""  # the unterminated end of what was sent
        self._awaiting: dict[str, collections.deque] = collections.defaultdict(collections.deque)
        self._ids = itertools.count(1)
        self.notifications: list[dict] = []
        self.responses: dict[str, collections.deque] = collections.defaultdict(collections.deque)
        self.batches: list[list] = []
        self.server_requests: list[dict] = []
        self.closed_by_peer = False
        self.lines_read = 0

    # -- what was asked: request ids → methods, so responses can be checked by method

    def _track_sent(self, data: bytes) -> None:
        lines = (self._unsent_tail + data).split(b"\n")
        self._unsent_tail = lines.pop()
        for line in lines:
            self._track_line(line[:-1] if line.endswith(b"\r") else line)
        if len(self._unsent_tail) > self.max_line_bytes + 1:
            self._unsent_tail = self._unsent_tail[: self.max_line_bytes + 2]  # oversized whatever follows

    def _track_line(self, line: bytes) -> None:
        """Mirrors navd's line-level refusals (they are answered with `id: null` whatever
        the line held), then remembers the method of each request by its id."""
        if not line.strip(b" \t\r"):
            return  # blank lines carry no message (Protocol/jsonrpc.md 4)
        if len(line) > self.max_line_bytes:
            self._awaiting[id_key(None)].append(None)
            return
        try:
            message = json.loads(line.decode("utf-8"), parse_constant=_refuse_constant)
        except (UnicodeDecodeError, ValueError, RecursionError):
            self._awaiting[id_key(None)].append(None)
            return
        if json_depth(message) > MAX_DEPTH or message == [] or (isinstance(message, list) and len(message) > MAX_BATCH):
            self._awaiting[id_key(None)].append(None)
            return
        for entry in message if isinstance(message, list) else [message]:
            if not isinstance(entry, dict):
                continue
            if "method" not in entry and ("result" in entry or "error" in entry):
                continue  # an answer to navd's own request: navd never answers it
            request_id = entry.get("id")
            valid_id = isinstance(request_id, (str, int, float)) and not isinstance(request_id, bool) or request_id is None
            if "id" in entry and valid_id:
                if isinstance(request_id, int) and not -(1 << 63) <= request_id < (1 << 63):
                    request_id = float(request_id)  # navd reads it as a double (Protocol/jsonrpc.md 10)
                method = entry.get("method")
                self._awaiting[id_key(request_id)].append(method if isinstance(method, str) else None)

    # -- the contract, applied to every line read

    def _check_line(self, line: bytes) -> Any:
        try:
            text = line.decode("utf-8")
            message = json.loads(text, parse_constant=_refuse_constant)
        except (UnicodeDecodeError, ValueError) as error:
            raise ContractViolation(f"navd wrote a line that is not JSON ({error}): {line[:300]!r}") from None
        if _WHITESPACE.search(_STRINGS.sub('""', text)):
            raise ContractViolation(f"navd wrote JSON that is not compact: {text[:300]}")
        if isinstance(message, list):
            if not message:
                raise ContractViolation("navd wrote an empty batch response")
            for entry in message:
                self._check_response(entry)
        elif isinstance(message, dict) and "id" not in message:
            self._check_notification(message)
        elif isinstance(message, dict) and "method" in message:
            self._check_server_request(message)
        else:
            self._check_response(message)
        return message

    def _check_notification(self, message: dict) -> None:
        if set(message) - {"jsonrpc", "method", "params"} or message.get("jsonrpc") != "2.0":
            raise ContractViolation(f"not a JSON-RPC 2.0 notification: {json.dumps(message)[:300]}")
        method = message.get("method")
        if method not in self.validator.notifications:
            raise ContractViolation(f"navd sent notification {method!r}, which the OpenRPC document does not declare")
        self.validator.check(self.validator.notification_schema(method), message.get("params"),
                             f"params of notification {method}")

    def _check_server_request(self, message: dict) -> None:
        if set(message) - {"jsonrpc", "id", "method", "params"} or message.get("jsonrpc") != "2.0" \
                or not isinstance(message.get("id"), str):
            raise ContractViolation(f"not a JSON-RPC 2.0 request with a string id: {json.dumps(message)[:300]}")
        method = message["method"]
        if method not in self.validator.server_requests:
            raise ContractViolation(f"navd sent request {method!r}, which the OpenRPC document does not declare")
        self.validator.check(self.validator.server_request_schema(method), message.get("params"),
                             f"params of server request {method}")

    def _check_response(self, message: Any) -> None:
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or "id" not in message \
                or len({"result", "error"} & set(message)) != 1 or set(message) - {"jsonrpc", "id", "result", "error"}:
            raise ContractViolation(f"not a JSON-RPC 2.0 response: {json.dumps(message)[:300]}")
        key = id_key(message["id"])
        pending = self._awaiting.get(key)
        asked = pending.popleft() if pending else None
        if "result" in message:
            if asked is None:
                raise ContractViolation(f"a result for id {message['id']!r}, which no request on this connection had: "
                                        f"{json.dumps(message)[:300]}")
            if asked not in self.validator.methods:
                raise ContractViolation(f"a result for {asked}, which the OpenRPC document does not declare")
            self.validator.check(self.validator.result_schema(asked), message["result"], f"result of {asked}")
            return
        error = message["error"]
        self.validator.check(self.validator.schema("ErrorObject"), error, f"error object (request {asked or '?'})")
        code = error["code"]
        if asked is None:
            allowed = _ENVELOPE_CODES
            if (error.get("data") or {}).get("what") == "clients":
                allowed = allowed | {-32009}  # over --max-clients, before any request (semantics.md 38)
        elif asked in self.validator.methods:
            allowed = _ENVELOPE_CODES | self.validator.error_codes(asked)
        else:
            allowed = _ENVELOPE_CODES | {-32601}
        if code not in allowed:
            raise ContractViolation(f"error {code} answered to {asked or 'a request navd could not read'},"
                                    f" which may only get {sorted(allowed)}: {json.dumps(error)[:300]}")

    # -- raw I/O

    def send_raw(self, data: bytes) -> None:
        self._track_sent(data)
        self.sock.sendall(data)

    def shutdown_write(self) -> None:
        """Half-closes: navd takes end of input as the end of an unterminated last line."""
        if self._unsent_tail:
            tail, self._unsent_tail = self._unsent_tail, b""
            self._track_line(tail[:-1] if tail.endswith(b"\r") else tail)
        self.sock.shutdown(socket.SHUT_WR)

    def send(self, message: Any) -> None:
        """One JSON message (object or batch array) as one compact line."""
        self.send_raw(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def _next_line(self, timeout: float | None) -> bytes:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no complete line within {timeout if timeout is not None else self.timeout:g} s")
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(1 << 20)
            except socket.timeout:
                continue
            if not chunk:
                self.closed_by_peer = True
                raise EOFError("navd closed the connection" + (f" (unterminated: {self._buffer[:200]!r})" if self._buffer else ""))
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def read_line(self, timeout: float | None = None) -> bytes:
        """The next line without its newline, checked against the contract. Raises
        TimeoutError, EOFError when navd closed the connection, ContractViolation."""
        return self._read(timeout)[0]

    def read_message(self, timeout: float | None = None) -> Any:
        """The next message, checked against the contract."""
        return self._read(timeout)[1]

    def _read(self, timeout: float | None) -> tuple[bytes, Any]:
        line = self._next_line(timeout)
        if line.endswith(b"\r"):
            raise ContractViolation(f"navd ended a line with \\r\\n: {line[:200]!r}")
        message = self._check_line(line)
        self.lines_read += 1
        return line, message

    def at_eof(self, timeout: float = 1.0) -> bool:
        """True when navd closes the connection within `timeout` (lines before that are
        read, checked and filed as usual)."""
        try:
            while True:
                self._file(self.read_message(timeout))
        except (EOFError, ConnectionResetError):
            self.closed_by_peer = True
            return True
        except TimeoutError:
            return False

    # -- requests

    def next_id(self) -> int:
        return next(self._ids)

    def request(self, method: str, params: Any = None, id: Any = None) -> Any:
        """Sends a request (an automatic id unless `id` is given) and returns its id."""
        request_id = self.next_id() if id is None else id
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return request_id

    def notify(self, method: str, params: Any = None) -> None:
        """Sends a JSON-RPC notification (no id: navd must not answer)."""
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def _file(self, message: Any) -> None:
        if isinstance(message, list):
            self.batches.append(message)
        elif "method" in message and "id" in message:
            self.server_requests.append(message)
        elif "id" not in message:
            self.notifications.append(message)
        else:
            self.responses[id_key(message["id"])].append(message)

    def response(self, request_id: Any, timeout: float | None = None) -> dict:
        """The whole response object for `request_id`, reading (and filing) other messages
        until it arrives."""
        key = id_key(request_id)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not self.responses.get(key):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no response to id {request_id!r}")
            self._file(self.read_message(remaining))
        return self.responses[key].popleft()

    def call(self, method: str, params: Any = None, timeout: float | None = None) -> Any:
        """Calls a method: returns `result`, or raises `RPCError`."""
        return result_of(self.response(self.request(method, params), timeout))

    def batch(self, entries: list[dict], timeout: float | None = None) -> list:
        """Sends a batch of full message dicts and returns the array navd answered."""
        self.send(entries)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not self.batches:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no batch response")
            self._file(self.read_message(remaining))
        return self.batches.pop(0)

    def notification(self, method: str | None = None, timeout: float | None = None) -> dict:
        """The oldest unread notification (of `method`, if given), waiting for it."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            for index, message in enumerate(self.notifications):
                if method is None or message.get("method") == method:
                    return self.notifications.pop(index)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no {method or 'notification'} within the timeout")
            self._file(self.read_message(remaining))

    def server_request(self, timeout: float | None = None) -> dict:
        """The oldest unanswered request navd sent this connection, waiting for it."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not self.server_requests:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no request from navd within the timeout")
            self._file(self.read_message(remaining))
        return self.server_requests.pop(0)

    def answer(self, request_id: str, result: Any = None, error: dict | None = None) -> None:
        """Answers a request navd sent: with `result`, or with the error object `error`."""
        message = {"jsonrpc": "2.0", "id": request_id}
        if error is not None:
            message["error"] = error
        else:
            message["result"] = result
        self.send(message)

    def hello(self, name: str) -> str:
        """`daemon.hello`: names this connection; returns its client id."""
        return self.call("daemon.hello", {"name": name})["client"]

    def sync(self, timeout: float | None = None) -> list:
        """A `nav.state` round trip: every line navd wrote before answering it is read and
        filed; returns the lines that came before the answer (parsed)."""
        request_id = f"sync-{self.next_id()}"
        self.request("nav.state", id=request_id)
        before = []
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            message = self.read_message(max(0.0, deadline - time.monotonic()))
            if isinstance(message, dict) and message.get("id") == request_id:
                return before
            before.append(message)
            self._file(message)

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def result_of(response: dict) -> Any:
    """A response's `result`, or its error raised as `RPCError`."""
    if "error" in response:
        error = response["error"]
        raise RPCError(error.get("code"), error.get("message"), error.get("data"), response)
    return response["result"]


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_WHITESPACE = re.compile(r'[ \t\r\n]')


# --------------------------------------------------------------------------- subscriptions


class RevisionChain:
    """What one subscriber was sent, proven gap-free as it arrives (docs/protocol.md): every
    `nav.changed` starts where the last one (or the `nav.subscribe` result) ended
    (`baseRevision`), lists consecutive revisions ending at its `revision` (starting right
    after `baseRevision` unless `truncated`, which must carry `root`), never repeats or goes
    back. `changes` maps each revision to its change; `root` is the latest tree sent."""

    def __init__(self, subscribed: dict, name: str = "subscriber"):
        self.name = name
        self.revision: int = subscribed["revision"]
        self.root: dict | None = subscribed.get("root")
        self.changes: dict[int, dict] = {}
        self.notifications: list[dict] = []

    def add(self, params: dict) -> None:
        where = f"{self.name}: nav.changed {json.dumps(params)[:400]}"
        assert params["baseRevision"] == self.revision, f"{where}: baseRevision is not {self.revision}"
        revisions = [change["revision"] for change in params["changes"]]
        assert revisions == list(range(revisions[0], revisions[0] + len(revisions))), f"{where}: not consecutive"
        assert revisions[-1] == params["revision"], f"{where}: changes do not end at its revision"
        if params.get("truncated"):
            assert revisions[0] > self.revision + 1, f"{where}: truncated but nothing was left out"
            assert "root" in params, f"{where}: truncated without root"
        else:
            assert revisions[0] == self.revision + 1, f"{where}: a gap after {self.revision}"
        for change in params["changes"]:
            self.changes[change["revision"]] = change
        self.revision = params["revision"]
        if "root" in params:
            self.root = params["root"]
        self.notifications.append(params)

    def follow(self, client: "Client", until: int, timeout: float = 10.0) -> None:
        """Reads `client`'s `nav.changed` notifications until this chain reaches `until`."""
        deadline = time.monotonic() + timeout
        while self.revision < until:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{self.name} is at revision {self.revision}, not {until}, after {timeout:g} s")
            self.add(client.notification("nav.changed", timeout=remaining)["params"])


class Follower(threading.Thread):
    """A subscriber read on its own thread: its `nav.changed` notifications go into a
    `RevisionChain` as they arrive, so navd never sees it as slow. `wait_for(revision)`
    blocks until it got there; an error on the thread (a gap, a contract violation, EOF)
    is raised by `wait_for` and `stop`."""

    def __init__(self, client: "Client", params: dict | None = None, name: str = "follower"):
        super().__init__(name=name, daemon=True)
        self.client = client
        self.chain = RevisionChain(client.call("nav.subscribe", params or {}), name)
        self.error: BaseException | None = None
        self._stopping = threading.Event()
        self._progress = threading.Condition()

    def run(self) -> None:
        try:
            while not self._stopping.is_set():
                try:
                    message = self.client.notification("nav.changed", timeout=0.2)
                except TimeoutError:
                    continue
                with self._progress:
                    self.chain.add(message["params"])
                    self._progress.notify_all()
        except BaseException as error:  # handed to the test thread
            with self._progress:
                self.error = error
                self._progress.notify_all()

    @property
    def revision(self) -> int:
        with self._progress:
            return self.chain.revision

    def wait_for(self, revision: int, timeout: float = 15.0) -> None:
        with self._progress:
            reached = self._progress.wait_for(lambda: self.error is not None or self.chain.revision >= revision, timeout)
        if self.error is not None:
            raise AssertionError(f"{self.name} failed: {self.error!r}") from self.error
        if not reached:
            raise TimeoutError(f"{self.name} is at revision {self.revision}, not {revision}, after {timeout:g} s")

    def stop(self) -> None:
        self._stopping.set()
        self.join(timeout=10)
        if self.error is not None:
            raise AssertionError(f"{self.name} failed: {self.error!r}") from self.error


# --------------------------------------------------------------------------- trees


def visible_path(root: dict) -> list[dict]:
    """The flow instances of the visible path (docs/tree.md): from the root flow, follow the
    selected tab and then `presented` links, repeatedly, to the deepest flow instance."""
    path = [root]
    node = root
    while True:
        if node.get("kind") == "tabs":
            node = node["tabs"][node["selected"]]
        elif node.get("presented") is not None:
            node = node["presented"]
        else:
            return path
        path.append(node)


def top_screen(root: dict) -> dict:
    """The top screen instance: the last screen of the deepest flow of the visible path."""
    return visible_path(root)[-1]["screens"][-1]


# --------------------------------------------------------------------------- the contract


_VALID_REFS: set[tuple[str, str]] = set()
_CONTAINER_KEYS = {"root", "screens", "tabs", "presented", "methods", "components"}


def _memo_ref(validator, ref, instance, schema):
    """`$ref`, remembering which (reference, instance text) pairs were valid: a tree sent
    again and again (every `nav.changed` with `root`) is checked fully once, and then only
    where it changed. Only successes are remembered, so every error is still reported."""
    if isinstance(instance, dict) and not _CONTAINER_KEYS.isdisjoint(instance):
        yield from validator._validate_reference(ref=ref, instance=instance)  # big and seldom repeated
        return
    key = (ref, json.dumps(instance, separators=(",", ":")))
    if key in _VALID_REFS:
        return
    errors = list(validator._validate_reference(ref=ref, instance=instance))
    if errors:
        yield from errors
        return
    if len(_VALID_REFS) > 500_000:
        _VALID_REFS.clear()
    _VALID_REFS.add(key)


_MemoValidator = validators.extend(Draft202012Validator, {"$ref": _memo_ref})


class OpenRPCValidator:
    """Validates navd's messages against Protocol/navd.openrpc.json (draft 2020-12)."""

    def __init__(self, path: str | os.PathLike = OPENRPC_PATH):
        self.document = json.loads(pathlib.Path(path).read_text())
        self.methods = {m["name"]: m for m in self.document["methods"]}
        self.notifications = {n["name"]: n for n in self.document.get("x-notifications", [])}
        self.server_requests = {r["name"]: r for r in self.document.get("x-server-requests", [])}
        self._validators: dict[str, Draft202012Validator] = {}

    def resolve(self, ref: str) -> Any:
        """The value a local `$ref` (`#/a/b`) points to; KeyError when it resolves to nothing."""
        if not ref.startswith("#"):
            raise KeyError(f"not a local reference: {ref}")
        node: Any = self.document
        for part in filter(None, ref[1:].split("/")):
            part = part.replace("~1", "/").replace("~0", "~")
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    def _deref(self, value: Any) -> Any:
        while isinstance(value, dict) and set(value) == {"$ref"}:
            value = self.resolve(value["$ref"])
        return value

    def validator(self, schema: dict) -> Draft202012Validator:
        """A validator for `schema` whose `#/components/…` references resolve in this document."""
        key = json.dumps(schema, sort_keys=True)
        if key not in self._validators:
            rooted = {**schema, "components": self.document["components"]}
            if "$ref" in schema:
                rooted = {"allOf": [schema], "components": self.document["components"]}
            self._validators[key] = _MemoValidator(rooted)
        return self._validators[key]

    def schema(self, name: str) -> dict:
        return {"$ref": f"#/components/schemas/{name}"}

    def errors(self, schema: dict, instance: Any) -> list[ValidationError]:
        return list(self.validator(schema).iter_errors(instance))

    def check(self, schema: dict, instance: Any, what: str) -> None:
        errors = self.errors(schema, instance)
        if errors:
            best = best_match(errors)
            where = "/".join(str(p) for p in best.absolute_path) or "(top)"
            raise ContractViolation(f"{what} does not match the OpenRPC document at {where}: {best.message}\n"
                                 f"{json.dumps(instance)[:2000]}")

    # -- per message kind

    def result_schema(self, method: str) -> dict:
        if method not in self.methods:
            raise KeyError(f"method {method} is not in the OpenRPC document")
        return self._deref(self.methods[method]["result"])["schema"]

    def params_schema(self, method: str) -> dict:
        """The by-name params of `method` as one object schema (unknown fields refused)."""
        if method not in self.methods:
            raise KeyError(f"method {method} is not in the OpenRPC document")
        descriptors = [self._deref(p) for p in self.methods[method]["params"]]
        return {
            "type": "object",
            "properties": {d["name"]: d["schema"] for d in descriptors},
            "required": [d["name"] for d in descriptors if d.get("required")],
            "additionalProperties": False,
        }

    def notification_schema(self, method: str) -> dict:
        if method not in self.notifications:
            raise KeyError(f"notification {method} is not in the OpenRPC document")
        return self.notifications[method]["params"]

    def server_request_schema(self, method: str) -> dict:
        if method not in self.server_requests:
            raise KeyError(f"server request {method} is not in the OpenRPC document")
        return self.server_requests[method]["params"]

    def validate_result(self, method: str, result: Any) -> None:
        self.check(self.result_schema(method), result, f"result of {method}")

    def validate_params(self, method: str, params: Any) -> None:
        self.check(self.params_schema(method), {} if params is None else params, f"params of {method}")

    def validate_notification(self, message_or_method: Any, params: Any = None) -> None:
        """Either a whole notification message `{jsonrpc, method, params}` or a method
        name and its params."""
        if isinstance(message_or_method, dict):
            message = message_or_method
            assert message.get("jsonrpc") == "2.0" and "id" not in message, f"not a notification: {message!r}"
            method, params = message["method"], message.get("params")
        else:
            method = message_or_method
        self.check(self.notification_schema(method), params, f"params of notification {method}")

    def validate_error(self, error: Any) -> None:
        """A JSON-RPC error object `{code, message, data}` (or an `RPCError`)."""
        if isinstance(error, RPCError):
            error = error.error_object
        self.check(self.schema("ErrorObject"), error, "error object")

    def error_codes(self, method: str) -> set[int]:
        """The error codes `method` lists."""
        return {self._deref(error)["code"] for error in self.methods[method].get("errors", [])}

    def is_valid(self, schema: dict, instance: Any) -> bool:
        return not self.errors(schema, instance)


# --------------------------------------------------------------------------- navctl


def find_navctl() -> pathlib.Path:
    """The navctl binary: `$NAVCTL_BIN`, else `.build/debug/navctl` under the repository
    root. A relative `NAVCTL_BIN` is taken relative to the repository root."""
    configured = os.environ.get("NAVCTL_BIN")
    path = pathlib.Path(configured) if configured else pathlib.Path(".build/debug/navctl")
    return path if path.is_absolute() else REPO_ROOT / path


class NavctlRunner:
    """Runs navctl against one navd: `NAVD_SOCKET` points at it (so commands need no
    --socket), `XDG_STATE_HOME` and `HOME` at a private directory (the shell's history).
    `runner("route", "post", "postId=5")` returns the CompletedProcess (text, both streams)."""

    def __init__(self, binary: pathlib.Path, socket_path: str, home: pathlib.Path):
        self.binary = binary
        self.socket_path = socket_path
        self.home = home
        self.env = dict(os.environ)
        self.env.update({"NAVD_SOCKET": socket_path, "XDG_STATE_HOME": str(home / "state"), "HOME": str(home)})

    def argv(self, *args: str) -> list[str]:
        return [str(self.binary), *args]

    def __call__(self, *args: str, input: str | None = None, timeout: float = 10, env: dict | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            self.argv(*args), input=input, capture_output=True, text=True, timeout=timeout,
            env={**self.env, **(env or {})}, cwd=REPO_ROOT)

    def popen(self, *args: str, **kwargs) -> subprocess.Popen:
        """A long-running navctl (watch): stdout and stderr are pipes, text, line-buffered."""
        return subprocess.Popen(
            self.argv(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
            env=self.env, cwd=REPO_ROOT, **kwargs)
