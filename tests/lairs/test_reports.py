"""What balance reports and search bots read of a game: each explorer's tags (the hazards it
faced, the ones that struck it, its trophies, the solo difficulty) and the win estimate."""

from __future__ import annotations

from tabletop.engine import load
from tabletop.games.lairs.state import LairsState
from tabletop.testing import Scenario

from .helpers import scenario


class TestTags:
    def test_a_failed_check_tags_the_hazard_that_struck(self) -> None:
        lair = {"start": "A1", "exit": "F6", "traps": {"B1": "greased-pit"}}
        s = scenario({"fresh": {"basic": 4}, "known": ["B1"]}, lair1=lair, dice=[1, 1])
        s.do("creep", dir="s").do("buy", cube="basic").do("buy", cube="basic").do("roll")
        state = s.state
        assert isinstance(state, LairsState)
        tags = state.tags(0)
        assert tags["Struck by"] == ["Greased Pit"]
        assert "Greased Pit" in tags["Hazard"]
        assert tags["Trophy"] == []
        assert "Difficulty" not in tags
        assert state.tags(1)["Struck by"] == []

    def test_solo_tags_name_the_difficulty(self) -> None:
        s = load("lairs", mode="solo", difficulty="hard").new_state(3)
        assert isinstance(s, LairsState)
        tags = s.tags(0)
        assert tags["Difficulty"] == "hard"
        assert len(tags["Hazard"]) == 6


class TestEvaluate:
    def test_two_seats_share_the_estimate_and_the_richer_leads(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2}, "treasures": ["moon-shard", "sun-shard"]},
        )
        state = s.state
        assert isinstance(state, LairsState)
        est = state.evaluate()
        assert len(est) == 2 and abs(sum(est) - 1.0) < 1e-9
        assert est[0] > est[1]

    def test_a_solo_escape_with_the_goal_is_a_sure_win(self) -> None:
        spec = {
            "lairs": [{"start": "A1", "exit": "A2"}],
            "explorers": [
                {"fresh": {"basic": 2}, "treasures": ["moon-shard", "sun-shard", "old-crown"]}
            ],
        }
        s = Scenario("lairs", spec, seed=1, mode="solo", difficulty="easy")
        state = s.state
        assert isinstance(state, LairsState)
        before = state.evaluate()[0]
        assert 0.0 < before < 1.0
        s.do("creep", dir="e").do("escape")
        assert state.evaluate() == [1.0 if state.outcome().winners == (0,) else 0.0]
        assert state.outcome().winners == (0,)
