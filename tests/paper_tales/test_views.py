"""No view carries a card its seat may not see: other hands, draft hands in flight, picks,
face-down Deployments, kept cards, the draw pile, the unrevealed Necropolis cards."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import load
from tabletop.engine.rng import Rng


def hidden_from(data: dict, seat: int | None) -> set[str]:
    """Card ids the seat must not find in its view."""
    out: set[str] = set(data["deck"]["draw"].split()) if data["deck"]["draw"] else set()
    for s, p in enumerate(data["players"]):
        if s == seat:
            continue
        out |= set(p["hand"])
        if p["kept"]:
            out.add(p["kept"])
        if data["draft"] is not None:
            out |= set(data["draft"]["hands"][s])
    solo = data["solo"]
    if solo is not None:
        out |= set(solo["line"][solo["revealed"] :]) - set(solo["line"][: solo["revealed"]])
    return out


@pytest.mark.parametrize(
    "params",
    [{"players": 3}, {"players": 2}, {"mode": "solo", "lich_cards": 1, "new_units": True}],
)
def test_no_view_names_a_hidden_card(params: dict) -> None:
    game = load("paper-tales", **params)
    for seed in range(2):
        state = game.new_state(seed)
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            if steps % 3 == 0:
                for seat in [*range(game.num_players), None]:
                    text = json.dumps(state.view(seat))
                    leaked = [c for c in hidden_from(state.data, seat) if f'"{c}"' in text]
                    assert not leaked, (seed, steps, seat, leaked)
            seats = state.current_seats()
            seat = seats[rng.below(len(seats))]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            steps += 1
