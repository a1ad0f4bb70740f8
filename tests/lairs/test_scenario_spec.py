"""The scenario spec rule tests are written in: every key at every level is checked, so a test
never passes on a set-up it did not have (an unknown key is refused with its path)."""

from __future__ import annotations

import pytest

from tabletop.engine import BadParameter

from .helpers import arena, scenario


class TestTheScenarioSpec:
    def test_a_misspelt_explorer_key_is_refused_with_its_path(self) -> None:
        with pytest.raises(BadParameter, match=r"explorers\.0\.posiiton"):
            scenario({"posiiton": "C2", "fresh": {"basic": 3}}, lair1=arena())

    def test_an_unknown_lair_key_is_refused_with_its_path(self) -> None:
        with pytest.raises(BadParameter, match=r"lairs\.1\.chest\b"):
            scenario({"fresh": {"basic": 3}}, lair1={**arena(), "chest": ["B2"]})

    def test_an_unknown_top_level_key_is_refused(self) -> None:
        with pytest.raises(BadParameter, match=r"monster_die"):
            scenario({"fresh": {"basic": 3}}, lair1=arena(), monster_die=["skull"])

    def test_a_wrong_type_is_refused_with_its_path(self) -> None:
        with pytest.raises(BadParameter, match=r"explorers\.0\.notes"):
            scenario({"fresh": {"basic": 3}, "notes": "two"}, lair1=arena())

    def test_a_well_written_spec_builds(self) -> None:
        s = scenario({"pos": "A1", "fresh": {"basic": 3}, "notes": 2}, lair1=arena())
        assert s.view(0)["mats"][0]["fresh"]["basic"] == 3
