"""Fit Paupers' Ladder's solo evaluation (``SOLO_WEIGHTS`` in
src/tabletop/games/paupers_ladder/evaluate.py) to games the greedy bot plays.

For each scenario and difficulty, ``--games`` solo games with the greedy bot (seeds 1..N);
every ``--every``-th state of the play phase gives ``solo_features`` and the game's outcome
(won or not). A logistic regression over them (Newton's method, a little ridge so a feature
that never varies stays finite) gives each scenario's weights, printed as the dict to paste.
Needs numpy (the ``rl`` extra).

    TABLETOP_PURE=1 python scripts/fit_solo_evaluation.py --games 120
"""

from __future__ import annotations

import argparse

import numpy as np

from tabletop.engine import load
from tabletop.engine.bots import make_bot
from tabletop.games.paupers_ladder.evaluate import solo_features

SCENARIOS = ("fiery-siege", "garoliums-tournament", "saltash-necromancer")
DIFFICULTIES = ("easy", "mid", "hard")


def samples(scenario: str, games: int, every: int) -> tuple[list[list[float]], list[float]]:
    xs: list[list[float]] = []
    ys: list[float] = []
    for difficulty in DIFFICULTIES:
        game = load("paupers-ladder", mode="solo", scenario=scenario, difficulty=difficulty)
        for seed in range(1, games + 1):
            state = game.new_state(seed)
            bot = make_bot(game, "greedy", 0, seed)
            rows = []
            while not state.is_terminal():
                if state.num_actions() % every == 0 and state.data["phase"] == "play":
                    rows.append(solo_features(state))
                state.apply(bot.act(state), 0)
            won = float(bool(state.outcome().winners))
            xs += rows
            ys += [won] * len(rows)
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], ridge: float = 1e-3) -> list[float]:
    """Logistic regression with the weight of every resource (all features but the last, the
    rounds gone) kept at zero or above: a feature the fit gives a negative weight is left out
    and the rest refitted, so a search never learns to throw away Time, Lives or progress
    because, in greedy play, they went with losing for some other reason."""
    x = np.hstack([np.ones((len(xs), 1)), np.array(xs)])
    y = np.array(ys)
    keep = list(range(x.shape[1]))
    while True:
        w = _newton(x[:, keep], y, ridge)
        wrong = [k for k, v in zip(keep, w, strict=True) if 0 < k < x.shape[1] - 1 and v < 0]
        if not wrong:
            full = [0.0] * x.shape[1]
            for k, v in zip(keep, w, strict=True):
                full[k] = float(v)
            return full
        worst = min(wrong, key=lambda k: w[keep.index(k)])
        keep.remove(worst)


def _newton(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="games per difficulty")
    parser.add_argument("--every", type=int, default=3, help="sample every N-th action")
    args = parser.parse_args()
    print("SOLO_WEIGHTS: dict[str, tuple[float, ...]] = {")
    for scenario in SCENARIOS:
        xs, ys = samples(scenario, args.games, args.every)
        w = fit(xs, ys)
        won = sum(ys) / max(1, len(ys))
        print(f"    # {len(xs)} states, {won:.0%} of them in games won")
        print(f"    {scenario!r}: ({', '.join(f'{v:.3f}' for v in w)}),")
    print("}")


if __name__ == "__main__":
    main()
