"""End-to-end tests in real headless Chromium (Debian's ``chromium`` driven by Playwright).

Run with ``pytest -m browser tests/web``; ``scripts/install-browser.sh`` installs what they need.
The server runs in its own process (uvicorn) on a free port, so a restart is a real restart: a new
process that knows only what the store holds. Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tabletop.store.games import GameStore

from .browser_support import settle, shot

pytestmark = pytest.mark.browser


def wait_for_seat(store: GameStore, ident: str, seat: int) -> Any:
    """The stored state once ``seat`` must decide (or the game is over)."""
    for _ in range(100):
        state, _ = store.load(ident)
        if state.is_terminal() or seat in state.current_seats():
            return state
        time.sleep(0.1)
    raise AssertionError(f"seat {seat} never got to decide")


def hand_on_page(page: Any) -> list[int]:
    return [int(t) for t in page.locator("#panel-hand .chip").all_inner_texts()]


def test_two_seats_see_only_their_own_hands_and_each_others_moves_live(server, browser) -> None:
    game = server.post("/api/games", {"game": "toy-bids", "seats": ["human", "human"], "seed": 21})
    store = GameStore(server.db_url)
    pages = []
    for seat in (0, 1):
        ctx = browser.new_context(viewport={"width": 1200, "height": 900})
        page = ctx.new_page()
        page.goto(server.base + game["seat_links"][str(seat)])
        pages.append(page)
    state, _ = store.load(game["id"])
    for seat, page in enumerate(pages):
        assert hand_on_page(page) == state.data["hands"][seat]
        assert page.locator("#prompt button.option").count() == len(state.legal_actions(seat))
    shot(pages[0], "game-seat0-start")

    # seat 0 bids; seat 1's page learns of it live, without a reload, and still shows its hand
    pages[0].locator("#prompt button.option").first.click()
    pages[1].locator("#status[data-num-actions='1']").wait_for(timeout=60_000)
    state, _ = store.load(game["id"])
    assert hand_on_page(pages[1]) == state.data["hands"][1]
    # a committed bid may still be changed or withdrawn; the other seat sees only "has chosen"
    assert pages[0].locator("#my-choice-words").inner_text().startswith("You bid ")
    assert "Waiting for Seat 2" in pages[0].locator("#my-choice").inner_text()
    assert pages[0].title().startswith("Waiting for Seat 2")
    assert "Has chosen: Seat 1" in pages[1].locator("#status").inner_text()
    shot(pages[1], "game-seat1-after-seat0-bid")

    # seat 1 bids: the round resolves and seat 0 sees the result arrive live
    pages[1].locator("#prompt button.option").last.click()  # (seat 1 has not chosen yet)
    pages[0].locator("#log", has_text="wins the round").wait_for(timeout=60_000)
    state, _ = store.load(game["id"])
    for seat, page in enumerate(pages):
        page.locator(f"#status[data-num-actions='{state.num_actions()}']").wait_for(timeout=60_000)
        assert hand_on_page(page) == state.data["hands"][seat]
    shot(pages[0], "game-seat0-round-resolved")


def test_lobby_game_and_resume_after_restart(server, browser) -> None:
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.select_option("#game-select", "toy-bids")
    page.fill("input[name='toy-bids.param.rounds']", "3")
    shot(page, "lobby")
    page.select_option("select[name='toy-bids.seat.1']", "bot:random")
    page.click("#start")
    page.locator("#created").wait_for()
    shot(page, "game-created")
    page.locator("a.seat-link").first.click()
    page.locator("#prompt").wait_for()
    ident = page.url.split("/play/")[1].split("?")[0]
    seat_url = page.url
    # the bot bids by itself after its short pause; the page shows it arrive
    page.locator("#status[data-num-actions='1']").wait_for(timeout=60_000)
    page.locator("#prompt button.option").first.click()
    store = GameStore(server.db_url)
    # the bot has bid at once; this bid resolves the round, the page shows the log
    page.locator("#log", has_text="wins the round").wait_for(timeout=60_000)
    before, _ = store.load(ident)
    shot(page, "game-vs-bot")

    server.restart()
    page.goto(seat_url)  # the new process resumes from the store (and lets due bots move)
    now = wait_for_seat(store, ident, 0)
    assert now.num_actions() >= before.num_actions()
    page.goto(seat_url)
    page.locator(f"#status[data-num-actions='{now.num_actions()}']").wait_for(timeout=60_000)
    assert hand_on_page(page) == now.data["hands"][0]
    # keep playing after the restart until the game ends
    for _ in range(40):
        state, _ = store.load(ident)
        if state.is_terminal():
            break
        if 0 in state.current_seats():
            page.goto(seat_url)
            page.locator("#prompt button.option").first.click()
            settle(page)  # the move is sent in the background: wait for its answer
        else:
            time.sleep(0.3)
    page.goto(seat_url)
    page.locator("#outcome").wait_for(timeout=60_000)
    assert store.load(ident)[0].is_terminal()
    shot(page, "game-over")

    # the lobby on this browser remembers the seat link; the replay steps through the game
    page.goto(server.base + "/")
    assert page.locator(f"tr[data-game-id='{ident}'] a.resume").count() == 2
    page.goto(server.base + f"/replay/{ident}")
    page.click("#next")
    page.locator("#last-step").wait_for()
    shot(page, "replay")


def test_hotseat_and_spectator_pages(server, browser) -> None:
    game = server.post("/api/games", {"game": "toy-bids", "seats": ["human", "human"], "seed": 5})
    store = GameStore(server.db_url)
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    page = ctx.new_page()
    page.goto(server.base + game["hotseat_link"])
    assert page.locator("#panel-hand").count() == 0
    shot(page, "hotseat-cover")
    page.click("#reveal")
    state, _ = store.load(game["id"])
    assert hand_on_page(page) == state.data["hands"][0]
    shot(page, "hotseat-seat0")
    page.locator("#prompt button.option").first.click()
    page.locator("#handover", has_text="Seat 2").wait_for()
    page.click("#reveal")
    assert hand_on_page(page) == state.data["hands"][1]

    watcher = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    watcher.goto(server.base + f"/watch/{game['id']}")
    assert watcher.locator("#panel-hand").count() == 0
    assert watcher.locator("#fact-hand").inner_text() == "—"
    page.locator("#prompt button.option").first.click()
    watcher.locator("#log", has_text="wins the round").wait_for(timeout=60_000)
    shot(watcher, "spectator")
