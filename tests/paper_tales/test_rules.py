"""Rule tests, one class per section of the rules (research notes on Paper Tales and our rulings),
asserted through the seats' views."""

from __future__ import annotations

import pytest

from tabletop.engine import Action, IllegalAction
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
        assert "not in the hand in front of seat 0" in reason

    def test_two_players_cannot_discard_the_card_just_kept(self) -> None:
        s = Scenario("paper-tales", players=2, seed=4)
        hands = [s.view(seat)["draft"]["hand"] for seat in range(2)]
        for seat in range(2):
            s.do("pick", by=seat, card=hands[seat][0])
        reason = s.refuse(A("burn", card=hands[0][0]), 0)
        assert f"{hands[0][0]} is not in the hand in front of seat 0" in reason


class TestDeployment:
    def _deploy(self, **seat0: object) -> Scenario:
        spec = {"phase": "deploy", "seats": [dict(seat0), {"hand": ["cook"]}, {}]}
        return game(spec)

    def test_new_units_are_paid_at_reveal_and_old_ones_are_not(self) -> None:
        s = self._deploy(gold=3, hand=["knight", "monkey"], kingdom={2: "dragon"})
        place(s, 0, "knight", 0)
        place(s, 0, "monkey", 1)
        reveal_all(s)
        v = s.view(0)
        assert units(s, 0) == ["knight", "monkey", "dragon", None, None]
        # Knight 1, Monkey -1, the Dragon paid before; then Wars and 2 Gold of Income follow
        assert v["players"][0]["gold"] == 3 - 0 + 2

    def test_a_row_holds_no_more_units_than_its_spots(self) -> None:
        s = self._deploy(gold=5, hand=["knight"], kingdom={0: "farmer", 1: "farmer"})
        knight = card(s, 0, "knight")
        reason = s.refuse(arrangement(s, 0, {knight: "front"}), 0)
        assert "3 Units in the Front but this Kingdom has 2 Front spots" in reason
        # moving a Farmer to the Back makes room
        farmer = s.data["players"][0]["kingdom"][0]["c"]
        s.state.apply(arrangement(s, 0, {knight: "front", farmer: "back"}), 0)
        reveal_all(s)
        assert units(s, 0) == ["knight", "farmer", "farmer", None, None]

    def test_a_full_kingdom_takes_no_more(self) -> None:
        full = {0: "farmer", 1: "farmer", 2: "farmer", 3: "woodcutter"}
        s = self._deploy(gold=5, hand=["knight"], kingdom=full)
        knight = card(s, 0, "knight")
        placed = [a for a in s.options(0) if a[knight] in ("front", "back")]
        assert placed and all(sum(v == "discard" for _, v in a.args) >= 1 for a in placed)
        assert s.refuse(arrangement(s, 0, {knight: "back"}), 0)

    def test_units_you_cannot_pay_for_are_refused(self) -> None:
        s = self._deploy(gold=1, hand=["kraken", "knight"])
        reason = s.refuse(arrangement(s, 0, {card(s, 0, "kraken"): "front"}), 0)
        assert "cannot be paid" in reason
        s.state.apply(arrangement(s, 0, {card(s, 0, "knight"): "front"}), 0)

    def test_a_level_2_building_opens_a_third_front_spot(self) -> None:
        s = self._deploy(gold=5, hand=["knight", "farmer", "cook"], buildings={"town": 2})
        assert 4 in s.view(0)["players"][0]["spots"]
        for unit in ("knight", "farmer", "cook"):
            place(s, 0, unit, 0)
        reveal_all(s)
        assert sorted(str(u) for u in units(s, 0)) == ["None", "None", "cook", "farmer", "knight"]
        assert units(s, 0)[2:4] == [None, None]

    def test_units_in_play_may_be_moved_or_discarded(self) -> None:
        s = self._deploy(gold=0, kingdom={0: "farmer", 2: "knight"})
        farmer = s.data["players"][0]["kingdom"][0]["c"]
        knight = s.data["players"][0]["kingdom"][2]["c"]
        # the Knight to the Front, the Farmer discarded
        s.state.apply(arrangement(s, 0, {knight: "front"}, discard=(farmer,)), 0)
        reveal_all(s)
        assert units(s, 0) == ["knight", None, None, None, None]
        assert s.view(0)["discards"] == 1 + 1  # the Farmer, and seat 1's unplaced Cook

    def test_a_unit_staying_in_its_row_keeps_its_spot(self) -> None:
        s = self._deploy(gold=3, hand=["knight"], kingdom={1: "farmer", 3: "woodcutter"})
        place(s, 0, "knight", 0)
        reveal_all(s)
        assert units(s, 0) == ["knight", "farmer", None, "woodcutter", None]

    def test_one_card_is_kept_face_down_the_rest_discarded(self) -> None:
        s = self._deploy(gold=0, hand=["knight", "farmer", "cook"])
        keep = card(s, 0, "knight")
        reveal_all(s, keep={0: keep})
        v = s.view(0)
        assert v["players"][0]["kept"] == keep
        assert v["players"][0]["hand"] == []
        assert s.view(1)["players"][0]["has_kept"] is True
        assert "kept" not in s.view(1)["players"][0]

    def test_at_most_one_card_is_kept(self) -> None:
        s = self._deploy(gold=0, hand=["knight", "farmer"])
        both = {card(s, 0, "knight"): "keep", card(s, 0, "farmer"): "keep"}
        assert "at most one card is kept" in s.refuse(arrangement(s, 0, both), 0)

    def test_an_arrangement_must_say_where_every_card_goes(self) -> None:
        s = self._deploy(gold=3, hand=["knight", "farmer"])
        reason = s.refuse(A("deploy", **{card(s, 0, "knight"): "front"}), 0)
        assert "missing: " + card(s, 0, "farmer") in reason
        other = card(s, 1, "cook")
        reason = s.refuse(A("deploy", **{other: "front"}), 0)
        assert "not in seat 0's hand or Kingdom" in reason


