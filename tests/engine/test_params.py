"""Game parameters: defaults, coercion, and parameters that depend on another's value."""

from __future__ import annotations

import pytest

from tabletop.engine import BadParameter, GameSpec, ParamSpec

SPEC = GameSpec(
    name="demo",
    title="Demo",
    min_players=1,
    max_players=4,
    params=(
        ParamSpec("players", 2, choices=(1, 2, 3, 4), default_when=(("mode", "solo", 1),)),
        ParamSpec("mode", "standard", choices=("standard", "solo")),
        ParamSpec("scenario", "first", choices=("first", "second"), only_when=("mode", ("solo",))),
    ),
    hidden_information=False,
    max_actions=10,
)


class TestConditionalParameters:
    def test_a_parameter_applies_only_with_another_value(self) -> None:
        assert SPEC.resolve({}) == {"players": 2, "mode": "standard"}
        assert SPEC.resolve({"mode": "solo"}) == {
            "players": 1,
            "mode": "solo",
            "scenario": "first",
        }

    def test_given_where_it_does_not_apply_is_refused_by_name(self) -> None:
        with pytest.raises(
            BadParameter, match="'scenario' applies only when mode is solo; mode is 'standard'"
        ):
            SPEC.resolve({"scenario": "second"})

    def test_a_default_that_follows_another_parameter_yields_to_a_given_value(self) -> None:
        assert SPEC.resolve({"mode": "solo", "players": "3"})["players"] == 3

    def test_forms_that_send_every_field_keep_only_what_applies(self) -> None:
        form = {"players": "2", "mode": "standard", "scenario": "second"}
        assert SPEC.applicable(form) == {"players": "2", "mode": "standard"}
        form["mode"] = "solo"
        assert SPEC.applicable(form) == form
