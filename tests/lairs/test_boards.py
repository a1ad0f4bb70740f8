"""The terminal and web boards read views only, and the web board can be played by clicking:
every space or edge marked with an action offers exactly a legal one."""

from __future__ import annotations

import io
import json
import re
from html import unescape

from rich.console import Console

from tabletop.engine import Action, State, load
from tabletop.engine.bots import make_bot
from tabletop.games.lairs import tui, web
from tabletop.games.lairs.content import content
from tabletop.games.lairs.presentation import LairsPresentation
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


# ------------------------------------------------------------ the compact terminal drawing
def explored(seed: int = 3, actions: int = 160, **params: object) -> State:
    """A seeded game between greedy bots, some way into exploring."""
    game = load("lairs", **params)
    state = game.new_state(seed)
    bots = {s: make_bot(game, "greedy", s, seed) for s in range(game.num_players)}
    for _ in range(actions):
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        state.apply(bots[seat].act(state), seat)
    return state


def compact_lines(view: dict[str, object]) -> list[str]:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(tui.render_compact(view))
    return console.export_text().splitlines()


def grid_cells(lines: list[str], title: str) -> list[str]:
    """The 36 cells (two letters each, after the explorer mark) of the grid under ``title``."""
    top = next(i for i, line in enumerate(lines) if title in line)
    col = lines[top].index(title)
    rows = [lines[top + 3 + 2 * r][col:] for r in range(6)]
    assert all(row.startswith(f"{'ABCDEF'[r]} |") for r, row in enumerate(rows)), rows
    return [row[3 + 4 * c : 6 + 4 * c] for row in rows for c in range(6)]


class TestTheCompactTerminalBoard:
    def test_the_map_sheet_shows_what_is_learnt_and_hides_the_rest(self) -> None:
        state = explored()
        view = state.view(0)
        assert view["phase"] == "explore"
        sheet = view["maps"][0]
        labels = tui.short_labels()
        cells = grid_cells(compact_lines(view), "your map sheet")
        for i, shown in enumerate(cells):
            feat = sheet["map"][i]
            assert (shown[0] == ">") == (i == sheet["pos"]), (i, shown)
            if feat is None and not sheet["known"][i]:
                assert shown[1:] == "? ", (i, shown)
            elif feat and feat[:2] in ("m:", "t:"):
                assert shown[1:] == labels[feat[2:]], (i, shown)
        assert any(c[1:] == "? " for c in cells) and any(c[1:] != "? " for c in cells)

    def test_the_builders_own_lair_is_drawn_whole(self) -> None:
        state = explored()
        view = state.view(0)
        lair = view["lair"]
        labels = tui.short_labels()
        cells = grid_cells(compact_lines(view), "your lair")
        for i, feat in enumerate(lair["feat"]):
            if feat and feat[:2] in ("m:", "t:"):
                assert cells[i][1:] == labels[feat[2:]]
            elif feat == "exit":
                assert cells[i][1:] == "X "

    def test_every_hazard_in_play_is_keyed_with_its_target_and_weaknesses(self) -> None:
        view = explored(pack=True).view(0)
        text = "\n".join(compact_lines(view))
        labels = tui.short_labels()
        for hid in set(view["monsters"] + view["traps"]):
            h = content().hazards[hid]
            assert f"{labels[hid]} {h.name} ({h.kind} T{h.target}, weak to" in text
        assert "T8 Target 8" in text and "Ba basic" in text and "Br brawn" in text and "VP " in text

    def test_the_labels_differ_whatever_the_case(self) -> None:
        labels = tui.short_labels()
        assert len({v.upper() for v in labels.values()}) == len(labels) == len(content().hazards)
        for hid, label in labels.items():
            assert len(label) == 2
            assert label.isupper() == (content().hazards[hid].kind == "monster")

    def test_the_pieces_left_are_named(self) -> None:
        view = load("lairs").new_state(3).view(0)
        text = "\n".join(compact_lines(view))
        assert "pieces left: 3 chest" in text and not re.search(r"\b[mt]:[a-z]", text)

    def test_it_fits_beside_the_options_in_every_mode(self) -> None:
        for params in ({"mode": "standard", "pack": True}, {"mode": "solo", "difficulty": "mid"}):
            for n in (0, 60, 160):
                state = explored(actions=n, **params)
                if not state.is_terminal():
                    lines = compact_lines(state.view(0))
                    assert len(lines) <= 30 and max(map(len, lines)) <= 120, (params, n)


def test_query_a_hazard_treasure_or_junk_card_by_name() -> None:
    shown = LairsPresentation()
    assert shown.provides.cards
    hound = shown.card_text("gear hound")
    assert hound is not None and hound.startswith("Gear Hound (Kind monster, Target 9")
    assert "High Alert" in hound
    C = content()
    treasure = next(iter(C.treasures.values()))
    assert f"VP {treasure.vp}" in (shown.card_text(treasure.name) or "")
    junk = next(j for j in C.junk.values() if j.cost)
    assert f"Cost {junk.cost}" in (shown.card_text(junk.name) or "")


def test_long_mats_wrap_beside_the_grids_and_leave_them_whole() -> None:
    """A mat with many treasures wraps in its column; the three grids keep their 27 columns."""
    view = explored(pack=True).view(0)
    every = list(content().treasures)
    view["mats"] = [dict(m, treasures=every[:8]) for m in view["mats"]]
    lines = compact_lines(view)
    assert max(map(len, lines)) <= 120
    for title in ("your lair", "your map sheet", "Seat 2's map sheet"):
        assert len(grid_cells(lines, title)) == 36


def test_the_compact_board_says_whose_turn_and_the_turns_left_after_an_escape() -> None:
    """(The last turns once one explorer has escaped, the view's ``horn``.)"""
    state = explored(seed=1, actions=163)
    view = state.view(0)
    assert view["horn"] == 2
    text = "\n".join(compact_lines(view))
    assert "An explorer has escaped: 2 turns left to the one still inside" in text
    turn = "your turn" if view["turn"] == 0 else "Seat 2's turn"
    assert f"explore, {turn}" in text
    assert "escaped" not in "\n".join(compact_lines(explored(seed=1, actions=100).view(0)))
