"""Rule tests, one class per section of the rules (research notes on Paper Tales and our rulings),
asserted through the seats' views."""

from __future__ import annotations

import pytest

from tabletop.engine import Action, IllegalAction
from tabletop.engine.bots import make_bot
from tabletop.games.paper_tales.rules import aging, kingdom, wars
from tabletop.testing import Scenario

from .helpers import advance, arrangement, build_nothing, card, game, place, reveal_all, units

A = Action.of


class TestSetup:
    def test_three_gold_and_a_hand_of_five(self) -> None:
        s = Scenario("paper-tales", players=4, seed=3)
        v = s.view(0)
        assert [p["gold"] for p in v["players"]] == [3, 3, 3, 3]
        assert len(v["draft"]["hand"]) == 5
        assert v["deck"] == 81 - 20

    def test_two_players_are_dealt_nine(self) -> None:
        s = Scenario("paper-tales", players=2, seed=3)
        assert len(s.view(1)["draft"]["hand"]) == 9


class TestRecruitment:
    def test_hands_pass_to_the_next_player_on_turn_1(self) -> None:
        s = Scenario("paper-tales", players=3, seed=5)
        hands = [list(s.view(seat)["draft"]["hand"]) for seat in range(3)]
        picks = [h[0] for h in hands]
        for seat in range(3):
            s.do("pick", by=seat, card=picks[seat])
        for seat in range(3):
            passed = sorted(c for c in hands[(seat - 1) % 3] if c != picks[(seat - 1) % 3])
            assert s.view(seat)["draft"]["hand"] == passed

    def test_direction_alternates_on_turn_2(self) -> None:
        s = game({"turn": 2, "phase": "draft", "seats": [{}, {}, {}]}, seed=5)
        hands = [list(s.view(seat)["draft"]["hand"]) for seat in range(3)]
        for seat in range(3):
            s.do("pick", by=seat, card=hands[seat][0])
        for seat in range(3):
            assert s.view(seat)["draft"]["hand"] == sorted(hands[(seat + 1) % 3][1:])

    def test_everyone_ends_with_five_and_the_kept_card_joins(self) -> None:
        s = game({"phase": "draft", "seats": [{"kept": "knight"}, {}, {}]}, seed=2)
        for _ in range(4):
            for seat in range(3):
                s.do("pick", by=seat, card=s.view(seat)["draft"]["hand"][0])
        v = s.view(0)
        assert v["phase"] == "deploy"
        assert len(v["players"][0]["hand"]) == 6  # 5 recruited and the kept Knight
        assert "knight" in {c.split(".")[0] for c in v["players"][0]["hand"]}
        assert [p["hand_size"] for p in v["players"]] == [6, 5, 5]

    def test_two_player_draft_keeps_one_and_discards_one(self) -> None:
        s = Scenario("paper-tales", players=2, seed=4)
        for step in range(4):
            hands = [s.view(seat)["draft"]["hand"] for seat in range(2)]
            for seat in range(2):
                assert len(hands[seat]) == 9 - 2 * step
                s.do("pick", by=seat, card=hands[seat][0])  # committed, hidden from the other
                assert hands[seat][0] not in str(s.view(1 - seat))
            for seat in range(2):  # once both have kept a card, each discards one face down
                s.do("burn", by=seat, card=hands[seat][1])
        v = s.view(0)
        assert v["phase"] == "deploy"
        assert [p["hand_size"] for p in v["players"]] == [5, 5]
        assert v["discards"] == 8

    def test_a_pick_from_a_hand_not_yours_is_refused(self) -> None:
        s = Scenario("paper-tales", players=3, seed=5)
        theirs = s.view(1)["draft"]["hand"][0]
        reason = s.refuse(A("pick", card=theirs), 0)
        assert "not in the hand in front of you" in reason

    def test_two_players_cannot_discard_the_card_just_kept(self) -> None:
        s = Scenario("paper-tales", players=2, seed=4)
        hands = [s.view(seat)["draft"]["hand"] for seat in range(2)]
        for seat in range(2):
            s.do("pick", by=seat, card=hands[seat][0])
        reason = s.refuse(A("burn", card=hands[0][0]), 0)
        name = s.state.content.unit(hands[0][0]).name
        assert f"the {name} is not in the hand in front of you" in reason