class TestDeploymentCommitments:
    """Deployment: everyone arranges at once, face down, as one commitment each."""

    POOL = ("knight", "farmer", "militiaman", "miner", "peddler", "blacksmith", "cerberus")
    OLD = ("woodcutter",) * 3 + ("forest-child",) * 3 + ("manticore",)

    def _hand(self, seat: int) -> tuple[str, str]:
        return self.POOL[seat], self.POOL[(seat + 1) % 7]

    def _seven(self) -> Scenario:
        seats = [
            {"gold": 4, "hand": list(self._hand(i)), "kingdom": {i % 4: self.OLD[i]}}
            for i in range(7)
        ]
        return game({"phase": "deploy", "seats": seats}, players=7, new_units=True)

    def _choices(self, s: Scenario) -> dict[int, Action]:
        out = {}
        for seat in range(7):
            one, two = (card(s, seat, u) for u in self._hand(seat))
            rows = {one: "front"} if seat % 2 else {one: "back", two: "front"}
            out[seat] = arrangement(s, seat, rows, keep=two if seat % 2 else None)
        return out

    def test_seven_seats_committing_in_any_order_give_the_same_state(self) -> None:
        from tabletop.engine.rng import Rng

        results = []
        for order_seed in range(4):
            s = self._seven()
            choices = self._choices(s)
            order = list(range(7))
            Rng(order_seed).shuffle(order)
            for seat in order:
                s.state.apply(choices[seat], seat)
            results.append((s.state.data, s.state.rng.state))
        assert all(r == results[0] for r in results[1:])
        assert results[0][0]["phase"] != "deploy"  # everyone revealed

    def test_a_commitment_is_hidden_and_may_change_until_the_last_commits(self) -> None:
        s = self._seven()
        choices = self._choices(s)
        knight = card(s, 0, "knight")  # seat 0 puts its Knight in the Back
        s.state.apply(choices[0], 0)
        assert s.state.prompt().committed == (0,)
        for seat in (1, None):
            v = s.view(seat)
            assert v["commitments"]["committed"] == [0]
            assert knight not in str(v)
        assert s.view(0)["players"][0]["plan"][2]["card"] == knight  # in the Back, to seat 0
        changed = arrangement(s, 0, {knight: "front"})
        s.state.apply(changed, 0)
        assert s.state.commitment(0) == changed
        for seat in range(1, 7):
            s.state.apply(choices[seat], seat)
        assert units(s, 0)[:2] == ["woodcutter", "knight"]  # the change, in the Front

    def test_one_arrangement_is_checked_without_listing_them_all(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        from tabletop.games.paper_tales.rules import deployment

        s = self._seven()

        def no_listing(*args: object) -> None:
            raise AssertionError("the Deployment was listed to check one arrangement")

        monkeypatch.setattr(deployment, "_enumerate", no_listing)
        deployment._options.cache_clear()
        knight = card(s, 0, "knight")
        assert s.state.is_legal(arrangement(s, 0, {knight: "front"}), 0)
        two = arrangement(s, 0, {knight: "keep", card(s, 0, "farmer"): "keep"})
        assert not s.state.is_legal(two, 0)
        s.state.apply(arrangement(s, 0, {knight: "front"}), 0)  # a commitment, checked alike
        assert s.state.prompt().committed == (0,)

    def test_deployment_is_offered_as_one_template(self) -> None:
        s = self._seven()
        v = s.view(0)
        assert v["actions"] == []
        (t,) = v["templates"]
        assert t["kind"] == "deploy"
        names = {p["name"] for p in t["params"]}
        assert names == {
            card(s, 0, "knight"),
            card(s, 0, "farmer"),
            v["players"][0]["kingdom"][0]["card"],
        }
        assert s.state.is_legal(arrangement(s, 0, {card(s, 0, "knight"): "front"}), 0)


class TestDeploymentAbilities:
    def test_kraken_penalty_counts_after_golem_upgrades(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [
                {"gold": 9, "lp": 10, "hand": ["kraken", "golem"], "buildings": {"town": 1}},
                {},
                {},
            ],
        }
        s = game(spec)
        place(s, 0, "kraken", 0)
        place(s, 0, "golem", 1)
        reveal_all(s)
        v = s.view(0)
        assert v["players"][0]["buildings"] == {"town": 2}
        # one Level 2 Building, counted after the Golem: -3; then Wars won against both: +6
        assert "loses 3 LP" in " ".join(e["text"] for e in v["log"])
        assert v["players"][0]["lp"] == 10 - 3 + 6
        ages = {u["unit"]: u["age"] for u in v["players"][0]["kingdom"] if u}
        assert ages == {"kraken": 0, "golem": 1}  # the Kraken aged the Golem

    def test_time_master_puts_two_age_tokens_on_a_unit_of_your_choice(self) -> None:
        spec = {
            "phase": "deploy",
            "seats": [{"hand": ["time-master"], "kingdom": {0: "militiaman"}}],
        }
        s = game({**spec, "seats": [*spec["seats"], {}, {}]})
        place(s, 0, "time-master", 1)
        reveal_all(s)
        s.expect("age-one", seat=0)
        s.do("age", spot=0)
        v = s.view(0)
        assert v["players"][0]["kingdom"][0]["age"] == 2
        assert v["players"][0]["kingdom"][0]["strength"] == 4  # Militiaman: 2 + 1 per Age

    def test_veteran_enters_aged(self) -> None:
        s = game({"phase": "deploy", "seats": [{"hand": ["veteran"]}, {}, {}]})
        place(s, 0, "veteran", 0)
        reveal_all(s)
        assert s.view(0)["players"][0]["kingdom"][0]["age"] == 1

    def test_shapeshifter_becomes_a_cheap_unit_with_an_age_token(self) -> None:
        s = game({"phase": "deploy", "seats": [{"hand": ["shapeshifter"]}, {}, {}]}, seed=9)
        place(s, 0, "shapeshifter", 0)
        reveal_all(s)
        u = s.view(0)["players"][0]["kingdom"][0]
        assert u["unit"] != "shapeshifter"
        assert s.state.content.units[u["unit"]].cost <= 3
        assert u["age"] == 1


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
        assert [p["won"] for p in v["players"]] == [2, 2, 0]
        assert [p["lp"] for p in v["players"]] == [6, 6, 0]

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
        assert me["lp"] == 6 + 2  # 2 Wars, and the Commander's 1 LP each
        assert me["gold"] == 2 + 2  # the Rogue's Gold per War, then 2 Gold of Income

    def test_two_players_wage_one_war_worth_double_at_double_strength(self) -> None:
        spec = {
            "phase": "deployed",
            "seats": [{"kingdom": {0: "knight", 1: "knight"}}, {"kingdom": {0: "knight"}}],
        }
        s = advance(game(spec, players=2))
        assert [p["lp"] for p in s.view(0)["players"]] == [wars.LP_DOUBLE, 0]

    def test_two_players_strength_0_wins_nothing(self) -> None:
        s = advance(game({"phase": "deployed", "seats": [{}, {}]}, players=2))
        assert [p["lp"] for p in s.view(0)["players"]] == [0, 0]

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
        assert "takes 2 Gold (land 2)" in reason
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
                "lp": 5,
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
        assert me["lp"] == 5 + 3 + 4 - 3
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
                    "lp": 10,
                    "buildings": {"town": 2, "mine": 1},
                    "kingdom": {0: {"unit": "relic-of-wisdom", "age": 1}},
                },
                {"lp": 0},
                {"lp": 0},
            ]
        )
        assert s.state.is_terminal()
        assert s.view(0)["players"][0]["lp"] == 10 + 3 + 1 + 2 * 2  # the Relic aged first
        assert s.state.outcome().winners == (0,)

    def test_tie_goes_to_the_most_gold_then_is_shared(self) -> None:
        s = self._end([{"lp": 9, "gold": 2}, {"lp": 9, "gold": 5}, {"lp": 9, "gold": 5}])
        assert s.state.outcome().winners == (1, 2)

    def test_scores_never_go_below_zero(self) -> None:
        s = self._age_demon()
        assert s.view(0)["players"][0]["lp"] == 0

    def _age_demon(self) -> Scenario:
        return advance(
            game(
                {
                    "phase": "built",
                    "seats": [{"lp": 1, "kingdom": {0: {"unit": "demon", "age": 1}}}, {}, {}],
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
        from tabletop.engine.bots import make_bot

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
