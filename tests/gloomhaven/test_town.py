"""Rulebook 'Visiting Gloomhaven': creating characters, shop, leveling, perks, sanctuary,
enhancements, retirement, prosperity and scenario completion."""

from __future__ import annotations

import pytest

from tabletop.games.gloomhaven import rules as ops
from tabletop.games.gloomhaven.data import CharacterClass, ScenarioRewards
from tabletop.games.gloomhaven.model import Campaign

from .conftest import chars, make_campaign


def in_town_at_prosperity(level_marks: int) -> Campaign:
    c = make_campaign()
    ops.change_prosperity(c, level_marks)
    return c


class TestCreatingNewCharacters:
    @pytest.mark.parametrize(("level", "gold", "xp"), [(1, 30, 0), (2, 45, 45), (3, 60, 95)])
    def test_gold_and_xp_by_starting_level(self, level: int, gold: int, xp: int) -> None:
        c = in_town_at_prosperity(9)  # prosperity level 3
        ops.create_character(c, "lions", "Cy", "carol", "tinkerer", level)
        ch = ops.character(c, "cy")
        assert (ch.gold, ch.xp) == (gold, xp)
        assert ops.levelups_due(ch) == level - 1

    def test_level_up_steps_in_sequence_up_to_the_starting_level(self) -> None:
        c = in_town_at_prosperity(9)
        ops.create_character(c, "lions", "Cy", "carol", "tinkerer", 3)
        ops.keep_quest(c, "cy", ops.character(c, "cy").quest_offer[0])
        with pytest.raises(ops.Refused, match="must level up"):
            ops.travel(c, "lions", "1")
        with pytest.raises(ops.Refused, match="level 1 to 2"):
            ops.level_up(c, "cy", "Reinvigorating Elixir", 3, "p1")
        ops.level_up(c, "cy", "Stamina Booster", 2, "Remove two -1 cards")
        ops.level_up(c, "cy", "Crank Bow", 3, "Add one +3 card")
        ch = ops.character(c, "cy")
        assert (ch.level, ops.max_hp(c, ch), len(ch.perks)) == (3, 11, 2)
        with pytest.raises(ops.Refused, match="cannot level up"):
            ops.level_up(c, "cy", "Card Four", 1, "p3")

    def test_level_above_prosperity_refused(self, camp) -> None:
        with pytest.raises(ops.Refused, match="prosperity level 1, not 2"):
            ops.create_character(camp, "lions", "Cy", "carol", "tinkerer", 2)

    def test_two_personal_quests_drawn_keep_one_other_shuffled_back(self, camp) -> None:
        before = len(camp.city.quest_deck)
        ops.create_character(camp, "lions", "Cy", "carol", "tinkerer")
        ch = ops.character(camp, "cy")
        assert len(ch.quest_offer) == 2 and len(camp.city.quest_deck) == before - 2
        keep, other = ch.quest_offer
        ops.keep_quest(camp, "cy", keep)
        assert ch.personal_quest == keep and other in camp.city.quest_deck
        assert len(camp.city.quest_deck) == before - 1

    def test_no_quests_left_means_no_quest(self, camp) -> None:
        camp.city.quest_deck.clear()
        out = ops.create_character(camp, "lions", "Cy", "carol", "tinkerer")
        assert any("can never retire" in line for line in out)
        with pytest.raises(ops.Refused, match="can never retire"):
            ops.fulfil_quest(camp, "cy")

    def test_unknown_class_refused(self, camp) -> None:
        with pytest.raises(ops.Refused, match="unknown class 'wizard'"):
            ops.create_character(camp, "lions", "Cy", "carol", "wizard")

    def test_party_of_four_at_most(self) -> None:
        c = make_campaign(classes=("brute", "tinkerer", "scoundrel", "cragheart"))
        with pytest.raises(ops.Refused, match="already has 4"):
            ops.create_character(c, "lions", "Eve", "eve", "mindthief")


