"""The public scenario builder (tabletop.testing)."""

from __future__ import annotations

import pytest

from tabletop.engine import Action
from tabletop.testing import Scenario, ScenarioError, parse_step


class TestScenario:
    def test_build_from_a_spec_and_script_choices(self) -> None:
        s = Scenario("toy-bids", {"hands": [[9, 2, 2], [1, 5, 6]]}, players=2)
        s.expect("bid", seat=0).do("bid", by=0, card=9).do("bid", by=1, card=1)
        assert s.data["score"] == [1, 0]

    def test_ambiguous_or_missing_steps_list_the_legal_options(self) -> None:
        s = Scenario("toy-bids", {"hands": [[9, 2, 2], [1, 5, 6]]}, players=2)
        with pytest.raises(ScenarioError, match=r"2 legal action\(s\) match bid") as err:
            s.find("bid", 0)
        assert "bid(card=9)" in str(err.value)
        with pytest.raises(ScenarioError, match="no legal action"):
            s.do("bid", by=0, card=4)
        with pytest.raises(ScenarioError, match="expected a 'steal-or-pass' decision"):
            s.expect("steal-or-pass")

    def test_refuse_checks_the_state_is_unchanged(self) -> None:
        s = Scenario("toy-bids", players=2)
        assert "not legal" in s.refuse(Action.of("bid", card=42), 0)
        with pytest.raises(ScenarioError, match="was accepted"):
            s.refuse(s.options(0)[0], 0)

    def test_run_until_needs_bots_for_unscripted_decisions(self) -> None:
        s = Scenario("toy-bids", players=2, seed=1)
        with pytest.raises(ScenarioError, match="unscripted decision"):
            s.run_until(lambda st: st.is_terminal())
        s.run_until(lambda st: st.is_terminal(), bots={0: "random", 1: "random"})
        assert s.state.is_terminal()

    def test_parse_step(self) -> None:
        assert parse_step("move region=forest-2 pay=1 free=true x=none") == (
            "move",
            {"region": "forest-2", "pay": 1, "free": True, "x": None},
        )
        with pytest.raises(ScenarioError, match="expected key=value"):
            parse_step("move forest")
