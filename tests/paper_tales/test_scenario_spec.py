"""The scenario spec (issue 23, point 7): an unknown or misspelt key at any level is refused with
its path, so no rule test passes on a set-up it never had."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import BadParameter
from tabletop.testing import Scenario


def refused(spec: dict[str, Any], **params: Any) -> str:
    with pytest.raises(BadParameter) as found:
        Scenario("paper-tales", spec, **params)
    return str(found.value)


class TestTheSpecRefusesWhatItDoesNotKnow:
    def test_an_unknown_key_at_the_top(self) -> None:
        assert "scenario spec, turns: Extra inputs are not permitted" in refused({"turns": 2})

    def test_an_unknown_key_inside_a_seat(self) -> None:
        reason = refused({"seats": [{}, {"gold": 4, "lp": 3}, {}]})
        assert "scenario spec, seats.1.lp: Extra inputs are not permitted" in reason

    def test_an_unknown_key_inside_a_unit_in_play(self) -> None:
        spec = {"seats": [{"kingdom": {0: {"unit": "knight", "ages": 1}}}, {}, {}]}
        assert "scenario spec, seats.0.kingdom.0.ages: Extra inputs are not permitted" in refused(
            spec
        )

    def test_an_unknown_key_inside_the_solo_spec(self) -> None:
        reason = refused({"solo": {"nether": ["knight"]}}, mode="solo")
        assert "scenario spec, solo.nether: Extra inputs are not permitted" in reason

    def test_a_value_of_the_wrong_kind(self) -> None:
        assert "seats.0.buildings.town" in refused({"seats": [{"buildings": {"town": 3}}]})
        assert "scenario spec, phase" in refused({"phase": "wars"})

    def test_an_unknown_card_names_where_it_is(self) -> None:
        reason = refused({"seats": [{"hand": ["knight", "knigth"]}, {}, {}]})
        assert "seats.0.hand.1: unknown Unit 'knigth'" in reason
        reason = refused({"solo": {"line": ["n1-miners", "x", "y", "z", "w"]}}, mode="solo")
        assert "solo.line.1: unknown Necropolis card 'x'" in reason

    def test_a_spot_outside_the_kingdom(self) -> None:
        assert "seats.0.kingdom.7: a spot is 0 to 4" in refused(
            {"seats": [{"kingdom": {7: "knight"}}]}
        )

    def test_a_solo_spec_needs_the_solo_mode(self) -> None:
        assert "solo: a solo spec needs mode=solo" in refused({"solo": {}})

    def test_a_sound_spec_is_set_up_as_written(self) -> None:
        spec = {
            "turn": 2,
            "phase": "deploy",
            "seats": [
                {"gold": 5, "legend_points": 3, "kingdom": {"1": {"unit": "golem", "age": 1}}},
                {},
                {},
            ],
        }
        v = Scenario("paper-tales", spec).view(0)
        me = v["players"][0]
        assert (v["turn"], v["phase"], me["gold"], me["legend_points"]) == (2, "deploy", 5, 3)
        assert me["kingdom"][1]["unit"] == "golem" and me["kingdom"][1]["age"] == 1