class TestBuyingAndSellingItems:
    def test_price_by_reputation(self, camp) -> None:
        camp.parties["lions"].reputation = 7
        ops.buy(camp, "brute0", "6")  # Eagle-Eye Goggles 30 - 2
        assert ops.character(camp, "brute0").gold == 2

    def test_bad_reputation_costs_more(self, camp) -> None:
        camp.parties["lions"].reputation = -20
        ops.buy(camp, "brute0", "012")  # 10 + 5
        assert ops.character(camp, "brute0").gold == 15

    def test_sell_half_rounded_down_back_to_supply(self, camp) -> None:
        ops.buy(camp, "brute0", "001")
        ops.buy(camp, "spellweaver1", "001")
        assert ops.available_to(camp, camp.parties["lions"], "001") == 0
        ops.sell(camp, "brute0", "001")
        assert ops.character(camp, "brute0").gold == 10 + 10
        assert ops.available_to(camp, camp.parties["lions"], "001") == 1

    def test_copies_limit_per_party(self) -> None:
        c = make_campaign(classes=("brute", "tinkerer", "scoundrel"))
        ops.buy(c, "brute0", "003")
        ops.buy(c, "tinkerer1", "003")
        with pytest.raises(ops.Refused, match="no copy of Hide Armor is left"):
            ops.buy(c, "scoundrel2", "003")

    def test_items_of_another_party_stay_in_the_supply(self) -> None:
        c = make_campaign(classes=("brute", "tinkerer"))
        ops.buy(c, "brute0", "003")
        ops.buy(c, "tinkerer1", "003")
        ops.create_party(c, "Wolves")
        ops.create_character(c, "wolves", "Cy", "carol", "scoundrel")
        ops.buy(c, "cy", "003")
        assert "003" in ops.character(c, "cy").items

    def test_duplicate_refused(self, camp) -> None:
        ops.buy(camp, "brute0", "012")
        with pytest.raises(ops.Refused, match="no character may own duplicates"):
            ops.buy(camp, "brute0", "012")

    def test_not_enough_gold_refused(self, camp) -> None:
        ops.buy(camp, "brute0", "006")
        with pytest.raises(ops.Refused, match="has 0 gold; Iron Helmet costs 10"):
            ops.buy(camp, "brute0", "007")

    def test_unknown_item_refused(self, camp) -> None:
        with pytest.raises(ops.Refused, match="unknown item '999'"):
            ops.buy(camp, "brute0", "999")

    def test_item_not_yet_in_supply_refused(self, camp) -> None:
        camp.catalog.items["071"] = ops.items(camp)["001"].model_copy(update={"id": "071"})
        with pytest.raises(ops.Refused, match="not in the city's supply"):
            ops.buy(camp, "brute0", "071")

    def test_only_in_town(self, camp) -> None:
        ops.travel(camp, "lions", "1")
        with pytest.raises(ops.Refused, match="buying items only happens in Gloomhaven"):
            ops.buy(camp, "brute0", "001")


class TestLevelingUp:
    def test_only_in_town(self, camp) -> None:
        ops.travel(camp, "lions", "1")
        ops.finish_scenario(camp, "lions", True, xp={"brute0": 40})
        assert ops.levelups_due(ops.character(camp, "brute0")) == 1
        with pytest.raises(ops.Refused, match="leveling up only happens in Gloomhaven"):
            ops.level_up(camp, "brute0", "Juggernaut", 2, "remove two -1")
        ops.return_to_town(camp, "lions")
        ops.level_up(camp, "brute0", "Juggernaut", 2, "remove two -1")
        ch = ops.character(camp, "brute0")
        assert (ch.level, ops.max_hp(camp, ch), ops.hand_size(camp, ch)) == (2, 12, 10)

    def test_needs_the_xp(self, camp) -> None:
        with pytest.raises(ops.Refused, match="needs 45 XP, has 0"):
            ops.level_up(camp, "brute0", "Juggernaut", 2, "p")


class TestAdditionalPerks:
    @pytest.mark.parametrize(("marks", "perks"), [(2, 0), (3, 1), (5, 1), (6, 2), (18, 6), (25, 6)])
    def test_a_perk_per_three_checkmarks_at_most_six(self, camp, marks: int, perks: int) -> None:
        ch = ops.character(camp, "brute0")
        ch.checkmarks = marks
        assert ops.checkmark_perks(ch) == perks

    def test_marking_needs_an_earned_perk(self, camp) -> None:
        ch = ops.character(camp, "brute0")
        with pytest.raises(ops.Refused, match="no unmarked perk"):
            ops.mark_perk(camp, "brute0", "Add two +1 cards")
        ch.checkmarks = 3
        ops.mark_perk(camp, "brute0", "Add two +1 cards")
        assert ops.perks_unmarked(ch) == 0