class TestWars:
    def test_strength_counts_the_front_and_archers_in_the_back(self) -> None:
        s = game({"seats": [{"kingdom": {0: "knight", 2: "archer", 3: "knight"}}, {}, {}]}, seed=1)
        assert kingdom.war_strength(s.state, 0) == 4 + 2

    def test_a_war_against_each_neighbour_ties_won_by_both(self) -> None:
        spec = {
            "phase": "deployed",
            "seats": [
                {"kingdom": {0: "knight"}},
                {"kingdom": {0: "knight"}},
                {"kingdom": {0: "farmer"}},
            ],
        }
        s = advance(game(spec))
        v = s.view(0)
        assert [p["wars_won"] for p in v["players"]] == [2, 2, 0]
        assert [p["legend_points"] for p in v["players"]] == [6, 6, 0]

    def test_wars_abilities_score_per_war_won(self) -> None:
        spec = {
            "phase": "deployed",
            "seats": [
                {"kingdom": {0: "commander", 1: "rogue"}, "gold": 0},
                {"kingdom": {0: "farmer"}},
                {"kingdom": {0: "farmer"}},
            ],
        }
        s = advance(game(spec))
        me = s.view(0)["players"][0]
        assert me["legend_points"] == 6 + 2  # 2 Wars, and the Commander's 1 LP each
        assert me["gold"] == 2 + 2  # the Rogue's Gold per War, then 2 Gold of Income

    def test_two_players_wage_one_war_worth_double_at_double_strength(self) -> None:
        spec = {
            "phase": "deployed",
            "seats": [{"kingdom": {0: "knight", 1: "knight"}}, {"kingdom": {0: "knight"}}],
        }
        s = advance(game(spec, players=2))
        assert [p["legend_points"] for p in s.view(0)["players"]] == [wars.LP_DOUBLE, 0]

    def test_two_players_strength_0_wins_nothing(self) -> None:
        s = advance(game({"phase": "deployed", "seats": [{}, {}]}, players=2))
        assert [p["legend_points"] for p in s.view(0)["players"]] == [0, 0]

    def test_ogre_counts_the_income_to_come(self) -> None:
        s = game({"seats": [{"kingdom": {0: "ogre", 1: "blacksmith"}}, {}, {}]})
        # 2 Gold + the Blacksmith's 1: the Ogre is 2 + 3
        assert kingdom.war_strength(s.state, 0) == 5 + 1

    def test_barracks_adds_strength_per_wood(self) -> None:
        s = game({"seats": [{"kingdom": {0: "woodcutter"}, "buildings": {"barracks": 1}}, {}, {}]})
        assert kingdom.war_strength(s.state, 0) == 2 + 1

    def test_cerberus_and_dragon_change_strength_with_resources(self) -> None:
        s = game({"seats": [{"kingdom": {0: "cerberus", 1: "dragon", 2: "farmer"}}, {}, {}]})
        assert kingdom.war_strength(s.state, 0) == 3 + 0
        s2 = game({"seats": [{"kingdom": {0: "cerberus", 1: "dragon", 2: "miner"}}, {}, {}]})
        assert kingdom.war_strength(s2.state, 0) == 2 + 7

    def test_aged_leviathan_does_not_fight(self) -> None:
        s = game({"seats": [{"kingdom": {0: {"unit": "leviathan", "age": 1}}}, {}, {}]})
        assert kingdom.war_strength(s.state, 0) == 0
        assert kingdom.resources(s.state, 0)["food"] == 2


class TestIncome:
    def test_two_gold_plus_income_abilities(self) -> None:
        spec = {
            "phase": "deployed",
            "seats": [
                {"gold": 0, "kingdom": {0: "cook", 1: "farmer"}, "buildings": {"tavern": 1}},
                {"gold": 0},
                {"gold": 0},
            ],
        }
        s = advance(game(spec))
        # 2, the Cook 1 per Food, the Tavern 1 per Food
        assert s.view(0)["players"][0]["gold"] == 2 + 1 + 1
        assert s.view(0)["players"][1]["gold"] == 2


