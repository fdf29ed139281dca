"""navweb for the browser tests and the screenshot script: the binary, a running navweb
following a navd, and Debian's Chromium driven by Playwright.

navweb prints one line with the URL to open (`http://127.0.0.1:PORT/?token=…`); `Navweb`
waits for it and keeps the port and the token. Chromium is Debian's (`chromium`, which `make
test-deps` installs): Playwright's own browser download is not used, and `--no-sandbox` lets
it run as root."""

import os
import pathlib
import re
import signal
import subprocess
import threading
import time

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("NAVWEB_CHROMIUM", "/usr/bin/chromium")
URL_LINE = re.compile(r"open (http://(127\.0\.0\.1|\[::1\]|[\w.-]+):(\d+)/\?token=([0-9a-f]+))")


def find_navweb() -> pathlib.Path:
    """`$NAVWEB_BIN`, else `.build/debug/navweb` under the repository root."""
    configured = os.environ.get("NAVWEB_BIN")
    path = pathlib.Path(configured) if configured else pathlib.Path(".build/debug/navweb")
    return path if path.is_absolute() else REPO_ROOT / path


class Navweb:
    """One navweb process; its stdout and stderr are collected by threads."""

    def __init__(self, socket_path: str, *flags: str, binary: pathlib.Path | None = None):
        self.argv = [str(binary or find_navweb()), "--socket", socket_path, *flags]
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.process: subprocess.Popen | None = None
        self.url = self.port = self.token = None

    def start(self, timeout: float = 20.0) -> "Navweb":
        self.process = subprocess.Popen(
            self.argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for stream, into in ((self.process.stdout, self.lines), (self.process.stderr, self.errors)):
            threading.Thread(target=lambda s=stream, i=into: [i.append(line.rstrip("\n")) for line in s], daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                match = URL_LINE.search(line)
                if match:
                    self.url, self.port, self.token = match.group(1), int(match.group(3)), match.group(4)
                    return self
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        raise AssertionError(f"navweb printed no URL within {timeout:g} s; stdout {self.lines}, stderr {self.errors}")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def launch_chromium(playwright):
    """Debian's Chromium, headless."""
    if not os.path.exists(CHROMIUM):
        raise AssertionError(f"no Chromium at {CHROMIUM}: `make test-deps` installs Debian's chromium")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