class TestDonatingToTheSanctuary:
    def test_ten_gold_two_bless_once_per_visit(self, camp) -> None:
        ops.donate(camp, "brute0")
        ch = ops.character(camp, "brute0")
        assert (ch.gold, ch.blesses_next_scenario, camp.city.donations) == (20, 2, 10)
        with pytest.raises(ops.Refused, match="already donated during this visit"):
            ops.donate(camp, "brute0")
        ops.donate(camp, "spellweaver1")  # each player may donate

    def test_blesses_last_one_scenario_and_next_visit_allows_another(self, camp) -> None:
        ops.donate(camp, "brute0")
        ops.travel(camp, "lions", "1")
        ops.finish_scenario(camp, "lions", True)
        assert ops.character(camp, "brute0").blesses_next_scenario == 0
        ops.return_to_town(camp, "lions")
        ops.donate(camp, "brute0")

    def test_hundred_gold_opens_envelope_b(self, camp) -> None:
        camp.city.donations = 90
        out = ops.donate(camp, "brute0")
        assert "envelope:B" in camp.city.envelopes
        assert any("sanctuary-100" in line for line in out)

    def test_not_enough_gold(self, camp) -> None:
        ops.character(camp, "brute0").gold = 9
        with pytest.raises(ops.Refused, match="has 9 gold; a donation is 10"):
            ops.donate(camp, "brute0")


def enhancing_campaign(prosperity_marks: int = 9) -> Campaign:
    c = in_town_at_prosperity(prosperity_marks)
    c.city.global_achievements["The Power of Enhancement"] = 1
    ch = ops.character(c, "brute0")
    ch.xp, ch.gold = 95, 500
    ops.level_up(c, "brute0", "Juggernaut", 2, "Remove two -1 cards")
    ops.level_up(c, "brute0", "Brute Force", 3, "Add one +3 card")
    return c


class TestEnhancingAbilityCards:
    def test_brute_example_150_then_191(self) -> None:
        c = enhancing_campaign()
        ops.enhance(c, "brute0", "Brute Force", 3, "top", "attack", multi_target=True)
        assert ops.character(c, "brute0").gold == 350
        ops.enhance(c, "brute0", "Brute Force", 3, "top", "attack-hex", hexes=3)
        assert ops.character(c, "brute0").gold == 350 - 191
        costs = [e.cost for e in c.city.enhancements["brute"]]
        assert costs == [150, 191]

    def test_previous_count_is_per_action(self) -> None:
        c = enhancing_campaign()
        ops.enhance(c, "brute0", "Brute Force", 3, "top", "attack", multi_target=True)
        ops.enhance(c, "brute0", "Brute Force", 3, "bottom", "move")
        assert c.city.enhancements["brute"][-1].cost == 30 + 50

    def test_enhanced_cards_at_most_the_prosperity_level(self) -> None:
        c = enhancing_campaign(4)  # prosperity level 2
        ops.enhance(c, "brute0", "Brute Force", 3, "top", "move")
        ops.enhance(c, "brute0", "Juggernaut", 2, "top", "move")
        ops.enhance(c, "brute0", "Brute Force", 3, "bottom", "move")  # same card: allowed
        with pytest.raises(ops.Refused, match="already has 2 enhanced cards"):
            ops.enhance(c, "brute0", "Trample", 1, "top", "move")

    def test_needs_the_power_of_enhancement(self) -> None:
        c = enhancing_campaign()
        c.city.global_achievements.clear()
        with pytest.raises(ops.Refused, match="The Power of Enhancement"):
            ops.enhance(c, "brute0", "Brute Force", 3, "top", "move")

    def test_card_must_be_in_the_pool(self) -> None:
        c = enhancing_campaign()
        with pytest.raises(ops.Refused, match="not in Brute0's active card pool"):
            ops.enhance(c, "brute0", "Hook and Chain", 3, "top", "move")

    def test_not_enough_gold(self) -> None:
        c = enhancing_campaign()
        ops.character(c, "brute0").gold = 10
        with pytest.raises(ops.Refused, match="costs 80"):
            ops.enhance(c, "brute0", "Brute Force", 3, "top", "move")

    def test_enhancements_stay_with_the_class_after_retirement(self) -> None:
        c = enhancing_campaign()
        ops.enhance(c, "brute0", "Brute Force", 3, "top", "attack", multi_target=True)
        ops.fulfil_quest(c, "brute0")
        ops.retire(c, "brute0")
        ops.create_character(c, "lions", "Dax", "player0", "brute")
        ops.keep_quest(c, "dax", ops.character(c, "dax").quest_offer[0])
        ch = ops.character(c, "dax")
        ch.xp, ch.gold = 95, 500
        ops.level_up(c, "dax", "Juggernaut", 2, "Remove two -1 cards")
        ops.level_up(c, "dax", "Brute Force", 3, "Add one +3 card")
        ops.enhance(c, "dax", "Brute Force", 3, "top", "attack-hex", hexes=3)
        assert c.city.enhancements["brute"][-1].cost == 191


