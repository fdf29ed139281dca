"""A reusable harness for end-to-end tests against the real `navd` daemon.

- `find_navd()` / `serve_command()`: where the binary is (`NAVD_BIN`, default
  `.build/debug/navd` under the repository root) and whether it can serve yet.
- `Navd`: starts `navd --socket PATH [--app FILE]` in a fresh 0700 temp dir, waits until the
  socket accepts (10 s, failing with navd's stderr), reports fds and RSS, stops it cleanly
  (SIGTERM, wait, SIGKILL on timeout).
- `Client`: one AF_UNIX connection speaking NDJSON JSON-RPC 2.0: raw bytes, requests with
  automatic ids, line reads with timeouts, `call()` returning the result or raising
  `RPCError`, notifications collected apart from responses.
- `OpenRPCValidator`: validates results, params, notifications and error objects against
  Protocol/navd.openrpc.json.
- `fd_count(pid)`, `rss_kib(pid)`: from /proc.
- `visible_path(root)`, `top_screen(root)`: read a tree as DESIGN.md §3 defines them.
"""

from __future__ import annotations

import itertools
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from typing import Any, Iterable

from jsonschema import Draft202012Validator
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
    ):
        self.app = os.fspath(app) if app is not None else None
        self.extra_args = list(extra_args)
        self.extra_env = dict(env or {})
        self.command = command
        self.start_timeout = start_timeout
        self.dir: pathlib.Path | None = None
        self.socket_path: str = ""
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

    def client(self, name: str | None = None, timeout: float = 5.0) -> "Client":
        """A new connection; with `name`, it says `daemon.hello` first."""
        client = Client(self.socket_path, timeout=timeout)
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


class Client:
    """One connection to navd. Messages without `id` that have a `method` are
    notifications and go to `notifications`; responses to requests other than the one
    being awaited are kept in `responses` by id; batch responses (arrays) in `batches`."""

    def __init__(self, socket_path: str, timeout: float = 5.0):
        self.timeout = timeout
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(socket_path)
        self._buffer = b""
        self._ids = itertools.count(1)
        self.notifications: list[dict] = []
        self.responses: dict[Any, dict] = {}
        self.batches: list[list] = []
        self.closed_by_peer = False

    # -- raw I/O

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, message: Any) -> None:
        """One JSON message (object or batch array) as one compact line."""
        self.send_raw(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def read_line(self, timeout: float | None = None) -> bytes:
        """The next line without its newline. Raises TimeoutError, or EOFError when navd
        closed the connection."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no complete line within {timeout if timeout is not None else self.timeout:g} s")
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                self.closed_by_peer = True
                raise EOFError("navd closed the connection" + (f" (unterminated: {self._buffer[:200]!r})" if self._buffer else ""))
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line[:-1] if line.endswith(b"\r") else line

    def read_message(self, timeout: float | None = None) -> Any:
        return json.loads(self.read_line(timeout))

    def at_eof(self, timeout: float = 1.0) -> bool:
        """True when navd closes the connection within `timeout` (lines before that are
        read and filed as usual)."""
        try:
            while True:
                self._file(self.read_message(timeout))
        except (EOFError, ConnectionResetError):
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
        elif isinstance(message, dict) and "id" not in message and "method" in message:
            self.notifications.append(message)
        elif isinstance(message, dict) and "id" in message:
            self.responses[json.dumps(message["id"])] = message
        else:
            raise AssertionError(f"navd sent something that is no JSON-RPC message: {message!r}")

    def response(self, request_id: Any, timeout: float | None = None) -> dict:
        """The whole response object for `request_id`, reading (and filing) other messages
        until it arrives."""
        key = json.dumps(request_id)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while key not in self.responses:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no response to id {request_id!r}")
            self._file(self.read_message(remaining))
        return self.responses.pop(key)

    def call(self, method: str, params: Any = None, timeout: float | None = None) -> Any:
        """Calls a method: returns `result`, or raises `RPCError`."""
        response = self.response(self.request(method, params), timeout)
        if "error" in response:
            error = response["error"]
            raise RPCError(error.get("code"), error.get("message"), error.get("data"), response)
        return response["result"]

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

    def hello(self, name: str) -> str:
        """`daemon.hello`: names this connection; returns its client id."""
        return self.call("daemon.hello", {"name": name})["client"]

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# --------------------------------------------------------------------------- trees


def visible_path(root: dict) -> list[dict]:
    """The flow instances of the visible path (DESIGN.md §3): from the root flow, follow the
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


class OpenRPCValidator:
    """Validates navd's messages against Protocol/navd.openrpc.json (draft 2020-12)."""

    def __init__(self, path: str | os.PathLike = OPENRPC_PATH):
        self.document = json.loads(pathlib.Path(path).read_text())
        self.methods = {m["name"]: m for m in self.document["methods"]}
        self.notifications = {n["name"]: n for n in self.document.get("x-notifications", [])}
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
            self._validators[key] = Draft202012Validator(rooted)
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
            raise AssertionError(f"{what} does not match the OpenRPC document at {where}: {best.message}\n"
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
