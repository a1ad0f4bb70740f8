"""Views: neither seat's view ever holds anything of the other's lair it has not learnt.

The property: take any state of a random game, change everything in the lair a seat explores
that the seat has not learnt (features of spaces not on its map sheet, an invisible hazard it was
never shown, walls around no Known space), and the rival's Junk hand; the seat's view, legal
actions included, must not change. While building, the rival's whole lair is secret."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine import load
from tabletop.engine.rng import Rng
from tabletop.games.lairs import grid
from tabletop.games.lairs.rules.building import hazard_id
from tabletop.games.lairs.state import LairsState

MODES = [
    {"mode": "standard"},
    {"mode": "standard", "pack": True},
    {"mode": "solo", "difficulty": "mid"},
    {"mode": "solo", "pack": True, "difficulty": "hard"},
]


def unlearnt_changed(s: LairsState, seat: int) -> LairsState:
    """A twin of ``s`` whose lair explored by ``seat`` differs in everything not learnt."""
    twin = s.clone()
    d = twin.data
    if d["phase"] in ("select", "build"):
        if not d["solo"]:
            other = twin.lair(1 - seat)
            other["feat"] = list(reversed(other["feat"]))
            other["walls"] = [e for e in range(grid.EDGES) if e not in other["walls"]][:5]
        return twin
    ex = d["explorers"][seat]
    lair = twin.lair_of(seat)
    for c in range(grid.SPACES):
        f = lair["feat"][c]
        hid = hazard_id(f)
        hidden = ex["map"][c] is None or (
            ex["map"][c] == "empty" and hid is not None and s.content.hazards[hid].invisible
        )
        if hidden and f not in ("start",):
            lair["feat"][c] = None if f is not None else "chest"
    seen = {c for c in range(grid.SPACES) if ex["known"][c]}
    walls = set(lair["walls"])
    for e in range(grid.EDGES):
        a, b = grid.edge_cells(e)
        if a not in seen and b not in seen and e not in ex["map_walls"]:
            walls ^= {e}
    lair["walls"] = sorted(walls)
    if not d["solo"]:
        d["explorers"][1 - seat]["junk"] = ["chipped-dagger#1"] * len(
            d["explorers"][1 - seat]["junk"]
        )
    return twin


def canon(v: Any) -> str:
    return json.dumps(v, sort_keys=True)


@pytest.mark.parametrize("params", MODES, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 500))
def test_a_view_holds_nothing_unlearnt_of_the_lair_explored(
    params: dict[str, Any], seed: int, steps: int
) -> None:
    game = load("lairs", **params)
    s = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        seats = s.current_seats()
        seat = seats[rng.below(len(seats))]
        s.apply(rng.choice(s.legal_actions(seat)), seat)
    assert isinstance(s, LairsState)
    for seat in range(game.num_players):
        twin = unlearnt_changed(s, seat)
        twin.invalidate()
        assert canon(twin.view(seat)) == canon(s.view(seat)), f"seat {seat} sees a secret"


def test_the_builder_sees_its_real_lair_and_where_the_explorer_is() -> None:
    from .helpers import scenario

    s = scenario({"fresh": {"basic": 2}})
    v1 = s.view(1)
    assert v1["lair"]["feat"][grid.parse("D5")] == "m:autoflail"  # seat 1's own lair, in full
    assert v1["maps"][0]["pos"] == 0  # where seat 0 explores it
    v0 = s.view(0)
    assert "m:autoflail" not in v0["maps"][0]["map"]
    assert v0["lair"]["feat"] == v1["lair"]["feat"]  # both built the same plain lair here


def test_a_spectator_sees_no_lair() -> None:
    from .helpers import scenario

    v = scenario({"fresh": {"basic": 2}}).view(None)
    assert "lair" not in v
    assert all("junk" not in m for m in v["mats"])


@pytest.mark.parametrize("params", MODES, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
def test_along_whole_games_no_view_holds_a_secret(params: dict[str, Any]) -> None:
    game = load("lairs", **params)
    for seed in (11, 12):
        s = game.new_state(seed)
        rng = Rng(seed)
        step = 0
        while not s.is_terminal():
            if s.data["phase"] == "explore" and step % 5 == 0:
                for seat in range(game.num_players):
                    twin = unlearnt_changed(s, seat)  # type: ignore[arg-type]
                    twin.invalidate()
                    assert canon(twin.view(seat)) == canon(s.view(seat)), (seed, step, seat)
            seats = s.current_seats()
            seat = seats[rng.below(len(seats))]
            s.apply(rng.choice(s.legal_actions(seat)), seat)
            step += 1


def test_resampling_redraws_the_unlearnt_lair_and_keeps_the_view() -> None:
    """The lairs' spaces are zones of the knowledge model: a resample for a seat keeps every
    space it knows (its map sheet shows it truly) and redraws the rest among themselves."""
    game = load("lairs", mode="standard")
    s = game.new_state(21)
    rng = Rng(21)
    while s.data["phase"] != "explore" or s.data["ask"] or s.data["check"]:
        seats = s.current_seats()
        seat = seats[rng.below(len(seats))]
        s.apply(rng.choice(s.legal_actions(seat)), seat)
    assert isinstance(s, LairsState)
    seat = s.data["turn"]
    lair = s.lair_of(seat)
    sheet = s.data["explorers"][seat]["map"]
    known = [c for c in range(grid.SPACES) if sheet[c] is not None]
    assert known
    moved = 0
    for k in range(10):
        other = s.resample(seat, Rng(k))
        assert isinstance(other, LairsState)
        assert canon(other.view(seat)) == canon(s.view(seat))
        theirs = other.lair_of(seat)["feat"]
        assert [theirs[c] for c in known] == [lair["feat"][c] for c in known]
        assert sorted(map(str, theirs)) == sorted(map(str, lair["feat"]))  # the same pieces
        moved += theirs != lair["feat"]
        # the builder knows its whole lair: nothing of it is redrawn for the builder
        mine = s.resample(1 - seat, Rng(k))
        assert mine.lair_of(seat)["feat"] == lair["feat"]  # type: ignore[attr-defined]
    assert moved > 0


def _exploring_states(params: dict[str, Any], seed: int, every: int = 9) -> list[LairsState]:
    """States of a random game between the steps of a turn, every few actions."""
    game = load("lairs", **params)
    s = game.new_state(seed)
    rng = Rng(seed)
    out = []
    step = 0
    while not s.is_terminal():
        d = s.data
        if d["phase"] == "explore" and not (d["ask"] or d["check"] or d["queue"]):
            if step % every == 0:
                assert isinstance(s, LairsState)
                out.append(s.clone())
            step += 1
        seats = s.current_seats()
        seat = seats[rng.below(len(seats))]
        s.apply(rng.choice(s.legal_actions(seat)), seat)
    return out


def _learnt_edges(s: LairsState, e: int) -> set[int]:
    """Edges whose Wall, or its absence, explorer ``e`` has learnt: around its Known spaces,
    and every wall it bumped into."""
    ex = s.data["explorers"][e]
    around = {
        edge for c in range(grid.SPACES) if ex["known"][c] for _, _, edge in grid.neighbours(c)
    }
    return around | set(ex["map_walls"])


@pytest.mark.parametrize(
    "params",
    [{"mode": "standard"}, {"mode": "solo", "difficulty": "hard"}, {"mode": "solo", "pack": True}],
    ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()),
)
def test_resampling_redraws_the_unlearnt_walls_into_a_legal_lair(params: dict[str, Any]) -> None:
    """The explorer's resample (for search bots) moves the Walls it has not learnt: the walls and
    open ways it learnt stay, its view is unchanged, the lair keeps every building rule (Start,
    Exit and Chests reachable under the Peril Rule, no space cut off, the hazards' placement
    limits) with as many Walls as built, and the walls do vary. The builder knows its walls."""
    from tabletop.games.lairs.rules.building import problem

    varied = checked = 0
    for seed in (3, 4):
        for s in _exploring_states(params, seed):
            e = s.data["turn"]
            lair = s.lair_of(e)
            learnt = _learnt_edges(s, e)
            for k in range(4):
                world = s.resample(e, Rng(k))
                assert isinstance(world, LairsState)
                assert canon(world.view(e)) == canon(s.view(e))
                theirs = world.lair_of(e)
                assert {x for x in theirs["walls"] if x in learnt} == {
                    x for x in lair["walls"] if x in learnt
                }
                assert len(theirs["walls"]) == len(lair["walls"])
                assert problem(theirs["feat"], set(theirs["walls"]), s.content) is None
                varied += theirs["walls"] != lair["walls"]
                checked += 1
                if not s.data["solo"]:
                    mine = s.resample(1 - e, Rng(k))
                    assert isinstance(mine, LairsState)
                    assert mine.lair_of(e)["walls"] == lair["walls"]
    assert checked >= 10
    assert varied >= checked // 2, (varied, checked)


class TestKnowledgeOfTheLairs:
    """The lairs' spaces are zones of the engine's knowledge model (what each seat knows of
    each space, and how it learnt it), kept in step with the map sheets."""

    def test_the_builder_knows_its_lair_and_the_explorer_what_its_map_shows(self) -> None:
        from .helpers import scenario

        s = scenario({"fresh": {"basic": 4}, "known": ["A2"]})
        state = s.state
        assert isinstance(state, LairsState)
        z = state.secrets()
        known = z.known("lair:1")
        # seat 1 built lair 1: it knows every space; seat 0 the Start and the spaces it learnt
        assert all(m & 0b10 for m in known)
        learnt_by_explorer = {grid.name(c) for c, m in enumerate(known) if m & 0b01}
        assert learnt_by_explorer == {"A1", "A2"}
        assert z.how("lair:1", 0) == "explored"
        # what seat 0 knows of lair 1 is what its map sheet shows
        items = z.view("lair:1", 0)["items"]
        sheet = s.view(0)["maps"][0]["map"]
        assert items[grid.parse("A1")] == sheet[grid.parse("A1")] == "start"
        assert items[grid.parse("A2")] is None and sheet[grid.parse("A2")] == "empty"
        assert z.view("lair:1", None)["items"][grid.parse("A1")] == "start"  # map sheets: public

    def test_an_invisible_hazard_on_a_known_space_stays_unknown(self) -> None:
        from .helpers import lair, scenario

        hidden = lair(monsters={"D2": "hungry-blob", "D5": "autoflail", "A2": "whisperling-mob"})
        hidden["walls"] = [*hidden["walls"], "A2|A3", "A2|B2"]
        s = scenario({"fresh": {"basic": 4}, "known": ["A2"]}, lair1=hidden)
        state = s.state
        assert isinstance(state, LairsState)
        assert s.view(0)["maps"][0]["map"][grid.parse("A2")] == "empty"
        assert not state.secrets().known("lair:1")[grid.parse("A2")] & 0b01

    def test_a_step_that_shows_a_space_cannot_be_taken_back(self) -> None:
        from tabletop.engine import IllegalAction
        from tabletop.engine.undo import undo_last

        from .helpers import scenario

        s = scenario({"fresh": {"basic": 4, "perception": 1}})
        before = s.state.clone()
        options = [a for a in s.options(0) if a.kind == "peer"]
        assert options
        s.state.apply(options[0], 0)
        while s.state.prompt().kind == "pay":
            before = s.state.clone()
            s.state.apply(s.options(0)[0], 0)
        # the engine's replay on resampled lairs sees the Peer show seat 0 (Seat 1) what
        # depends on the lair (now that a resample redraws it); the game's own check agrees
        with pytest.raises(IllegalAction, match="revealed hidden information to Seat 1"):
            undo_last(s.state, 0, before)
        assert before.undo_blocked(0, s.state.history()[-1][1]) == (
            "the Builder told what stands on a space"
        )