class TestAnnouncingRetirement:
    def test_retirement(self) -> None:
        c = make_campaign()
        ch = ops.character(c, "brute0")
        ops.buy(c, "brute0", "001")
        rng_before = c.rng_state
        ops.fulfil_quest(c, "brute0")
        with pytest.raises(ops.Refused, match="must retire"):
            ops.travel(c, "lions", "1")
        ops.retire(c, "brute0")
        assert ch.retired and ch.gold == 0 and ch.items == []
        assert ops.available_to(c, c.parties["lions"], "001") == 2
        assert c.city.prosperity == 1
        assert ch.personal_quest in c.city.removed_quests
        assert c.player_retirements["player0"] == 1
        assert "brute" in c.city.retired_classes
        assert "road-42" in c.city.road_deck.draw and "city-42" in c.city.city_deck.draw
        assert "book:town-records" in c.city.envelopes
        assert ch.id not in c.parties["lions"].members
        assert rng_before != c.rng_state
        ops.create_character(c, "lions", "Dax", "player0", "brute")
        assert ops.character(c, "dax").bonus_perks == 1
        assert ops.perks_unmarked(ops.character(c, "dax")) == 1

    def test_opened_envelope_gives_random_design_and_side_scenario(self) -> None:
        c = make_campaign()
        q = ops.quests(c)[ops.character(c, "brute0").personal_quest]
        c.city.envelopes.append(q.opens)
        ops.fulfil_quest(c, "brute0")
        out = ops.retire(c, "brute0")
        assert any("already opened" in line for line in out)
        assert len(c.city.item_designs) == 15
        assert len(c.city.unlocked_scenarios) == 2

    def test_cannot_retire_without_a_fulfilled_quest(self, camp) -> None:
        with pytest.raises(ops.Refused, match="fulfilled personal quest"):
            ops.retire(camp, "brute0")


class TestGloomhavenProsperity:
    def test_new_level_unlocks_items_and_lets_characters_rise(self, camp) -> None:
        out = ops.change_prosperity(camp, 4)
        assert ops.prosperity_level(camp) == 2
        assert "015" in camp.city.item_designs and "021" in camp.city.item_designs
        assert any("may rise" in line for line in out)
        ops.rise_to_prosperity(camp, "brute0")
        ch = ops.character(camp, "brute0")
        assert ch.xp == 45 and ops.levelups_due(ch) == 1
        with pytest.raises(ops.Refused, match="not below the prosperity level"):
            ops.rise_to_prosperity(camp, "brute0")

    def test_unlocked_item_without_card_data_is_listed_but_not_sold(self, camp) -> None:
        ops.change_prosperity(camp, 4)
        rows = {r["id"]: r for r in ops.shop(camp, camp.parties["lions"])}
        assert rows["015"]["note"] == "card not entered"
        with pytest.raises(ops.Refused, match="card is not entered"):
            ops.buy(camp, "brute0", "015")

    def test_track_stops_at_64(self, camp) -> None:
        ops.change_prosperity(camp, 100)
        assert camp.city.prosperity == 64 and ops.prosperity_level(camp) == 9


