"""Boards played by taps in the browser, as players play them, without a page reload: a whole
Lairs lair built on a 390 px phone by tapping spaces, Wall edges and the palette (the number of
taps it takes and the time from a tap to the updated board are printed), and a Paper Tales
Deployment arranged by tapping a card and then its place, with the Gold total running and the
choices kept after a refusal. The games are set up through the store; the bots answer at once."""

from __future__ import annotations

import contextlib
import re
import time
import urllib.request
from typing import Any

import pytest

from tabletop.engine import Action, load
from tabletop.engine.bots import make_bot
from tabletop.store.games import GameStore, StaleAction

from .browser_support import Server, settle, shot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def box_of(locator: Any) -> dict[str, float]:
    """The element's box on the screen (asked again if a live redraw was swapping it in)."""
    for _ in range(50):
        box = locator.bounding_box()
        if box is not None:
            return dict(box)
        time.sleep(0.05)
    raise AssertionError(f"{locator} is not on the screen")


def swaps(page: Any) -> int:
    return int(page.evaluate("document.documentElement.dataset.swaps || '0'"))


def tap_and_wait(page: Any, locator: Any, timeout: float = 20.0, *, still: bool = True) -> float:
    """Tap ``locator`` and wait for the board the answer brings (static/app.js counts the boards
    it swaps in), checking the page did not scroll meanwhile (``still``: a tap within a decision;
    a tap that ends one may bring a board of another shape, the bots' answers with it); the
    seconds it took."""
    locator.scroll_into_view_if_needed()
    scroll = page.evaluate("window.scrollY")
    before = swaps(page)
    start = time.monotonic()
    locator.click()
    while swaps(page) <= before:
        assert time.monotonic() - start < timeout, "the board did not update after the tap"
        time.sleep(0.005)
    # a live redraw (the rival's step) may have come first: wait for the tap's own answer
    settle(page)
    took = time.monotonic() - start
    # the same scroll, unless the page grew shorter than it (a form folded away): then the end
    now, end = page.evaluate(
        "[window.scrollY, document.documentElement.scrollHeight - window.innerHeight]"
    )
    if still:
        assert abs(now - scroll) < 2 or (end < scroll and abs(now - end) < 2), "the page jumped"
    return took


def lair_plan(state: Any, seat: int) -> list[Action]:
    """The build actions the greedy builder takes for ``seat``'s lair, up to 'ready' (worked out
    on a copy: the other lair never changes this one)."""
    game = load("lairs")
    bot = make_bot(game, "greedy", seat, 5)
    trial = state.clone()
    plan = []
    while trial.prompt().kind == "build" and seat in trial.current_seats():
        action = bot.act(trial)
        plan.append(action)
        trial.apply(action, seat)
        if action.kind == "ready":
            break
    return plan


def test_a_whole_lair_is_built_by_tapping_on_a_phone(server: Server, browser: Any) -> None:
    made = server.post(
        "/api/games",
        {"game": "lairs", "params": {}, "seats": ["human", "bot:greedy"], "seed": 3},
    )
    store = GameStore(server.db_url)
    state, _ = store.load(made["id"])
    assert state.prompt().kind == "build"
    plan = lair_plan(state, 0)
    assert plan[-1].kind == "ready"
    page = browser.new_page(viewport=PHONE)
    page.goto(server.base + made["seat_links"]["0"])
    page.locator(".lr-own .lr-grid").wait_for()
    # the bot builds its own lair meanwhile, and its "lair is ready" line changes what this seat
    # sees (a tap sent just before it is refused as stale, rightly): wait for it, so the taps
    # measured here are the builder's own
    deadline = time.monotonic() + 60
    while not store.load(made["id"])[0].data["lairs"][1]["ready"]:
        assert time.monotonic() < deadline, "the greedy builder did not finish its lair"
        time.sleep(0.1)
    page.wait_for_function("document.querySelector('#live') !== null")
    page.wait_for_timeout(300)  # the live redraw the bot's last move sends
    settle(page)
    # the targets are big enough for a finger on a 390 px screen: spaces, palette, Wall edges
    cell = box_of(page.locator('.lr-own .lr-c[data-cell="C3"]'))
    assert cell["width"] >= 40 and cell["height"] >= 40
    page.evaluate("window.notReloaded = true")
    clicks = 0
    times = []
    for action in plan:
        live = page.locator("#live")
        if action.kind == "ready":
            # the last tap ends the building: the board of the next phase may take its place
            times.append(tap_and_wait(page, page.locator(".lr-ready"), still=False))
            clicks += 1
            break
        where = (
            action["cell"] if action["side"] == "space" else f"{action['cell']}-{action['side']}"
        )
        if (
            action.kind == "build"
            and live.get_attribute("data-pick-build-piece") != action["piece"]
        ):
            chip = page.locator(f'.lr-palette [data-piece="{action["piece"]}"]')
            chip.click()
            clicks += 1
            assert live.get_attribute("data-pick-build-piece") == action["piece"]
        walls = action.kind == "take-back" and action["side"] != "space"
        if walls and live.get_attribute("data-pick-build-piece") != "wall":
            toggle = page.locator('.lr-palette [data-piece="wall"], .lr-palette .lr-tb-walls')
            toggle.first.click()
            clicks += 1
        if action["side"] == "space":
            target = page.locator(f'.lr-own .lr-c[data-cell="{where}"]')
            if action.kind == "build":
                # lit before the tap: the picked piece may go there
                assert action["piece"] in (target.get_attribute("data-ok") or "").split()
        else:
            target = page.locator(f'.lr-own .lr-eb[data-target="{where}"]')
            box = box_of(target)
            assert box["width"] >= 40 and box["height"] >= 40, box
        times.append(tap_and_wait(page, target))
        clicks += 1
        assert not page.locator("#error").count(), page.locator("#error").inner_text()
    # no reload: the same page all along
    assert page.evaluate("window.notReloaded") is True
    state, _ = store.load(made["id"])
    assert state.data["lairs"][0]["ready"]
    pieces = sum(1 for a in plan if a.kind == "build")
    ms = sorted(round(t * 1000) for t in times)
    # the page's own figures: from the form sent to the answer's board swapped in
    own = sorted(page.evaluate("Tabletop.timings"))
    print(
        f"\nLairs lair by tapping at 390 px: {clicks} taps for {pieces} placements, "
        f"{sum(1 for a in plan if a.kind == 'take-back')} take-backs and ready; tap to updated "
        f"board: median {ms[len(ms) // 2]} ms, slowest {ms[-1]} ms (in the page, send to swap: "
        f"median {own[len(own) // 2]} ms, slowest {own[-1]} ms)"
    )
    shot(page, "lairs-built-by-taps-390")


