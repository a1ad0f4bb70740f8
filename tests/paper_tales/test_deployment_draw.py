"""The random Deployment: an arrangement drawn legal by construction (the game's own draw, which
the engine's random choice asks first), every legal arrangement equally likely. Checked against
the full list of arrangements, made by brute force."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from tabletop.engine import State, load
from tabletop.engine.bots import random_action
from tabletop.engine.rng import Rng
from tabletop.games.paper_tales.rules import deployment

MODES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 4, "new_buildings": True},
    {"players": 7, "new_units": True},
    {"players": 1, "mode": "solo", "lich_cards": 2},
]


def deployments(params: dict[str, Any], seeds: range) -> Iterator[tuple[State, int]]:
    """Every seat's Deployment in random games (each state as its first seat decides)."""
    game = load("paper-tales", **params)
    for seed in seeds:
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            seat = state.current_seats()[0]
            if state.prompt().kind == "deploy":
                yield state, seat
            state.apply(random_action(state, seat, rng), seat)


def test_the_arrangements_are_numbered_one_to_one_with_the_legal_list() -> None:
    checked = 0
    for params in MODES:
        for state, seat in deployments(params, range(3)):
            legal = deployment.options(state, seat)
            counted = deployment.Arrangements(state, seat)
            assert counted.total == len(legal), (params, state.data["turn"])
            if len(legal) > 20_000:
                continue
            numbered = [counted.numbered(n) for n in range(counted.total)]
            assert len(set(numbered)) == len(numbered)  # each number another arrangement
            assert set(numbered) == set(legal)  # ... and every one of them legal
            checked += 1
    assert checked > 40


def test_the_random_choice_draws_the_games_arrangement() -> None:
    for state, seat in deployments({"players": 3}, range(2)):
        legal = set(deployment.options(state, seat))
        for k in range(5):
            drawn = random_action(state, seat, Rng(k))
            assert drawn == deployment.draw(state, seat, Rng(k))
            assert drawn in legal
            assert state.is_legal(drawn, seat)


def _small_deployment() -> tuple[State, int, list[Any]]:
    for state, seat in deployments({"players": 2}, range(40)):
        legal = deployment.options(state, seat)
        if 40 <= len(legal) <= 400 and state.player(seat)["kingdom"].count(None) < 5:
            return state, seat, legal
    raise AssertionError("no small Deployment with Units in play found")


def test_every_legal_arrangement_is_equally_likely() -> None:
    state, seat, legal = _small_deployment()
    per = 60
    rng = Rng(17)
    counts = Counter(random_action(state, seat, rng) for _ in range(per * len(legal)))
    assert set(counts) == set(legal)
    # Pearson's chi-square over the legal arrangements: mean len-1, deviation sqrt(2(len-1));
    # a draw that favoured a row, the kept card or a Unit in play would be far beyond 5 of them
    chi2 = sum((counts[a] - per) ** 2 / per for a in legal)
    dof = len(legal) - 1
    assert chi2 < dof + 5 * (2 * dof) ** 0.5, chi2
    # and each card's place alone as often as the brute-force list has it
    for card, _ in legal[0].args:
        want = Counter(dict(a.args)[card] for a in legal)
        got = Counter(dict(a.args)[card] for a in counts.elements())
        for where, n in want.items():
            expected = per * n
            assert abs(got[where] - expected) < 5 * expected**0.5 + 1, (card, where)
