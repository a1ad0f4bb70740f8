"""Exploring: what the explorer learns and when, the base moves, and refusals."""

from __future__ import annotations

from tabletop.engine import Action
from tabletop.games.lairs import grid

from .helpers import known, scenario

# Seat 1's lair, explored by seat 0: Start A1 (a wall east of it), a Chest in A4, a Hungry Blob in
# C1, a Greased Pit in B3, the Exit in F6.
SMALL = {
    "start": "A1",
    "exit": "F6",
    "chests": ["A4"],
    "monsters": {"C1": "hungry-blob"},
    "traps": {"B3": "greased-pit"},
    "walls": ["A1|A2", "B2|C2"],
}
BASICS = {"fresh": {"basic": 4}}


def sheet(s, seat: int = 0) -> dict:
    return s.view(seat)["maps"][seat]


class TestWhatTheExplorerLearns:
    def test_the_start_and_its_walls_are_told_at_the_start(self) -> None:
        s = scenario(BASICS, lair1=SMALL)
        assert known(s) == {"A1"}
        assert sheet(s)["map"][0] == "start"
        assert grid.parse_edge("A1|A2") in sheet(s)["mwalls"]

    def test_entering_an_unknown_space_tells_its_walls_and_features(self) -> None:
        s = scenario(BASICS, lair1=SMALL)
        s.do("creep", dir="s")
        assert known(s) == {"A1", "B1"}
        s.do("creep", dir="e")
        assert sheet(s)["map"][grid.parse("B2")] == "empty"
        assert grid.parse_edge("B2|C2") in sheet(s)["mwalls"]

    def test_nothing_else_of_the_lair_is_on_the_map_sheet(self) -> None:
        s = scenario(BASICS, lair1=SMALL)
        m = sheet(s)["map"]
        assert [c for c in range(36) if m[c] is not None] == [0]
        assert sheet(s)["mwalls"] == [grid.parse_edge("A1|A2")]

    def test_peer_reveals_an_adjacent_space_in_full(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2, "perception": 1}, "pos": "B2", "visited": ["B1"]}, lair1=SMALL
        )
        s.do("peer", at="B3")
        s.do("pay", cubes=("perception",))
        assert sheet(s)["map"][grid.parse("B3")] == "t:greased-pit"
        assert "B3" in known(s)
        assert sheet(s)["pos"] == grid.parse("B2")

    def test_peer_cannot_look_through_a_wall(self) -> None:
        s = scenario({"fresh": {"basic": 2, "perception": 1}, "pos": "B2"}, lair1=SMALL)
        assert "peer" not in {a.kind for a in s.options() if a.get("at") == "C2"}
        assert s.find("peer", at="A2")

    def test_invisible_hazards_are_told_only_on_entering(self) -> None:
        lair = {
            **SMALL,
            "monsters": {"A3": "whisperling-mob"},
            "walls": ["A1|B1", "A3|B3", "A3|A4"],
        }
        s = scenario(
            {"fresh": {"basic": 2, "perception": 1}, "pos": "A2"}, lair1=lair, params={"pack": True}
        )
        s.do("peer", at="A3")
        s.do("pay", cubes=("perception",))
        assert sheet(s)["map"][grid.parse("A3")] == "empty"


class TestCreep:
    def test_creep_moves_one_space_for_any_cube(self) -> None:
        s = scenario(BASICS, lair1=SMALL)
        s.do("creep", dir="s")
        assert sheet(s)["pos"] == grid.parse("B1")
        assert s.view(0)["mats"][0]["fresh"]["basic"] == 3

    def test_a_move_through_a_wall_is_refused_naming_the_wall(self) -> None:
        s = scenario(BASICS, lair1=SMALL)
        reason = s.refuse(Action.of("creep", dir="e"), 0)
        assert "a wall blocks the way from A1 e" in reason
        reason = s.refuse(Action.of("creep", dir="n"), 0)
        assert "edge of the lair" in reason

    def test_the_payment_is_asked_when_there_is_a_choice(self) -> None:
        s = scenario({"fresh": {"basic": 1, "quickness": 1}}, lair1=SMALL)
        s.do("creep", dir="s").expect("pay")
        s.do("pay", cubes=("quickness",))
        assert s.view(0)["mats"][0]["spent"]["quickness"] == 1