def paper_tales_at_deployment(store: GameStore, ident: str) -> Any:
    """Play the draft through the store (the first option each time) up to the human's
    Deployment."""
    for _ in range(200):
        state, _ = store.load(ident)
        if state.prompt().kind == "deploy" and 0 in state.current_seats():
            return state
        seat = 0 if 0 in state.current_seats() else state.current_seats()[0]
        action = state.legal_actions(seat)[0]
        # the server's bot may have moved since the load: then look again
        with contextlib.suppress(StaleAction):
            store.apply(ident, seat, action, seen=state.fingerprint(seat))
        time.sleep(0.05)
    raise AssertionError("never reached the Deployment")


def card_at(page: Any, card: str) -> Any:
    """A card of the seat's hand on the board."""
    return page.locator(f'.pt-private [data-target="deploy:{card}"]')


def name_of(page: Any, card: str) -> str:
    return str(card_at(page, card).get_attribute("data-name"))


def planned(page: Any, row: str) -> list[str]:
    """The Units drawn on the spots of the seat's own Kingdom row (the page's plan so far)."""
    spots = page.locator(f'#live .pt-me [data-target="deploy={row}"] [data-slot] .planned')
    return [str(t) for t in spots.all_inner_texts()]


def test_a_paper_tales_deployment_is_played_by_tapping(server: Server, browser: Any) -> None:
    made = server.post(
        "/api/games",
        {
            "game": "paper-tales",
            "params": {"players": 2},
            "seats": ["human", "bot:greedy"],
            "seed": 4,
        },
    )
    store = GameStore(server.db_url)
    state = paper_tales_at_deployment(store, made["id"])
    view = state.view(0)
    me = view["players"][0]
    gold = me["gold"]
    hand = sorted(me["hand"])
    page = browser.new_page(viewport=PHONE)
    page.goto(server.base + made["seat_links"]["0"])
    page.locator("#live [data-tally='deploy']").first.wait_for()
    page.evaluate("window.notReloaded = true")
    # every card of the hand shows its cost; the Gold total starts at nothing spent
    costs = {}
    for card in hand:
        el = card_at(page, card)
        costs[card] = int(el.get_attribute("data-weight"))
        assert ("Gold" if costs[card] else "free") in el.inner_text()
    total = page.locator("#live .pt-gold[data-tally='deploy']")
    assert total.locator(".sum").inner_text() == "0"
    # too dear first: every card to the Front and Back until the cost passes the Gold
    order = sorted(hand, key=lambda c: -costs[c])
    spent, placed, rows = 0, [], ["front", "front", "back", "back"]
    for card in order:
        if len(placed) == len(rows):
            break
        card_at(page, card).click()
        page.locator(f'#live [data-target="deploy={rows[len(placed)]}"]').first.click()
        placed.append(card)
        spent += costs[card]
        assert total.locator(".sum").inner_text() == str(spent)
        # the Unit shows on a spot of its row in the Kingdom, not only as a mark on the card
        assert planned(page, rows[len(placed) - 1]).count(name_of(page, card)) == 1
        if spent > gold:
            break
    assert spent > gold, "the test wants a hand dearer than the Gold (another seed)"
    chosen = {c: card_at(page, c).get_attribute("data-chosen") for c in hand}
    # the board refuses it in players' words before anything is sent, keeping the choices
    page.locator("#deploy-send").click()
    note = page.locator("#board-note")
    note.wait_for()
    assert f"cost {spent} Gold" in note.inner_text() and "is not legal" not in note.inner_text()
    # sent anyway (the board's count taken away), the game refuses it: the reason in players'
    # words, every choice still where the player put it
    page.evaluate("document.querySelectorAll('#live [data-tally]').forEach(t => t.remove())")
    tap_and_wait(page, page.locator("#deploy-send"))
    error = page.locator("#error").inner_text()
    print(f"\nThe refusal reads: {error!r}")
    assert f"{spent} Gold" in error and "not legal" not in error and "seat" not in error.lower()
    again = {c: card_at(page, c).get_attribute("data-chosen") for c in hand}
    assert again == chosen
    for row in ("front", "back"):
        want = sorted(name_of(page, c) for c in placed if chosen[c] == row)
        assert sorted(planned(page, row)) == want, row
    assert page.locator("#live .pt-gold .sum").inner_text() == str(spent)
    # take the dearest back: discard it, and the total follows
    card_at(page, placed[0]).click()
    page.locator('#live [data-target="deploy=discard"]').click()
    gone = placed.pop(0)
    spent -= costs[gone]
    assert total.locator(".sum").inner_text() == str(spent)
    assert name_of(page, gone) not in planned(page, "front") + planned(page, "back")
    discards = page.locator('#live [data-target="deploy=discard"] .planned').all_inner_texts()
    assert name_of(page, gone) in discards
    assert spent <= gold
    shot(page, "paper-tales-deployment-by-taps-390")
    # the Deployment sent ends the decision: the greedy rival's answer and the reveal may come
    # with the same redraw, so the page may take another shape
    elapsed = tap_and_wait(page, page.locator("#deploy-send"), still=False)
    assert page.evaluate("window.notReloaded") is True
    state, _ = store.load(made["id"])
    committed = state.prompt().kind != "deploy" or 0 in state.prompt().committed
    assert committed, "the Deployment was not played"
    print(f"\nPaper Tales Deployment by taps: sent and redrawn in {round(elapsed * 1000)} ms")


