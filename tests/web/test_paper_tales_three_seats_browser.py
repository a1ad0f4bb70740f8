"""Three people play Paper Tales to its end in three browser contexts: each sees its own draft
hand and face-down Deployment only, the reveal reaches everyone, and the game ends with a score.
The first turn is played by clicks on the pages (every decision of a turn: the draft, the
Deployment, the Buildings); the later turns through the store, so the test takes seconds."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine.bots import make_bot
from tabletop.games.paper_tales import hidden
from tabletop.store.games import GameStore

from .browser_support import HOLD, Server, settle, shot

pytestmark = pytest.mark.browser


def _deploy(page: Any, state: Any, seat: int) -> str | None:
    """Fill the Deployment form: the first card of the hand the seat can pay for goes to the
    Front, the rest keep their defaults (Units in play stay, other hand cards are discarded).
    Returns the card placed. (The board's own taps are tested in test_board_taps_browser.)"""
    gold = state.data["players"][seat]["gold"]
    # the Deployment is played on the board; the form stays one tap away
    if page.locator("#by-form:not([open])").count():
        page.locator("#by-form summary").click()
    form = page.locator("#prompt form.template")
    placed = None
    for c in sorted(hidden.hand(state, seat)):
        if state.content.unit(c).cost <= gold:
            form.locator(f"select[name='arg.{c}']").select_option(label="Front")
            placed = c
            break
    form.locator("button.template-submit").click()
    return placed


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
    hands = [hidden.draft_hand(state, s) for s in range(3)]
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
    bots = {s: make_bot(state.game, "greedy", s, 6) for s in range(3)}
    clicked: set[str] = set()
    for _ in range(600):
        state, _ = store.load(game["id"])
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        kind = state.prompt().kind
        moves = state.num_actions()
        if state.data["turn"] > 1:  # the first turn was played on the pages: the rest here
            store.apply(game["id"], seat, bots[seat].act(state), moves)
            continue
        clicked.add(kind)
        pages[seat].locator(f"#status[data-num-actions='{moves}']").wait_for(
            state="attached", timeout=60_000
        )
        placed = None
        if kind == "deploy":
            placed = _deploy(pages[seat], state, seat)  # one committed arrangement
        else:
            pages[seat].locator("#prompt button.option").first.click()
        pages[seat].locator(f"#status[data-num-actions='{moves + 1}']").wait_for(
            state="attached", timeout=60_000
        )
        state, _ = store.load(game["id"])
        if placed and not checked_deploy and state.prompt().kind == "deploy":
            # committed, not yet revealed: the face-down Unit shows to its own seat only
            name = state.content.unit(placed).name
            for s, page in enumerate(pages):
                page.reload()
                box = page.locator(".pt-kingdom").nth(seat).inner_text()
                assert (name in box) == (s == seat), (s, name)
            shot(pages[seat], "paper-tales-three-seats-face-down")
            checked_deploy = True
    assert {"draft", "deploy", "construct"} <= clicked, clicked
    state, _ = store.load(game["id"])
    assert state.is_terminal()
    assert checked_deploy
    for page in pages:
        page.reload()
        assert "Game over" in page.locator("#board").inner_text()
    shot(pages[1], "paper-tales-three-seats-over")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_seven_kingdoms_fit_a_phone_and_a_desktop(
    server: Server, browser: Any, width: int, height: int
) -> None:
    """Issue 13, item 5: the board of 7 Kingdoms stays readable: every Kingdom is drawn, and
    nothing is wider than the screen (no sideways scrolling)."""
    game = server.post(
        "/api/games",
        {
            "game": "paper-tales",
            "params": {"players": 7, "new_units": True, "new_buildings": True},
            "seats": ["human", *["bot:greedy"] * 6],
            "seed": 3,
        },
    )
    phone = width < 500
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    page.goto(server.base + game["seat_links"]["0"])
    # the six bots have chosen their first cards; the board waits for seat 0 alone
    page.locator("#status[data-num-actions='6']").wait_for(state="attached", timeout=60_000)
    settle(page)
    held = page.evaluate(HOLD)  # no live redraw while the board is measured
    try:
        assert page.locator(".pt-kingdom").count() == 7
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for box in page.locator(".pt-kingdom").all():
            found = box.bounding_box()
            assert found is not None and found["width"] >= min(200, width - 40), found
    finally:
        if held:
            page.evaluate("() => Tabletop.pause(false)")
    shot(page, f"paper-tales-seven-kingdoms-{'phone' if phone else 'desktop'}")
