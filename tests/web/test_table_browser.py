"""The game pages as a new player meets them, in headless Chromium at desktop and phone (390 px)
sizes (issue 10, items 6 to 14). Screenshots go to artifacts/screenshots/table-*.png."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tabletop.engine.bots import make_bot
from tabletop.store.games import GameStore

from .browser_support import Server, shot
from .test_table_pages import play_until

pytestmark = pytest.mark.browser
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


def open_page(browser: Any, size: str) -> Any:
    phone = size == "phone"
    ctx = browser.new_context(
        viewport={"width": SIZES[size][0], "height": SIZES[size][1]},
        is_mobile=phone,
        has_touch=phone,
    )
    return ctx.new_page()


def fits(page: Any) -> None:
    """Nothing on the page is wider than the screen: no sideways scrolling."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


@pytest.mark.parametrize("size", SIZES)
def test_a_game_against_a_bot(server: Server, browser: Any, size: str) -> None:
    page = open_page(browser, size)
    height = SIZES[size][1]
    page.goto(server.base + "/")
    page.select_option("#game-select", "paupers-ladder")
    fits(page)
    shot(page, f"table-lobby-{size}")
    page.click("#start")  # reachable at every size
    page.locator("#created").wait_for()
    fits(page)
    assert page.locator("#creator-link").is_visible()
    page.locator("a.seat-link").first.click()
    page.locator("#prompt button.option").first.wait_for()

    # the tab says it is your turn; the decision and the latest events are on the first screens
    assert page.title().startswith("Your turn")
    fits(page)
    latest = page.locator("#latest").bounding_box()
    assert latest is not None and latest["y"] < (height if size == "desktop" else 2 * height)
    shot(page, f"table-decision-{size}")

    # choose a Pauper: the bot's choices arrive live in the latest events, newest first, and
    # the tab title turns to "Your turn" again when the next decision is ours
    page.locator("#prompt button.option").first.click()
    page.locator("#latest", has_text="Seat 2 plays").wait_for(timeout=15_000)
    page.locator("#prompt button.option").first.wait_for(timeout=15_000)
    page.wait_for_function("document.title.startsWith('Your turn')", timeout=15_000)

    # the full log is one click away, newest first
    page.click("#full-log-link")
    assert page.locator("details#log[open]").count() == 1
    first = page.locator("details#log li").first.inner_text()
    assert first == page.locator("#latest li.newest").inner_text()
    fits(page)


@pytest.mark.parametrize("size", SIZES)
def test_cards_map_and_confirmation(server: Server, browser: Any, size: str) -> None:
    made = server.post(
        "/api/games",
        {
            "game": "paupers-ladder",
            "params": {"players": 2},
            "seats": ["human", "human"],
            "seed": 3,
        },
    )

    def can_discard(state: Any) -> bool:
        seat = state.current_seats()[0]
        kinds = [a.kind for a in state.legal_actions(seat)]
        return state.prompt().kind == "turn" and "discard" in kinds

    state = play_until(server.db_url, made["id"], can_discard)
    seat = state.current_seats()[0]
    page = open_page(browser, size)
    page.goto(server.base + made["seat_links"][str(seat)])
    page.locator("#board .pl-board").wait_for()
    fits(page)

    # a tap (or a click) on a card opens its text; no hovering needed
    tile = page.locator("g.pl-region[data-region='greyhaven'] .pl-tile").first
    if size == "phone":
        tile.tap()
    else:
        tile.click()
    assert "Quest" in page.locator("#card-text").inner_text()
    shot(page, f"table-card-text-{size}")
    page.locator("#card-text .close").click()
    assert page.locator("#card-text").is_hidden()

    # the map zooms inside its box (the page still fits) or reads as a list
    page.click("[data-zoom-map]")
    fits(page)
    box = page.locator(".pl-mapbox")
    assert box.evaluate("b => b.scrollWidth > b.clientWidth") == (size == "phone")
    page.click("a[href='#map-list']")
    assert page.locator("details#map-list[open] li").count() == 19
    shot(page, f"table-map-{size}")

    # throwing a card away asks first: "no" keeps it, "yes" throws it
    store = GameStore(server.db_url)
    before = store.load(made["id"])[0].num_actions()
    risky = page.locator("#prompt button.option.risky").first
    answers = iter([False, True])
    page.on("dialog", lambda d: d.accept() if next(answers) else d.dismiss())
    risky.click()
    time.sleep(0.5)
    assert store.load(made["id"])[0].num_actions() == before
    page.locator("#prompt button.option.risky").first.click()
    page.locator(f"#status[data-num-actions='{before + 1}']").wait_for(timeout=10_000)
    assert " discards the " in store.load(made["id"])[0].view(seat)["log"][-1]["text"]
    fits(page)


@pytest.mark.parametrize("size", SIZES)
def test_end_of_game_links_and_hot_seat(server: Server, browser: Any, size: str) -> None:
    made = server.post(
        "/api/games",
        {
            "game": "paupers-ladder",
            "params": {"players": 2},
            "seats": ["human", "human"],
            "seed": 5,
        },
    )
    store = GameStore(server.db_url)
    state, _ = store.load(made["id"])
    # hot-seat: choosing a Pauper hands over to the other player; a turn goes on uncovered
    page = open_page(browser, size)
    page.goto(server.base + made["hotseat_link"])
    page.click("#reveal")
    page.locator("#prompt button.option").first.click()
    page.locator("#handover", has_text="Seat 2").wait_for()
    fits(page)
    shot(page, f"table-hotseat-cover-{size}")

    state = play_until(server.db_url, made["id"], lambda s: s.prompt().kind == "turn")
    seat = state.current_seats()[0]
    page.goto(server.base + made["hotseat_link"] + f"&show={seat}")
    page.locator("#prompt button.option", has_text="Take your pauper's turn").click()
    page.locator("#prompt").wait_for()
    assert page.locator("#handover").count() == 0

    # the creator's link shows every seat link again
    page.goto(server.base + made["creator_link"])
    for link in made["seat_links"].values():
        assert page.locator(f"a.seat-link[href='{link}']").count() == 1
    fits(page)

    # the end: winner, each player's Virtues and when they were learnt, replay and rematch
    game = store.load(made["id"])[0].game
    bots = {s: make_bot(game, "greedy", s, 5) for s in range(2)}
    state, _ = store.load(made["id"])
    while not state.is_terminal():
        s = state.current_seats()[0]
        state = store.apply(made["id"], s, bots[s].act(state), state.num_actions())
    page.goto(server.base + made["seat_links"]["0"])
    page.locator("#outcome").wait_for()
    assert "round" in page.locator("#scores").inner_text()
    assert page.locator("#winners").inner_text()
    assert page.locator("#replay-link").is_visible()
    fits(page)
    shot(page, f"table-game-over-{size}")
    page.click("#rematch")
    page.locator("#created").wait_for()
    assert page.locator("a.seat-link").count() == 2
