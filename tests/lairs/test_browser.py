"""Two people play Lairs in two browsers from the first piece to the end: each builds its lair by
clicking pieces, spaces and edges on the board (building is a template: a piece chip picks the
piece, a space or an edge completes the form), then explores the other's by clicking (the greedy
bot says what to click, from the seat's own view), and neither page ever shows the other's lair."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import Action, load
from tabletop.engine.bots import make_bot
from tabletop.store.games import GameStore
from tests.web.browser_support import Server, browser, shot  # noqa: F401

pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'browser.db'}")
    srv.start()
    yield srv
    srv.stop()


CLICK = """(want) => {
  const canon = v => Array.isArray(v) ? "[" + v.map(canon).join(",") + "]"
    : (v && typeof v === "object") ? "{" + Object.keys(v).sort().map(
        k => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}" : JSON.stringify(v);
  const w = canon(want);
  for (const el of document.querySelectorAll("#board [data-act]")) {
    if (canon(JSON.parse(el.dataset.act)) === w) { el.click(); return "board"; }
  }
  for (const input of document.querySelectorAll('#prompt form input[name="action"]')) {
    if (canon(JSON.parse(input.value)) === w) {
      input.form.querySelector("button").click(); return "button";
    }
  }
  if (want.kind === "build") {
    // building is a template: pick the piece (a chip), then click the space it goes on
    const {piece, ...where} = want.args;
    const chip = [...document.querySelectorAll("#board [data-pick]")].find(
      el => canon(JSON.parse(el.dataset.pick)) === canon({template: "build", piece}));
    const spot = [...document.querySelectorAll("#board [data-act]")].find(
      el => canon(JSON.parse(el.dataset.act)) === canon({kind: "build", args: where}));
    if (chip && spot) { chip.click(); spot.click(); return "board"; }
  }
  return "missing";
}"""


def test_two_browsers_build_and_explore_to_the_end(server: Server, browser: Any) -> None:  # noqa: F811
    game = server.post(
        "/api/games",
        {"game": "lairs", "params": {"mode": "intro"}, "seats": ["human", "human"], "seed": 5},
    )
    store = GameStore(server.db_url)
    rules = load("lairs", mode="intro")
    bots = {seat: make_bot(rules, "greedy", seat, 5) for seat in (0, 1)}
    pages = []
    for seat in (0, 1):
        page = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
        page.goto(server.base + game["seat_links"][str(seat)])
        pages.append(page)
    clicks = {"board": 0, "button": 0}
    for _ in range(2000):
        state, _ = store.load(game["id"])
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        action: Action = bots[seat].act(state)
        moves = state.num_actions()
        page = pages[seat]
        if page.locator(f"#status[data-num-actions='{moves}']").count() == 0:
            page.reload()
        how = page.evaluate(CLICK, action.to_json())
        assert how != "missing", f"seat {seat} cannot click {action}"
        clicks[how] += 1
        page.locator(f"#status[data-num-actions='{moves + 1}']").wait_for(
            state="attached", timeout=60_000
        )
        if state.prompt().kind == "turn" and clicks["board"] and moves % 40 == 0:
            # never the rival's real lair: a seat's page shows only its own lair's hazards
            rival = state.lair(1 - seat)  # type: ignore[attr-defined]
            secret = [f for f in rival["feat"] if f and f[:2] == "m:"]
            assert len(secret) == 0 or "the rival explores it" in page.inner_text("#board")
    state, _ = store.load(game["id"])
    assert state.is_terminal()
    for seat, page in enumerate(pages):
        page.reload()
        assert "Game over" in page.inner_text("#outcome")
        shot(page, f"lairs-two-browsers-end-seat{seat}")
    assert clicks["board"] > 100  # the lairs were built and explored by clicking the board
    assert json.dumps(state.outcome().to_json())
