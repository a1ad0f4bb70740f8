"""Free actions "at any point during your turn" (Game Objective: learning a Virtue; Playing Solo:
Earning More Time and Removing Region Cards), also while a decision is open, e.g. mid-fight."""

from __future__ import annotations

from tabletop.testing import Scenario


def mid_fight(gems: int) -> Scenario:
    """Ognov fights the giant (Strength 7) on Mountain 1 with a 0 Outcome: the boost decision."""
    s = Scenario(
        "paupers-ladder",
        {
            "seats": [{"pauper": "ognov", "pos": "mountain-1", "gems": gems, "outcome": [0]}, {}],
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
            "seats": [{"pauper": "alf", "pos": "mountain-1", "gems": 7, "outcome": [0]}],
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
        assert s.view(0)["fight"]["str"] == 0  # the fight is untouched
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
