"""What the learning adapters cost: random episodes played natively and through each adapter.

Four ways to play a random game to its end, each picking uniformly among the legal actions:

- ``native``: the engine itself (``legal_actions`` and ``apply``, the pick from an engine
  :class:`~tabletop.engine.Rng`);
- ``pettingzoo``: the AEC environment as a random agent drives it: ``last()``, the observation's
  mask, ``action_space.sample(mask)``, ``step``; the observation vector is never read, so never
  made;
- ``pettingzoo+obs``: the same, reading the observation vector at every step too, as a learner
  does (the game's view and its encoding: the game's cost, not the adapter's);
- ``openspiel``: ``legal_actions`` and ``apply_action`` from ``game.deal(seed)``, as OpenSpiel's
  random rollouts do: no tensors (the pick from an engine Rng, as natively).

Time is the process's CPU time, and the ways take turns round by round, so a busy moment of a
shared machine falls on all of them alike. The overhead is the ratio of decisions per CPU second
to the native rate (random games differ in length, so decisions are the fair unit).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.engine import Rng, derive_seed, load

WAYS = ("native", "pettingzoo", "pettingzoo+obs", "openspiel")


def _native(name: str, params: Mapping[str, Any]) -> Callable[[int], int]:
    game = load(name, **params)

    def play(seed: int) -> int:
        state = game.new_state(seed)
        rng = Rng(derive_seed(seed, "adapter-speed"))
        steps = 0
        while not state.is_terminal():
            seats = state.current_seats()
            seat = seats[0] if len(seats) == 1 else min(seats)
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
            steps += 1
        return steps

    return play


def _pettingzoo(name: str, params: Mapping[str, Any], read: bool) -> Callable[[int], int]:
    from .pettingzoo import env

    e = env(name, **params)

    def play(seed: int) -> int:
        e.reset(seed=seed)
        for i, agent in enumerate(e.possible_agents):
            e.action_space(agent).seed(derive_seed(seed, "adapter-speed", i) % 2**32)
        steps = 0
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            if read:
                obs["observation"]
            e.step(e.action_space(agent).sample(obs["action_mask"]))
            steps += 1
        return steps

    return play


def _openspiel(name: str, params: Mapping[str, Any]) -> Callable[[int], int]:
    import pyspiel

    from .openspiel import register_all, short_name

    register_all()
    game = pyspiel.load_game(short_name(name), dict(params))

    def play(seed: int) -> int:
        state = game.deal(seed % 2**32)
        rng = Rng(derive_seed(seed, "adapter-speed"))
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            steps += 1
        return steps

    return play


def players(name: str, params: Mapping[str, Any], way: str) -> Callable[[int], int]:
    """A function playing one random episode from a seed one way; returns its decisions."""
    if way == "native":
        return _native(name, params)
    if way in ("pettingzoo", "pettingzoo+obs"):
        return _pettingzoo(name, params, read=way == "pettingzoo+obs")
    if way == "openspiel":
        return _openspiel(name, params)
    raise ValueError(f"unknown way {way!r}; ways: {', '.join(WAYS)}")


def overhead(
    name: str,
    params: Mapping[str, Any],
    episodes: int,
    rounds: int = 3,
    seed: int = 1,
    ways: Sequence[str] = WAYS,
) -> list[dict[str, Any]]:
    """``episodes`` random episodes each way (the same seeds each way), in ``rounds`` rounds
    taken in turn: one row per way with episodes, decisions, CPU seconds, episodes and decisions
    per CPU second, and the ratio of decisions per second to the native rate."""
    run = {way: players(name, params, way) for way in ways}
    for play in run.values():  # imports, content and encodings loaded, caches warm
        play(seed + 10_000_019)
    totals: dict[str, list[float]] = {way: [0.0, 0.0, 0.0] for way in ways}
    rounds = max(1, min(rounds, episodes))
    for r in range(rounds):
        batch = range(r * episodes // rounds, (r + 1) * episodes // rounds)
        for way in ways:
            started = time.process_time()
            steps = sum(run[way](seed + k) for k in batch)
            total = totals[way]
            total[0] += len(batch)
            total[1] += steps
            total[2] += time.process_time() - started
    rows: list[dict[str, Any]] = []
    for way in ways:
        played, taken, spent = totals[way]
        rows.append(
            {
                "way": way,
                "episodes": int(played),
                "decisions": int(taken),
                "seconds": spent,
                "episodes_per_second": played / spent if spent else 0.0,
                "decisions_per_second": taken / spent if spent else 0.0,
            }
        )
    base = float(next((r["decisions_per_second"] for r in rows if r["way"] == "native"), 0.0))
    for row in rows:
        row["ratio"] = row["decisions_per_second"] / base if base else 0.0
    return rows
