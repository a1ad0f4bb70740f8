"""Every registered game as a PettingZoo AEC environment.

    from tabletop.adapters.pettingzoo import env
    e = env("paupers-ladder", players=3)          # any game, any parameters (its modes)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(
            obs["action_mask"])
        e.step(action)

Agents are ``seat_0 .. seat_{n-1}``. An observation is ``{"observation": float32 vector,
"action_mask": int8 vector}``: the vector encodes the agent's own view (``state.view(seat)``)
with the game's encoding (see :mod:`tabletop.adapters.encoding`); the mask marks the legal action
numbers, and is all zeros for an agent that is not deciding. A simultaneous decision (a prompt
naming several seats) is asked of its seats one at a time, lowest seat first; the game keeps each
commitment hidden from the seats still to choose, so the order gives nobody an advantage.

Rewards come only at the end, from the game's outcome: +1 for each winning seat, -1 for the others
when somebody won, 0 for everyone when nobody did. ``info`` holds the prompt kind, the deciding
seat and, at the end, the outcome's scores and reason. ``render()`` returns (``"ansi"``) or prints
(``"human"``) the deciding seat's view as the terminal client draws it.

``reset(seed=s)`` starts the game from seed ``s``: the same seed and the same actions give the same
episode. ``reset()`` without a seed takes the next seed of the environment's own seed stream
(started at 0, restarted by every seeded reset), so a run of resets is reproducible too.
"""

from __future__ import annotations

import io
import json
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from rich.console import Console

from tabletop.engine import Action, Game, Rng, State, derive_seed, load
from tabletop.engine.registry import presentation

from .encoding import Encoding, encoding_for, legal_map

__all__ = ["TabletopEnv", "env", "outcome_rewards"]

RENDER_MODES = ["ansi", "human"]


def outcome_rewards(state: State) -> list[float]:
    """The end-of-game reward of every seat: +1 winners, -1 the others if somebody won, else 0."""
    winners = set(state.outcome().winners)
    n = state.game.num_players
    return [1.0 if s in winners else (-1.0 if winners else 0.0) for s in range(n)]


def deciding_seat(state: State) -> int | None:
    """The seat asked next: the lowest seat of the prompt (None once the game is over)."""
    seats = state.prompt().seats
    return min(seats) if seats else None


class TabletopEnv(AECEnv):  # type: ignore[misc]
    """A tabletop game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "is_parallelizable": False}

    def __init__(self, game: str | Game, render_mode: str | None = None, **params: Any) -> None:
        super().__init__()
        self.game: Game = game if isinstance(game, Game) else load(game, **params)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}; got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {
            **TabletopEnv.metadata,
            "name": f"tabletop_{self.game.name.replace('-', '_')}_v0",
        }
        self.encoding: Encoding = encoding_for(self.game)
        n = self.game.num_players
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.encoding.observation.size
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.encoding.actions.size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(self.encoding.actions.size) for a in self.possible_agents
        }
        self._seeds = Rng(derive_seed(0, "pettingzoo"))
        self.game_state: State | None = None
        self._legal: dict[int, Action] = {}
        self._obs_cache: dict[str, tuple[int, dict[str, np.ndarray]]] = {}

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(derive_seed(seed, "pettingzoo"))
            game_seed = int(seed)
        else:
            game_seed = self._seeds.below(2**62)
        self.game_state = self.game.new_state(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._obs_cache = {}
        self._after_move()

    def _after_move(self) -> None:
        """Point at the next deciding seat, or settle the rewards at the end."""
        st = self._st()
        seat = deciding_seat(st)
        prompt = st.prompt()
        if seat is None:
            self._legal = {}
            outcome = st.outcome()
            for s, r in enumerate(outcome_rewards(st)):
                a = self.possible_agents[s]
                if a in self.agents:
                    self.rewards[a] = r
                    self.terminations[a] = True
                    self.infos[a] = {
                        "winners": list(outcome.winners),
                        "score": float(outcome.scores.get(s, 0.0)),
                        "reason": outcome.reason,
                    }
            self.agent_selection = self.agents[0]
            return
        if st.num_actions() >= self.game.spec.max_actions:
            for a in self.agents:
                self.truncations[a] = True
            self._legal = {}
            self.agent_selection = self.agents[0]
            return
        self._legal = legal_map(self.encoding.actions, st.legal_actions(seat))
        self.agent_selection = self.possible_agents[seat]
        for a in self.agents:
            self.infos[a] = {"prompt": prompt.kind, "deciding": seat}

    def _st(self) -> State:
        if self.game_state is None:
            raise RuntimeError(f"{self.game.name}: call reset() before using the environment")
        return self.game_state

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{self.game.name}: {agent} must choose an action (got None)")
        chosen = self._legal.get(int(action))
        if chosen is None:
            raise ValueError(
                f"{self.game.name}: action {int(action)} "
                f"({self.encoding.actions.label(int(action))}) is not legal for {agent} now; "
                f"legal numbers: {sorted(self._legal)}"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._st().apply(chosen, self._seat[agent])
        self._after_move()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        st = self._st()
        stamp = st.num_actions()
        cached = self._obs_cache.get(agent)
        if cached is not None and cached[0] == stamp:
            return {k: v.copy() for k, v in cached[1].items()}
        seat = self._seat[agent]
        view = st.view(seat)
        assert view is not None
        mask = np.zeros(self.encoding.actions.size, dtype=np.int8)
        if agent == self.agent_selection and self._legal:
            mask[list(self._legal)] = 1
        obs = {"observation": self.encoding.observation.encode(view), "action_mask": mask}
        self._obs_cache[agent] = (stamp, obs)
        return {k: v.copy() for k, v in obs.items()}

    def legal_actions(self) -> dict[int, Action]:
        """Action number -> the engine's action, for the deciding agent (empty at the end)."""
        return dict(self._legal)

    # ------------------------------------------------------------------ rendering
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        text = self.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def render_text(self) -> str:
        """The deciding seat's view (a spectator's at the end) as the terminal client draws it
        (the game's declared drawing; its JSON where it declares none)."""
        st = self._st()
        seat = deciding_seat(st)
        view = st.view(seat)
        assert view is not None
        buf = io.StringIO()
        console = Console(file=buf, width=120, color_system=None, force_terminal=False)
        shown = presentation(self.game.name)
        if shown.provides.terminal:
            console.print(shown.terminal(view))
        else:
            console.print(json.dumps(view, indent=1, sort_keys=True))
        prompt = st.prompt()
        if seat is None:
            console.print(f"Game over: {st.outcome().text or st.outcome().reason}")
        else:
            console.print(f"seat_{seat} decides: {prompt.kind} - {prompt.text}")
        return buf.getvalue()

    def close(self) -> None:
        pass


def env(game: str, render_mode: str | None = None, **params: Any) -> TabletopEnv:
    """A PettingZoo AEC environment for a registered game with the given parameters."""
    return TabletopEnv(game, render_mode=render_mode, **params)