def lairs_at_my_turn(server: Server, store: GameStore, ident: str) -> Any:
    """Build seat 0's lair as the greedy builder would (through the store; the server's bot
    builds the other and, asked for the public view, moves when its seat is due) and wait for
    seat 0's first exploring turn."""
    bot = make_bot(load("lairs"), "greedy", 0, 5)
    deadline = time.monotonic() + 60
    move = None
    while time.monotonic() < deadline:
        state, _ = store.load(ident)
        if 0 in state.current_seats():
            if state.prompt().kind == "turn":
                return state
            move = move or bot.act(state)
            try:
                store.apply(ident, 0, move, seen=state.fingerprint(0))
                move = None
            except StaleAction:  # the other lair's ready line came first: the same move again
                pass
        else:
            with urllib.request.urlopen(f"{server.base}/api/games/{ident}/spectator", timeout=10):
                time.sleep(0.05)
    raise AssertionError(f"seat 0 never got its turn: {state.prompt()}")


def test_a_lairs_move_is_tapped_on_the_map_and_paid_with_a_button(
    server: Server, browser: Any
) -> None:
    made = server.post(
        "/api/games",
        {"game": "lairs", "params": {}, "seats": ["human", "bot:greedy"], "seed": 3},
    )
    store = GameStore(server.db_url)
    state = lairs_at_my_turn(server, store, made["id"])
    page = browser.new_page(viewport=PHONE)
    page.goto(server.base + made["seat_links"]["0"])
    settle(page)
    page.evaluate("window.notReloaded = true")
    targets = page.locator("#live .lr-c.go")
    assert targets.count() > 0
    # every target on the map says what the move costs
    for i in range(targets.count()):
        words = targets.nth(i).locator(".lr-cost").inner_text()
        assert words.startswith(("Creep", "Move", "Backtrack", "Peer")), words
        assert re.search(r"pays|any|free", words), words  # short on the space
        assert "·" in (targets.nth(i).get_attribute("title") or "")  # in full in its title
    box = box_of(targets.first)
    assert box["width"] >= 40 and box["height"] >= 40
    tap_and_wait(page, targets.first)
    state, _ = store.load(made["id"])
    assert state.prompt().kind == "pay", "this seed's Fresh cubes pay a Creep several ways"
    ways = [a for a in state.legal_actions(0) if a.kind == "pay"]
    buttons = page.locator("#live .lr-pay .lr-way:not(.lr-back)")
    assert buttons.count() == len(ways) > 1
    for i, way in enumerate(ways):
        chips = buttons.nth(i).locator(".lr-cube")
        assert chips.count() == len(way["cubes"])
        assert box_of(buttons.nth(i))["height"] >= 40
    assert page.locator("#live .lr-c.pending").count() == 1
    shot(page, "lairs-pay-by-buttons-390")
    tap_and_wait(page, buttons.last)
    state, _ = store.load(made["id"])
    assert state.prompt().kind != "pay"
    played = [a for s, a in store.record(made["id"]).actions if s == 0]
    assert played[-1] == ways[-1]
    assert page.evaluate("window.notReloaded") is True
