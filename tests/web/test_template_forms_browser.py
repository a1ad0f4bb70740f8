"""A decision offered as a template (toy-lairs' build: card x cell x facing) in the browser: a
half-filled form survives the live reload when another seat moves, and the fields can be picked
by clicking the board's cells, cards and facings as well as in the form. Three seats, three
browser contexts; the draft before the build is played through the store."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import tests.engine.lairgame  # noqa: F401  (registers toy-lairs in this process)
from tabletop.engine import Action
from tabletop.store.games import GameStore

from .browser_support import Server, shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """This module's server: toy-lairs drawn by a test drawing of its own (a clickable board)."""
    db = tmp_path_factory.mktemp("forms") / "browser.db"
    srv = Server(f"sqlite:///{db}", extra=("tests.web.lairs_board_on",))
    srv.start()
    yield srv
    srv.stop()


def wait_moves(page: Any, n: int) -> None:
    page.locator(f"#status[data-num-actions='{n}']").wait_for(state="attached", timeout=60_000)


def form_values(page: Any) -> dict[str, Any]:
    form = page.locator("#prompt form.template")
    return {
        name: json.loads(form.locator(f"select[name='arg.{name}']").input_value())
        for name in ("card", "cell", "rotation")
    }


def test_a_half_filled_build_survives_the_reload_and_the_board_picks_its_fields(
    server: Server, browser: Any
) -> None:
    game = server.post(
        "/api/games",
        {
            "game": "toy-lairs",
            "params": {"players": 3, "hand": 3, "size": 2},
            "seats": ["human"] * 3,
            "seed": 6,
        },
    )
    ident = game["id"]
    store = GameStore(server.db_url)
    state, _ = store.load(ident)
    while state.prompt().kind != "build":  # the draft, played through the store
        seat = next(s for s in state.current_seats() if s not in state.prompt().committed)
        state = store.apply(ident, seat, state.legal_actions(seat)[0])
    moves = state.num_actions()
    pages = []
    for seat in range(3):
        page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        page.goto(server.base + game["seat_links"][str(seat)])
        wait_moves(page, moves)
        pages.append(page)

    # seat 1 fills its form half-way (card and facing), then seat 3 builds: the page redraws
    kept = sorted(state.view(0)["kept"][0]["items"])  # the form's order: [-1] is not the default
    form = pages[0].locator("#prompt form.template")
    form.locator("select[name='arg.card']").select_option(json.dumps(kept[-1]))
    form.locator("select[name='arg.rotation']").select_option("3")
    state = store.apply(ident, 2, state.legal_actions(2)[0])
    moves += 1
    wait_moves(pages[0], moves)
    assert "Has chosen: Seat 3" in pages[0].locator("#status").inner_text()
    assert form_values(pages[0]) == {"card": kept[-1], "cell": 0, "rotation": 3}
    shot(pages[0], "template-form-kept-after-reload")

    # seat 2 picks everything on the board; seat 1 then finishes by the form and sends
    kept1 = sorted(state.view(1)["kept"][1]["items"])
    board = pages[1].locator("#board")
    board.locator("td[data-cell='3']").click()
    board.locator(f"[data-card='{kept1[-1]}']").click()
    board.locator("[data-facing='1']").click()
    assert form_values(pages[1]) == {"card": kept1[-1], "cell": 3, "rotation": 1}
    assert "picked" in (board.locator("td[data-cell='3']").get_attribute("class") or "")
    shot(pages[1], "template-form-picked-on-the-board")

    form.locator("select[name='arg.cell']").select_option("2")
    form.locator("button.template-submit").click()
    moves += 1
    wait_moves(pages[1], moves)
    state, _ = store.load(ident)
    assert state.commitment(0) == Action.of("build", card=kept[-1], cell=2, rotation=3)

    # seat 1's commitment redrew seat 2's page: the board's picks are still in the form
    assert form_values(pages[1]) == {"card": kept1[-1], "cell": 3, "rotation": 1}
    assert "picked" in (board.locator("td[data-cell='3']").get_attribute("class") or "")
    pages[1].locator("#prompt form.template button.template-submit").click()
    moves += 1  # the last commitment: revealed together with the others
    wait_moves(pages[1], moves)
    state, _ = store.load(ident)
    built = [a for s, a in state.history() if s == 1 and a.kind == "build"]
    assert built[-1] == Action.of("build", card=kept1[-1], cell=3, rotation=1)