class TestHustle:
    def test_hustle_runs_straight_and_stops_at_the_first_space_that_is_not_empty(self) -> None:
        s = scenario({"fresh": {"basic": 2, "quickness": 1}, "pos": "A2"}, lair1=SMALL)
        s.do("hustle", dir="e", steps=3)
        s.do("pay", cubes=("quickness",))
        # A3 is empty, A4 holds the Chest: the Hustle stops there and the Chest is opened
        assert sheet(s)["pos"] == grid.parse("A4")
        assert len(s.view(0)["mats"][0]["treasures"]) == 1

    def test_hustle_stops_at_a_hazard(self) -> None:
        s = scenario({"fresh": {"basic": 3, "quickness": 1}, "pos": "A3"}, lair1=SMALL)
        s.do("hustle", dir="s", steps=3)
        s.do("pay", cubes=("quickness",))
        assert sheet(s)["pos"] == grid.parse("B3")  # the unknown Greased Pit strikes there

    def test_hustle_stops_at_a_wall_it_meets(self) -> None:
        s = scenario({"fresh": {"basic": 2, "quickness": 1}, "pos": "A2"}, lair1=SMALL)
        s.do("hustle", dir="s", steps=3)
        s.do("pay", cubes=("quickness",))
        # B2 is empty; the wall between B2 and C2, learnt on entering B2, ends the run after
        # one step: it costs a Creep (ruling X1), paid with the cube the explorer chooses
        assert sheet(s)["pos"] == grid.parse("B2")
        s.expect("cube", seat=0).do("cube", basket="fresh", cube="basic")
        mat = s.view(0)["mats"][0]
        assert mat["fresh"]["quickness"] == 1 and mat["fresh"]["basic"] == 1

    def test_a_hustle_a_wall_stops_after_one_step_costs_a_creep(self) -> None:
        """Ruling X1: two any cubes paid for a Hustle of three; a wall the explorer could not
        know of stops it after one step, so it costs what a Creep costs: one cube."""
        s = scenario({"fresh": {"basic": 3}, "pos": "A2"}, lair1=SMALL)
        s.do("hustle", dir="s", steps=3)
        assert sheet(s)["pos"] == grid.parse("B2")
        mat = s.view(0)["mats"][0]
        assert mat["spent"]["basic"] == 1 and mat["fresh"]["basic"] == 2

    def test_a_hustle_that_takes_two_steps_pays_in_full(self) -> None:
        s = scenario({"fresh": {"basic": 3}, "pos": "A2"}, lair1={**SMALL, "walls": ["A1|A2"]})
        s.do("hustle", dir="s", steps=3)
        assert sheet(s)["pos"] == grid.parse("D2")
        assert s.view(0)["mats"][0]["spent"]["basic"] == 2

    def test_two_any_cubes_pay_for_hustle(self) -> None:
        s = scenario({"fresh": {"basic": 2}, "pos": "A2"}, lair1=SMALL)
        s.do("hustle", dir="e", steps=1)
        assert s.view(0)["mats"][0]["spent"]["basic"] == 2


class TestBacktrack:
    def test_backtrack_returns_through_visited_empty_spaces(self) -> None:
        s = scenario({"fresh": {"basic": 4, "quickness": 1}}, lair1=SMALL)
        s.do("creep", dir="s").do("pay", cubes=("basic",))
        s.do("creep", dir="e").do("pay", cubes=("basic",))
        s.do("backtrack", to="A1")
        s.do("pay", cubes=("quickness",))
        assert sheet(s)["pos"] == 0

    def test_backtrack_only_to_visited_spaces(self) -> None:
        s = scenario({"fresh": {"basic": 4, "quickness": 1}, "known": ["A2"]}, lair1=SMALL)
        assert not [a for a in s.options() if a.kind == "backtrack"]

    def test_backtrack_may_end_on_a_visited_exit(self) -> None:
        lair = {"start": "A1", "exit": "A3", "walls": []}
        s = scenario(
            {"fresh": {"basic": 2, "quickness": 1}, "visited": ["A2", "A3"], "known": ["A2", "A3"]},
            lair1=lair,
        )
        s.do("backtrack", to="A3").do("pay", cubes=("quickness",))
        assert s.view(0)["maps"][0]["pos"] == grid.parse("A3")
        assert s.find("escape")

    def test_backtrack_onto_a_visited_known_monster_fights_it_entered_from_the_path(
        self,
    ) -> None:
        lair = {"start": "A1", "exit": "F6", "monsters": {"A3": "furniture-golem"}, "walls": []}
        s = scenario(
            {"fresh": {"basic": 3, "quickness": 1}, "visited": ["A2", "A3"], "known": ["A2", "A3"]},
            lair1=lair,
            dice=[1],
        )
        s.do("backtrack", to="A3").do("pay", cubes=("quickness",)).expect("check")
        s.do("buy", cube="basic").do("roll")
        # the Wall of Chairs sends it back into the space it entered from: A2, on the path
        assert s.view(0)["maps"][0]["pos"] == grid.parse("A2")

    def test_backtrack_never_passes_a_space_that_is_not_empty(self) -> None:
        lair = {"start": "A1", "exit": "A2", "walls": []}
        s = scenario(
            {"fresh": {"basic": 2, "quickness": 1}, "visited": ["A2", "A3"], "known": ["A2", "A3"]},
            lair1=lair,
        )
        assert {a["to"] for a in s.options(0) if a.kind == "backtrack"} == {"A2"}


class TestCubes:
    def test_an_action_without_the_cubes_for_it_is_refused(self) -> None:
        s = scenario({"fresh": {"basic": 1}, "pos": "B2"}, lair1=SMALL)
        reason = s.refuse(Action.of("peer", at="A2"), 0)
        assert "peer costs perception or any + any from your Fresh cubes" in reason

    def test_the_turn_ends_when_no_fresh_cube_is_left(self) -> None:
        s = scenario({"fresh": {"basic": 1}}, lair1=SMALL)
        s.do("creep", dir="s")
        assert s.state.prompt().seats == (1,)
