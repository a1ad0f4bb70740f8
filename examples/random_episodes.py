"""Random episodes of every game through each adapter, with the native engine's rate beside them.

    python examples/random_episodes.py                      # 1,000 episodes per game and way
    python examples/random_episodes.py -n 100 --all-modes   # every mode the harness covers
    python examples/random_episodes.py --game paupers-ladder --param mode=solo

Three ways to play the same random game, each to its end:

- native: the engine itself, a uniformly random legal action at every decision;
- pettingzoo: the AEC environment, ``last()`` and the observation's action mask, then a masked
  ``action_space.sample`` at every step, as a random agent does (the observation vector is made
  only when read, so never here; ``tabletop bench --adapters`` also times reading it);
- openspiel: ``state.legal_actions()`` and ``apply_action`` with a random pick from the game
  dealt from the same seed (``game.deal(seed)``), as OpenSpiel's random rollouts (the MCTS
  evaluator) do: no observation tensors.

``tabletop bench --adapters`` prints the same comparison as docs/adapters.md's table (the ways
taking turns, and PettingZoo with and without reading the observation).

It prints episodes per second and decisions per second of CPU time (the process's own, so other
work on the machine does not count), after loading the game and its encoding; the adapter overhead
is the ratio to the native rate. Needs the ``rl`` extra (``pip install -e '.[rl]'``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from tabletop.adapters.encoding import encoding_for
from tabletop.engine import Rng, load, specs


def native(name: str, params: dict[str, Any], episodes: int, seed: int) -> int:
    game = load(name, **params)
    steps = 0
    for k in range(episodes):
        state = game.new_state(seed + k)
        rng = Rng(seed + k)
        while not state.is_terminal():
            seat = min(state.current_seats())
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
            steps += 1
    return steps


def pettingzoo(name: str, params: dict[str, Any], episodes: int, seed: int) -> int:
    from tabletop.adapters.pettingzoo import env

    e = env(name, **params)
    steps = 0
    for k in range(episodes):
        e.reset(seed=seed + k)
        for i, agent in enumerate(e.possible_agents):
            e.action_space(agent).seed(seed + k + i)
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(e.action_space(agent).sample(obs["action_mask"]))
            steps += 1
    return steps


def openspiel(name: str, params: dict[str, Any], episodes: int, seed: int) -> int:
    import pyspiel

    from tabletop.adapters.openspiel import short_name

    game = pyspiel.load_game(short_name(name), dict(params))
    steps = 0
    for k in range(episodes):
        state = game.deal(seed + k)  # the chance nodes' outcomes for engine seed seed + k
        rng = Rng(seed + k)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            steps += 1
    return steps


WAYS: dict[str, Callable[[str, dict[str, Any], int, int], int]] = {
    "native": native,
    "pettingzoo": pettingzoo,
    "openspiel": openspiel,
}


def parse_params(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--param wants key=value, got {item!r}")
        out[key] = int(value) if value.lstrip("-").isdigit() else value
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("-n", "--episodes", type=int, default=1000, help="episodes per game and way")
    ap.add_argument("--game", help="only this game (default: every registered game)")
    ap.add_argument("--param", action="append", default=[], help="a game parameter, key=value")
    ap.add_argument("--all-modes", action="store_true", help="every parameter set of the harness")
    ap.add_argument("--ways", default=",".join(WAYS), help="native,pettingzoo,openspiel")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    cases: list[tuple[str, dict[str, Any]]] = []
    for spec in specs():
        if args.game and spec.name != args.game:
            continue
        if args.param:
            cases.append((spec.name, parse_params(args.param)))
        elif args.all_modes:
            cases += [(spec.name, dict(p)) for p in spec.conformance]
        else:
            cases.append((spec.name, {}))
    if not cases:
        raise SystemExit(f"no registered game {args.game!r}")

    print(f"{'game':<44} {'way':<11} {'episodes/s':>11} {'decisions/s':>12} {'vs native':>9}")
    for name, params in cases:
        label = name + "".join(f" {k}={v}" for k, v in params.items())
        base: float | None = None
        for way in args.ways.split(","):
            encoding_for(load(name, **params))  # static content and encodings, loaded once
            start = time.process_time()
            steps = WAYS[way](name, params, args.episodes, args.seed)
            took = time.process_time() - start
            rate = args.episodes / took
            if way == "native":
                base = rate
            ratio = f"{rate / base:.2f}x" if base else ""
            print(f"{label:<44} {way:<11} {rate:>11.2f} {steps / took:>12.0f} {ratio:>9}")


if __name__ == "__main__":
    main()