class TestConstruction:
    def _build(self, **seat0: object) -> Scenario:
        return game({"phase": "build", "seats": [dict(seat0), {}, {}]})

    def test_resources_are_thresholds_and_land_costs_2_per_building(self) -> None:
        s = self._build(gold=2, kingdom={0: "woodcutter"}, buildings={"temple": 1})
        assert A("build", building="mine", level=1, way=0) in s.options(0)
        s.do("build", by=0, building="mine", level=1, way=0)
        build_nothing(s)
        v = s.view(0)
        assert v["players"][0]["buildings"] == {"temple": 1, "mine": 1}
        assert v["players"][0]["gold"] == 0  # the land for one Building already owned
        assert v["players"][0]["resources"]["wood"] == 1  # nothing spent

    def test_an_unaffordable_building_is_refused(self) -> None:
        s = self._build(gold=1, kingdom={0: "woodcutter"}, buildings={"temple": 1})
        reason = s.refuse(A("build", building="mine", level=1, way=0), 0)
        assert "takes 2 Gold (2 of it for land)" in reason
        reason = s.refuse(A("build", building="tavern", level=1, way=0), 0)
        assert "does not produce the resources" in reason

    def test_temple_may_be_paid_in_gold(self) -> None:
        s = self._build(gold=2)
        options = [a for a in s.options(0) if a.get("building") == "temple"]
        assert options == [A("build", building="temple", level=1, way=1)]

    def test_landlord_pays_no_land(self) -> None:
        s = self._build(gold=0, kingdom={0: "landlord"}, buildings={"temple": 1, "tavern": 1})
        assert A("build", building="mine", level=1, way=0) in s.options(0)

    def test_grand_architect_pays_gold_for_missing_resources(self) -> None:
        # a Mine straight at Level 2 needs 2 Wood and 1 Crystal: 3 Gold stand in for them
        s = self._build(gold=2, kingdom={0: "grand-architect"})
        assert A("build", building="mine", level=1, way=0) in s.options(0)
        assert A("build", building="mine", level=2, way=0) not in s.options(0)
        s = self._build(gold=3, kingdom={0: "grand-architect"})
        s.do("build", by=0, building="mine", level=2, way=0)
        build_nothing(s)
        assert s.view(0)["players"][0]["gold"] == 0
        assert s.view(0)["players"][0]["buildings"] == {"mine": 2}

    def test_wood_merchant_stands_in_for_wood_only(self) -> None:
        s = self._build(gold=5, kingdom={0: "wood-merchant"})
        assert A("build", building="town", level=1, way=0) in s.options(0)
        assert A("build", building="tavern", level=1, way=0) not in s.options(0)

    def test_upgrade_needs_the_level_2_cost_and_no_land(self) -> None:
        s = self._build(gold=0, kingdom={0: "woodcutter", 1: "woodcutter"}, buildings={"town": 1})
        # Town L1 makes 1 Wood: with 2 Woodcutters, 3 Wood >= 2
        s.do("build", by=0, building="town", level=2, way=0)
        build_nothing(s)
        assert s.view(0)["players"][0]["buildings"] == {"town": 2}

    def test_building_straight_at_level_2_needs_both_costs(self) -> None:
        s = self._build(gold=0, kingdom={0: "woodcutter"})
        assert A("build", building="town", level=1, way=0) in s.options(0)
        assert A("build", building="town", level=2, way=0) not in s.options(0)  # needs 3 Wood
        s2 = self._build(gold=0, kingdom={0: "forest-spirit"})
        assert A("build", building="town", level=2, way=0) in s2.options(0)

    def test_choices_are_hidden_until_everyone_has_chosen(self) -> None:
        s = self._build(gold=5, kingdom={0: "woodcutter"})
        s.do("build", by=0, building="mine", level=1, way=0)
        theirs = s.view(1)
        assert theirs["commitments"] == {"committed": [0], "mine": None}  # only "has chosen"
        assert "mine" not in str(theirs["players"][0])
        assert theirs["players"][0]["buildings"] == {}
        assert s.view(0)["commitments"]["mine"] == {
            "kind": "build",
            "args": {"building": "mine", "level": 1, "way": 0},
        }
        build_nothing(s)  # the others choose: everything is carried out together
        assert s.view(1)["players"][0]["buildings"] == {"mine": 1}


