"""Three people play Drafters' Lairs in three browsers: they draft at the same time (each sees
"has chosen" for the others, never their card), change a pick before the reveal, see the hand
passed to them, then build their secret lairs through the template's form; the lairs are revealed
at the end."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.store.games import GameStore

from .browser_support import Server, shot

pytestmark = pytest.mark.browser


def wait_moves(page: Any, n: int) -> None:
    page.locator(f"#status[data-num-actions='{n}']").wait_for(state="attached", timeout=60_000)


def test_three_seats_draft_at_once_and_build_in_secret(server: Server, browser: Any) -> None:
    game = server.post(
        "/api/games",
        {
            "game": "toy-lairs",
            "params": {"players": 3, "hand": 3, "size": 2},
            "seats": ["human"] * 3,
            "seed": 6,
        },
    )
    store = GameStore(server.db_url)
    pages = []
    for seat in range(3):
        page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        page.goto(server.base + game["seat_links"][str(seat)])
        pages.append(page)
    moves = 0

    # draft pick 1: seat 2 picks, changes its mind, then seats 0 and 1 pick
    pages[2].locator("#prompt button.option").first.click()
    moves += 1
    for page in pages:
        wait_moves(page, moves)
    state, _ = store.load(game["id"])
    first = state.commitment(2)["card"]
    assert pages[2].locator("#my-choice #withdraw").is_visible()
    assert "Waiting for Seat 1 and Seat 2" in pages[2].locator("#my-choice").inner_text()
    for seat in (0, 1):
        assert "Has chosen: Seat 3" in pages[seat].locator("#status").inner_text()
        assert first not in pages[seat].content()
    shot(pages[0], "lairs-seat0-sees-seat2-has-chosen")
    pages[2].locator("#prompt button.option").nth(1).click()
    moves += 1
    wait_moves(pages[0], moves)
    state, _ = store.load(game["id"])
    assert state.commitment(2)["card"] != first
    hands = {s: state.zones().items(f"hand:{s}") for s in range(3)}
    picks = {2: state.commitment(2)["card"]}
    for seat in (0, 1):
        pages[seat].locator("#prompt button.option").first.click()
        moves += 1
        wait_moves(pages[seat], moves)
    state, _ = store.load(game["id"])
    assert state.data["pick"] == 1
    for seat in (0, 1):
        picks[seat] = state.zones().items(f"keep:{seat}")[0]
    # each page shows the hand passed to it; the picks of the others show nowhere
    for seat, page in enumerate(pages):
        wait_moves(page, moves)
        text = page.content()
        for c in state.zones().items(f"hand:{seat}"):
            assert c in text
        for other in range(3):
            if other != seat:
                assert picks[other] not in text
        assert set(state.zones().items(f"hand:{(seat + 1) % 3}")) < set(hands[seat])
    shot(pages[1], "lairs-seat1-after-the-first-pass")

    # draft pick 2
    for seat in range(3):
        pages[seat].locator("#prompt button.option").first.click()
        moves += 1
        wait_moves(pages[seat], moves)

    # the build: a form with one field per parameter, no button per action
    for page in pages:
        wait_moves(page, moves)
        form = page.locator("form.template")
        assert form.count() == 1
        assert page.locator("#prompt .options button.option").count() == 0
    shot(pages[0], "lairs-seat0-build-form")
    for round_ in range(2):
        for seat, page in enumerate(pages):
            wait_moves(page, moves)  # the page has redrawn after the others' builds
            page.wait_for_load_state()
            form = page.locator("form.template")
            form.locator("select[data-param='cell']").select_option(
                json.dumps(seat % 4 if round_ == 0 else 3 - seat % 4)
            )
            form.locator("select[data-param='rotation']").select_option(label="east")
            form.locator("button.template-submit").click()
            moves += 1
            wait_moves(page, moves)
            assert page.locator("#error").count() == 0
    state, _ = store.load(game["id"])
    assert state.is_terminal()
    for page in pages:
        wait_moves(page, moves)
        page.locator("#outcome").wait_for(timeout=15_000)
    shot(pages[2], "lairs-seat2-lairs-revealed")
    final = store.load(game["id"])[0]
    assert all(None not in lair["items"] for lair in final.view(None)["lairs"])
