"""Beyond the Gates: the new Units and Buildings as parameters, the 7 Building tiles with 3
revealed, 6 and 7 players, scores past 50."""

from __future__ import annotations

import pytest

from tabletop.engine import Action, BadParameter, load
from tabletop.testing import Scenario

from .helpers import game, place, reveal_all


class TestHowToIntegrateNewCards:
    def test_new_units_join_the_draw_pile(self) -> None:
        base = Scenario("paper-tales", players=3)
        more = Scenario("paper-tales", players=3, new_units=True)
        assert more.view(0)["deck"] - base.view(0)["deck"] == 20

    def test_three_tiles_revealed_give_everyone_the_same_seven_buildings(self) -> None:
        for seed in range(6):
            s = Scenario("paper-tales", players=4, new_buildings=True, seed=seed)
            v = s.view(0)
            assert len(v["tiles"]) == 3
            assert v["buildings_in_game"][:4] == ["mine", "tavern", "temple", "town"]
            assert v["buildings_in_game"][4:] == v["tiles"]
            assert set(v["tiles"]) <= {
                "barracks",
                "crypt",
                "harbour",
                "library",
                "market",
                "watchtower",
                "shrine",
            }

    def test_without_new_buildings_the_base_five(self) -> None:
        v = Scenario("paper-tales", players=4).view(0)
        assert v["buildings_in_game"] == ["mine", "tavern", "temple", "town", "barracks"]
        assert v["tiles"] == []


class TestSixAndSevenPlayers:
    def test_seven_players_draft_five_each(self) -> None:
        s = Scenario("paper-tales", players=7, seed=2)
        v = s.view(6)
        assert v["draft"]["sizes"] == [5] * 7
        assert v["deck"] == 81 - 35


class TestScorePastFifty:
    def test_legend_points_go_beyond_50(self) -> None:
        s = game({"seats": [{"legend_points": 49}, {}, {}]})
        s.state.add_lp(0, 6, "test")
        assert s.view(0)["players"][0]["legend_points"] == 55


class TestNewUnits:
    def test_djinn_raises_the_building_of_your_choice(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [{"gold": 3, "hand": ["djinn"], "buildings": {"town": 1, "mine": 1}}, {}, {}],
        }
        s = game(spec, new_units=True)
        place(s, 0, "djinn", 0)
        reveal_all(s)
        s.expect("upgrade-one", seat=0)
        s.do("upgrade", building="mine")
        assert s.view(0)["players"][0]["buildings"] == {"town": 1, "mine": 2}

    def test_shadow_repeats_a_noble(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [{"gold": 5, "hand": ["noble", "shadow"], "buildings": {"town": 1}}, {}, {}],
        }
        s = game(spec, new_units=True)
        place(s, 0, "noble", 2)
        place(s, 0, "shadow", 3)
        reveal_all(s)
        # the Noble's 2 LP per Building, twice; the Back fights not, so no War is won
        # (strength 0 ties everyone: ruling 7 gives both sides the War)
        me = s.view(0)["players"][0]
        assert me["legend_points"] == 2 + 2 + 3 * me["wars_won"]

    def test_apprentice_takes_an_age_token_off(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [
                {"hand": ["apprentice"], "kingdom": {0: {"unit": "knight", "age": 1}}},
                {},
                {},
            ],
        }
        s = game(spec, new_units=True)
        place(s, 0, "apprentice", 1)
        reveal_all(s)
        s.do("age", spot=0)
        assert s.view(0)["players"][0]["kingdom"][0]["age"] == 0

    def test_djinn_beside_a_golem_finds_nothing_left_to_raise(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [{"gold": 5, "hand": ["djinn", "golem"], "buildings": {"town": 1}}, {}, {}],
        }
        s = game(spec, new_units=True)
        place(s, 0, "djinn", 0)
        place(s, 0, "golem", 1)
        reveal_all(s)
        s.expect("upgrade-one", seat=0)
        assert s.options(0) == [Action.of("upgrade", building=None)]
        s.do("upgrade", building=None)
        assert s.view(0)["players"][0]["buildings"] == {"town": 2}


class TestParameters:
    def test_player_counts_and_modes_are_checked(self) -> None:
        with pytest.raises(BadParameter, match="1 player plays mode=solo"):
            load("paper-tales", players=1)
        with pytest.raises(BadParameter, match="solo is for 1 player"):
            load("paper-tales", mode="solo", players=3)
        with pytest.raises(BadParameter, match="lich_cards"):
            load("paper-tales", players=3, lich_cards=2)
        with pytest.raises(BadParameter, match="<= 4"):
            load("paper-tales", mode="solo", lich_cards=5)
