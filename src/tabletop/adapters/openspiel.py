"""Every registered game as an OpenSpiel (pyspiel) Python game.

    import pyspiel
    import tabletop.adapters.openspiel  # registers tabletop_<game> for every game
    game = pyspiel.load_game("tabletop_paupers_ladder", {"players": 3})
    game = pyspiel.load_game("tabletop_paupers_ladder(mode=solo,scenario=fiery-siege)")

The game's parameters are OpenSpiel game parameters with the same names and defaults, plus
``rng_seed`` (OpenSpiel's usual name): the k-th initial state of a loaded game is set up from the
engine seed ``derive_seed(rng_seed, "openspiel", k)``, so a loaded game gives the same sequence of
games every time. A parameter that applies only with another's value (a solo scenario) is left
out where it does not apply, as in the engine.

Chance: the engine draws its randomness inside ``apply`` from the state's seeded RNG, so the games
are **sampled-stochastic** (``ChanceMode.SAMPLED_STOCHASTIC``): there are no chance nodes, and a
cloned state carries its RNG, so the same actions from a clone give the same draws. Algorithms
that need explicit chance outcomes (exact tree walks, CFR) do not apply; sampling ones (random
rollouts, MCTS, which then plans against one sampled future per clone) do.

Simultaneous decisions are sequentialised (``Dynamics.SEQUENTIAL``), lowest seat first, with the
commitments hidden by the game. Information: imperfect when the game declares hidden information.
Utility: general-sum, from the outcome: +1 for each winning seat, -1 for the others when somebody
won, 0 for everyone when nobody did (the same as the PettingZoo adapter).

Observers (``make_py_observer``):
- observation tensor: the observing seat's view, encoded as in :mod:`tabletop.adapters.encoding`;
  observation string: that view as canonical JSON (its log left out);
- information-state tensor: the observation tensor, then how many times the seat has taken each
  action number; information-state string: the seat's own actions so far, then its observation
  string. The engine's views keep what a seat has seen of the game (the log's last lines, its
  known cards), but not a full record of every past observation: the information state is
  perfect recall of the seat's own actions, not of every public event it once saw.
- ``private_info=NONE``: the spectator's view (public information only) in the same layout.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from tabletop.engine import Game, GameSpec, Rng, State, derive_seed, load, specs

from .encoding import Encoding, encoding_for, legal_map
from .pettingzoo import deciding_seat, outcome_rewards

__all__ = ["register_all", "short_name"]

_REGISTERED: dict[str, type[pyspiel.Game]] = {}
_STRING_SKIP = frozenset({"log", "game"})


def short_name(game: str) -> str:
    """The OpenSpiel name of a game: ``paupers-ladder`` -> ``tabletop_paupers_ladder``."""
    return "tabletop_" + game.replace("-", "_")


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    info = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if spec.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    # OpenSpiel parameters are booleans, integers, floats or strings; a parameter of another kind
    # is left out (its default applies)
    params: dict[str, Any] = {
        p.name: p.default for p in spec.params if isinstance(p.default, bool | int | float | str)
    }
    params["rng_seed"] = 0
    return pyspiel.GameType(
        short_name=short_name(spec.name),
        long_name=f"Tabletop {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=info,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class TabletopSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A tabletop game with fixed parameters, for OpenSpiel."""

    SPEC: GameSpec

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.rng_seed = int(given.pop("rng_seed", 0))
        spec = self.SPEC
        # OpenSpiel may hand over every parameter with its default: keep those that apply
        given = spec.applicable(given)
        defaults = {p.name: p.default for p in spec.params}
        for name in list(given):
            p = spec.param(name)
            if p.conditional and given[name] == defaults[name]:
                # a default OpenSpiel filled in must not override a conditional default
                del given[name]
        self.engine: Game = load(spec.name, **given)
        self.encoding: Encoding = encoding_for(self.engine)
        self._count = 0  # initial states set up so far
        self._last: tuple[int, State] | None = None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions.size,
            max_chance_outcomes=0,
            num_players=self.engine.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=spec.max_actions,
        )
        full = {**_game_type(spec).parameter_specification, **self.engine.params}
        full = {k: v for k, v in full.items() if isinstance(v, bool | int | float | str)}
        full["rng_seed"] = self.rng_seed
        super().__init__(_game_type(spec), info, full)

    def new_initial_state(self) -> TabletopSpielState:
        """A new game, set up from the next seed when first used. OpenSpiel makes a fresh initial
        state for every clone (then copies the original's attributes over it) and for every
        tensor-shape query; those must stay cheap and must not use up seeds."""
        return TabletopSpielState(self)

    def _seed(self, k: int) -> int:
        return derive_seed(self.rng_seed, "openspiel", k) % 2**62

    def _initial(self, k: int) -> State:
        """The k-th initial state (the last one set up is kept, so a shape query is cheap)."""
        if self._last is None or self._last[0] != k:
            self._last = (k, self.engine.new_state(self._seed(k)))
        return self._last[1].clone()

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> TabletopObserver:
        """An observer of what one player may see (``private_info=SINGLE_PLAYER``, the default)
        or of what everyone sees (``NONE``: the spectator's view); ``perfect_recall`` adds the
        player's own actions. There is no all-players observer and no private-only one: a view
        is a seat's whole picture."""
        if params:
            raise ValueError(f"{self.engine.name}: observation parameters are not supported")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        public = False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError(
                    f"{self.engine.name}: no observer shows every player's private information; "
                    "views are per seat"
                )
            if not iig_obs_type.public_info:
                raise ValueError(
                    f"{self.engine.name}: no observer of private information alone; a view "
                    "holds the public and the seat's private information together"
                )
            public = private == pyspiel.PrivateInfoType.NONE
        return TabletopObserver(self, recall, public)


