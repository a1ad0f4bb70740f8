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
numbers, and is all zeros for an agent that is not deciding. Each array is made when it is first
read (a random agent reads only the mask), once per game position: the view and the vector are
kept until the game moves on. A simultaneous decision (a prompt naming several seats) is asked of
its seats one at a time, lowest seat first; the game keeps each commitment hidden from the seats
still to choose, so the order gives nobody an advantage.

Action spaces (``action_space=`` when the environment is made): ``"flat"`` (the default) numbers
every legal action of a decision with the game's action encoding; ``"factored"`` asks a templated
decision one parameter at a time (:mod:`tabletop.adapters.factored`), and adds the choice block
to the observation.

Rewards come only at the end, from the game's outcome: +1 for each winning seat and -1 for every
other seat, solo games included (a solo loss is -1, as a loss is in a game of several). ``info``
holds the prompt kind, the deciding seat (for the deciding agent in the factored space, the choice
asked) and, at the end, the outcome's winners, the seat's score and the reason. ``render()``
returns (``"ansi"``) or prints (``"human"``) the deciding seat's view as the terminal client draws
it.

``reset(seed=s)`` starts the game from seed ``s``: the same seed and the same actions give the same
episode. ``reset()`` without a seed takes the next seed of the environment's own seed stream
(started at 0, restarted by every seeded reset), so a run of resets is reproducible too.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from rich.console import Console

from tabletop.engine import Action, Game, Rng, State, derive_seed, load
from tabletop.engine.registry import presentation

from .encoding import ActionCodec, Encoding, OrdinalNumbers, encoding_for
from .factored import CHOICES, Answer, ChoiceEncoder, FactoredCodec, describe_step

__all__ = ["ACTION_SPACES", "TabletopEnv", "env", "outcome_rewards"]

RENDER_MODES = ["ansi", "human"]
ACTION_SPACES = ("flat", "factored")


def outcome_rewards(state: State) -> list[float]:
    """The end-of-game reward of every seat: +1 for a winner, -1 for every other seat (in solo
    too: a loss is -1 however many play; when nobody won, every seat lost)."""
    winners = set(state.outcome().winners)
    return [1.0 if s in winners else -1.0 for s in range(state.game.num_players)]


def deciding_seat(state: State) -> int | None:
    """The seat asked next: the lowest seat of the prompt (None once the game is over)."""
    seats = state.current_seats()
    if len(seats) == 1:
        return seats[0]
    return min(seats) if seats else None


class MaskedDiscrete(gymnasium.spaces.Discrete):
    """``Discrete(n)`` whose masked ``sample`` is quick for the masks its environment hands out.

    Gymnasium's masked sample scans the whole mask several times (tens of microseconds for a
    mask of thousands, more than a game's decision). Given a mask this environment made, still
    exactly as made (its bytes are compared), it draws uniformly among the legal numbers it
    already knows; any other mask is sampled by Gymnasium's own code. Either way the draw is
    uniform over the mask's ones and follows the space's seed (``seed()``)."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.known: tuple[np.ndarray | None, bytes, list[int]] = (None, b"", [])
        self._rng: Rng | None = None

    def seed(self, seed: Any = None) -> Any:
        out = super().seed(seed)
        self._rng = None
        return out

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        given, raw, numbers = self.known
        if (
            given is not None
            and mask is given
            and probability is None
            and numbers
            and mask.tobytes() == raw
        ):
            rng = self._rng
            if rng is None:  # drawn from the space's generator (seeded or not, as it is)
                rng = self._rng = Rng(int(self.np_random.integers(2**62)))
            return self.dtype.type(int(self.start) + numbers[rng.below(len(numbers))])
        return super().sample(mask, probability)


_PENDING = object()


class Observation(dict):  # type: ignore[type-arg]
    """An observation whose arrays are made when first read (a random agent reads only the
    mask): a plain ``dict`` to every reader, its keys always both present. It stays the
    observation of the position it was made at: read after the game moved on, it is made from
    that position, replayed from the game's seed and actions (and from then on the environment
    makes every observation at once, as a reader that keeps them for later wants)."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[str], np.ndarray]) -> None:
        super().__init__(observation=_PENDING, action_mask=_PENDING)
        self._make = make

    def __getitem__(self, key: str) -> np.ndarray:
        value = dict.__getitem__(self, key)
        if value is _PENDING:
            value = self._make(key)
            dict.__setitem__(self, key, value)
        return value  # type: ignore[no-any-return]

    def get(self, key: str, default: Any = None) -> Any:
        if key in self:
            return self[key]
        return default

    def __iter__(self) -> Iterator[str]:
        # not dict's own iterator: ``dict(obs)`` and ``{**obs}`` then read through __getitem__
        return iter(list(dict.keys(self)))

    def values(self) -> Any:
        return [self[k] for k in dict.keys(self)]

    def items(self) -> Any:
        return [(k, self[k]) for k in dict.keys(self)]

    def copy(self) -> dict[str, np.ndarray]:
        return {k: self[k] for k in dict.keys(self)}

    def __eq__(self, other: object) -> bool:
        return self.copy() == other

    __hash__ = None  # type: ignore[assignment,unused-ignore]

    def __repr__(self) -> str:
        return repr(self.copy())

    def __reduce__(self) -> Any:
        return (dict, (self.copy(),))


