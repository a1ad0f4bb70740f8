"""The scenario spec (the positions the rule tests set up): every key at every level is checked, so
a misspelt one never leaves a state set up other than written (issue 23, point 7)."""

from __future__ import annotations

import pytest

from tabletop.engine import BadParameter

from .helpers import me, table


class TestMoving:
    """1: Moving, from where a spec says the characters stand."""

    def test_moving_from_a_misspelt_position_is_refused_with_its_path(self) -> None:
        # once silently ignored: the Pauper started in its City instead of Beach 2
        with pytest.raises(BadParameter, match=r"seats\.0\.posiiton: Extra inputs"):
            table({"seats": [{"posiiton": "beach-2"}, {}], "char": "pauper"})
        with pytest.raises(BadParameter, match=r"seats\.1\.pos: Extra inputs"):
            table({"seats": [{}, {"pos": "beach-2"}]})

    def test_moving_from_the_position_written(self) -> None:
        s = table({"seats": [{"position": "beach-2"}, {}], "char": "pauper"})
        assert me(s)["position"] == "beach-2"
        assert s.find("move", to="mountain-1")


class TestRecipes:
    """3: Recipe Cards and Learning Recipes, as a spec's Recipe Book holds them."""

    def test_a_misspelt_key_of_a_recipe_is_refused_with_its_path(self) -> None:
        spec = {"seats": [{"recipes": [{"recipe": "storm", "learnt": True}]}, {}]}
        with pytest.raises(BadParameter, match=r"seats\.0\.recipes\.0\.learnt: Extra inputs"):
            table(spec)

    def test_a_misspelt_key_of_an_inventory_card_is_refused(self) -> None:
        spec = {"seats": [{"inventory": [{"item": "bang-bombs", "gem": 3}]}, {}]}
        with pytest.raises(BadParameter, match=r"seats\.0\.inventory\.0\.gem: Extra inputs"):
            table(spec)


class TestSurvivalMode:
    def test_lives_name_the_characters_only(self) -> None:
        spec = {"seats": [{"lives": {"pauper": 2, "dog": 1}}, {}]}
        with pytest.raises(BadParameter, match=r"seats\.0\.lives\.dog: Extra inputs"):
            table(spec, mode="survival")


class TestTheSpecItself:
    def test_an_unknown_top_level_key_and_a_wrong_type_name_their_path(self) -> None:
        with pytest.raises(BadParameter, match=r"scenario spec, tile: Extra inputs"):
            table({"tile": {"forest-1": ["toadstools"]}})
        with pytest.raises(BadParameter, match=r"scenario spec, round: Input should be a valid"):
            table({"round": "soon"})
        with pytest.raises(BadParameter, match=r"scenario spec, char: Input should be"):
            table({"char": "dog"})

    def test_a_spec_for_another_number_of_players_is_refused(self) -> None:
        with pytest.raises(BadParameter, match="the spec is for 3 players; the game has 2"):
            table({"players": 3})