class TestAging:
    def _age(self, seats: list[dict]) -> Scenario:
        return game({"phase": "built", "seats": seats + [{}] * (3 - len(seats))})

    def test_aged_units_die_and_the_others_take_a_token(self) -> None:
        s = advance(self._age([{"kingdom": {0: {"unit": "knight", "age": 1}, 1: "farmer"}}]))
        assert units(s, 0) == [None, "farmer", None, None, None]
        assert s.view(0)["players"][0]["kingdom"][1]["age"] == 1

    def test_death_abilities(self) -> None:
        spec = [
            {
                "legend_points": 5,
                "gold": 0,
                "kingdom": {
                    0: {"unit": "sculptor", "age": 1},
                    1: {"unit": "monkey", "age": 2},
                    2: {"unit": "palm-reader", "age": 0},
                    3: {"unit": "demon", "age": 1},
                },
            }
        ]
        s = advance(self._age(spec))
        me = s.view(0)["players"][0]
        # Sculptor +3; Palm Reader 1 per Age on the dying (1 + 2 + 1); Demon -3
        assert me["legend_points"] == 5 + 3 + 4 - 3
        assert me["gold"] == 2  # the Monkey's 1 Gold per Age token
        assert units(s, 0) == [None, None, "palm-reader", None, None]

    def test_relic_never_dies_and_salamander_needs_two_tokens(self) -> None:
        spec = [
            {
                "kingdom": {
                    0: {"unit": "relic-of-wisdom", "age": 3},
                    1: {"unit": "salamander", "age": 1},
                }
            }
        ]
        s = advance(self._age(spec))
        ages = [u["age"] if u else None for u in s.view(0)["players"][0]["kingdom"]]
        assert ages == [4, 2, None, None, None]

    def test_mystical_healer_saves_a_unit_with_a_single_token(self) -> None:
        spec = [{"kingdom": {0: {"unit": "knight", "age": 1}, 1: "mystical-healer"}}]
        s = advance(self._age(spec))
        s.expect("save", seat=0)
        assert A("save", spot=0) in s.options(0)
        s.do("save", spot=0)
        v = s.view(0)
        assert units(s, 0)[:2] == ["knight", "mystical-healer"]
        assert v["players"][0]["kingdom"][0]["age"] == 2  # it takes its token afterwards

    def test_units_carrying_two_tokens_cannot_be_saved(self) -> None:
        s = self._age([{"kingdom": {0: {"unit": "knight", "age": 2}, 1: "mystical-healer"}}])
        assert aging.savable(s.state, 0) == []


class TestEndOfGame:
    def _end(self, seats: list[dict]) -> Scenario:
        return advance(game({"turn": 4, "phase": "built", "seats": seats}))

    def test_buildings_score_1_or_3_and_relic_2_per_token(self) -> None:
        s = self._end(
            [
                {
                    "legend_points": 10,
                    "buildings": {"town": 2, "mine": 1},
                    "kingdom": {0: {"unit": "relic-of-wisdom", "age": 1}},
                },
                {"legend_points": 0},
                {"legend_points": 0},
            ]
        )
        assert s.state.is_terminal()
        assert (
            s.view(0)["players"][0]["legend_points"] == 10 + 3 + 1 + 2 * 2
        )  # the Relic aged first
        assert s.state.outcome().winners == (0,)

    def test_tie_goes_to_the_most_gold_then_is_shared(self) -> None:
        s = self._end(
            [
                {"legend_points": 9, "gold": 2},
                {"legend_points": 9, "gold": 5},
                {"legend_points": 9, "gold": 5},
            ]
        )
        assert s.state.outcome().winners == (1, 2)

    def test_scores_never_go_below_zero(self) -> None:
        s = self._age_demon()
        assert s.view(0)["players"][0]["legend_points"] == 0

    def _age_demon(self) -> Scenario:
        return advance(
            game(
                {
                    "phase": "built",
                    "seats": [
                        {"legend_points": 1, "kingdom": {0: {"unit": "demon", "age": 1}}},
                        {},
                        {},
                    ],
                }
            )
        )


