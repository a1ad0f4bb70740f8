# Over 600 lines: the OpenSpiel game, state and observer, over one action numbering.
"""Every registered game as an OpenSpiel (pyspiel) Python game.

    import pyspiel
    import tabletop.adapters.openspiel  # registers tabletop_<game> for every game
    game = pyspiel.load_game("tabletop_paupers_ladder", {"players": 3})
    game = pyspiel.load_game("tabletop_paupers_ladder(mode=solo,scenario=fiery-siege)")
    state = game.new_initial_state()    # the deal: four chance nodes
    state = game.deal(1234)             # or straight to the game dealt from engine seed 1234

The game's parameters are OpenSpiel game parameters with the same names and defaults, plus
``action_space`` (``flat``, the default, or ``factored``: :mod:`tabletop.adapters.factored`). A
parameter that applies only with another's value (a solo scenario) is left out where it does not
apply, as in the engine.

Chance (``ChanceMode.EXPLICIT_STOCHASTIC``): a new state is the deal, four chance nodes of 256
equally likely outcomes each, whose bytes make the engine seed the game is set up from
(``new_state(seed)``). Everything random in a game follows from that seed (the engine draws it
inside ``apply`` from the state's seeded RNG, which the state carries), so after the deal every
action has one outcome: the same actions from a clone give the same draws. The game object keeps
nothing that changes: whoever samples the chance nodes (a random simulation, ``rl_environment``'s
sampler) decides which games are played, and a game or a state pickles, serialises and moves
between processes as OpenSpiel's tools expect. The deal is hidden from every player; what a
player learns of it comes through its observation. Algorithms that enumerate chance outcomes
apply in principle (the model is exact), though no tree of these games can be walked whole.

Simultaneous decisions are sequentialised (``Dynamics.SEQUENTIAL``), lowest seat first, with the
commitments hidden by the game. Information: imperfect when the game declares hidden information.
Utility: general-sum, from the outcome: +1 for each winning seat and -1 for every other seat,
solo games included (the same as the PettingZoo adapter).

Observers (``make_py_observer``):
- observation tensor: the observing seat's view, encoded as in :mod:`tabletop.adapters.encoding`
  (in the factored space followed by the choice block, zeros for a seat not choosing);
  observation string: that view as canonical JSON (its log left out), and the choice asked;
- information-state tensor: the observation tensor, then how many times the seat has played each
  action of an argument slot (:meth:`ActionCodec.recall_index`; an ordinal rank means another
  action in every decision, so it is not counted); information-state string: the seat's own
  action numbers so far, then its observation string. The engine's views keep what a seat has
  seen of the game (the log's last lines, its known cards), but not a full record of every past
  observation: the information state is perfect recall of the seat's own actions, not of every
  public event it once saw.
- ``private_info=NONE``: the spectator's view (public information only) in the same layout.
Before the deal every tensor is zeros.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from tabletop.engine import GameSpec, Rng, State, load, specs

from .encoding import ActionCodec, Encoding, OrdinalNumbers, encoding_for
from .factored import CHOICES, PARAMS, Answer, ChoiceEncoder, FactoredCodec, describe_step
from .pettingzoo import ACTION_SPACES, outcome_rewards

__all__ = ["DEAL_BYTES", "register_all", "short_name"]

_REGISTERED: dict[str, type[pyspiel.Game]] = {}
_STRING_SKIP = frozenset({"log", "game"})
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
DEAL_BYTES = 4  # chance nodes of the deal: the engine seed's bytes, most significant first
DEAL_OUTCOMES = 256
_DEAL = [(b, 1.0 / DEAL_OUTCOMES) for b in range(DEAL_OUTCOMES)]
_DEAL_ACTIONS = list(range(DEAL_OUTCOMES))


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
    params["action_space"] = "flat"
    return pyspiel.GameType(
        short_name=short_name(spec.name),
        long_name=f"Tabletop {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
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
    """A tabletop game with fixed parameters, for OpenSpiel. Stateless: a pickled game is
    loaded again from its parameters."""

    SPEC: GameSpec

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        space = str(given.pop("action_space", "flat"))
        spec = self.SPEC
        if space not in ACTION_SPACES:
            raise ValueError(
                f"{spec.name}: action_space must be one of {', '.join(ACTION_SPACES)}; "
                f"got {space!r}"
            )
        # OpenSpiel may hand over every parameter with its default: keep those that apply
        given = spec.applicable(given)
        defaults = {p.name: p.default for p in spec.params}
        for name in list(given):
            p = spec.param(name)
            if p.conditional and given[name] == defaults[name]:
                # a default OpenSpiel filled in must not override a conditional default
                del given[name]
        self.engine = load(spec.name, **given)
        self.encoding: Encoding = encoding_for(self.engine)
        self.factored = space == "factored"
        self.codec: ActionCodec = self.encoding.actions
        self.choice: ChoiceEncoder | None = None
        if self.factored:
            self.codec = FactoredCodec(self.encoding.actions, CHOICES)
            self.choice = ChoiceEncoder(CHOICES)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=self.engine.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            # a factored decision takes up to one choice per parameter and one of a template
            max_game_length=spec.max_actions * ((1 + PARAMS) if self.factored else 1),
        )
        full = {**_game_type(spec).parameter_specification, **self.engine.params}
        full = {k: v for k, v in full.items() if isinstance(v, bool | int | float | str)}
        full["action_space"] = space
        super().__init__(_game_type(spec), info, full)

    def new_initial_state(self) -> TabletopSpielState:
        """A new game at its deal (chance nodes): cheap, as OpenSpiel makes one for every clone
        and every tensor-shape query."""
        return TabletopSpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        return DEAL_BYTES

    def deal(self, seed: int) -> TabletopSpielState:
        """A state just after the deal that sets the game up from engine seed ``seed``
        (``0 <= seed < 2**32``): the chance outcomes are its bytes."""
        if not 0 <= seed < DEAL_OUTCOMES**DEAL_BYTES:
            raise ValueError(f"{self.engine.name}: a deal's seed is in 0..2**32-1; got {seed}")
        state = self.new_initial_state()
        for b in seed.to_bytes(DEAL_BYTES, "big"):
            state.apply_action(b)
        return state

    def __reduce__(self) -> Any:
        return (pyspiel.load_game, (self.serialize(),))

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


class _Done:
    """A factored decision completed by a choice: the player and the counted place of the action
    it played (the choices themselves are not counted). An immutable list shared by clones."""

    __slots__ = ("counted", "parent", "player")

    def __init__(self, parent: _Done | None, player: int, counted: int) -> None:
        self.parent = parent
        self.player = player
        self.counted = counted

    def __deepcopy__(self, memo: dict[int, Any]) -> _Done:
        return self


class _Engine:
    """Everything an OpenSpiel state holds beyond OpenSpiel's own history, in one attribute that
    OpenSpiel's clone (a deep copy of the Python attributes) copies cheaply, and that pickles as
    plain data (OpenSpiel's serialisation): the deal's bytes so far, the engine state
    (``clone()``: only the plain data), the factored decisions completed (shared), and what is
    worked out once per position (the player to act, the legal numbers, the factored answer
    under way, views), shared with a clone of the same position."""

    __slots__ = (
        "_game",
        "answer",
        "chosen",
        "codec",
        "deal",
        "done",
        "factored",
        "legal",
        "memo",
        "player",
        "sorted",
        "state",
    )

    def __init__(self, game: TabletopSpielGame | None) -> None:
        self._game = game
        self.codec: ActionCodec | None = game.codec if game is not None else None
        self.factored = game is not None and game.factored
        self.deal: tuple[int, ...] = ()
        self.state: State | None = None
        self.done: _Done | None = None
        self.chosen: tuple[int, ...] = ()  # the choices made of the factored decision under way
        self.player: int | None = None  # None: not worked out for this position yet
        self.legal: Mapping[int, Any] = {}
        self.sorted: list[int] = []
        self.answer: Answer | None = None
        self.memo: dict[Any, Any] | None = None

    @property
    def game(self) -> TabletopSpielGame:
        assert self._game is not None, "an unpickled state is bound to its game when restored"
        return self._game

    def cache(self) -> dict[Any, Any]:
        """What is worked out once for this position (views and vectors)."""
        memo = self.memo
        if memo is None:
            memo = self.memo = {}
        return memo

    def refresh(self) -> int:
        """Work out the player to act and its legal numbers (once per position)."""
        st = self.state
        if st is None:
            self.player = CHANCE
            return CHANCE
        seats = st.current_seats()
        if not seats:
            self.player = TERMINAL
            return TERMINAL
        seat = seats[0] if len(seats) == 1 else min(seats)
        codec = self.codec
        assert codec is not None
        numbers: Mapping[int, Any]
        if self.factored:
            assert isinstance(codec, FactoredCodec)
            answer = self.answer
            if answer is None:
                answer = self.answer = Answer.of(codec, st, seat)
            numbers = answer.numbers
        else:
            numbers = codec.numbered(st.legal_actions(seat))
        self.legal = numbers
        self.sorted = list(numbers.span) if isinstance(numbers, OrdinalNumbers) else sorted(numbers)
        self.player = seat
        return seat

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        other = _Engine(self._game)
        other.deal = self.deal
        other.state = self.state.clone() if self.state is not None else None
        other.done = self.done
        other.chosen = self.chosen
        # the same position: what was worked out for it holds for the clone too (never changed
        # in place)
        other.player = self.player
        other.legal = self.legal
        other.sorted = self.sorted
        other.answer = self.answer
        if self.memo:
            other.memo = dict(self.memo)
        return other

    def __getstate__(self) -> dict[str, Any]:
        done = []
        node = self.done
        while node is not None:
            done.append((node.player, node.counted))
            node = node.parent
        done.reverse()
        return {
            "deal": list(self.deal),
            "state": self.state.to_json() if self.state is not None else None,
            "done": done,
            "chosen": list(self.chosen),
        }

    def __setstate__(self, blob: dict[str, Any]) -> None:
        self.__init__(None)  # type: ignore[misc]
        self.deal = tuple(blob["deal"])
        for player, counted in blob["done"]:
            self.done = _Done(self.done, player, counted)
        self.chosen = tuple(blob["chosen"])
        self.memo = {"restore": blob["state"]}

    def bind(self, game: TabletopSpielGame) -> None:
        """An unpickled engine's game: the engine state and the answer under way rebuilt."""
        self._game = game
        self.codec = game.codec
        self.factored = game.factored
        blob = self.cache().pop("restore", None)
        if blob is not None:
            self.state = game.engine.state_from_json(blob)
        if self.chosen:
            chosen, self.chosen = self.chosen, ()
            self.refresh()
            for number in chosen:
                self.choose(number)

    def choose(self, number: int) -> Answer | Any:
        """A factored choice: the next answer (kept) or the engine action it completes."""
        assert self.answer is not None
        nxt = self.answer.choose(number)
        if isinstance(nxt, Answer):
            self.answer = nxt
            self.legal = nxt.numbers
            self.sorted = sorted(nxt.numbers)
            self.chosen = (*self.chosen, number)
            self.memo = None
        return nxt


def _restore_state(blob: str) -> TabletopSpielState:
    state: TabletopSpielState = pyspiel.deserialize_game_and_state(blob)[1]
    return state


class TabletopSpielState(pyspiel.State):  # type: ignore[misc]
    """An engine state behind OpenSpiel's state API."""

    def __init__(self, game: TabletopSpielGame) -> None:
        super().__init__(game)
        self._engine = _Engine(game)

    def __setattr__(self, name: str, value: Any) -> None:
        # OpenSpiel's deserialisation sets the unpickled attributes on a new state
        if name == "_engine" and value._game is None:
            value.bind(self.get_game())
        super().__setattr__(name, value)

    def __reduce__(self) -> Any:
        return (_restore_state, (pyspiel.serialize_game_and_state(self.get_game(), self),))

    @property
    def engine_state(self) -> State:
        """The engine state (refused before the deal)."""
        st = self._engine.state
        if st is None:
            raise ValueError(
                f"{self._engine.game.engine.name}: the game is not dealt yet (a chance node); "
                "apply the deal's chance outcomes, or start from game.deal(seed)"
            )
        return st

    # ------------------------------------------------------------------ the hot path
    def current_player(self) -> int:
        e = self._engine
        p = e.player
        return p if p is not None else e.refresh()

    def is_terminal(self) -> bool:
        e = self._engine
        p = e.player
        return (p if p is not None else e.refresh()) == TERMINAL

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's: the chance outcomes at a chance node, the player's legal numbers
        when it acts, else none (answered here, without a round trip through C++)."""
        e = self._engine
        p = e.player
        if p is None:
            p = e.refresh()
        if p == CHANCE:
            return list(_DEAL_ACTIONS)
        if p == TERMINAL or (player is not None and player != p):
            return []
        return list(e.sorted)

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(_DEAL) if self._engine.state is None else []

    def _apply_action(self, action: int) -> None:
        e = self._engine
        p = e.player
        if p is None:
            p = e.refresh()
        number = int(action)
        chosen = e.legal.get(number)
        if chosen is None:
            if p == CHANCE:
                self._deal(number)
                return
            self._refuse(p, number)
        if e.answer is not None:  # the factored space
            done = e.choose(number)
            if isinstance(done, Answer):  # a choice made, the decision still under way
                return
            chosen = done
            counted = e.game.codec.recall_index(chosen)
            if counted is not None and number >= e.game.codec.choice_start:  # type: ignore[attr-defined]
                e.done = _Done(e.done, p, counted)
            e.chosen = ()
            e.answer = None
        st = e.state
        assert st is not None and chosen is not None
        st.apply(chosen, p)
        e.player = None
        e.memo = None

    def _deal(self, number: int) -> None:
        """The deal's next byte; the last one sets the game up from the seed they make."""
        e = self._engine
        if not 0 <= number < DEAL_OUTCOMES:
            raise ValueError(f"{e.game.engine.name}: a deal outcome is 0..255; got {number}")
        e.deal = (*e.deal, number)
        if len(e.deal) == DEAL_BYTES:
            e.state = e.game.engine.new_state(int.from_bytes(bytes(e.deal), "big"))
        e.player = None

    def _refuse(self, p: int, number: int) -> None:
        """An action that is not legal now: an error naming it."""
        e = self._engine
        name = e.game.engine.name
        if p == TERMINAL:
            raise ValueError(f"{name}: the game is over; no action {number}")
        raise ValueError(
            f"{name}: action {number} ({e.game.codec.label(number)}) is not legal now; "
            f"legal: {e.sorted}"
        )

    def _action_to_string(self, player: int, action: int) -> str:
        e = self._engine
        if player == CHANCE:
            return f"deal byte {len(e.deal) + 1} of {DEAL_BYTES}: {action}"
        number = int(action)
        if player == self.current_player() and number in e.legal:
            if e.answer is not None:
                return e.answer.describe(number)
            return str(e.legal[number])
        return e.game.codec.label(number)

    def returns(self) -> list[float]:
        e = self._engine
        st = e.state
        if st is None or not self.is_terminal():
            return [0.0] * e.game.num_players()
        return outcome_rewards(st)

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        e = self._engine
        st = e.state
        if st is None:
            blob: dict[str, Any] = {"game": e.game.engine.name, "deal": list(e.deal)}
        else:
            blob = {
                "game": st.game.name,
                "params": st.game.params,
                "seed": st.seed,
                "rng": st.rng.state,
                "actions": st.num_actions(),
                "data": st.data,
            }
            if e.chosen:
                blob["chosen"] = list(e.chosen)
        return json.dumps(blob, sort_keys=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell apart from this one, hidden parts redrawn (the
        game's ``resample``; a factored answer another seat has under way, redrawn among its
        options), seeded from the sampler."""
        seed = int(probability_sampler() * 2**53)
        other = self.clone()
        e = self._engine
        if e.state is None:
            return other
        rng = Rng(seed)
        o = other._engine
        o.state = e.state.resample(player_id, rng)
        chosen, o.chosen = e.chosen, ()
        o.player, o.answer, o.memo = None, None, None
        if chosen:
            seat = o.refresh()
            for number in chosen:
                if seat != player_id:  # another seat's partial answer: hidden, so redrawn
                    number = o.sorted[rng.below(len(o.sorted))]
                o.choose(number)
        return other


class TabletopObserver:
    """Observation or information-state tensors and strings of a seat (see the module
    docstring); OpenSpiel's PyObserver interface."""

    def __init__(self, game: TabletopSpielGame, recall: bool, public: bool = False) -> None:
        self.recall = recall
        self.public = public
        self.obs = game.encoding.observation
        self.choice = game.choice
        self.obs_size = self.obs.size + (self.choice.size if self.choice else 0)
        self.codec = game.codec
        self.recall_size = game.codec.recall_size
        size = self.obs_size + (self.recall_size if recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for block in self.obs.blocks:
            self.dict[block.name] = self.tensor[at : at + block.size]
            at += block.size
        if self.choice is not None:
            self.dict["choice"] = self.tensor[at : at + self.choice.size]
            at += self.choice.size
        if recall:
            self.dict["own_actions"] = self.tensor[at : at + self.recall_size]

    def _view(self, e: _Engine, player: int) -> dict[str, Any]:
        key = ("view", None if self.public else player)
        memo = e.cache()
        view: dict[str, Any] | None = memo.get(key)
        if view is None:
            assert e.state is not None
            view = e.state.view(None if self.public else player)
            assert view is not None
            if self.public:
                view["seat"] = player  # the spectator's picture, laid out around the player
            memo[key] = view
        return view

    def _step(self, e: _Engine, player: int) -> Any:
        """The choice the player is asked now, if it is choosing (its own: never another's)."""
        if self.public or e.answer is None or e.player != player:
            return None
        return e.answer.step

    def set_from(self, state: TabletopSpielState, player: int) -> None:
        e = state._engine
        if e.player is None:
            e.refresh()
        if e.state is None:
            self.tensor[:] = 0.0
            return
        key = ("vector", self.public, player)
        memo = e.cache()
        vector = memo.get(key)
        if vector is None:
            vector = memo[key] = self.obs.encode(self._view(e, player))
        self.tensor[: self.obs.size] = vector
        if self.choice is not None:
            self.tensor[self.obs.size : self.obs_size] = self.choice.encode(self._step(e, player))
        if self.recall:
            own = self.dict["own_actions"]
            own[:] = 0.0
            counted = self.codec.recall_number
            for item in state.full_history():
                if item.player == player:
                    at = counted(item.action)
                    if at >= 0:
                        own[at] += 1.0
            node = e.done
            while node is not None:
                if node.player == player:
                    own[node.counted] += 1.0
                node = node.parent

    def string_from(self, state: TabletopSpielState, player: int) -> str:
        e = state._engine
        if e.player is None:
            e.refresh()
        if e.state is None:
            text = "deal: the game is not dealt yet"
        else:
            view = {k: v for k, v in self._view(e, player).items() if k not in _STRING_SKIP}
            text = json.dumps(view, sort_keys=True, separators=(",", ":"))
            step = self._step(e, player)
            if step is not None:
                text += " choice:" + json.dumps(describe_step(step), sort_keys=True, default=str)
        if self.recall:
            mine = [item.action for item in state.full_history() if item.player == player]
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
