"""A solo Paupers' Ladder game started in the lobby and played until it ends, in headless
Chromium.

The lobby's conditional fields are used as a newcomer would: choosing the solo mode shows the
scenario and difficulty and sets one player. The greedy bot decides (read from the stored state),
so the game runs like a purposeful player's until the engine declares it won or lost. The first
decision of every kind the game meets is a click on the page's buttons (the page must offer the
bot's choice); the rest of the game is played through the store, so the test takes seconds, not
minutes, and the end screen shows the result."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.engine.bots import make_bot
from tabletop.store.games import GameStore
from tabletop.web.render import action_label, lone_option, table_options

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
    url = page.url
    clicked: set[str] = set()
    steps = 0
    while steps <= state.game.spec.max_actions:
        state, _ = store.load(ident)
        if state.is_terminal():
            break
        steps += 1
        action = bot.act(state)
        kind = state.prompt().kind
        if kind in clicked or lone_option(state, 0) is not None:
            # (a lone option the page sends by itself: tests/web/test_live_browser.py)
            store.apply(ident, 0, action, state.num_actions())
            continue
        page.goto(url)
        settle(page)
        # the page offers identical copies of a card once: the bot's choice or its twin
        label = action_label(state, action, 0)
        want = next(a for a, text in table_options(state, 0) if text == label).to_json()
        values = page.locator("#prompt input[name=action]").evaluate_all(
            "els => els.map(e => e.value)"
        )
        choices = [json.loads(v) for v in values]
        assert want in choices, f"the page does not offer {want} ({kind})"
        page.locator("#prompt button.option").nth(choices.index(want)).click()
        settle(page)  # (after any lone option the next page sent by itself)
        assert store.load(ident)[0].num_actions() > state.num_actions(), "the click did nothing"
        clicked.add(kind)
        if len(clicked) == 6:
            shot(page, "paupers-ladder-solo-play")
    assert {"choose-pauper", "turn", "character"} <= clicked, clicked
    state, _ = store.load(ident)
    assert state.is_terminal(), f"the solo game did not end in {steps} steps"
    page.reload()
    outcome = page.locator("#outcome")
    outcome.wait_for()
    result = state.outcome()
    assert result.text and result.text.split(".")[0] in outcome.inner_text()
    shot(page, "paupers-ladder-solo-over")
