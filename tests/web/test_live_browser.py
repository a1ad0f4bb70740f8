"""The live pages in headless Chromium (issue 24): a greedy bot builds its lair without the
person's page being redrawn under the cursor; a lone option is sent by the page itself, and not
again after a step back; the replay steps with n/p and the arrows."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine.bots import make_bot
from tabletop.store.games import GameStore
from tabletop.web.render import lone_option

from .browser_support import Server, settle, shot

pytestmark = pytest.mark.browser

MARK = "() => { document.getElementById('board').dataset.untouched = '1'; }"
UNTOUCHED = "() => document.getElementById('board')?.dataset.untouched === '1'"


def test_a_rivals_secret_building_leaves_the_persons_page_alone(
    server: Server, browser: Any
) -> None:
    """Issue 24 point 1: while the rival (a bot, here played through the store) builds its
    secret lair step after step, the person's page hears of every step but is not redrawn: the
    board under the cursor stays the same element. A step of the person's own redraws it."""
    made = server.post("/api/games", {"game": "lairs", "seats": ["human", "human"], "seed": 9})
    ident = made["id"]
    store = GameStore(server.db_url)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.base + made["seat_links"]["0"])
    settle(page)
    page.evaluate(MARK)  # a redraw replaces the board element and loses this mark
    state, _ = store.load(ident)
    rival = make_bot(state.game, "greedy", 1, 1)
    step = rival.act(state)
    while step.kind != "ready":  # the rival's whole lair, piece by piece, in secret
        state = store.apply(ident, 1, step, state.num_actions())
        step = rival.act(state)
    n = state.num_actions()
    assert n > 10
    page.locator(f"#status[data-num-actions='{n}']").wait_for(state="attached", timeout=60_000)
    settle(page)
    assert page.evaluate(UNTOUCHED), "the page was redrawn for steps it cannot see"
    assert page.locator(f"input[name='expected_actions'][value='{n}']").count() > 0
    shot(page, "lairs-building-while-the-rival-built")
    # the rival says it is ready: that the person can see ("Deciding now"), so it is redrawn
    store.apply(ident, 1, step, n)
    page.locator(f"#status[data-num-actions='{n + 1}']").wait_for(state="attached", timeout=60_000)
    settle(page)
    assert not page.evaluate(UNTOUCHED)


def test_a_lone_option_is_sent_by_the_page_and_not_again_after_a_step_back(
    server: Server, browser: Any
) -> None:
    made = server.post(
        "/api/games",
        {
            "game": "paupers-ladder",
            "params": {"players": 2},
            "seats": ["human", "human"],
            "seed": 3,
        },
    )
    ident = made["id"]
    store = GameStore(server.db_url)
    state, _ = store.load(ident)
    bots = {s: make_bot(state.game, "random", s, 3) for s in (0, 1)}

    def lone_and_undoable_after(state: Any) -> bool:
        seat = state.current_seats()[0]
        if lone_option(state, seat) is None:
            return False
        after = state.clone()
        after.apply(lone_option(state, seat), seat)  # type: ignore[arg-type]
        return not after.is_terminal() and seat in after.current_seats()

    for _ in range(600):
        if lone_and_undoable_after(state):
            break
        seat = state.current_seats()[0]
        state = store.apply(ident, seat, bots[seat].act(state), state.num_actions())
    else:
        raise AssertionError("no lone option in the seeded game")
    seat = state.current_seats()[0]
    n = state.num_actions()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.base + made["seat_links"][str(seat)])
    # no click: the page sends the one option, and the game moves on
    page.locator(f"#status[data-num-actions='{n + 1}']").wait_for(timeout=60_000)
    assert store.load(ident)[0].history()[n][0] == seat
    settle(page)
    page.locator("#undo").click()
    page.locator(f"#status[data-num-actions='{n}']").wait_for(timeout=60_000)
    settle(page)
    # back at the lone option: shown, not sent again, so one could take back further
    form = page.locator("#prompt form[data-auto]")
    assert form.count() == 1 and form.get_attribute("data-sent") is None
    assert page.locator("#only-option").is_visible()
    assert store.load(ident)[0].num_actions() == n


def test_the_replay_steps_with_n_p_and_the_arrows(server: Server, browser: Any) -> None:
    made = server.post("/api/games", {"game": "toy-bids", "seats": ["human", "human"], "seed": 4})
    store = GameStore(server.db_url)
    state, _ = store.load(made["id"])
    bots = {s: make_bot(state.game, "random", s, 4) for s in (0, 1)}
    while not state.is_terminal():
        seat = state.current_seats()[0]
        state = store.apply(made["id"], seat, bots[seat].act(state), state.num_actions())
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server.base}/replay/{made['id']}?step=0")
    for key, step in (("n", 1), ("ArrowRight", 2), ("p", 1), ("ArrowLeft", 0)):
        page.keyboard.press(key)
        page.wait_for_url(f"**/replay/{made['id']}?step={step}")
    assert "The start of the game" in page.locator(".game-head").inner_text()
