"""Solo: the generated lairs and the engine as the Builder."""

from __future__ import annotations

import pytest

from tabletop.engine import load
from tabletop.engine.rng import Rng
from tabletop.games.lairs import grid
from tabletop.games.lairs.content import content
from tabletop.games.lairs.rules import building, solo
from tabletop.testing import Scenario

HAZARDS = (
    ["autoflail", "gloombat", "whisperling-mob"],
    ["crushing-walls", "greased-pit", "howling-beetles"],
)


class TestGeneratedLairs:
    @pytest.mark.parametrize("level", solo.LEVELS)
    def test_every_generated_lair_is_legal(self, level: str) -> None:
        C = content()
        d = {"monsters": HAZARDS[0], "traps": HAZARDS[1]}
        for seed in range(15):
            lair = solo.generate(C, Rng(seed), *HAZARDS, level)
            assert building.ready_problem(d, lair, C) is None
            assert C.walls_min <= len(lair["walls"]) <= C.walls_max

    def test_chokepoint_weights_count_each_space_s_path(self) -> None:
        """A space's weight is how many spaces' paths to the Start (each stepping to its
        lowest-numbered neighbour one step nearer) pass it, walked path by path here."""
        for seed in range(20):
            r = Rng(seed)
            walls = solo._walls(r, 18)
            start = r.below(grid.SPACES)
            dist = grid.distances(start, walls)
            want = [0] * grid.SPACES
            for c in range(grid.SPACES):
                while dist[c] > 0:
                    want[c] += 1
                    c = min(
                        n
                        for _, n, e in grid.neighbours(c)
                        if e not in walls and dist[n] == dist[c] - 1
                    )
            assert solo._through(start, walls) == want

    def test_same_seed_same_lair_and_seeds_vary(self) -> None:
        C = content()
        a = solo.generate(C, Rng(5), *HAZARDS, "mid")
        assert a == solo.generate(C, Rng(5), *HAZARDS, "mid")
        layouts = {str(solo.generate(C, Rng(s), *HAZARDS, "mid")) for s in range(20)}
        assert len(layouts) == 20

    def test_the_exit_lies_farther_as_difficulty_rises(self) -> None:
        C = content()

        def mean_distance(level: str) -> float:
            total = 0
            for seed in range(20):
                lair = solo.generate(C, Rng(seed), *HAZARDS, level)
                dist = grid.distances(lair["feat"].index("start"), set(lair["walls"]))
                total += dist[lair["feat"].index("exit")]
            return total / 20

        assert mean_distance("easy") < mean_distance("very-hard")


class TestSoloGame:
    def test_solo_goes_straight_to_exploring_the_generated_lair(self) -> None:
        s = Scenario("lairs", seed=3, mode="solo", difficulty="hard")
        s.expect("turn", seat=0)
        v = s.view(0)
        assert "lair" not in v
        assert v["goal"] == content().difficulties["hard"].goal_vp
        assert sum(v["maps"][0]["known"]) == 1

    def test_harder_levels_raise_every_target(self) -> None:
        easy = load("lairs", mode="solo", difficulty="easy").new_state(1)
        hard = load("lairs", mode="solo", difficulty="very-hard").new_state(1)
        assert easy.target_bonus() == 0 and hard.target_bonus() == 3

    def test_the_automaton_builder_moves_the_gloombat_without_asking_a_seat(self) -> None:
        spec = {
            "lairs": [{"start": "A1", "exit": "F6", "monsters": {"A2": "gloombat"}}],
            "explorers": [{"fresh": {"basic": 4}}],
        }
        s = Scenario("lairs", spec, seed=1, mode="solo", difficulty="easy")
        s.do("creep", dir="e")
        s.expect("turn", seat=0)
        lair = s.state.lair(0)
        now = lair["feat"].index("m:gloombat")
        assert now != 1
        # the policy: the Unknown Empty space nearest the Exit
        assert now == grid.parse("F5") or now == grid.parse("E6")
        # the Builder is the rules' automaton: never a seat, never in the record
        assert set(s.state.game.automata()) == {1}
        assert [seat for seat, _ in s.state.history()] == [0] * len(s.state.history())
        assert s.state.game.num_players == 1

    def test_the_automaton_builder_picks_the_shivers_rerolls(self) -> None:
        """The Fright Gobbler's Shivers (as in the Monster's clarification test, where seat 1
        picks): in solo the engine asks the automaton, which rerolls the two highest dice."""
        spec = {
            "lairs": [{"start": "A1", "exit": "F6", "monsters": {"A2": "fright-gobbler"}}],
            "explorers": [{"fresh": {"basic": 6}, "known": ["A2"]}],
            "dice": [6, 5, 1, 2, 3, 4],
            "monster_dice": ["blank", "skull"],
        }
        s = Scenario("lairs", spec, seed=1, mode="solo", difficulty="easy", pack=True)
        s.do("creep", dir="e")
        if s.state.prompt().kind == "pay":
            s.do("pay", cubes=("basic",))
        s.do("buy", cube="basic").do("buy", cube="basic").do("buy", cube="basic").do("roll")
        last = s.view(0)["last_check"]
        # rolled 6, 5, 1: the Builder rerolls the 6 and the 5 (to 2 and 3)
        assert [d["value"] for d in last["dice"]] == [2, 3, 1] and last["total"] == 6
        assert all(seat == 0 for seat, _ in s.state.history())

    def test_a_solo_win_needs_the_exit_and_the_goal(self) -> None:
        spec = {
            "lairs": [{"start": "A1", "exit": "A2"}],
            "explorers": [
                {"fresh": {"basic": 2}, "treasures": ["moon-shard", "sun-shard", "old-crown"]}
            ],
        }
        s = Scenario("lairs", spec, seed=1, mode="solo", difficulty="easy")
        s.do("creep", dir="e").do("escape")
        out = s.state.outcome()
        assert out.winners == (0,) and out.scores[0] >= content().difficulties["easy"].goal_vp
