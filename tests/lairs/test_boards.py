"""The terminal and web boards read views only, and the web board can be played by clicking:
every space or edge marked with an action offers exactly a legal one."""

from __future__ import annotations

import json
import re
from html import unescape

from rich.console import Console

from tabletop.engine import Action
from tabletop.games.lairs import tui, web
from tabletop.testing import Scenario

from .helpers import scenario


def acts(markup: str) -> list[Action]:
    return [
        Action.from_json(json.loads(unescape(m))) for m in re.findall(r'data-act="([^"]*)"', markup)
    ]


def fills(markup: str) -> list[Action]:
    """What the board's data-pick marks pick, as partial actions of their template."""
    out = []
    for m in re.findall(r'data-pick="([^"]*)"', markup):
        pick = json.loads(unescape(m))
        out.append(Action.of(pick.pop("template"), **pick))
    return out


class TestWebBoard:
    def test_building_by_clicking_pieces_then_cells(self) -> None:
        s = Scenario("lairs", seed=1, mode="intro")
        board = web.render(s.view(0))
        # a piece chip picks the piece in the build form; a free space names its cell
        assert Action.of("build", piece="start") in fills(board)
        cells = [a for a in acts(board) if a.kind == "build" and a.get("side") == "space"]
        assert len(cells) == 36
        start = Action.of("build", piece="start", cell="C3", side="space")
        assert s.state.is_legal(start, 0)
        s.state.apply(start, 0)
        board = web.render(s.view(0))
        assert Action.of("take-back", cell="C3", side="space") in acts(board)
        assert Action.of("build", piece="start") not in fills(board)  # placed: no chip left

    def test_walls_are_placed_by_clicking_an_edge(self) -> None:
        s = Scenario("lairs", seed=1, mode="intro")
        walls = [a for a in acts(web.render(s.view(0))) if a.get("piece") == "wall"]
        assert len(walls) == 60 and set(walls) <= set(s.options(0))

    def test_exploring_by_clicking_a_neighbouring_space(self) -> None:
        s = scenario({"fresh": {"basic": 2, "perception": 1}})
        offered = acts(web.render(s.view(0)))
        assert Action.of("creep", dir="s") in offered
        assert set(offered) <= set(s.options(0))
        assert acts(web.render(s.view(1))) == []  # not seat 1's decision

    def test_the_board_shows_the_dice(self) -> None:
        lair = {"start": "A1", "exit": "F6", "traps": {"B1": "greased-pit"}}
        s = scenario({"fresh": {"basic": 4}, "known": ["B1"]}, lair1=lair, dice=[6, 2])
        s.do("creep", dir="s").do("buy", cube="basic").do("buy", cube="basic").do("roll")
        board = web.render(s.view(0))
        assert re.findall(r'class="lr-die basic"[^>]*>(\d)<', board) == ["6", "2"]
        assert "total <b>8</b>" in board


def test_terminal_board_renders_every_phase() -> None:
    console = Console(width=160, record=True)
    s = Scenario("lairs", seed=1, mode="intro")
    console.print(tui.render(s.view(0)))
    s2 = scenario({"fresh": {"basic": 2}})
    console.print(tui.render(s2.view(0)))
    text = console.export_text()
    assert "your lair" in text and "your map sheet" in text
