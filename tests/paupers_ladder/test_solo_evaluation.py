"""Paupers' Ladder's solo evaluation: a win chance that rises with the objectives' progress and
the Time left, never with throwing a resource away."""

from __future__ import annotations

from tabletop.engine import load
from tabletop.engine.bots import make_bot
from tabletop.games.paupers_ladder.evaluate import (
    SOLO_WEIGHTS,
    objective_progress,
    solo_features,
    solo_value,
)
from tabletop.games.paupers_ladder.state import PLState


def _in_play(scenario: str, seed: int = 2) -> PLState:
    game = load("paupers-ladder", mode="solo", scenario=scenario, difficulty="mid")
    state = game.new_state(seed)
    assert isinstance(state, PLState)
    bot = make_bot(game, "greedy", 0, seed)
    while state.data["phase"] != "play" or state.num_actions() < 40:
        state.apply(bot.act(state), 0)
    return state


def test_every_scenario_has_a_weight_per_feature_and_none_below_zero_for_a_resource() -> None:
    state = _in_play("fiery-siege")
    for weights in SOLO_WEIGHTS.values():
        assert len(weights) == 1 + len(solo_features(state))
        assert all(w >= 0 for w in weights[1:-1])


def test_a_virtue_marker_collected_counts_as_progress() -> None:
    state = _in_play("fiery-siege")
    record = state.data["solo"]
    before = objective_progress(state)
    value = solo_value(state)
    record["collected"].append(record["markers"].pop())
    assert objective_progress(state) > before
    assert solo_value(state) > value


def test_less_time_left_is_worth_less() -> None:
    state = _in_play("fiery-siege")
    record = state.data["solo"]
    record["time"] = record["allowance"]
    full = solo_value(state)
    record["time"] = 1
    assert 0.0 < solo_value(state) < full < 1.0
