"""Train a small masked policy against random opponents and watch its win rate rise.

    python examples/train_masked_policy.py                    # the three games, 4 minutes each
    python examples/train_masked_policy.py paper-tales --minutes 2
    python examples/train_masked_policy.py lairs --param mode=intro --seed 3

The learner plays one seat of a two-player game through the PettingZoo adapter (the seat rotates
every episode), the others play uniformly at random among the legal actions (the environment's
masked sample). Paper Tales is played in the factored action space (its Deployment one card at a
time, see docs/adapters.md); Paupers' Ladder and Lairs in the flat one, where a random opponent
is uniform over the legal actions.

The policy is a one-hidden-layer network in numpy: the observation through a tanh layer of 64
units, then a score for each legal action number only (the mask: numbers that are not legal get
no probability) and a value estimate. A number's score is the sum of its features' scores, read
off the action encoding's slots: the number, its kind, each argument's value (so what is learnt
of "creep to B3" carries over to creeping elsewhere). It learns by the policy gradient with the
value as a baseline (REINFORCE with a learned baseline, an entropy bonus, Adam), from the
end-of-game reward alone: +1 for a win (a shared win too), -1 for anything else. First a block
of games measures the yardstick, a random player in the learner's seats (a seat may have the
better odds, and a tie can make both seats winners, so it need not be one half); then every
block of episodes prints the learner's win rate in that block (it plays by sampling its policy,
exploration included) and its margin over the yardstick, so the learning curve reads down the
page. It needs only the ``rl`` extra (numpy, PettingZoo) and runs on a CPU.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from dataclasses import dataclass, field
from typing import Any

# small matrices, one process: BLAS threads would only wait for each other
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

from tabletop.adapters.encoding import ActionCodec  # noqa: E402
from tabletop.adapters.pettingzoo import TabletopEnv, env  # noqa: E402

# one mode of each game, and the action space it is learnt in
GAMES: dict[str, tuple[dict[str, Any], str]] = {
    "paupers-ladder": ({"players": 2}, "flat"),
    "paper-tales": ({"players": 2}, "factored"),
    "lairs": ({"mode": "intro"}, "flat"),
}


@dataclass
class Adam:
    """Adam over a dict of numpy arrays."""

    lr: float = 1e-3
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8
    t: int = 0
    m: dict[str, np.ndarray] = field(default_factory=dict)
    v: dict[str, np.ndarray] = field(default_factory=dict)

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for k, g in grads.items():
            m = self.m.setdefault(k, np.zeros_like(g))
            v = self.v.setdefault(k, np.zeros_like(g))
            m *= self.beta1
            m += (1 - self.beta1) * g
            v *= self.beta2
            v += (1 - self.beta2) * g * g
            mh = m / (1 - self.beta1**self.t)
            vh = v / (1 - self.beta2**self.t)
            params[k] -= self.lr * mh / (np.sqrt(vh) + self.eps)


def action_features(codec: ActionCodec) -> np.ndarray:
    """What each action number is made of, from the codec's slots alone (any game): the number
    itself, its slot (the action's kind), and each of its arguments' values (an ordinal slot's
    rank), as rows of feature ids, padded with the id of a feature that is always zero. A
    number's score is the sum of its features' scores, so what is learnt of one number carries
    over to the numbers that share its kind or an argument's value."""
    rows: list[list[int]] = []
    ids: dict[Any, int] = {}

    def feature(key: Any) -> int:
        return ids.setdefault(key, codec.size + len(ids))

    for slot in codec.slots():
        for k in range(slot.size):
            row = [slot.start + k, feature(("slot", slot.kind))]
            if slot.ordinal:
                row.append(feature(("rank", slot.kind, k)))
            else:
                rest = k
                for name, domain in reversed(slot.args):
                    rest, i = divmod(rest, len(domain))
                    row.append(feature(("arg", slot.kind, name, i)))
            rows.append(row)
    pad = codec.size + len(ids)
    width = max(len(r) for r in rows)
    return np.array([r + [pad] * (width - len(r)) for r in rows], np.int64)


class MaskedPolicy:
    """Observation -> tanh(64) -> a score per legal action number (the sum of its features'),
    and a value."""

    def __init__(self, obs_size: int, features: np.ndarray, hidden: int, rng: np.random.Generator):
        scale = 1.0 / math.sqrt(obs_size)
        self.features = features
        count = int(features.max()) + 1  # the last one is the padding, kept at zero
        self.pad = count - 1
        self.p = {
            "w1": (rng.standard_normal((obs_size, hidden)) * scale).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": np.zeros((count, hidden), np.float32),
            "b2": np.zeros(count, np.float32),
            "wv": np.zeros(hidden, np.float32),
            "bv": np.zeros(1, np.float32),
        }

    def hidden(self, x: np.ndarray) -> np.ndarray:
        return np.tanh(x @ self.p["w1"] + self.p["b1"])

    def probabilities(self, h: np.ndarray, legal: np.ndarray) -> np.ndarray:
        f = self.features[legal]  # (L, K)
        logits = (self.p["w2"][f] @ h).sum(axis=1) + self.p["b2"][f].sum(axis=1)
        logits -= logits.max()
        e = np.exp(logits)
        return e / e.sum()  # type: ignore[no-any-return]

    def gradients(
        self,
        xs: np.ndarray,
        legals: list[np.ndarray],
        chosen: list[int],
        reward: float,
        entropy: float,
    ) -> dict[str, np.ndarray]:
        """The gradient of the episode's loss: -A log pi(a|s) + 0.5 (V(s) - R)^2 - entropy H,
        with the advantage A = R - V(s) (the value a baseline, not differentiated through)."""
        p = self.p
        hs = np.tanh(xs @ p["w1"] + p["b1"])  # (T, H)
        values = hs @ p["wv"] + p["bv"][0]
        adv = reward - values
        g = {k: np.zeros_like(v) for k, v in p.items()}
        gh = np.zeros_like(hs)
        rows, grads, scaled = [], [], []
        for t, (legal, j) in enumerate(zip(legals, chosen, strict=True)):
            pi = self.probabilities(hs[t], legal)
            logp = np.log(pi + 1e-12)
            ent = -(pi * logp).sum()
            gl = pi.copy()
            gl[j] -= 1.0
            gl *= adv[t]  # d(-A log pi_j)/dlogits
            gl += entropy * pi * (logp + ent)  # d(-entropy H)/dlogits
            f = self.features[legal]  # every feature of a number gets its score's gradient
            gf = np.repeat(gl, f.shape[1])
            rows.append(f.ravel())
            grads.append(gf)
            scaled.append(np.outer(gf, hs[t]))
            gh[t] = gl @ p["w2"][f].sum(axis=1)
        at = np.concatenate(rows)
        np.add.at(g["w2"], at, np.concatenate(scaled))
        np.add.at(g["b2"], at, np.concatenate(grads))
        g["w2"][self.pad] = 0.0
        g["b2"][self.pad] = 0.0
        gv = values - reward  # d(0.5 (V - R)^2)/dV
        g["wv"] += hs.T @ gv
        g["bv"] += gv.sum()
        gh += np.outer(gv, p["wv"])
        gz = gh * (1.0 - hs * hs)
        g["w1"] += xs.T @ gz
        g["b1"] += gz.sum(axis=0)
        n = float(len(chosen))
        return {k: v / n for k, v in g.items()}


def episode(
    e: TabletopEnv, policy: MaskedPolicy, learner: int, seed: int, rng: np.random.Generator
) -> tuple[float, np.ndarray, list[np.ndarray], list[int]]:
    """One game: the learner's reward, its observations, legal numbers and choices."""
    e.reset(seed=seed)
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(seed * 7 + i)
    me = e.possible_agents[learner]
    xs: list[np.ndarray] = []
    legals: list[np.ndarray] = []
    chosen: list[int] = []
    reward = 0.0
    for agent in e.agent_iter():
        obs, r, terminated, truncated, _ = e.last()
        if terminated or truncated:
            if agent == me:
                reward = float(r)
            e.step(None)
            continue
        mask = obs["action_mask"]
        if agent != me:
            e.step(e.action_space(agent).sample(mask))
            continue
        x = obs["observation"]
        legal = np.flatnonzero(mask)
        pi = policy.probabilities(policy.hidden(x), legal)
        j = int(rng.choice(len(legal), p=pi))
        xs.append(x)
        legals.append(legal)
        chosen.append(j)
        e.step(int(legal[j]))
    return reward, np.asarray(xs, np.float32), legals, chosen


def train(
    name: str, params: dict[str, Any], space: str, minutes: float, seed: int, block: int
) -> list[tuple[int, float]]:
    """Train for ``minutes`` of CPU time (the yardstick's games not counted); prints and returns
    the win rate of every block."""
    e = env(name, action_space=space, **params)
    n = e.game.num_players
    rng = np.random.default_rng(seed)
    size = e.observation_space(e.possible_agents[0])["observation"].shape[0]
    policy = MaskedPolicy(size, action_features(e.codec), 64, rng)
    opt = Adam(lr=3e-3)
    print(
        f"{name} {params} ({space} actions: {e.codec.size:,} numbers, observation {size:,} "
        f"floats): the learner against {n - 1} random player(s), {minutes:g} CPU minutes",
        flush=True,
    )
    # the yardstick: a random player in the learner's seats (the untrained policy is uniform
    # over the legal actions; nothing is learnt from these games)
    base = sum(
        episode(e, policy, k % n, seed * 1_000_003 - 1 - k, rng)[0] > 0 for k in range(block)
    )
    print(f"a random player in the learner's seats wins {base / block:.2f} of {block}", flush=True)
    print(f"{'episodes':>9} {'win rate':>9} {'vs random':>10} {'minutes':>8}", flush=True)
    curve: list[tuple[int, float]] = []
    started = time.process_time()
    wins = 0
    k = 0
    while time.process_time() - started < minutes * 60:
        learner = k % n
        reward, xs, legals, chosen = episode(e, policy, learner, seed * 1_000_003 + k, rng)
        wins += reward > 0
        if chosen:
            opt.step(policy.p, policy.gradients(xs, legals, chosen, reward, entropy=0.01))
        k += 1
        if k % block == 0:
            rate = wins / block
            curve.append((k, rate))
            spent = (time.process_time() - started) / 60
            print(f"{k:>9} {rate:>9.2f} {rate - base / block:>+10.2f} {spent:>8.1f}", flush=True)
            wins = 0
    return curve


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("game", nargs="?", help="one game (default: the three, one mode each)")
    ap.add_argument("--param", action="append", default=[], help="a game parameter, key=value")
    ap.add_argument("--space", choices=("flat", "factored"), help="the action space")
    ap.add_argument("--minutes", type=float, default=4.0, help="CPU minutes of training per game")
    ap.add_argument("--block", type=int, default=0, help="episodes per point of the curve")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    chosen = [args.game] if args.game else list(GAMES)
    for name in chosen:
        params, space = GAMES.get(name, ({}, "flat"))
        for item in args.param:
            key, sep, value = item.partition("=")
            if not sep:
                raise SystemExit(f"--param wants key=value, got {item!r}")
            params = {**params, key: int(value) if value.lstrip("-").isdigit() else value}
        block = args.block or {"paupers-ladder": 50, "paper-tales": 100, "lairs": 25}.get(name, 50)
        train(name, params, args.space or space, args.minutes, args.seed, block)
        print(flush=True)


if __name__ == "__main__":
    main()