def test_the_hot_seat_page_keeps_a_half_filled_build_across_its_reload(
    server: Server, browser: Any
) -> None:
    """The hot-seat page reloads whole when the game moves (the server decides what one screen
    shows); the player's half-filled form comes back after it."""
    game = server.post(
        "/api/games",
        {
            "game": "toy-lairs",
            "params": {"players": 2, "hand": 2, "size": 2},
            "seats": ["human"] * 2,
            "seed": 4,
        },
    )
    ident = game["id"]
    store = GameStore(server.db_url)
    state, _ = store.load(ident)
    while state.prompt().kind != "build":
        seat = next(s for s in state.current_seats() if s not in state.prompt().committed)
        state = store.apply(ident, seat, state.legal_actions(seat)[0])
    moves = state.num_actions()
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(f"{server.base}{game['hotseat_link']}&show=0")
    wait_moves(page, moves)
    kept = sorted(state.view(0)["kept"][0]["items"])
    form = page.locator("#prompt form.template")
    form.locator("select[name='arg.card']").select_option(json.dumps(kept[-1]))
    form.locator("select[name='arg.cell']").select_option("2")
    store.apply(ident, 1, state.legal_actions(1)[0])
    wait_moves(page, moves + 1)
    assert "Has chosen: Seat 2" in page.locator("#status").inner_text()
    assert form_values(page) == {"card": kept[-1], "cell": 2, "rotation": 0}


def test_the_lobby_names_the_automaton_when_its_option_is_on(server: Server, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(server.base + "/")
    page.locator("#game-select[data-bound='1']").wait_for(state="attached", timeout=30_000)
    page.locator("#game-select").select_option("toy-lairs")
    box = page.locator("fieldset[data-game='toy-lairs']")
    assert box.locator(".automata").is_hidden()
    box.locator("select[name='toy-lairs.param.archivist']").select_option("true")
    box.locator(".automata").wait_for(state="visible", timeout=30_000)
    assert "the Archivist" in box.locator(".automata").inner_text()
    assert box.locator("li.seat-choice:not([hidden])").count() == 5  # the automaton is no seat


def test_a_lairs_piece_picked_on_the_board_survives_the_rivals_build(
    server: Server, browser: Any
) -> None:
    """Lairs: both seats build at once. A piece picked on the board (data-pick) stays picked when
    the rival's build redraws the page, and a click on a space then builds that piece there."""
    game = server.post(
        "/api/games",
        {"game": "lairs", "params": {"mode": "intro"}, "seats": ["human", "human"], "seed": 5},
    )
    ident = game["id"]
    store = GameStore(server.db_url)
    state, _ = store.load(ident)
    page = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
    page.goto(server.base + game["seat_links"]["0"])
    wait_moves(page, 0)
    piece = page.locator("""#board [data-pick*='"piece": "start"']""")
    piece.click()
    form = page.locator("#prompt form.template[data-template='build']")
    assert json.loads(form.locator("select[name='arg.piece']").input_value()) == "start"

    store.apply(ident, 1, state.legal_actions(1)[0])  # the rival builds: this page redraws
    wait_moves(page, 1)
    assert json.loads(form.locator("select[name='arg.piece']").input_value()) == "start"
    assert "picked" in (piece.get_attribute("class") or "")

    cell = next(
        a["cell"]
        for a in state.legal_actions(0)
        if a.kind == "build" and a["piece"] == "start" and a["side"] == "space"
    )
    page.locator(f"#board [data-cell='{cell}']").click()
    wait_moves(page, 2)
    state, _ = store.load(ident)
    seat, action = state.history()[-1]
    assert (seat, action) == (0, Action.of("build", piece="start", cell=cell, side="space"))


def test_the_lobby_names_the_lich_king_in_solo_paper_tales(server: Server, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(server.base + "/")
    page.locator("#game-select[data-bound='1']").wait_for(state="attached", timeout=30_000)
    page.locator("#game-select").select_option("paper-tales")
    box = page.locator("fieldset[data-game='paper-tales']")
    box.locator("select[name='paper-tales.param.mode']").select_option("solo")
    box.locator(".automata").wait_for(state="visible", timeout=30_000)
    assert "the Lich King" in box.locator(".automata").inner_text()
    assert box.locator("li.seat-choice:not([hidden])").count() == 1
