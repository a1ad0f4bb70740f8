"""The Lairs board as drawn for tapping (no browser): while building, each space lists the pieces
that may go there now (what the page lights for the picked piece), every inner edge is a target
(a Wall's, a take-back's, or a refusal in words), the palette and the key name every piece; while
exploring, each target says what the move costs, and a move with one way to pay asks nothing
more."""

from __future__ import annotations

import json
import re
from html import unescape

from tabletop.engine import Action
from tabletop.engine.registry import presentation
from tabletop.games.lairs import grid, web
from tabletop.games.lairs.rules import building
from tabletop.testing import Scenario
from tests.lairs.helpers import scenario


def visible_text(markup: str) -> str:
    """The words a player reads (no markup, no attribute)."""
    return unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", markup))


def test_building_lights_exactly_the_legal_spaces_and_edges() -> None:
    s = Scenario("lairs", seed=1, mode="intro")
    s.state.apply(Action.of("build", piece="start", cell="C3", side="space"), 0)
    view = s.view(0)
    board = web.render(view)
    lair = view["lair"]
    C = web.content()
    for piece in lair["left"]:
        lit = {
            grid.parse(cell)
            for cell, ok in re.findall(r'data-cell="(\w\d)"[^>]*data-ok="([^"]*)"', board)
            if piece in ok.split()
        }
        assert lit == set(building.legal_cells(lair, piece, C)), piece
    edges = re.findall(r'class="lr-eb (ok|wall|no)"', board)
    assert len(edges) == grid.EDGES
    assert edges.count("ok") == len(building.legal_edges(lair, C))
    # the board's declared targets: one per piece and legal space, one per legal Wall edge
    targets = presentation("lairs").board_targets(view)
    walls = [t for t in targets if t.kind == "build" and t.param == "side"]
    assert len(walls) == len(building.legal_edges(lair, C))
    assert any(t.kind == "take-back" and t.value == "C3" for t in targets)


def test_the_palette_and_the_key_name_every_piece() -> None:
    s = Scenario("lairs", seed=1, mode="intro")
    board = web.render(s.view(0))
    words = visible_text(board)
    assert not re.search(r"\b[mt]:[a-z-]+", words), "an id shown to players"
    for h in s.view(0)["monsters"] + s.view(0)["traps"]:
        name = web.content().hazards[h].name
        mark = web.short_labels()[h]
        assert f"{mark} {name} (" in " ".join(words.split()), name  # the key
        assert re.search(rf'data-piece="[mt]:{h}"', board)  # a palette chip
    assert "Start" in words and "Exit" in words and "Chest" in words and "Wall" in words


def test_every_mark_is_its_own_and_the_key_matches_the_board() -> None:
    """No two pieces or cubes share a mark (Basic and Brawn were both "B"), whatever the case;
    every mark on the grids and mats is in the key with its name, and the terminal uses the same
    marks."""
    from tabletop.games.lairs import tui

    state = scenario({"fresh": {"basic": 2, "brawn": 1, "guile": 1}}).state
    view = state.view(0)
    board = web.render(view)
    key = board[board.index('class="lr-sheet lr-key"') :]
    keyed = dict(
        re.findall(r'<li><(?:b|span) class="[^"]*"[^>]*>([^<]+)</(?:b|span)> ([^<(]+)', key)
    )
    marks = [m.upper() for m in keyed]
    assert len(set(marks)) == len(marks), keyed
    assert keyed["Ba"].strip() == "Basic" and keyed["Br"].strip() == "Brawn"
    # every cube on a mat, and every piece on a grid, shows a mark the key explains
    for mark in re.findall(r'<span class="lr-cube [^"]*"[^>]*>([^<]+)</span>', board):
        assert mark in keyed, mark
    for cell in re.findall(r'<div class="lr-c[^"]*"[^>]*>.*?<b class="[^"]*">([^<]*)</b>', board):
        assert not cell or cell in keyed, cell
    assert {tui.CUBE_MARK[k] for k in tui.CUBE_MARK} <= set(keyed)
    assert "Ba basic" in tui.CUBE_KEY and "Br brawn" in tui.CUBE_KEY
    assert tui.cube_text({"basic": 2, "brawn": 1}) == "2Ba Br"


def test_a_move_target_shows_its_cost_and_one_way_to_pay_asks_nothing_more() -> None:
    s = scenario({"fresh": {"basic": 2}})
    board = web.render(s.view(0))
    assert "Creep · pays Basic" in board  # in full in the space's title
    assert '<em class="lr-cost">Creep pays Ba</em>' in board  # short on the space itself
    s.do("creep", dir="s")
    assert s.state.prompt().kind != "pay"  # one way to pay: paid at once
    several = scenario({"fresh": {"basic": 1, "perception": 1}})
    assert "Creep · 1 cube of any kind" in web.render(several.view(0))
    assert '<em class="lr-cost">Creep 1 any</em>' in web.render(several.view(0))


def test_several_ways_to_pay_are_buttons_on_the_map_with_their_cubes() -> None:
    """When a move can be paid more than one way the board asks on the map sheet: one button
    per way showing its cubes (each sends that way's option), the way back, and the space the
    move goes to marked; the page's own option list offers the same ways."""
    s = scenario({"fresh": {"basic": 1, "perception": 1}})
    before = s.view(0)["maps"][0]["pos"]
    s.do("creep", dir="s")
    assert s.state.prompt().kind == "pay"
    board = web.render(s.view(0))
    ways = re.findall(
        r'<button type="button" class="lr-way" data-act="([^"]+)"[^>]*>(.*?)</button>', board
    )
    offered = [a for a in s.state.legal_actions(0) if a.kind == "pay"]
    assert len(ways) == len(offered) == 2
    for (act, inner), action in zip(ways, offered, strict=True):
        assert Action.from_json(json.loads(unescape(act))) == action
        chips = re.findall(r'class="lr-cube lr-(\w+)"', inner)
        assert chips == list(action["cubes"])
    assert "Creep south: which cubes pay?" in visible_text(board)
    assert "Never mind" in board
    pending = re.search(r'<div class="lr-c[^"]*\bpending\b[^"]*"[^>]*data-cell="(\w\d)"', board)
    assert pending and grid.parse(pending[1]) == grid.step(before, "s")


def test_the_sheet_played_on_comes_first() -> None:
    """While building, the seat's lair (with its palette) opens the board; while exploring, the
    seat's own map sheet, where its moves are tapped (on a phone the rest is further down)."""
    building_board = web.render(Scenario("lairs", seed=1, mode="intro").view(0))
    assert re.findall(r"<h3>([^<]+)</h3>", building_board)[0] == "Your lair"
    exploring = visible_text(web.render(scenario().view(0)))
    heads = [h for h in ("Your map sheet", "Your lair", "Seat 2's map sheet") if h in exploring]
    assert sorted(heads, key=exploring.index)[0] == "Your map sheet"
