"""Headless Chromium driven over the DevTools protocol on ``--remote-debugging-pipe`` (file descriptors 3
and 4), with the standard library only: no driver binary, no Python package, no network port. The browser
tests of the reports and of ``studbook serve`` share it."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe", "--window-size=1280,900")
TIMEOUT = 20.0
WIDTH = 1280
SHOT_HEIGHT = 4000  # pixels; a whole report is twice that, and slow to encode
BINARY = next((path for name in BROWSERS if (path := shutil.which(name))), None)


class BrowserError(AssertionError):
    """The page misbehaved: a JavaScript error, a dialog, a time-out."""


class Chromium:
    """One headless Chromium and one tab, spoken to in CDP's JSON messages, each ended by a NUL byte."""

    def __init__(self, binary: str, profile: Path) -> None:
        to_child, self._out = os.pipe()
        self._in, from_child = os.pipe()
        # Chromium reads commands on fd 3 and writes on fd 4; dup the pipe ends above both first.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_child, from_child)]
        os.close(to_child)
        os.close(from_child)
        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False,
            preexec_fn=lambda: (os.dup2(high[0], 3), os.dup2(high[1], 4)))
        for fd in high:
            os.close(fd)
        self._buffer = b""
        self._next_id = 0
        self.width = WIDTH
        self.events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive(time.monotonic() + TIMEOUT)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """A command to the tab."""
        return self.send(method, params, self.session)

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._in], [], [], left)[0]:
                raise BrowserError("Chromium did not answer in time")
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for_event(self, method: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not any(event.get("method") == method for event in self.events):
            self.events.append(self._receive(deadline))

    def open(self, page: Path, width: int = WIDTH) -> None:
        """Load a page file at the standard size (or ``width``) and wait for its load event."""
        self.navigate(page.resolve().as_uri(), width)

    def navigate(self, url: str, width: int = WIDTH) -> None:
        """Load a URL at the standard size (or ``width``) and wait for its load event."""
        self.events.clear()
        self.width = width
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        self.call("Page.navigate", {"url": url})
        self.wait_for_event("Page.loadEventFired")

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_until(self, expression: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not self.js(expression):
            if time.monotonic() > deadline:
                raise BrowserError(f"still false after {TIMEOUT}s: {expression}")
            time.sleep(0.05)

    def press(self, key: str, code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key,
                                                 "windowsVirtualKeyCode": code})

    def problems(self) -> list[str]:
        """JavaScript errors, console errors, failed loads and dialogs since the page was opened."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(params["exceptionDetails"].get("exception", {}).get("description", str(params)))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(" ".join(str(arg.get("value", arg.get("description")))
                                      for arg in params["args"]))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                found.append(params["entry"]["text"])
            elif method == "Page.javascriptDialogOpening":
                found.append(f"dialog: {params.get('message')}")
        return found

    def screenshot(self, path: Path) -> Path:
        """The page from the top, down to ``SHOT_HEIGHT``: the viewport is stretched to fit first."""
        height = min(SHOT_HEIGHT, self.js("Math.ceil(document.documentElement.scrollHeight)"))
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))
        print(f"screenshot: {path}")
        return path

    def close(self) -> None:
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except (BrowserError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        os.close(self._in)
        os.close(self._out)


def assert_clean(browser: Chromium) -> None:
    problems = browser.problems()
    assert not problems, "the page reported errors:\n" + "\n".join(problems)


def plots_drawn(browser: Chromium) -> dict[str, list[int]]:
    """Every figure's points per trace, once plotly.js has drawn them all."""
    browser.wait_until("[...document.querySelectorAll('.plotly-graph-div')].every(gd => gd._fullLayout"
                       " && gd.querySelectorAll('.main-svg g.trace').length === gd.data.length)")
    return browser.js("Object.fromEntries([...document.querySelectorAll('.plotly-graph-div')]"
                      ".map(gd => [gd.id, gd.data.map(trace => trace.x.length)]))")


def step_to_the_end(browser: Chromium, root: str) -> int:
    """Press the right arrow until the last step; return the number of steps."""
    steps = int(browser.js(f"document.querySelector('{root}').dataset.steps"))
    for _ in range(steps - 1):
        browser.press("ArrowRight", 39)
    assert browser.js(f"document.querySelector('{root}').dataset.step") == str(steps - 1)
    return steps


def screenshot_folder() -> Path:
    """A fixed folder, not pytest's rotating ones, so the last run's pictures are there to look at."""
    default = Path(tempfile.gettempdir()) / "studbook-screenshots"
    folder = Path(os.environ.get("STUDBOOK_SCREENSHOTS", default))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
