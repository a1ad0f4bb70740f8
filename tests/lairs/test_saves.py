"""Saves from before the state's keys were spelt out (layout 1: ``ex``, ``mwalls``, a check's
``hz``, the queue's flat entries and ``_enter``-like steps) load in today's layout and play on as
the game does: each save was made mid-turn, with effects waiting in the queue and a question
asked, by the code of that layout; replaying its seed and actions today reaches the same state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import Action, load
from tabletop.engine.rng import Rng

SAVES: dict[str, Any] = json.loads(
    (Path(__file__).parent / "saves" / "layout1.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("name", sorted(SAVES))
def test_a_layout_1_save_loads_as_the_game_replayed_today(name: str) -> None:
    case = SAVES[name]
    game = load("lairs", **case["params"])
    old = case["save"]
    assert "ex" in old["data"] and old["data"]["queue"], "a save of the old layout, mid-turn"
    loaded = game.state_from_json(old)
    replayed = game.new_state(case["seed"])
    for seat, action in case["actions"]:
        replayed.apply(Action.from_json(action), seat)
    assert loaded.data == replayed.data
    assert loaded.rng == replayed.rng
    for seat in [*range(game.num_players), None]:
        assert loaded.view(seat) == replayed.view(seat)


@pytest.mark.parametrize("name", sorted(SAVES))
def test_a_layout_1_save_plays_on_like_the_game(name: str) -> None:
    case = SAVES[name]
    game = load("lairs", **case["params"])
    loaded = game.state_from_json(case["save"])
    replayed = game.new_state(case["seed"])
    for seat, action in case["actions"]:
        replayed.apply(Action.from_json(action), seat)
    rng = Rng(7)
    for _ in range(200):
        if replayed.is_terminal():
            break
        seats = replayed.current_seats()
        seat = seats[rng.below(len(seats))]
        action = rng.choice(replayed.legal_actions(seat))
        assert loaded.legal_actions(seat) == replayed.legal_actions(seat)
        loaded.apply(action, seat)
        replayed.apply(action, seat)
    assert loaded.data == replayed.data