class _Step:
    """One action of the game as OpenSpiel numbers it: an immutable list shared by clones."""

    __slots__ = ("action", "parent", "player")

    def __init__(self, parent: _Step | None, player: int, action: int) -> None:
        self.parent = parent
        self.player = player
        self.action = action

    def __deepcopy__(self, memo: dict[int, Any]) -> _Step:
        return self

    def mine(self, player: int) -> list[int]:
        out: list[int] = []
        node: _Step | None = self
        while node is not None:
            if node.player == player:
                out.append(node.action)
            node = node.parent
        out.reverse()
        return out


class _Engine:
    """Everything an OpenSpiel state holds, in one attribute that OpenSpiel's clone (a deep copy
    of the Python attributes) copies cheaply: the engine state (``clone()``: only the plain
    data), the numbered actions so far (shared), each seat's action counts, and the legal actions
    of the current decision (recomputed, not copied).

    A new game's engine state is set up on first use from the game's next seed. Looking at a new
    game (an observation) only reserves that seed: OpenSpiel makes a fresh initial state for
    every clone and every tensor-shape query, which must stay cheap and use up no seed."""

    __slots__ = ("_game", "_k", "_state", "counts", "legal", "legal_at", "seat", "steps")

    def __init__(self, state: State | None, game: TabletopSpielGame) -> None:
        self._state = state
        self._game = game
        self._k: int | None = None
        self.steps: _Step | None = None
        self.counts = np.zeros((game.num_players(), game.num_distinct_actions()), np.float32)
        self.legal: dict[int, Any] = {}
        self.legal_at = -1
        self.seat: int | None = None

    @property
    def state(self) -> State:
        if self._state is None:
            game = self._game
            k = self._k if self._k is not None else game._count
            if k == game._count:
                game._count += 1
            self._state = game._initial(k)
        return self._state

    def fresh(self) -> int | None:
        """The seed number of a new game not yet set up (None once it is)."""
        if self._state is not None:
            return None
        if self._k is None:
            self._k = self._game._count
        return self._k

    def peek(self) -> State:
        """The state to look at, without setting up a new game for good."""
        k = self.fresh()
        return self._state if k is None else self._game._initial(k)  # type: ignore[return-value]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        other = _Engine(self.state.clone(), self._game)
        other.steps = self.steps
        other.counts = self.counts.copy()
        return other


