"""Speed figures for a game: random-playout actions per second, clone and apply microseconds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from typing import Any

from ..engine import load
from ..engine.rng import Rng, derive_seed


def bench(
    game_name: str, params: Mapping[str, Any], games: int = 20, seed: int = 0
) -> dict[str, float]:
    game = load(game_name, **params)
    samples = []
    total_actions = 0
    started = time.perf_counter()
    for i in range(games):
        state = game.new_state(seed + i)
        rng = Rng(derive_seed(seed + i, "bench"))
        while not state.is_terminal():
            seats = state.current_seats()
            seat = seats[rng.below(len(seats))]
            action = rng.choice(state.legal_actions(seat))
            if rng.below(8) == 0:
                samples.append((state.clone(), seat, action))
            state.apply(action, seat)
            total_actions += 1
    playout_seconds = time.perf_counter() - started
    clone_us, apply_us, legal_us = [], [], []
    for state, seat, action in samples:
        t0 = time.perf_counter()
        twin = state.clone()
        t1 = time.perf_counter()
        twin.apply(action, seat)
        t2 = time.perf_counter()
        for s in twin.current_seats():
            twin.legal_actions(s)
        t3 = time.perf_counter()
        clone_us.append((t1 - t0) * 1e6)
        apply_us.append((t2 - t1) * 1e6)
        legal_us.append((t3 - t2) * 1e6)
    return {
        "games": float(games),
        "actions": float(total_actions),
        "actions_per_second": total_actions / playout_seconds if playout_seconds else 0.0,
        "clone_us_median": statistics.median(clone_us) if clone_us else 0.0,
        "apply_us_median": statistics.median(apply_us) if apply_us else 0.0,
        "legal_actions_us_median": statistics.median(legal_us) if legal_us else 0.0,
        "apply_plus_legal_us_median": statistics.median(
            [a + b for a, b in zip(apply_us, legal_us, strict=True)]
        )
        if apply_us
        else 0.0,
        "states_sampled": float(len(samples)),
    }
