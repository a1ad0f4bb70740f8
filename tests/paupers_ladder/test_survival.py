"""Survival Mode (rulebook pages "Survival Mode" and "Life Tokens"): Lives, places of rest, potions,
the City healer, becoming badly wounded and Garolium's National Duty of Vigour."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import BadParameter, load
from tabletop.testing import Scenario

from .helpers import inv, kinds, table, tile


def survival(spec: dict[str, Any], players: int = 2, seed: int = 1) -> Scenario:
    return table(spec, players=players, seed=seed, mode="survival")


def lives(s: Scenario, seat: int = 0) -> dict[str, int]:
    return dict(s.view(seat)["players"][seat]["lives"])


class TestParameters:
    def test_survival_is_for_2_to_4_players(self) -> None:
        with pytest.raises(BadParameter, match="'players'"):
            load("paupers-ladder", mode="survival", players=1)
        with pytest.raises(BadParameter, match="'players'"):
            load("paupers-ladder", mode="standard", players=1)
        with pytest.raises(BadParameter, match="'players' must be 1"):
            load("paupers-ladder", mode="solo", players=2)
        with pytest.raises(BadParameter, match="'mode'"):
            load("paupers-ladder", mode="coop", players=2)
        spec = load("paupers-ladder").spec
        assert spec.modes == ("standard", "survival", "solo") and spec.min_players == 1


class TestSettingUpSurvival:
    def test_each_character_starts_with_4_lives(self) -> None:
        s = load("paupers-ladder", mode="survival", players=3).new_state(2)
        v = s.view(0)
        for p in v["players"]:
            assert p["lives"] == {"pauper": 4, "bird": 4}
        assert v["players"][1]["lives"] == {"pauper": 4, "bird": 4}
        assert v["players"][1]["max_lives"] == 4

    def test_places_of_rest_stay_in_the_decks_only_in_survival(self) -> None:
        surv = load("paupers-ladder", mode="survival", players=2).new_state(3)
        std = load("paupers-ladder", players=2).new_state(3)
        for dk in ("beach", "forest", "mine", "mountain", "swamp"):
            assert surv.view(None)["decks"][dk]["count"] == 48
            assert std.view(None)["decks"][dk]["count"] == 47
        assert "lives" not in std.view(0)["players"][0]


class TestFightingHazardsSurvival:
    def test_the_bandit_example_discard_1_equipment_and_lose_1_life(self) -> None:
        s = survival(
            {
                "seats": [
                    {
                        "pauper": "alf",
                        "position": "forest-1",
                        "gems": 0,
                        "outcome": [0],
                        "inventory": ["fatestone"],
                    },
                    {},
                ],
                "tiles": {"forest-1": ["bandit"]},
                "char": "pauper",
            }
        )
        s.do("fight", card=tile(s, "forest-1", "bandit"))
        assert not s.view(0)["last_fight"]["won"]
        assert lives(s) == {"pauper": 3, "bird": 4}
        assert s.state.prompt().kind == "pick"  # FAIL: discard 1 Equipment as well
        s.do("pick", card=inv(s, 0, "fatestone"))
        assert s.view(0)["players"][0]["inventory"] == []

    def test_a_won_fight_costs_no_life(self) -> None:
        s = survival(
            {
                "seats": [{"pauper": "alf", "position": "forest-1", "outcome": [8]}, {}],
                "tiles": {"forest-1": ["bandit"]},
                "char": "pauper",
            }
        )
        s.do("fight", card=tile(s, "forest-1", "bandit"))
        assert s.view(0)["last_fight"]["won"] and lives(s)["pauper"] == 4


class TestPlacesOfRest:
    def spec(self, pauper_lives: int) -> dict[str, Any]:
        return {
            "seats": [
                {"pauper": "alf", "position": "forest-1", "lives": {"pauper": pauper_lives}},
                {},
            ],
            "tiles": {"forest-1": ["lossevale"]},
            "char": "pauper",
        }

    def test_restore_1_life_instead_of_the_cards_instructions(self) -> None:
        s = survival(self.spec(2))
        gems = s.view(0)["players"][0]["gems"]
        s.do("encounter", card=tile(s, "forest-1", "lossevale"))
        assert "rest" in kinds(s)
        s.do("rest")
        assert lives(s)["pauper"] == 3 and s.view(0)["players"][0]["gems"] == gems
        assert (
            s.view(0)["turn_state"]["char"] is None and "pauper" in s.view(0)["turn_state"]["done"]
        )
        assert tile(s, "forest-1", "lossevale")  # it stays: rest again next turn

    def test_resting_on_consecutive_turns_up_to_4(self) -> None:
        s = survival(self.spec(3))
        s.do("encounter", card=tile(s, "forest-1", "lossevale"))
        s.do("rest")
        assert lives(s)["pauper"] == 4
        s.do("act", char="bird")
        s.do("pass")
        if "end" in kinds(s):
            s.do("end")
        # next turn of seat 0: the rest option is not offered at 4 Lives
        while s.state.prompt().turn != 0 or s.state.prompt().kind != "turn":
            acts = s.options()
            pick = next((a for a in acts if a.kind in ("pass", "end", "leave", "decline")), None)
            s.state.apply(pick or next(a for a in acts if a.kind == "act"))
        s.do("act", char="pauper")
        s.do("encounter", card=tile(s, "forest-1", "lossevale"))
        assert "rest" not in kinds(s)

    def test_places_of_rest_are_set_aside_in_a_standard_game(self) -> None:
        s = table(players=2, seed=1)
        assert all(
            s.state.content.region_card[c].kind == "rest"
            for dk in ("beach", "forest")
            for c in s.data["decks"][dk]["removed"]  # set aside: no view shows them
        )


class TestPotions:
    def spec(self, **kw: Any) -> dict[str, Any]:
        seat = {
            "pauper": "alf",
            "position": "forest-1",
            "bird_position": "forest-1",
            "inventory": ["recall-potion", "elixir"],
            "lives": {"pauper": 2, "bird": 2},
        }
        seat.update(kw)
        return {"seats": [seat, {}]}

    def test_the_recall_potion_example_restores_a_life_and_is_discarded(self) -> None:
        s = survival(self.spec())
        potion = inv(s, 0, "recall-potion")
        s.do("potion", item=potion, char="pauper")
        assert lives(s)["pauper"] == 3
        assert all(it["card"] != potion for it in s.view(0)["players"][0]["inventory"])
        assert potion in s.view(None)["decks"]["equipment"]["discard"]

    def test_the_bird_in_the_same_region_and_each_potion_once_per_turn(self) -> None:
        s = survival(self.spec())
        elixir = inv(s, 0, "elixir")
        s.do("potion", item=elixir, char="bird")
        assert lives(s)["bird"] == 3
        assert not any(a.kind == "potion" and a["item"] == elixir for a in s.options())
        assert s.view(0)["players"][0]["inventory"][1]["uses"] == 1  # rotated: one use left
        s2 = survival(self.spec(bird_position="swamp-1"))
        assert {a["char"] for a in s2.options() if a.kind == "potion"} == {"pauper"}


class TestHealingInCityRegions:
    def test_pay_1_gem_for_1_life_then_the_turn_ends(self) -> None:
        s = survival(
            {"seats": [{"pauper": "alf", "gems": 3, "lives": {"pauper": 1}}, {}], "char": "pauper"}
        )
        s.do("heal")
        assert lives(s)["pauper"] == 2 and s.view(0)["players"][0]["gems"] == 2
        assert "pauper" in s.view(0)["turn_state"]["done"]

    def test_no_healer_at_full_lives_or_without_a_gem(self) -> None:
        s = survival({"seats": [{"pauper": "alf", "gems": 3}, {}], "char": "pauper"})
        assert "heal" not in kinds(s)
        s = survival(
            {"seats": [{"pauper": "alf", "gems": 0, "lives": {"pauper": 2}}, {}], "char": "pauper"}
        )
        assert "heal" not in kinds(s)


class TestBecomingBadlyWounded:
    def test_the_last_life_lost_sends_the_character_to_its_starting_city(self) -> None:
        s = survival(
            {
                "seats": [
                    {
                        "pauper": "alf",
                        "bird": "crow",
                        "bird_position": "forest-1",
                        "outcome": [0],
                        "lives": {"bird": 1},
                        "gems": 0,
                    },
                    {},
                ],
                "tiles": {"forest-1": ["wolf"]},
                "char": "bird",
            }
        )
        s.do("fight", card=tile(s, "forest-1", "wolf"))
        assert lives(s)["bird"] == 0
        assert s.view(0)["players"][0]["bird_position"] == "bluevale"
        assert "bird" in s.view(0)["turn_state"]["done"]


class TestGaroliumsNationalDutyOfVigour:
    def test_free_healing_when_badly_wounded_with_an_empty_purse(self) -> None:
        s = survival(
            {"seats": [{"pauper": "alf", "gems": 0, "lives": {"pauper": 0}}, {}], "char": "pauper"}
        )
        s.do("heal")
        assert lives(s)["pauper"] == 1 and s.view(0)["players"][0]["gems"] == 0

    def test_with_a_life_left_the_healer_must_be_paid(self) -> None:
        s = survival(
            {"seats": [{"pauper": "alf", "gems": 0, "lives": {"pauper": 1}}, {}], "char": "pauper"}
        )
        assert "heal" not in kinds(s)
        s = survival(
            {"seats": [{"pauper": "alf", "gems": 2, "lives": {"pauper": 0}}, {}], "char": "pauper"}
        )
        s.do("heal")
        assert s.view(0)["players"][0]["gems"] == 1
