"""The greedy bot reads the rules' own functions for what the rules compute (Fighting Hazards:
the Strength bonuses), so its estimate and the fight agree."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine.bots import make_bot
from tabletop.testing import Scenario


def fight_scenario(recipe: dict[str, Any]) -> Scenario:
    return Scenario(
        "paupers-ladder",
        {
            "seats": [
                {
                    "pauper": "ognov",
                    "position": "mountain-1",
                    "inventory": ["sword"],
                    "recipes": [recipe],
                    "outcome": [0],
                },
                {},
            ],
            "char": "pauper",
            "tiles": {"mountain-1": ["giant"]},
        },
        seed=1,
        players=2,
    )


class TestFightingHazardsTheBotCountsAsTheRulesDo:
    @pytest.mark.parametrize(
        ("fresh", "bonus"),
        [
            (False, 3),  # the sword's 2 and the strength Recipe's 1
            (True, 2),  # a Recipe learned this turn works only from the next (3: Recipe Cards)
        ],
    )
    def test_the_bots_bonus_is_the_fights(self, fresh: bool, bonus: int) -> None:
        s = fight_scenario({"recipe": "strength", "learned": True, "fresh": fresh})
        bot = make_bot(s.game, "greedy", 0, 1)
        (giant,) = s.view(0)["tiles"]["mountain-1"]
        htype = s.game.content.region_card[giant].type  # type: ignore[attr-defined]
        expected = bot.bonus(s.view(0), "pauper", htype, "mountain-1")  # type: ignore[attr-defined]
        s.do("fight")
        assert s.view(0)["fight"]["bonus"] == expected == bonus
