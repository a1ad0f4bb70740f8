"""Three people play Paper Tales to its end in three browser contexts: each sees its own draft
hand and face-down Deployment only, the reveal reaches everyone, and the game ends with a score."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.store.games import GameStore

from .browser_support import Server, shot

pytestmark = pytest.mark.browser


def _click(page: Any, kind: str, turn: int) -> None:
    """On turn 1, place Units while one can be placed, then reveal (later turns reveal at once,
    to keep the test short); otherwise the first option."""
    options = page.locator("#prompt button.option")
    if kind == "deploy" and turn == 1:
        place = options.filter(has_text="Place the")
        if place.count():
            place.first.click()
            return
        options.filter(has_text="Reveal, keeping no card").first.click()
        return
    if kind == "deploy":
        options.filter(has_text="Reveal, keeping no card").first.click()
        return
    options.first.click()


def test_three_seats_play_to_the_end(server: Server, browser: Any) -> None:
    game = server.post(
        "/api/games",
        {
            "game": "paper-tales",
            "params": {"players": 3},
            "seats": ["human", "human", "human"],
            "seed": 6,
        },
    )
    store = GameStore(server.db_url)
    pages = []
    for seat in range(3):
        page = browser.new_context(viewport={"width": 900, "height": 900}).new_page()
        page.goto(server.base + game["seat_links"][str(seat)])
        pages.append(page)
    state, _ = store.load(game["id"])
    hands = [state.data["draft"]["hands"][s] for s in range(3)]
    for seat, page in enumerate(pages):
        text = page.locator("#board").inner_text()
        assert "Your draft hand" in text
        others = {c for s in range(3) if s != seat for c in hands[s]} - set(hands[seat])
        names = {state.content.unit(c).name for c in others}
        mine = {state.content.unit(c).name for c in hands[seat]}
        section = page.locator(".pt-sec", has_text="Your draft hand").inner_text()
        assert all(n in section for n in mine)
        assert not any(n in section for n in names - mine)
    shot(pages[0], "paper-tales-three-seats-draft-seat0")
    checked_deploy = False
    for _ in range(600):
        state, _ = store.load(game["id"])
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        kind = state.prompt().kind
        plan = state.data["players"][seat]["plan"]
        if kind == "deploy" and not checked_deploy and plan and plan[0] is not None:
            # turn 1: a face-down Unit shows in its own seat's Kingdom only
            name = state.content.unit(plan[0]["c"]).name
            for s, page in enumerate(pages):
                page.reload()
                box = page.locator(".pt-kingdom").nth(seat).inner_text()
                assert (name in box) == (s == seat), (s, name)
            shot(pages[seat], "paper-tales-three-seats-face-down")
            checked_deploy = True
        moves = state.num_actions()
        pages[seat].locator(f"#status[data-num-actions='{moves}']").wait_for(
            state="attached", timeout=60_000
        )
        _click(pages[seat], kind, state.data["turn"])
        pages[seat].locator(f"#status[data-num-actions='{moves + 1}']").wait_for(
            state="attached", timeout=60_000
        )
    state, _ = store.load(game["id"])
    assert state.is_terminal()
    assert checked_deploy
    for page in pages:
        page.reload()
        assert "Game over" in page.locator("#board").inner_text()
    shot(pages[1], "paper-tales-three-seats-over")
