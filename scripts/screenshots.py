"""Screenshots of each game's board in the browser, at a phone's width (390 px) and a desktop's
(1,280 px), saved as ``docs/screenshots/GAME-WIDTH.png`` (``lairs-390.png`` ...).

Each game is played against greedy bots on a server of its own (a fresh SQLite file), the
person's seat moved by a greedy bot through the store, up to a position worth showing: Lairs a few
rounds into exploring, Paper Tales at the second turn's Deployment, the Paupers' Ladder some turns
in. Then Debian's Chromium opens that seat's page and photographs the board. The PNGs are
reduced to a 128-colour palette so the set stays small (well under 1.5 MB).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--games lairs ...]

Needs Chromium and Playwright (``scripts/install-browser.sh``). The seeds are fixed, so a rerun
shows the same positions.
"""

from __future__ import annotations

import argparse
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import sync_playwright

from tabletop.engine import State
from tabletop.engine.bots import make_bot
from tabletop.soak import Server
from tabletop.store.games import GameStore, StaleAction

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
WIDTHS = (390, 1280)
SETTLED = (
    "() => document.readyState === 'complete'"
    " && (document.documentElement.dataset.live || 'idle') === 'idle'"
    " && !document.querySelector('form[data-sent]')"
)


@dataclass(frozen=True)
class Setup:
    """A game to photograph: how it is started and when its position is worth showing."""

    game: str
    params: dict[str, Any]
    seats: list[str]
    seed: int
    ready: Callable[[State, int], bool]  # (state, seat 0's moves so far) -> photograph now


def _round(state: State) -> int:
    view = state.view(0) or {}
    return int(view.get("round") or view.get("turn") or 0)


SETUPS = {
    "lairs": Setup(
        "lairs",
        {},
        ["human", "bot:greedy"],
        3,
        lambda s, n: s.prompt().kind == "turn" and _round(s) >= 3,
    ),
    "paper-tales": Setup(
        "paper-tales",
        {"players": 2},
        ["human", "bot:greedy"],
        4,
        lambda s, n: s.prompt().kind == "deploy" and _round(s) >= 2,
    ),
    "paupers-ladder": Setup(
        "paupers-ladder",
        {"players": 2},
        ["human", "bot:greedy"],
        5,
        lambda s, n: n >= 30,
    ),
}


def drive(server: Server, store: GameStore, ident: str, setup: Setup) -> None:
    """Move seat 0 with a greedy bot through the store until ``setup.ready``; the server's own
    bots move their seats (asked for the public view, the server starts them when due)."""
    state, _ = store.load(ident)
    bot = make_bot(state.game, "greedy", 0, setup.seed)
    pending, moves = None, 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        state, _ = store.load(ident)
        if state.is_terminal():
            raise RuntimeError(f"{setup.game} ended before a position worth showing")
        mine = 0 in state.current_seats() and 0 not in state.prompt().committed
        if mine and setup.ready(state, moves):
            return
        if mine:
            pending = pending or bot.act(state)
            try:
                store.apply(ident, 0, pending, seen=state.fingerprint(0))
                pending, moves = None, moves + 1
            except StaleAction:  # another seat's move came first: the same move again
                pass
        with urllib.request.urlopen(f"{server.base}/api/games/{ident}/spectator", timeout=30):
            pass
        if not mine:
            time.sleep(0.05)
    raise RuntimeError(f"{setup.game}: no position worth showing within 300 s")


def shrink(path: Path) -> None:
    """The PNG with a 128-colour palette (a board has few colours; a tenth of the bytes)."""
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def photograph(browser: Any, url: str, out: Path, game: str) -> list[Path]:
    saved = []
    for width in WIDTHS:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(url)
        page.wait_for_function(SETTLED, timeout=30_000)
        page.evaluate("() => window.Tabletop && Tabletop.pause(true)")  # no redraw mid-shot
        path = out / f"{game}-{width}.png"
        page.locator("#board").screenshot(path=str(path))
        page.close()
        shrink(path)
        saved.append(path)
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--games", nargs="*", default=list(SETUPS), choices=list(SETUPS))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        db = f"sqlite:///{Path(tmp) / 'shots.db'}"
        server = Server(db, path=ROOT)
        server.start()
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            store = GameStore(db)
            for game in args.games:
                setup = SETUPS[game]
                made = server.post(
                    "/api/games",
                    {
                        "game": setup.game,
                        "params": setup.params,
                        "seats": setup.seats,
                        "seed": setup.seed,
                    },
                )
                drive(server, store, made["id"], setup)
                saved += photograph(browser, server.base + made["seat_links"]["0"], args.out, game)
        finally:
            browser.close()
            server.stop()
    total = sum(p.stat().st_size for p in saved)
    for p in saved:
        print(f"{p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}: {p.stat().st_size:,} bytes")
    print(f"{len(saved)} screenshots, {total:,} bytes in all")


if __name__ == "__main__":
    main()