class TestScenarioCompletion:
    def test_xp_gold_bonus_and_checkmarks(self, camp) -> None:
        ops.travel(camp, "lions", "1")
        ops.finish_scenario(
            camp,
            "lions",
            True,
            scenario_level=2,
            xp={"brute0": 7},
            coins={"spellweaver1": 4},
            checkmarks={"brute0": 2},
        )
        a, b = chars(camp)
        assert (a.xp, a.gold, a.checkmarks) == (7 + 8, 30, 2)
        assert (b.xp, b.gold) == (8, 30 + 12)
        assert "1" in camp.city.completed_scenarios

    def test_failure_keeps_play_gains_without_bonus_or_rewards(self, camp) -> None:
        ops.travel(camp, "lions", "1")
        ops.finish_scenario(camp, "lions", False, xp={"brute0": 7})
        assert chars(camp)[0].xp == 7
        assert "2" not in camp.city.unlocked_scenarios

    def test_checkmarks_need_success(self, camp) -> None:
        ops.travel(camp, "lions", "1")
        with pytest.raises(ops.Refused, match="battle goals"):
            ops.finish_scenario(camp, "lions", False, checkmarks={"brute0": 1})

    def test_losses_capped_at_what_the_party_has(self, camp) -> None:
        camp.parties["lions"].reputation = -18
        ops.travel(camp, "lions", "1")
        ops.finish_scenario(
            camp,
            "lions",
            True,
            extra=ScenarioRewards(
                gold_each=-100, reputation=-5, lose_party_achievements=["Never Held"]
            ),
        )
        assert [ch.gold for ch in chars(camp)] == [0, 0]
        assert camp.parties["lions"].reputation == -20

    def test_casual_mode_has_no_story_rewards(self, camp) -> None:
        ops.travel(camp, "lions", "1", casual=True)
        out = ops.finish_scenario(camp, "lions", True)
        assert "casual mode: no story rewards" in out
        assert "2" not in camp.city.unlocked_scenarios

    def test_only_while_playing(self, camp) -> None:
        with pytest.raises(ops.Refused, match="not playing a scenario"):
            ops.finish_scenario(camp, "lions", True)

    def test_reputation_ten_opens_the_sun_box(self, camp) -> None:
        camp.parties["lions"].reputation = 8
        ops.adjust(camp, "reputation", 2, "lions")
        assert "box:sun" in camp.city.envelopes


class TestUnlockingClasses:
    def _sun_class(self) -> CharacterClass:
        return CharacterClass(
            id="sunkeeper",
            name="Sunkeeper",
            race="Valrath",
            hand_size=11,
            hp=[10, 12, 14, 16, 18, 20, 22, 24, 26],
            perk_boxes=15,
            starting_pool=14,
            retire_event=None,
            unlock_event=50,
            unlocked_by="box:sun",
            source="owner",
        )

    def test_opening_its_box_unlocks_the_class_and_adds_its_events(self, camp) -> None:
        ops.load_classes(camp, {"sunkeeper": self._sun_class()})
        with pytest.raises(ops.Refused, match="not unlocked yet"):
            ops.create_character(camp, "lions", "Sol", "sol", "sunkeeper")
        camp.parties["lions"].reputation = 9
        out = ops.adjust(camp, "reputation", 1, "lions")  # reputation 10 opens the sun box
        assert "sunkeeper" in camp.city.unlocked_classes
        assert any("Sunkeeper unlocked" in line for line in out)
        assert {(w.deck, w.number) for w in camp.city.waiting_events} == {
            ("road", 50),
            ("city", 50),
        }
        ops.create_character(camp, "lions", "Sol", "sol", "sunkeeper")
        assert ops.max_hp(camp, ops.character(camp, "sol")) == 10

    def test_box_opened_before_the_class_was_entered(self, camp) -> None:
        camp.city.envelopes.append("box:sun")
        ops.load_classes(camp, {"sunkeeper": self._sun_class()})
        assert "sunkeeper" in camp.city.unlocked_classes

    def test_unknown_class_cannot_be_unlocked(self, camp) -> None:
        with pytest.raises(ops.Refused, match="enter its class sheet first"):
            ops.unlock_class_command(camp, "sunkeeper")


class TestEnhancementQuote:
    def test_quote_counts_earlier_stickers_and_changes_nothing(self) -> None:
        c = enhancing_campaign()
        ops.enhance(c, "brute0", "Brute Force", 3, "top", "attack", multi_target=True)
        before = c.dump()
        q = ops.quote_enhancement(c, "brute0", "Brute Force", 3, "top", "attack-hex", hexes=3)
        assert q == {"cost": 191, "previous": 1, "allowed": True, "refusal": None}
        assert c.dump() == before

    def test_quote_says_why_not(self) -> None:
        c = enhancing_campaign()
        ops.character(c, "brute0").gold = 0
        q = ops.quote_enhancement(c, "brute0", "Brute Force", 3, "top", "attack", multi_target=True)
        assert q["cost"] == 150 and not q["allowed"] and "costs 150" in str(q["refusal"])