class TestViews:
    def test_draft_hands_and_picks_stay_hidden(self) -> None:
        s = Scenario("paper-tales", players=3, seed=8)
        mine = s.view(0)["draft"]["hand"]
        s.do("pick", by=0, card=mine[0])
        for seat in (1, 2, None):
            text = str(s.view(seat))
            assert all(c not in text for c in mine)

    def test_face_down_deployment_is_hidden_until_reveal(self) -> None:
        s = game({"phase": "deploy", "seats": [{"hand": ["knight"]}, {}, {}]})
        knight = card(s, 0, "knight")
        s.state.apply(arrangement(s, 0, {knight: "front"}), 0)
        assert s.view(0)["players"][0]["plan"][0]["card"] == knight
        for seat in (1, 2, None):
            assert knight not in str(s.view(seat))
        reveal_all(s)
        assert s.view(1)["players"][0]["kingdom"][0]["card"] == knight

    def test_acting_for_another_seat_is_refused(self) -> None:
        s = game({"phase": "deploy", "seats": [{"hand": ["knight"]}, {}, {}]})
        with pytest.raises(IllegalAction):
            s.state.apply(arrangement(s, 0, {card(s, 0, "knight"): "front"}), 1)


class TestMoreUnitAbilities:
    def test_hunter_produces_food_only_in_the_front(self) -> None:
        s = game({"seats": [{"kingdom": {0: "hunter", 2: "hunter"}}, {}, {}]})
        assert kingdom.resources(s.state, 0)["food"] == 1

    def test_adventurer_produces_a_crystal_per_age_token(self) -> None:
        s = game({"seats": [{"kingdom": {0: {"unit": "adventurer", "age": 2}}}, {}, {}]})
        assert kingdom.resources(s.state, 0)["crystal"] == 2

    def test_strategist_counts_every_age_token_and_fights_from_the_back(self) -> None:
        spec = {
            "seats": [
                {
                    "kingdom": {
                        2: {"unit": "strategist", "age": 1},
                        0: {"unit": "militiaman", "age": 1},
                    }
                },
                {},
                {},
            ]
        }
        s = game(spec)
        assert kingdom.war_strength(s.state, 0) == (1 + 2) + (2 + 1)

    def test_giant_snake_loses_strength_and_pays_when_aged(self) -> None:
        s = game({"seats": [{"kingdom": {0: {"unit": "giant-snake", "age": 1}}}, {}, {}]})
        assert kingdom.war_strength(s.state, 0) == 0
        assert kingdom.income(s.state, 0) == 2 + 3

    def test_master_alchemist_ages_one_unit_per_food_every_deployment(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [{"kingdom": {0: "master-alchemist", 1: "farmer", 2: "militiaman"}}, {}, {}],
        }
        s = game(spec)
        reveal_all(s)  # nothing new: the Alchemist acts anyway (no When-revealed icon)
        s.expect("age-one", seat=0)
        s.do("age", spot=2)
        assert s.view(0)["players"][0]["kingdom"][2]["age"] == 1

    def test_necromancer_ages_every_other_unit(self) -> None:
        spec = {"phase": "deploy", "seats": [{"hand": ["necromancer"], "kingdom": {0: "knight"}}]}
        s = game({**spec, "seats": [*spec["seats"], {}, {}]})
        place(s, 0, "necromancer", 1)
        reveal_all(s)
        ages = [u["age"] if u else None for u in s.view(0)["players"][0]["kingdom"]]
        assert ages[:2] == [1, 0]


class TestTurnStructure:
    def test_four_turns_of_six_phases_in_order(self) -> None:
        s = Scenario("paper-tales", players=3, seed=12)
        bots = {seat: make_bot(s.game, "greedy", seat, 12) for seat in range(3)}
        lines: list[str] = []
        seen = -1
        while not s.state.is_terminal():
            seat = s.state.current_seats()[0]
            s.state.apply(bots[seat].act(s.state), seat)
            for e in s.view(None)["log"]:
                if e["n"] > seen:
                    lines.append(e["text"])
                    seen = e["n"]
        marks = []
        for line in lines:
            for key, mark in (
                ("Recruitment", "1"),
                ("Deployment", "2"),
                ("Wars:", "3"),
                ("Income:", "4"),
                ("construct", "5"),
                ("Aging", "6"),
            ):
                if key in line and (not marks or marks[-1] != mark):
                    marks.append(mark)
        assert "".join(marks) == "123456" * 4
        assert s.state.rounds() == 4
        assert s.view(None)["phase"] == "over"


