"""Free actions "at any point during your turn" (Game Objective: learning a Virtue; Playing Solo:
Earning More Time and Removing Region Cards), also while a decision is open, e.g. mid-fight."""

from __future__ import annotations

from pathlib import Path

from tabletop.engine import Action
from tabletop.engine.records import Record
from tabletop.testing import Scenario


def mid_fight(gems: int) -> Scenario:
    """Ognov fights the giant (Strength 7) on Mountain 1 with a 0 Outcome: the boost decision."""
    s = Scenario(
        "paupers-ladder",
        {
            "seats": [
                {"pauper": "ognov", "position": "mountain-1", "gems": gems, "outcome": [0]},
                {},
            ],
            "char": "pauper",
            "tiles": {"mountain-1": ["giant"]},
        },
        seed=1,
        players=2,
    )
    return s.do("fight").expect("boost")


def solo_mid_fight() -> Scenario:
    s = Scenario(
        "paupers-ladder",
        {
            "seats": [{"pauper": "alf", "position": "mountain-1", "gems": 7, "outcome": [0]}],
            "char": "pauper",
            "tiles": {"mountain-1": ["giant"], "forest-2": ["goblin"]},
            "time": 4,
        },
        seed=1,
        mode="solo",
        players=1,
    )
    return s.do("fight").expect("boost")


class TestLearningAVirtueAtAnyTimeDuringYourTurn:
    def test_generosity_is_learned_mid_fight_and_the_fight_goes_on(self) -> None:
        s = mid_fight(gems=40)
        s.do("learn", virtue="generosity")
        me = s.view(0)["players"][0]
        assert me["virtues"] == ["generosity"] and me["gems"] == 0
        s.expect("boost")
        assert s.view(0)["fight"]["strength"] == 0  # the fight is untouched
        s.do("resolve")
        assert s.view(0)["last_fight"]["won"] is False

    def test_not_offered_before_the_requirement_is_met(self) -> None:
        s = mid_fight(gems=5)
        assert not [a for a in s.options() if a.kind == "learn"]

    def test_no_second_virtue_in_the_middle_of_choosing_bravery_cards(self) -> None:
        troph = ["giant", "giant", "golem", "sea-beast", "pest", "pest", "pest", "crab-swarm"]
        s = Scenario(
            "paupers-ladder",
            {"seats": [{"pauper": "ognov", "gems": 40, "trophies": troph}, {}]},
            seed=1,
            players=2,
        )
        s.do("learn", virtue="bravery").expect("bravery")
        assert not [a for a in s.options() if a.kind == "learn"]


class TestEarningMoreTime:
    def test_3_gems_buy_time_mid_fight(self) -> None:
        s = solo_mid_fight()
        s.do("buy-time").expect("boost")
        assert s.view(0)["solo"]["time"] == 5 and s.view(0)["players"][0]["gems"] == 4
        assert "buy-time" not in {a.kind for a in s.options()}  # once per turn


class TestRemovingRegionCards:
    def test_a_card_is_removed_mid_fight(self) -> None:
        s = solo_mid_fight()
        s.do("remove").expect("boost")
        v = s.view(0)
        assert v["tiles"]["forest-2"] == [] and v["solo"]["time"] == 3  # a goblin costs 1


class TestTrophiesAnOpenChoiceOffers:
    """Ruling 51: a Virtue learned mid-decision cannot take a Trophy Room card that the open
    choice offers (here a Quest's objects), else the choice would hand in a card already gone."""

    RECORD = Path(__file__).parent / "data" / "survival_trophy_offered_mid_choice.json"

    def test_bravery_is_paid_only_with_trophies_no_open_choice_offers(self) -> None:
        # 876 random actions of a 3-player Survival game (seed 6700020): seat 3 is choosing
        # Trophy Room cards for a Quest when bravery becomes learnable
        state = Record.load(self.RECORD).replay()
        seat = state.current_seats()[0]
        prompt = state.view(seat)["prompt"]
        assert prompt["kind"] == "pick"
        offered = {a["card"] for a in state.legal_actions(seat) if a.kind == "pick"}
        assert offered
        learn = [a for a in state.legal_actions(seat) if a.kind == "learn"]
        if any(a["virtue"] == "bravery" for a in learn):
            state.apply(Action.of("learn", virtue="bravery"), seat)
            payable = {a["card"] for a in state.legal_actions(seat) if a.kind == "trophy"}
            assert not payable & offered
        # the open choice can still be made with every card it offers
        while state.view(seat)["prompt"]["kind"] != "pick":
            state.apply(state.legal_actions(seat)[-1], seat)  # back out of bravery
        for card in offered:
            twin = state.clone()
            twin.apply(Action.of("pick", card=card), seat)
