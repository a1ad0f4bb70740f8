"""Two people play Paupers' Ladder in two browsers: each sees only its own Recipe draft hand,
and the other's moves arrive live (the draft is a simultaneous hidden choice)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import load
from tabletop.games.paupers_ladder import hidden
from tabletop.store.games import GameStore

from .browser_support import Server, settle, shot

pytestmark = pytest.mark.browser


def names(recipes: list[str]) -> list[str]:
    content = load("paupers-ladder", players=2).content  # type: ignore[attr-defined]
    return sorted(content.card_name(r) for r in recipes)


def own_hand_on_page(page: Any) -> list[str]:
    section = page.locator(".pl-sec", has_text="Your draft hand")
    return sorted(section.locator(".pl-card b").all_inner_texts())


def test_each_seat_sees_only_its_own_draft_hand(server: Server, browser: Any) -> None:
    game = server.post(
        "/api/games",
        {
            "game": "paupers-ladder",
            "params": {"players": 2},
            "seats": ["human", "human"],
            "seed": 4,
        },
    )
    store = GameStore(server.db_url)
    pages = []
    for seat in (0, 1):
        page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        page.goto(server.base + game["seat_links"][str(seat)])
        pages.append(page)
    # the set-up choices before the draft (Paupers, Birds), each clicked by the seat that decides
    for _ in range(20):
        state, _ = store.load(game["id"])
        seats = state.current_seats()
        if len(seats) > 1:
            break
        moves = state.num_actions()
        deciding = pages[seats[0]]
        deciding.reload()
        settle(deciding, timeout=60_000)  # loaded, and no live redraw under way
        deciding.locator("#prompt button.option").first.click(timeout=60_000)
        for page in pages:  # both pages follow live
            page.locator(f"#status[data-num-actions='{moves + 1}']").wait_for(timeout=60_000)
    state, _ = store.load(game["id"])
    assert state.prompt().kind == "draft" and state.current_seats() == (0, 1)
    hands = [hidden.hand(state, s) for s in (0, 1)]
    for seat, page in enumerate(pages):
        # exactly one draft hand is shown, the seat's own; the other's is a count
        assert page.locator(".pl-sec", has_text="Your draft hand").count() == 1
        assert own_hand_on_page(page) == names(hands[seat])
        assert "Draft hand: 4 cards (hidden)" in page.locator("#board").inner_text()
    shot(pages[0], "paupers-ladder-two-seats-draft-seat0")
    shot(pages[1], "paupers-ladder-two-seats-draft-seat1")

    # seat 0 keeps a Recipe: seat 1 learns live that it has picked, never what it picked
    moves = state.num_actions()
    pages[0].locator("#prompt button.option").first.click()
    pages[1].locator(f"#status[data-num-actions='{moves + 1}']").wait_for(timeout=60_000)
    state, _ = store.load(game["id"])
    assert state.commitment(0) is not None
    assert "has picked" in pages[1].locator("#board").inner_text()
    assert own_hand_on_page(pages[1]) == names(hidden.hand(state, 1))
    assert "Your pick" not in pages[1].locator("#board").inner_text()
