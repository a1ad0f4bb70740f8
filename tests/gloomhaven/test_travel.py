"""Rulebook 'Traveling And Road Events' and 'Completing City Events'."""

from __future__ import annotations

import pytest

from tabletop.games.gloomhaven import rules as ops

from .conftest import make_campaign


def _finish_black_barrow(c):
    ops.travel(c, "lions", "1")
    ops.finish_scenario(c, "lions", True)


class TestTravelingAndRoadEvents:
    def test_black_barrow_example_linked_scenario_needs_no_road_event(self) -> None:
        c = make_campaign()
        _finish_black_barrow(c)
        assert "2" in c.city.unlocked_scenarios  # Black Barrow unlocks Barrow Lair
        road = list(c.city.road_deck.draw)
        out = ops.travel(c, "lions", "2")
        assert "no road event needed" in out
        assert c.parties["lions"].status == "scenario"
        assert c.parties["lions"].location == "2"
        assert c.city.road_deck.draw == road

    def test_black_barrow_example_via_gloomhaven_needs_a_road_event(self) -> None:
        c = make_campaign()
        _finish_black_barrow(c)
        ops.return_to_town(c, "lions")
        top = c.city.road_deck.draw[-1]
        ops.travel(c, "lions", "2")
        p = c.parties["lions"]
        assert p.status == "traveling"
        assert p.pending_event is not None and p.pending_event.card == top
        assert top not in c.city.road_deck.draw
        with pytest.raises(ops.Refused, match="finish that first"):
            ops.travel(c, "lions", "2")
        ops.resolve_event(c, "lions", "B")
        assert p.status == "scenario" and p.location == "2"

    def test_scenario_linked_to_gloomhaven_needs_no_road_event(self, camp) -> None:
        assert "no road event needed" in ops.travel(camp, "lions", "1")

    def test_replaying_the_same_scenario_needs_no_road_event(self, camp) -> None:
        ops.travel(camp, "lions", "1")
        ops.finish_scenario(camp, "lions", False)
        assert "no road event needed" in ops.travel(camp, "lions", "1")

    def test_unlinked_scenario_after_a_scenario_needs_a_road_event(self, camp) -> None:
        camp.city.unlocked_scenarios.append("7")
        ops.travel(camp, "lions", "1")
        ops.finish_scenario(camp, "lions", False)
        ops.travel(camp, "lions", "7")
        assert camp.parties["lions"].status == "traveling"

    def test_casual_mode_needs_no_road_event(self, camp) -> None:
        _finish_black_barrow(camp)
        ops.return_to_town(camp, "lions")
        assert "no road event needed" in ops.travel(camp, "lions", "2", casual=True)

    def test_completed_scenario_replays_only_casually(self, camp) -> None:
        _finish_black_barrow(camp)
        ops.return_to_town(camp, "lions")
        with pytest.raises(ops.Refused, match="completed in campaign mode"):
            ops.travel(camp, "lions", "1")
        assert "no road event needed" in ops.travel(camp, "lions", "1", casual=True)
        assert camp.parties["lions"].status == "scenario"
        assert camp.parties["lions"].location == "1"

    def test_locked_scenario_is_refused(self, camp) -> None:
        with pytest.raises(ops.Refused, match="scenario 2 is not unlocked"):
            ops.travel(camp, "lions", "2")

    def test_empty_road_deck_means_no_road_event(self, camp) -> None:
        _finish_black_barrow(camp)
        ops.return_to_town(camp, "lions")
        camp.city.road_deck.draw.clear()
        out = ops.travel(camp, "lions", "2")
        assert any("road deck is empty" in line for line in out)
        assert camp.parties["lions"].status == "scenario"


class TestCompletingCityEvents:
    def test_once_per_visit(self, camp) -> None:
        ops.draw_city_event(camp, "lions")
        ops.resolve_event(camp, "lions", "A")
        with pytest.raises(ops.Refused, match="already completed a city event"):
            ops.draw_city_event(camp, "lions")

    def test_a_new_visit_after_a_campaign_scenario(self, camp) -> None:
        ops.draw_city_event(camp, "lions")
        ops.resolve_event(camp, "lions", "A")
        _finish_black_barrow(camp)
        ops.return_to_town(camp, "lions")
        assert camp.parties["lions"].visit == 2
        out = ops.draw_city_event(camp, "lions")  # refused on the first visit, drawn on this one
        assert out[0].startswith("city event ")
        assert camp.parties["lions"].pending_event is not None

    def test_casual_scenario_does_not_start_a_new_visit(self, camp) -> None:
        ops.draw_city_event(camp, "lions")
        ops.resolve_event(camp, "lions", "A")
        ops.travel(camp, "lions", "1", casual=True)
        ops.finish_scenario(camp, "lions", True)
        ops.return_to_town(camp, "lions")
        assert camp.parties["lions"].visit == 1
        with pytest.raises(ops.Refused, match="already completed a city event"):
            ops.draw_city_event(camp, "lions")

    def test_only_in_town(self, camp) -> None:
        ops.travel(camp, "lions", "1")
        with pytest.raises(ops.Refused, match="city events happen in Gloomhaven"):
            ops.draw_city_event(camp, "lions")

    def test_each_party_has_its_own_visit(self) -> None:
        c = make_campaign()
        ops.create_party(c, "Wolves")
        ops.create_character(c, "wolves", "Cy", "carol", "tinkerer")
        ops.draw_city_event(c, "lions")
        ops.resolve_event(c, "lions", "A")
        out = ops.draw_city_event(c, "wolves")
        wolves, lions = c.parties["wolves"], c.parties["lions"]
        assert out[0].startswith("city event ")
        assert wolves.city_event_done and wolves.pending_event is not None
        assert wolves.pending_event.deck == "city"
        assert lions.city_event_done and lions.pending_event is None
        with pytest.raises(ops.Refused, match="already completed a city event"):
            ops.draw_city_event(c, "lions")


class TestDeterminism:
    def test_same_seed_same_campaign(self) -> None:
        def play(seed: int):
            c = make_campaign(seed)
            _finish_black_barrow(c)
            ops.return_to_town(c, "lions")
            ops.draw_city_event(c, "lions")
            ops.resolve_event(c, "lions", "A")
            ops.travel(c, "lions", "2")
            ops.resolve_event(c, "lions", "A")
            return c.dump()

        assert play(11) == play(11)
        assert play(11)["city"]["road_deck"] != play(12)["city"]["road_deck"] or (
            play(11)["city"]["quest_deck"] != play(12)["city"]["quest_deck"]
        )