class TabletopEnv(AECEnv):  # type: ignore[misc]
    """A tabletop game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game,
        render_mode: str | None = None,
        action_space: str = "flat",
        choices: int = CHOICES,
        **params: Any,
    ) -> None:
        super().__init__()
        self.game: Game = game if isinstance(game, Game) else load(game, **params)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}; got {render_mode!r}")
        if action_space not in ACTION_SPACES:
            raise ValueError(f"action_space must be one of {ACTION_SPACES}; got {action_space!r}")
        self.render_mode = render_mode
        self.metadata = {
            **TabletopEnv.metadata,
            "name": f"tabletop_{self.game.name.replace('-', '_')}_v0",
        }
        self.encoding: Encoding = encoding_for(self.game)
        self.factored = action_space == "factored"
        self.codec: ActionCodec = self.encoding.actions
        self.choice: ChoiceEncoder | None = None
        if self.factored:
            self.codec = FactoredCodec(self.encoding.actions, choices)
            self.choice = ChoiceEncoder(choices)
        n = self.game.num_players
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.encoding.observation.size + (self.choice.size if self.choice else 0)
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.codec.size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: MaskedDiscrete(self.codec.size) for a in self.possible_agents}
        self._seeds = Rng(derive_seed(0, "pettingzoo"))
        self.game_state: State | None = None
        # the decision now: the deciding seat, its legal numbers -> what they stand for (an
        # action, or in the factored space a template or a value), the factored answer under
        # way; ``_position`` counts the steps taken (actions and choices, across resets), the
        # stamp of what is worked out for the position
        self._deciding: int | None = None
        self._numbers: Mapping[int, Any] | None = None
        self._answer: Answer | None = None
        self._position = 0
        self._views: dict[int | None, tuple[tuple[int, int], dict[str, Any]]] = {}
        self._vectors: dict[int, tuple[tuple[int, int], np.ndarray]] = {}
        self._mask: tuple[int, bytes, list[int]] | None = None
        self._info: tuple[Any, dict[str, Any]] | None = None
        # set once an observation is read after the game moved on: the reader keeps
        # observations, so they are made at once from then on
        self._eager = False

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
        self._views = {}
        self._vectors = {}
        self._mask = None
        self._info = None
        self._after_move()

    def _after_move(self) -> None:
        """Point at the next deciding seat, or settle the rewards at the end."""
        st = self._st()
        seats = st.current_seats()
        seat = (seats[0] if len(seats) == 1 else min(seats)) if seats else None
        self._numbers = None
        self._answer = None
        self._position += 1
        self._deciding = seat
        if seat is None:
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
            self._deciding = None
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self.possible_agents[seat]
        self._set_infos(seat)

    def _set_infos(self, seat: int) -> None:
        kind = self._st().prompt().kind  # the state's cached prompt
        if self.factored:
            for a in self.agents:
                self.infos[a] = {"prompt": kind, "deciding": seat}
            # the choice asked is the deciding agent's own (its partial answer is private)
            step = self._current_answer().step
            self.infos[self.possible_agents[seat]]["choice"] = describe_step(step)
            return
        key = (kind, seat)
        if self._info is None or self._info[0] != key:
            # one dict for every agent, kept while the decision's kind and seat stay
            self._info = (key, {"prompt": kind, "deciding": seat})
            for a in self.agents:
                self.infos[a] = self._info[1]

    def _st(self) -> State:
        if self.game_state is None:
            raise RuntimeError(f"{self.game.name}: call reset() before using the environment")
        return self.game_state

    def _current_answer(self) -> Answer:
        assert isinstance(self.codec, FactoredCodec) and self._deciding is not None
        if self._answer is None:
            self._answer = Answer.of(self.codec, self._st(), self._deciding)
        return self._answer

    def _legal(self) -> Mapping[int, Any]:
        """The deciding seat's legal numbers now -> what each stands for (made once)."""
        found = self._numbers
        if found is None:
            seat = self._deciding
            if seat is None:
                found = {}
            elif self.factored:
                found = self._current_answer().numbers
            else:
                found = self.codec.numbered(self._st().legal_actions(seat))
            self._numbers = found
        return found

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{self.game.name}: {agent} must choose an action (got None)")
        number = int(action)
        legal = self._legal()
        if number not in legal:
            raise ValueError(
                f"{self.game.name}: action {number} ({self.codec.label(number)}) is not legal "
                f"for {agent} now; legal numbers: {sorted(legal)}"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.factored:
            answer = self._current_answer().choose(number)
            if isinstance(answer, Answer):  # a choice made, the decision still under way
                self._answer = answer
                self._numbers = None
                self._position += 1
                self._set_infos(self._seat[agent])
                self._accumulate_rewards()
                return
            chosen: Action = answer
        else:
            chosen = legal[number]
        self._st().apply(chosen, self._seat[agent])
        self._after_move()
        self._accumulate_rewards()

    # ------------------------------------------------------------------ observations
    def view_of(self, seat: int | None) -> dict[str, Any]:
        """The seat's view now (made once per game position; do not change it)."""
        st = self._st()
        stamp = self._moves()
        found = self._views.get(seat)
        if found is not None and found[0] == stamp:
            return found[1]
        view = st.view(seat)
        assert view is not None
        self._views[seat] = (stamp, view)
        return view

    def _moves(self) -> tuple[int, int]:
        """The game position's stamp: the state and its number of actions."""
        st = self._st()
        return (id(st), st.num_actions())

    def _vector(self, seat: int) -> np.ndarray:
        stamp = self._moves()
        found = self._vectors.get(seat)
        if found is None or found[0] != stamp:
            found = (stamp, self.encoding.observation.encode(self.view_of(seat)))
            self._vectors[seat] = found
        vector = found[1]
        if self.choice is None:
            return vector.copy()
        step = self._current_answer().step if seat == self._deciding else None
        return np.concatenate([vector, self.choice.encode(step)])

    def _mask_of(self, seat: int) -> np.ndarray:
        if seat != self._deciding:
            return np.zeros(self.codec.size, dtype=np.int8)
        stamp = self._position
        found = self._mask
        if found is None or found[0] != stamp:
            raw = bytearray(self.codec.size)
            legal = self._legal()
            if isinstance(legal, OrdinalNumbers):  # one run of numbers: set at once
                span = legal.span
                numbers = list(span)
                raw[span.start : span.stop] = b"\x01" * len(span)
            else:
                numbers = sorted(legal)
                for i in numbers:
                    raw[i] = 1
            made = bytes(raw)
            self._mask = (stamp, made, numbers)
        else:
            _, made, numbers = found
            raw = bytearray(made)
        mask = np.frombuffer(raw, dtype=np.int8)
        space = self.action_spaces[self.possible_agents[seat]]
        space.known = (mask, made, numbers)
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        st = self._st()
        position = self._position
        answer = self._current_answer() if self.factored and seat == self._deciding else None

        def make(key: str) -> np.ndarray:
            if self._position == position:
                return self._vector(seat) if key == "observation" else self._mask_of(seat)
            return self._earlier(st, moves, seat, answer, key)

        moves = st.num_actions()

        obs = Observation(make)
        if self._eager:
            obs.copy()
        return obs

    def _earlier(
        self, st: State, moves: int, seat: int, answer: Answer | None, key: str
    ) -> np.ndarray:
        """An array of an observation made at an earlier position (after ``moves`` actions of
        ``st``'s game), read after the game moved on: that position is replayed from the game's
        seed and actions. From now on observations are made at once (the reader keeps them)."""
        self._eager = True
        then = st.game.new_state(st.seed)
        for s, action in st.history()[:moves]:
            then.apply(action, s)
        deciding = deciding_seat(then)
        if deciding is not None and then.num_actions() >= self.game.spec.max_actions:
            deciding = None
        if key == "observation":
            view = then.view(seat)
            assert view is not None
            vector = self.encoding.observation.encode(view)
            if self.choice is None:
                return vector.copy()
            return np.concatenate([vector, self.choice.encode(answer.step if answer else None)])
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if seat == deciding:
            if answer is not None:
                numbers: Any = answer.numbers
            else:
                numbers = self.codec.indices(then.legal_actions(seat))
            mask[list(numbers)] = 1
        return mask

    def legal_actions(self) -> dict[int, Any]:
        """Legal number -> what it stands for, for the deciding agent (empty at the end): the
        engine's action, or in the factored space, for a templated decision, the template's
        index or the parameter's value it chooses."""
        return dict(self._legal())

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
        view = self.view_of(seat)
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
            if self.factored and seat == self._deciding:
                step = self._current_answer().step
                if step.asked:
                    console.print(f"choosing {step.asked} of {step.kind}")
        return buf.getvalue()

    def close(self) -> None:
        pass


def env(
    game: str,
    render_mode: str | None = None,
    action_space: str = "flat",
    choices: int = CHOICES,
    **params: Any,
) -> TabletopEnv:
    """A PettingZoo AEC environment for a registered game with the given parameters;
    ``action_space="factored"`` asks templated decisions one parameter at a time."""
    return TabletopEnv(
        game, render_mode=render_mode, action_space=action_space, choices=choices, **params
    )