class TestHowEveryScoreWasMade:
    """The end screen's breakdown: every Legend Point by its source as it was scored, the Gold
    that breaks a tie beside it (issue 24, points 5 and 9)."""

    def _end(self, seats: list[dict]) -> Scenario:
        return advance(game({"turn": 4, "phase": "built", "seats": seats}))

    def test_each_source_of_legend_points_is_an_item(self) -> None:
        relic = {0: {"unit": "relic-of-wisdom", "age": 1}}
        seat = {"legend_points": 10, "buildings": {"town": 2, "mine": 1}, "kingdom": relic}
        s = self._end([seat, {}, {}])
        outcome = s.state.outcome()
        (line, *_) = outcome.breakdown
        items = [(i.label, i.points, i.detail) for i in line.items]
        assert items == [
            ("Buildings", 4, "Mine at Level 1, Town at Level 2"),  # the game's order
            ("Relic of Wisdom", 4, "ability"),
            ("Before this scenario", 10, ""),
        ]
        assert line.name == "Red" and line.total == outcome.scores[0] == 18

    def test_a_tie_broken_on_gold_shows_the_gold(self) -> None:
        seats = [
            {"legend_points": 9, "gold": 2},
            {"legend_points": 9, "gold": 5},
            {"legend_points": 9, "gold": 3},
        ]
        outcome = self._end(seats).state.outcome()
        assert outcome.winners == (1,) and "tie broken by Gold" in outcome.text
        gold = [[(i.label, i.points) for i in line.tiebreak] for line in outcome.breakdown]
        assert gold == [[("Gold", 2)], [("Gold", 5)], [("Gold", 3)]]

    @pytest.mark.parametrize(
        "params", [{"players": 2}, {"players": 5, "new_units": True, "new_buildings": True}]
    )
    def test_the_items_add_up_to_every_score(self, params: dict) -> None:
        for seed in range(3):
            s = Scenario("paper-tales", seed=seed, **params)
            bots = {
                seat: make_bot(s.game, "greedy", seat, seed) for seat in range(s.game.num_players)
            }
            while not s.state.is_terminal():
                seat = s.state.current_seats()[0]
                s.state.apply(bots[seat].act(s.state), seat)
            outcome = s.state.outcome()
            assert [line.seat for line in outcome.breakdown] == sorted(outcome.scores)
            for line in outcome.breakdown:
                assert line.total == outcome.scores[line.seat]
                assert "Wars" in [i.label for i in line.items] or line.total < 3
            assert outcome.to_json()["breakdown"][0]["tiebreak"][0]["label"] == "Gold"

    def test_no_breakdown_before_the_end(self) -> None:
        assert game({"seats": [{}, {}, {}]}).state._outcome().breakdown == ()


class TestWordsOfTheOptions:
    """Issue 24, point 10: the options say what they do, in full."""

    def test_the_mystical_healer_names_the_unit_it_saves(self) -> None:
        spec = [{"kingdom": {0: {"unit": "knight", "age": 1}, 1: "mystical-healer"}}, {}, {}]
        s = advance(game({"phase": "built", "seats": spec}))
        words = [s.state.describe_action(a, 0) for a in s.options(0)]
        assert words == ["Save nobody", "Save the Knight (Front left)"]
        s.do("save", spot=0)
        assert "Red's Mystical Healer saves the Knight" in [e["text"] for e in s.view(0)["log"]]

    def test_a_construction_says_what_it_needs_and_what_it_costs(self) -> None:
        s = game({"phase": "build", "seats": [{"gold": 4, "kingdom": {0: "woodcutter"}}, {}, {}]})
        words = {s.state.describe_action(a, 0) for a in s.options(0)}
        assert "Construct a Temple at Level 1: pay 2 Gold" in words  # no "2 Gold; 2 Gold"
        assert "Construct a Mine at Level 1: needs 1 Wood; free" in words
        assert "Construct nothing" in words
        owned = {"gold": 4, "kingdom": {0: "woodcutter"}, "buildings": {"temple": 1}}
        s = game({"phase": "build", "seats": [owned, {}, {}]})
        words = {s.state.describe_action(a, 0) for a in s.options(0)}
        assert "Construct a Mine at Level 1: needs 1 Wood; pay 2 Gold (2 for land)" in words
        assert "Upgrade the Temple to Level 2: pay 3 Gold" in words
