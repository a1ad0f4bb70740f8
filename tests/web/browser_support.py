"""What the browser tests share: a restartable uvicorn server process on a SQLite file, Debian's
headless Chromium driven by Playwright, and screenshots saved to artifacts/screenshots/."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
SERVER = (
    "import sys, tests.engine.toygame, tests.engine.lairgame; from tabletop.web.app import serve; "
    "serve('127.0.0.1', int(sys.argv[1]), sys.argv[2])"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A uvicorn process serving the web app on a SQLite file; restartable on the same port."""

    def __init__(self, db_url: str, prelude: str = "") -> None:
        """``prelude``: Python run in the server process before it serves (e.g. installing a
        test game's drawing)."""
        self.db_url = db_url
        self.prelude = prelude
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), TABLETOP_BOT_DELAY="0.3")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", f"{self.prelude}\n{SERVER}", str(self.port), self.db_url],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # generous: on a busy machine (the whole suite on 2 cores) start-up alone can take 40 s
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the web server exited with status {self.proc.returncode}")
            try:
                urllib.request.urlopen(self.base + "/api/specs", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()  # never leave a half-started server behind
        raise RuntimeError("the web server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'browser.db'}")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/install-browser.sh")
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield b
        b.close()


SETTLED = (
    "() => document.readyState === 'complete'"
    " && (document.documentElement.dataset.live || 'idle') === 'idle'"
)
HOLD = "() => { if (!window.Tabletop) return false; Tabletop.pause(true); return true; }"


def settle(page: Any, timeout: float = 15_000) -> None:
    """Wait for a settled page: loaded, and no live redraw under way (``static/app.js`` marks
    the html element data-live="busy" while it fetches and swaps in a newer board)."""
    page.wait_for_load_state("load")
    page.wait_for_function(SETTLED, timeout=timeout)


def shot(page: Any, name: str, selector: str | None = None) -> None:
    """A screenshot of a settled page (or of one element of it). Live redraws are held while it
    is taken, so a move arriving meanwhile cannot replace the board under the camera; they catch
    up afterwards."""
    settle(page)
    held = page.evaluate(HOLD)
    try:
        settle(page)
        path = str(SHOTS / f"{name}.png")
        if selector is None:
            page.screenshot(path=path, full_page=True)
        else:
            page.locator(selector).screenshot(path=path)
    finally:
        if held:
            page.evaluate("() => Tabletop.pause(false)")
