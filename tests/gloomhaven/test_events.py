"""Rulebook 'Completing Road Events': conditions, collective versus each, losses with floors."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.gloomhaven import rules as ops
from tabletop.games.gloomhaven.data import EVENT_EFFECTS, EventCard, game_data
from tabletop.games.gloomhaven.model import Campaign

from .conftest import chars


def card(outcomes_a: list[dict[str, Any]], deck: str = "city", number: int = 90) -> EventCard:
    return EventCard.model_validate(
        {
            "id": f"{deck}-t{number}",
            "deck": deck,
            "number": number,
            "source": "designed",
            "intro": "test",
            "options": [
                {"label": "A", "text": "a", "outcomes": outcomes_a},
                {
                    "label": "B",
                    "text": "b",
                    "outcomes": [{"text": "n", "effects": [{"effect": "none"}]}],
                },
            ],
        }
    )


def run(c: Campaign, ev: EventCard, choice: str = "A") -> list[str]:
    c.catalog.events[ev.id] = ev
    c.city.city_deck.draw.append(ev.id)
    ops.draw_city_event(c, "lions")
    return ops.resolve_event(c, "lions", choice)


def gold(c: Campaign) -> list[int]:
    return [ch.gold for ch in chars(c)]


class TestCompletingRoadEventsConditions:
    def test_class_icon_present_applies(self, camp) -> None:
        run(
            camp,
            card(
                [
                    {
                        "condition": {"classes": ["brute"]},
                        "text": "x",
                        "effects": [{"effect": "gold", "amount": 5, "per": "each"}],
                    }
                ]
            ),
        )
        assert gold(camp) == [35, 35]

    def test_class_icon_absent_does_not_apply(self, camp) -> None:
        run(
            camp,
            card(
                [
                    {
                        "condition": {"classes": ["tinkerer", "mindthief"]},
                        "text": "x",
                        "effects": [{"effect": "gold", "amount": 5, "per": "each"}],
                    }
                ]
            ),
        )
        assert gold(camp) == [30, 30]

    @pytest.mark.parametrize(("rep", "applies"), [(4, False), (5, True), (10, True), (11, False)])
    def test_reputation_range_is_inclusive(self, camp, rep: int, applies: bool) -> None:
        camp.parties["lions"].reputation = rep
        run(
            camp,
            card(
                [
                    {
                        "condition": {"reputation": {"min": 5, "max": 10}},
                        "text": "x",
                        "effects": [{"effect": "prosperity", "amount": 1}],
                    }
                ]
            ),
        )
        assert camp.city.prosperity == (1 if applies else 0)

    def test_collective_gold_is_paid_then_applied(self, camp) -> None:
        run(
            camp,
            card(
                [
                    {
                        "condition": {"collective_gold": 25},
                        "text": "x",
                        "effects": [{"effect": "reputation", "amount": 2}],
                    }
                ]
            ),
        )
        assert sum(gold(camp)) == 60 - 25
        assert camp.parties["lions"].reputation == 2

    def test_collective_gold_not_held_is_not_paid_and_otherwise_applies(self, camp) -> None:
        run(
            camp,
            card(
                [
                    {
                        "condition": {"collective_gold": 61},
                        "text": "x",
                        "effects": [{"effect": "reputation", "amount": 2}],
                    },
                    {
                        "condition": {"otherwise": True},
                        "text": "y",
                        "effects": [{"effect": "reputation", "amount": -1}],
                    },
                ]
            ),
        )
        assert gold(camp) == [30, 30]
        assert camp.parties["lions"].reputation == -1

    def test_otherwise_skipped_when_a_preceding_outcome_applied(self, camp) -> None:
        run(
            camp,
            card(
                [
                    {
                        "condition": {"classes": ["brute"]},
                        "text": "x",
                        "effects": [{"effect": "reputation", "amount": 2}],
                    },
                    {
                        "condition": {"otherwise": True},
                        "text": "y",
                        "effects": [{"effect": "reputation", "amount": -5}],
                    },
                ]
            ),
        )
        assert camp.parties["lions"].reputation == 2

    def test_all_applicable_outcomes_resolve_top_to_bottom(self, camp) -> None:
        camp.parties["lions"].reputation = 3
        run(
            camp,
            card(
                [
                    {
                        "condition": {"classes": ["spellweaver"]},
                        "text": "x",
                        "effects": [{"effect": "reputation", "amount": 2}],
                    },
                    # evaluated after the first outcome raised reputation to 5
                    {
                        "condition": {"reputation": {"min": 5, "max": 20}},
                        "text": "y",
                        "effects": [{"effect": "gold", "amount": 1, "per": "each"}],
                    },
                    {"text": "z", "effects": [{"effect": "xp", "amount": 3, "per": "each"}]},
                ]
            ),
        )
        assert gold(camp) == [31, 31]
        assert [ch.xp for ch in chars(camp)] == [3, 3]

    def test_no_condition_always_applies(self, camp) -> None:
        run(
            camp,
            card(
                [{"text": "z", "effects": [{"effect": "checkmarks", "amount": 2, "per": "each"}]}]
            ),
        )
        assert [ch.checkmarks for ch in chars(camp)] == [2, 2]


class TestCollectiveAndEach:
    def test_collective_gain_is_split_remainder_in_party_order(self, camp) -> None:
        run(
            camp,
            card(
                [{"text": "z", "effects": [{"effect": "gold", "amount": 15, "per": "collective"}]}]
            ),
        )
        assert gold(camp) == [38, 37]

    def test_each_applies_to_every_character(self, camp) -> None:
        run(
            camp,
            card([{"text": "z", "effects": [{"effect": "gold", "amount": -7, "per": "each"}]}]),
        )
        assert gold(camp) == [23, 23]

    def test_collective_loss_taken_from_others_when_one_cannot_pay(self, camp) -> None:
        a, b = chars(camp)
        a.gold, b.gold = 2, 30
        run(
            camp,
            card(
                [{"text": "z", "effects": [{"effect": "gold", "amount": -10, "per": "collective"}]}]
            ),
        )
        assert (a.gold, b.gold) == (0, 22)


class TestLosingWhatYouHave:
    def test_gold_never_negative(self, camp) -> None:
        run(
            camp,
            card([{"text": "z", "effects": [{"effect": "gold", "amount": -50, "per": "each"}]}]),
        )
        assert gold(camp) == [0, 0]

    def test_xp_never_below_the_level_minimum(self, camp) -> None:
        a, b = chars(camp)
        a.level, a.xp = 2, 50
        b.xp = 3
        run(
            camp, card([{"text": "z", "effects": [{"effect": "xp", "amount": -10, "per": "each"}]}])
        )
        assert (a.xp, b.xp) == (45, 0)

    def test_checkmarks_never_cost_a_perk(self, camp) -> None:
        a, b = chars(camp)
        a.checkmarks, b.checkmarks = 7, 2
        run(
            camp,
            card(
                [{"text": "z", "effects": [{"effect": "checkmarks", "amount": -5, "per": "each"}]}]
            ),
        )
        assert (a.checkmarks, b.checkmarks) == (6, 0)

    def test_checkmarks_beyond_the_sixth_perk_can_be_lost(self, camp) -> None:
        a = chars(camp)[0]
        a.checkmarks = 20
        run(
            camp,
            card(
                [{"text": "z", "effects": [{"effect": "checkmarks", "amount": -5, "per": "each"}]}]
            ),
        )
        assert a.checkmarks == 18

    def test_prosperity_never_below_the_level_minimum(self, camp) -> None:
        camp.city.prosperity = 10  # level 3 starts at 9
        run(camp, card([{"text": "z", "effects": [{"effect": "prosperity", "amount": -5}]}]))
        assert camp.city.prosperity == 9

    def test_reputation_clamped_to_20_and_minus_20(self, camp) -> None:
        camp.parties["lions"].reputation = 19
        run(camp, card([{"text": "z", "effects": [{"effect": "reputation", "amount": 5}]}]))
        assert camp.parties["lions"].reputation == 20


class TestEventCards:
    def test_returned_card_goes_to_the_bottom(self, camp) -> None:
        ev = card([{"text": "z", "card": "return", "effects": [{"effect": "none"}]}])
        run(camp, ev)
        assert camp.city.city_deck.draw[0] == ev.id

    def test_removed_card_leaves_the_game(self, camp) -> None:
        ev = card([{"text": "z", "card": "remove", "effects": [{"effect": "none"}]}])
        run(camp, ev)
        assert ev.id not in camp.city.city_deck.draw
        assert ev.id in camp.city.city_deck.removed

    def test_choice_must_be_a_or_b(self, camp) -> None:
        ops.draw_city_event(camp, "lions")
        with pytest.raises(ops.Refused, match="choose A or B"):
            ops.resolve_event(camp, "lions", "C")

    def test_no_event_in_hand(self, camp) -> None:
        with pytest.raises(ops.Refused, match="no event to resolve"):
            ops.resolve_event(camp, "lions", "A")

    def test_item_design_adds_every_copy(self, camp) -> None:
        camp.catalog.items["015"] = (
            game_data()
            .items["001"]
            .model_copy(update={"id": "015", "name": "Test Item", "copies": 2})
        )
        run(camp, card([{"text": "z", "effects": [{"effect": "item-design", "item": "015"}]}]))
        assert ops.supply_copies(camp, "015") == 2

    def test_added_events_wait_for_their_card(self, camp) -> None:
        rng = ops._rng(camp)
        out = ops.add_events(camp, "both", 55, rng)
        assert len(camp.city.waiting_events) == 2 and "not entered" in out[0]

    def test_adding_an_event_shuffles_it_into_the_deck(self, camp) -> None:
        rng = ops._rng(camp)
        ops.add_events(camp, "both", 42, rng)
        assert "road-42" in camp.city.road_deck.draw
        assert "city-42" in camp.city.city_deck.draw


class TestOwnersCards:
    def _real(self, deck: str, number: int, initial: bool = True) -> EventCard:
        ev = card([{"text": "t", "effects": [{"effect": "none"}]}], deck=deck, number=number)
        return ev.model_copy(
            update={"id": f"{deck}-{number:02d}-real", "initial": initial, "source": "owner"}
        )

    def test_replacing_the_sample_rebuilds_both_decks(self, camp) -> None:
        rng = ops._rng(camp)
        ops.add_events(camp, "both", 42, rng)
        cards = {
            e.id: e
            for e in (
                self._real("road", 1),
                self._real("city", 1),
                self._real("road", 42, initial=False),
            )
        }
        ops.load_events(camp, cards, replace_sample=True)
        assert sorted(camp.city.road_deck.draw) == ["road-01-real", "road-42-real"]
        assert camp.city.city_deck.draw == ["city-01-real"]
        assert {w.number for w in camp.city.waiting_events} == {42}  # city 42 not entered

    def test_waiting_event_joins_when_loaded(self, camp) -> None:
        ops.add_events(camp, "road", 60, ops._rng(camp))
        ev = self._real("road", 60, initial=False)
        ops.load_events(camp, {ev.id: ev}, replace_sample=False)
        assert ev.id in camp.city.road_deck.draw and not camp.city.waiting_events

    def test_replacing_with_an_event_in_hand_is_refused(self, camp) -> None:
        ops.draw_city_event(camp, "lions")
        with pytest.raises(ops.Refused, match="resolve the event in hand first"):
            ops.load_events(camp, {}, replace_sample=True)

    def test_sample_decks_at_start(self) -> None:
        c = ops.new_campaign("x", 3)
        sample = game_data().events
        assert sorted(c.city.road_deck.draw) == sorted(
            k for k, v in sample.items() if v.deck == "road" and v.initial
        )
        assert sorted(c.city.city_deck.draw) == sorted(
            k for k, v in sample.items() if v.deck == "city" and v.initial
        )


class TestEventEffects:
    def test_every_event_effect_has_one_handler(self) -> None:
        assert EVENT_EFFECTS.missing() == []

    def test_an_unknown_effect_is_refused_naming_file_and_entry(self) -> None:
        [problem] = EVENT_EFFECTS.check({"effect": "item_design", "item": "015"}, "e.yaml", "x")
        assert "e.yaml, entry 'x'" in problem and "item-design" in problem

    def test_an_owners_card_with_the_earlier_effect_names_reads_as_today(self, camp) -> None:
        ev = card([{"text": "z", "effects": [{"effect": "next_scenario", "note": "n"}]}])
        assert ev.options[0].outcomes[0].effects == [{"effect": "next-scenario", "note": "n"}]
        run(camp, ev)
        assert camp.parties["lions"].next_scenario_notes == ["n"]