class TabletopSpielState(pyspiel.State):  # type: ignore[misc]
    """An engine state behind OpenSpiel's state API."""

    def __init__(self, game: TabletopSpielGame, engine: _Engine | None = None) -> None:
        super().__init__(game)
        self._engine = engine if engine is not None else _Engine(None, game)

    @property
    def engine_state(self) -> State:
        """The engine state (a new game is set up now if it was not)."""
        return self._engine.state

    def _game(self) -> TabletopSpielGame:
        return self._engine._game

    def _legal_now(self) -> dict[int, Any]:
        """Action number -> engine action for the current decision (kept until the next)."""
        e = self._engine
        st = e.state
        if e.legal_at != st.num_actions():
            e.seat = seat = deciding_seat(st)
            codec = e._game.encoding.actions
            e.legal = legal_map(codec, st.legal_actions(seat)) if seat is not None else {}
            e.legal_at = st.num_actions()
        return e.legal

    def _seat(self) -> int | None:
        self._legal_now()
        return self._engine.seat

    def current_player(self) -> int:
        seat = self._seat()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        legal = self._legal_now()
        if player != self._engine.seat:
            return []
        return sorted(legal)

    def _apply_action(self, action: int) -> None:
        e = self._engine
        st = e.state
        chosen = self._legal_now().get(int(action))
        if chosen is None:
            raise ValueError(
                f"{st.game.name}: action {action} is not legal now; "
                f"legal: {sorted(self._legal_now())}"
            )
        seat = e.seat
        assert seat is not None
        st.apply(chosen, seat)
        e.steps = _Step(e.steps, seat, int(action))
        e.counts[seat, int(action)] += 1

    def _action_to_string(self, player: int, action: int) -> str:
        chosen = self._legal_now().get(int(action)) if player == self.current_player() else None
        if chosen is not None:
            return str(chosen)
        return self._game().encoding.actions.label(int(action))

    def is_terminal(self) -> bool:
        return self._engine.state.is_terminal()

    def returns(self) -> list[float]:
        st = self._engine.state
        if not st.is_terminal():
            return [0.0] * st.game.num_players
        return outcome_rewards(st)

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        st = self._engine.state
        blob = {
            "game": st.game.name,
            "params": st.game.params,
            "seed": st.seed,
            "rng": st.rng.state,
            "actions": st.num_actions(),
            "data": st.data,
        }
        return json.dumps(blob, sort_keys=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell apart from this one, hidden parts redrawn (the
        game's ``resample``), seeded from the sampler."""
        seed = int(probability_sampler() * 2**53)
        other = self.clone()
        other._engine._state = self._engine.state.resample(player_id, Rng(seed))
        other._engine.legal_at = -1
        return other


class TabletopObserver:
    """Observation or information-state tensors and strings of a seat (see the module
    docstring); OpenSpiel's PyObserver interface."""

    def __init__(self, game: TabletopSpielGame, recall: bool, public: bool = False) -> None:
        self.recall = recall
        self.public = public
        enc = game.encoding
        self.obs = enc.observation
        self.codec_size = enc.actions.size
        size = self.obs.size + (self.codec_size if recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for block in self.obs.blocks:
            self.dict[block.name] = self.tensor[at : at + block.size]
            at += block.size
        if recall:
            self.dict["own_actions"] = self.tensor[at : at + self.codec_size]
        # the observation of a new game not yet set up, by (seed number, seat)
        self._fresh: tuple[tuple[int, int], np.ndarray] | None = None

    def _view(self, state: TabletopSpielState, player: int) -> dict[str, Any]:
        view = state._engine.peek().view(None if self.public else player)
        assert view is not None
        if self.public:
            view["seat"] = player  # the spectator's picture, laid out around the player's seat
        return view

    def set_from(self, state: TabletopSpielState, player: int) -> None:
        e = state._engine
        k = e.fresh()
        if k is not None and self._fresh is not None and self._fresh[0] == (k, player):
            self.tensor[: self.obs.size] = self._fresh[1]
        else:
            self.tensor[: self.obs.size] = self.obs.encode(self._view(state, player))
            if k is not None:
                self._fresh = ((k, player), self.tensor[: self.obs.size].copy())
        if self.recall:
            self.dict["own_actions"][:] = e.counts[player]

    def string_from(self, state: TabletopSpielState, player: int) -> str:
        view = {k: v for k, v in self._view(state, player).items() if k not in _STRING_SKIP}
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        if self.recall:
            steps = state._engine.steps
            mine = steps.mine(player) if steps is not None else []
            return f"p{player} own:[{' '.join(map(str, mine))}] {text}"
        return text


def _game_class(spec: GameSpec) -> type[TabletopSpielGame]:
    name = "TabletopSpiel_" + spec.name.replace("-", "_")
    return type(name, (TabletopSpielGame,), {"SPEC": spec})


def register_all() -> list[str]:
    """Register every game of the registry (again safe: already registered games are kept).
    Returns the OpenSpiel names."""
    out = []
    for spec in specs():
        name = short_name(spec.name)
        if name not in _REGISTERED:
            cls = _game_class(spec)
            pyspiel.register_game(_game_type(spec), cls)
            _REGISTERED[name] = cls
        out.append(name)
    return out


register_all()
