"""A solo Paupers' Ladder game played through the pages in headless Chromium until it ends.

The lobby's conditional fields are used as a newcomer would: choosing the solo mode shows the
scenario and difficulty and sets one player. Every decision is a click on the page's buttons; the
test picks the button the greedy bot would choose (read from the stored state), so the game runs
like a purposeful player's until the engine declares it won or lost."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.engine.bots import make_bot
from tabletop.store.games import GameStore

from .browser_support import Server, settle, shot

pytestmark = pytest.mark.browser


def test_solo_game_through_the_pages_until_it_ends(server: Server, browser: Any) -> None:
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(server.base + "/")
    page.select_option("#game-select", "paupers-ladder")
    scenario = page.locator("select[name='paupers-ladder.param.scenario']")
    assert not scenario.is_visible()  # a solo-only field stays hidden in other modes
    page.select_option("select[name='paupers-ladder.param.mode']", "solo")
    assert scenario.is_visible()
    players = page.locator("select[name='paupers-ladder.param.players']")
    assert players.input_value() == "1"  # the default follows the mode
    scenario.select_option("garoliums-tournament")
    page.select_option("select[name='paupers-ladder.param.difficulty']", "easy")
    shot(page, "paupers-ladder-solo-lobby")
    page.click("#start")
    page.locator("#created").wait_for()
    page.locator("a.seat-link").first.click()
    page.locator("#board .pl-board").wait_for()
    ident = page.url.split("/play/")[1].split("?")[0]
    store = GameStore(server.db_url)
    state, info = store.load(ident)
    assert info.params["mode"] == "solo" and info.params["players"] == 1
    bot = make_bot(state.game, "greedy", 0, 7)
    clicks = 0
    # bounded by the game's own action bound, not by the clock: on a busy machine a click can
    # take seconds, and a wall-clock limit failed a game that was simply slow
    while clicks <= state.game.spec.max_actions:
        state, _ = store.load(ident)
        if state.is_terminal():
            break
        want = bot.act(state).to_json()
        values = page.locator("#prompt input[name=action]").evaluate_all(
            "els => els.map(e => e.value)"
        )
        choices = [json.loads(v) for v in values]
        assert want in choices, f"the page does not offer {want}"
        page.locator("#prompt button.option").nth(choices.index(want)).click()
        settle(page)
        clicks += 1
        if clicks == 30:
            shot(page, "paupers-ladder-solo-play")
    state, _ = store.load(ident)
    assert state.is_terminal(), f"the solo game did not end in time ({clicks} clicks)"
    page.reload()
    outcome = page.locator("#outcome")
    outcome.wait_for()
    result = state.outcome()
    assert result.text and result.text.split(".")[0] in outcome.inner_text()
    shot(page, "paupers-ladder-solo-over")
