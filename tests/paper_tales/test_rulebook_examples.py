"""Every worked example of the Beyond the Gates rulebook (all three are in its solo mode),
rebuilt with the scenario builder and checked through the player's view."""

from __future__ import annotations

from tabletop.engine import piles
from tabletop.testing import Scenario

from .helpers import advance

# A Necropolis line holding the rulebook's example cards: a turn-1 card whose Quest Bonus is 1 LP
# (per Crystal-producing Unit), the turn-2 card (gain 1, Black 2, Purple 3, Quest 2 LP per Unit of
# strength 3 or more) and the turn-3 card (Black 4, Purple 5).
LINE = ["n1-miners", "n2-tyrants", "n3-graves", "n4-legion", "nend-throne"]


def solo(spec: dict) -> Scenario:
    return Scenario("paper-tales", spec, mode="solo", lich_cards=0)


class TestLichKingsGains:
    def test_example_turn_2_lich_king_scores_8_lp(self) -> None:
        # Netherworld: one Miner (Crystal, strength 2) meets the first card's Quest; three
        # Knights (strength 4) meet the second's; the Farmer, Blacksmith and Cook meet neither.
        nether = ["miner", "knight", "knight", "knight", "farmer", "blacksmith", "cook"]
        s = solo(
            {
                "turn": 2,
                "phase": "recruited",
                "seats": [{"hand": ["woodcutter", "colossus", "time-master", "archer", "cook"]}],
                "solo": {"line": LINE, "revealed": 2, "netherworld": nether},
            }
        )
        advance(s)  # the end of Recruitment: the Lich King scores, then Deployment
        v = s.view(0)
        assert v["solo"]["legend_points"] == 8  # 1 Immediate Gain + 1 x 1 LP + 3 x 2 LP
        assert v["solo"]["netherworld"] == []  # Netherworld went to the discard pile
        assert v["discards"] == 7
        assert v["phase"] == "deploy"


class TestSoloUnitSelection:
    def test_example_christine_keeps_a_time_master_and_draws_two_from_netherworld(self) -> None:
        s = solo(
            {
                "turn": 1,
                "phase": "solo-pick",
                "seats": [{"hand": ["colossus", "woodcutter"]}],
                "solo": {
                    "line": LINE,
                    "revealed": 1,
                    "netherworld": ["knight"] * 3 + ["farmer"] * 3 + ["cook"],
                },
            }
        )
        so = s.data["solo"]
        so["stage"] = 2
        so["offer"] = [_take(s, "time-master"), _take(s, "adventurer"), _take(s, "miner")]
        s.state.invalidate()
        s.do("pick", card=so["offer"][0])
        v = s.view(0)
        hand = sorted(c.split(".")[0] for c in v["players"][0]["hand"])
        assert hand == ["colossus", "time-master", "woodcutter"]
        # the Adventurer and the Miner joined the Netherworld (9 cards), shuffled; 2 drawn
        assert len(v["solo"]["offer"]) == 2
        assert len(v["solo"]["netherworld"]) == 7
        pool = sorted(c.split(".")[0] for c in v["solo"]["offer"] + v["solo"]["netherworld"])
        assert pool.count("adventurer") == 1 and pool.count("miner") == 1 and len(pool) == 9
        # keep one, the other goes under the pile, and the last card comes off its top
        s.do("pick", card=sorted(v["solo"]["offer"])[0])
        assert len(s.view(0)["players"][0]["hand"]) == 5
        assert s.view(0)["phase"] == "deploy"


def _take(s: Scenario, unit: str) -> str:
    for card in piles.cards(s.data["deck"]):
        if card.split(".")[0] == unit:
            return str(piles.take(s.data["deck"], card))
    raise AssertionError(unit)


class TestSoloWars:
    def _wars(self, front: dict) -> Scenario:
        s = solo(
            {
                "turn": 2,
                "phase": "deployed",
                "seats": [{"kingdom": front, "gold": 0}],
                "solo": {"line": LINE, "revealed": 2},
            }
        )
        advance(s)
        return s

    def test_example_black_army_6_and_purple_army_8(self) -> None:
        s = self._wars({0: "forest-spirit", 1: "golem"})
        v = s.view(0)
        assert v["solo"]["armies"] == {"black": 6, "purple": 8}  # 2 + 4 and 3 + 5
        assert v["solo"]["line"][2] == "n3-graves"  # the third card is revealed
        assert v["solo"]["time"] == 2  # the Time token does not move

    def test_example_forest_spirit_and_golem_tie_the_black_army(self) -> None:
        s = self._wars({0: "forest-spirit", 1: "golem"})
        v = s.view(0)
        me = v["players"][0]
        assert me["strength"] == 6
        assert me["wars_won"] == 1
        assert me["legend_points"] == 3  # one War won (the tie), 3 LP
        assert v["solo"]["legend_points"] == 2  # both armies win: the tie counts for both


class TestNetherworld:
    def test_the_player_may_look_at_netherworld_and_the_discards_while_recruiting(self) -> None:
        s = Scenario("paper-tales", mode="solo", lich_cards=0, seed=2)
        v = s.view(0)
        first = v["solo"]["offer"]
        s.do("pick", card=first[0])
        v = s.view(0)
        assert sorted(v["solo"]["netherworld"]) == sorted(first[1:])
        assert v["solo"]["discard_pile"] == []
