"""The greedy bot reads the rules' own functions for what the rules compute (Fighting Hazards:
the Strength bonuses), so its estimate and the fight agree."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine.bots import make_bot
from tabletop.games.paupers_ladder.rules import cities, fighting, solo
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


def moving_scenario(fresh: bool) -> Scenario:
    """A Pauper with 2 Gems (the bot keeps 2 back, so it plans no paid move) and fleetfoot's free
    move, learned this turn or before."""
    return Scenario(
        "paupers-ladder",
        {
            "seats": [
                {
                    "pauper": "ognov",
                    "position": "mountain-1",
                    "gems": 2,
                    "recipes": [{"recipe": "fleetfoot", "learned": True, "fresh": fresh}],
                },
                {},
            ],
            "char": "pauper",
        },
        seed=1,
        players=2,
    )


class TestMovingTheBotCountsFreeMovesAsTheRulesDo:
    @pytest.mark.parametrize("fresh", [False, True])
    def test_the_bots_free_move_is_the_rules(self, fresh: bool) -> None:
        s = moving_scenario(fresh)
        bot = make_bot(s.game, "greedy", 0, 1)
        farthest = max(len(path) for _, path in bot._reach(s.view(0), "pauper").values())  # type: ignore[attr-defined]
        first, second = next(
            (nb, nb2)
            for nb in s.game.content.neighbours["mountain-1"]  # type: ignore[attr-defined]
            for nb2 in s.game.content.neighbours[nb]  # type: ignore[attr-defined]
            if nb2 != "mountain-1" and s.game.content.regions[nb].type != "city"  # type: ignore[attr-defined]
        )
        s.do("move", to=first).do("move", to=second)
        paid = 2 - s.view(0)["players"][0]["gems"]
        # a Recipe learned this turn gives its free move only from the next (3: Recipe Cards)
        assert (farthest, paid) == ((1, 1) if fresh else (2, 0))


def quest_scenario(gems: int, trophies: list[str]) -> Scenario:
    return Scenario(
        "paupers-ladder",
        {
            "seats": [
                {"pauper": "ognov", "position": "lilacsville", "gems": gems, "trophies": trophies},
                {},
            ],
            "char": "pauper",
            "quests": {"lilacsville": "tithe", "bluevale": "rat-catcher"},
        },
        seed=1,
        players=2,
    )


class TestQuestsTheBotSeesTheQuestsTheRulesOffer:
    @pytest.mark.parametrize(("gems", "trophies"), [(6, []), (5, []), (6, ["pest"]), (0, ["pest"])])
    def test_the_bots_quest_is_the_rules(self, gems: int, trophies: list[str]) -> None:
        s = quest_scenario(gems, trophies)
        bot = make_bot(s.game, "greedy", 0, 1)
        view = s.view(0)
        offered = {a["city"] for a in s.options() if a.kind == "quest"}
        seen = {
            city
            for city, qid in view["quests"].items()
            if bot.quest_ok(view, "pauper", qid, city, "lilacsville")  # type: ignore[attr-defined]
        }
        assert seen == offered
        assert ("lilacsville" in offered) == (gems >= 6)


class TestExploringACityRegionTheBotPaysWhatTheRulesCharge:
    @pytest.mark.parametrize("char", ["pauper", "bird"])
    def test_the_bots_price_is_the_shops(self, char: str) -> None:
        # Dagris's potions and prescription take 1 Gem off a potion, for the Pauper only
        s = Scenario(
            "paupers-ladder",
            {
                "seats": [{"pauper": "dagris", "position": "blacksand", "gems": 4}, {}],
                "char": "pauper",
                "shops": {"blacksand": ["elixir", "recall-potion", "sword"]},
            },
            seed=1,
            players=2,
        )
        s.do("shop")
        view = s.view(0)
        bot = make_bot(s.game, "greedy", 0, 1)
        prices = {
            a["card"]: (bot.price(view, char, a["card"]), cities.price(s.state, 0, char, a["card"]))
            for a in s.options()
            if a.kind == "buy"
        }
        assert all(mine == rules for mine, rules in prices.values())
        elixir = next(c for c in prices if c.startswith("eq.elixir"))
        assert prices[elixir][0] == (2 if char == "pauper" else 3)


class TestFightingHazardsTheBotAimsAtTheStrengthToBeat:
    @pytest.mark.parametrize(("drawn", "choice"), [(None, "resolve"), (4, "charm"), (2, "resolve")])
    def test_a_drawn_strength_replaces_the_printed_one(
        self, drawn: int | None, choice: str
    ) -> None:
        s = fight_scenario({"recipe": "strength", "learned": False})
        s.do("fight")  # Strength 2 (the sword) against the giant's printed 7: too far for the charm
        view = s.view(0)
        assert view["fight"]["strength"] == 2
        if drawn is not None:  # as the rules record the necromancer's Strength, drawn per fight
            view["fight"]["hazard_strength"] = drawn
        bot = make_bot(s.game, "greedy", 0, 1)
        assert bot.choose(view, s.options()).kind == choice


class TestExploringTheBotStopsWhereTheRulesStopIt:
    def test_a_citys_undead_ends_the_walk(self) -> None:
        """Saltash Necromancer's undead in a City stop a character entering it, as a hazard in
        a wild Region does: the bot plans no walk through that City."""
        s = Scenario(
            "paupers-ladder", seed=1, mode="solo", scenario="saltash-necromancer", difficulty="mid"
        )
        s.run_until(lambda st: st.prompt().kind == "character", bots={0: "greedy"})
        view = s.view(0)
        neighbours = s.game.content.neighbours  # type: ignore[attr-defined]
        city = next(iter(view["solo"]["city_hazards"]))
        assert fighting.hazards_in(s.state, city)
        me = view["players"][0]
        me["position"] = next(r for r in neighbours[city] if r not in view["solo"]["city_hazards"])
        me["gems"] = 9  # enough to plan the longest walk
        bot = make_bot(s.game, "greedy", 0, 1)
        paths = [path for _, path in bot._reach(view, "pauper").values()]  # type: ignore[attr-defined]
        assert [city] in paths
        assert not any(city in path[:-1] for path in paths)


class TestSurvivalModeTheBotKnowsTheDutyOfVigour:
    def test_a_penniless_badly_wounded_bird_is_healed_for_free(self) -> None:
        s = Scenario(
            "paupers-ladder",
            {
                "seats": [
                    {
                        "pauper": "ognov",
                        "gems": 0,
                        "bird_position": "lilacsville",
                        "lives": {"pauper": 3, "bird": 0},
                    },
                    {},
                ],
                "char": "bird",
            },
            seed=1,
            players=2,
            mode="survival",
        )
        assert any(a.kind == "heal" for a in s.options())  # the rules heal it for nothing
        bot = make_bot(s.game, "greedy", 0, 1)
        assert bot.region_value(s.view(0), "bird", "lilacsville") > 0  # type: ignore[attr-defined]


class TestExploringWildRegionsTheBotDrawsWhenTheRulesLetIt:
    def test_an_empty_deck_with_discards_still_draws(self) -> None:
        s = Scenario(
            "paupers-ladder",
            {
                "seats": [{"pauper": "ognov", "position": "mine-1", "gems": 3}, {}],
                "char": "pauper",
                "exhausted": ["mine"],
                "discards": {"mine": ["skeleton"]},
            },
            seed=1,
            players=2,
        )
        view = s.view(0)
        assert view["decks"]["mine"]["count"] == 0 and not view["tiles"]["mine-1"]
        assert any(a.kind == "draw" for a in s.options())  # the discards are shuffled back
        bot = make_bot(s.game, "greedy", 0, 1)
        assert bot.region_value(view, "pauper", "mine-1") > 0  # type: ignore[attr-defined]


class TestSoloScenariosTheBotFightsWithTheWeaponTheScenarioAllows:
    def test_only_the_spirit_blade_counts_against_the_necromancer(self) -> None:
        """The Saltash Necromancer can only be fought with the spirit blade (3 against it, a
        magical hazard); a runesword (4) held beside it does not count."""
        s = Scenario(
            "paupers-ladder", seed=1, mode="solo", scenario="saltash-necromancer", difficulty="mid"
        )
        s.run_until(lambda st: st.prompt().kind == "character", bots={0: "greedy"})
        content = s.game.content  # type: ignore[attr-defined]
        necromancer = next(
            c for c, card in content.region_card.items() if card.name == "necromancer"
        )
        view = s.view(0)
        view["solo"]["necromancer"] = necromancer  # as the view shows it once revealed
        me = view["players"][0]
        here = me["position"]
        bot = make_bot(s.game, "greedy", 0, 1)
        bare = bot.bonus(view, "pauper", "magical", here, necromancer)  # type: ignore[attr-defined]
        me["inventory"] = [{"card": "rar.spirit-blade"}, {"card": "rar.runesword"}]
        armed = bot.bonus(view, "pauper", "magical", here, necromancer)  # type: ignore[attr-defined]
        anyone = bot.bonus(view, "pauper", "magical", here)  # type: ignore[attr-defined]
        assert (armed - bare, anyone - bare) == (3, 4)
        assert not bot.unfightable(view, "pauper", necromancer)  # type: ignore[attr-defined]
        assert bot.unfightable(view, "bird", necromancer)  # type: ignore[attr-defined]


class TestSoloScenariosTheBotWalksOnlyWhereTheScenarioLetsIt:
    @pytest.mark.parametrize("blade", [False, True])
    def test_a_besieged_region_needs_dragonsbane(self, blade: bool) -> None:
        """The Fiery Siege: only a Pauper holding dragonsbane may enter a Region the besieging
        dragons hold; the bot's walk goes there exactly when the rules allow it."""
        s = Scenario(
            "paupers-ladder", seed=1, mode="solo", scenario="fiery-siege", difficulty="mid"
        )
        s.run_until(lambda st: st.prompt().kind == "character", bots={0: "greedy"})
        neighbours = s.game.content.neighbours  # type: ignore[attr-defined]
        view = s.view(0)
        siege = set(view["solo"]["siege"])
        besieged = {r for r, cards in view["tiles"].items() if siege & set(cards)}
        target = sorted(besieged)[0]
        me = view["players"][0]
        me["position"] = next(
            r for r in neighbours[target] if r not in besieged and r != view["solo"]["home"]
        )
        me["gems"] = 9
        if blade:
            me["inventory"] = [{"card": "rar.dragonsbane"}]
        bot = make_bot(s.game, "greedy", 0, 1)
        reach = bot._reach(view, "pauper")  # type: ignore[attr-defined]
        assert (target in reach) == blade
        assert solo.may_enter(s.state, 0, "pauper", target) is False
