"""What the browser tests share: a restartable server process on a SQLite file (the soak's),
Debian's headless Chromium driven by Playwright, and screenshots saved to artifacts/screenshots/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import soak
from tabletop.soak import free_port

__all__ = [
    "CHROMIUM",
    "SHOTS",
    "Browser",
    "Server",
    "browser",
    "chromium",
    "free_port",
    "server",
    "settle",
    "shot",
]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
# the engine's test games, registered in the server process too
TEST_GAMES = ("tests.engine.toygame", "tests.engine.lairgame")


class Server(soak.Server):
    """The soak's server process, as the browser tests want it: the engine's test games
    registered and the bots answering at once (no pause: a test waits for what it needs, never
    for a bot's show of thinking)."""

    def __init__(self, db_url: str, extra: tuple[str, ...] = ()) -> None:
        """``extra``: more modules the server imports first (e.g. one installing a test game's
        drawing)."""
        super().__init__(db_url, bot_delay=0.0, modules=TEST_GAMES + extra, path=ROOT)

    def start(self) -> None:
        try:
            super().start()
        except RuntimeError:
            # the free port was taken meanwhile (another test process started a server): another
            self.port = free_port()
            self.base = f"http://127.0.0.1:{self.port}"
            super().start()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per test process for every browser test (each test makes its own games; a
    test may restart it)."""
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('browser') / 'browser.db'}")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium per test process."""
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


class Browser:
    """The session's Chromium as one test sees it: the contexts a test opens are closed after
    it, so every test starts with fresh cookies and storage."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.contexts: list[Any] = []

    def new_context(self, **options: Any) -> Any:
        ctx = self.real.new_context(**options)
        self.contexts.append(ctx)
        return ctx

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()
        self.contexts.clear()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Browser]:
    b = Browser(chromium)
    yield b
    b.close()


SETTLED = (
    "() => document.readyState === 'complete'"
    " && (document.documentElement.dataset.live || 'idle') === 'idle'"
    " && !document.querySelector('form[data-sent]')"
)
HOLD = "() => { if (!window.Tabletop) return false; Tabletop.pause(true); return true; }"


def settle(page: Any, timeout: float = 15_000) -> None:
    """Wait for a settled page: loaded, no live redraw under way (``static/app.js`` marks the
    html element data-live="busy" while it fetches and swaps in a newer board), and no lone
    option on its way (the page sends one by itself and marks its form data-sent): the page a
    player would now act on. A navigation under way (such as that option's) is waited out."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            page.wait_for_load_state("load")
            left = max(1.0, (deadline - time.monotonic()) * 1000)
            page.wait_for_function(SETTLED, timeout=left)
            return
        except Error as exc:
            # the page navigated while it was asked (its context went away): ask the next one
            if "context was destroyed" not in str(exc) or time.monotonic() > deadline:
                raise


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
