"""What the browser tests share: a restartable server process on a SQLite file (the soak's),
Debian's headless Chromium driven by Playwright, and screenshots saved to artifacts/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import soak
from tabletop.soak import free_port

__all__ = ["CHROMIUM", "SHOTS", "Server", "browser", "free_port", "server", "settle", "shot"]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
# the engine's test games, registered in the server process too
TEST_GAMES = ("tests.engine.toygame", "tests.engine.lairgame")


class Server(soak.Server):
    """The soak's server process, as the browser tests want it: the engine's test games
    registered and the bots pausing 0.3 s between moves, so a page shows each one."""

    def __init__(self, db_url: str, extra: tuple[str, ...] = ()) -> None:
        """``extra``: more modules the server imports first (e.g. one installing a test game's
        drawing)."""
        super().__init__(db_url, bot_delay=0.3, modules=TEST_GAMES + extra, path=ROOT)


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
