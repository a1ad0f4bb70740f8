# Over 600 lines: the protocol is one contract (Game, State, Prompt, Outcome), read whole.
"""The state/action protocol every game implements.

A :class:`Game` is immutable: its rules, parameters and static content (shared by every state,
never copied). A :class:`State` is plain data: ``state.data`` is a JSON-native dict (dicts with
string keys, lists, strings, numbers, booleans, None), the seeded
:class:`~tabletop.engine.rng.Rng`, and the history of accepted actions. Cloning copies only that
data, with :mod:`marshal`, which is fast.

A state always carries one explicit :class:`Prompt`: which seats must decide now, what kind of
decision, and for whose turn. Several seats in a prompt means a simultaneous hidden choice: each
seat submits its action independently and the game keeps earlier commitments out of the others'
views. The deciding seat need not be the seat whose turn it is (``prompt.turn``).

Games subclass :class:`State` and implement the underscored hooks: ``_prompt``, ``_legal_actions``,
``_apply``, ``_view``, ``_outcome`` (and optionally ``_explain_illegal``, ``describe_action``,
``_resample``, ``_reveal``). The public methods here add validation, history and caching around
them.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

from .actions import Action, ArgType, ArgValue, _thaw, echo, malformed, same_args, type_name
from .errors import BadParameter, IllegalAction, MalformedAction
from .knowledge import ZONES, resample_zones
from .piles import Pile
from .presentation import Presentation, numbered_seat
from .rng import Rng, derive_seed
from .scores import SeatScore
from .templates import Template

ENGINE_VERSION = "0.1.0"

# Where the engine keeps the commitments of a simultaneous decision inside ``state.data`` (seat as
# a string -> the action's JSON), present only while some are pending.
COMMITS = "_commits"
WITHDRAW = Action.of("withdraw")

JSON = Any  # JSON-native value
S = TypeVar("S", bound="State")


@dataclass(frozen=True, slots=True)
class Prompt:
    """The decision a state is waiting for.

    ``seats``: the seats that must decide now (more than one: a simultaneous hidden choice).
    ``kind``: a short machine name (``"explore"``). ``text``: what to tell the player.
    ``turn``: whose turn it is, which may differ from the deciding seats.
    ``commit``: a simultaneous decision collected by the engine. A game names every seat of the
    decision; each commits one action, hidden from the others, and may change or withdraw it
    until the last seat commits, when the engine hands all of them to the game together
    (``State._reveal``). In ``state.prompt()`` ``seats`` are then the seats still to commit and
    ``committed`` those that have (public: "has chosen").
    """

    seats: tuple[int, ...]
    kind: str
    text: str = ""
    turn: int | None = None
    commit: bool = False
    committed: tuple[int, ...] = ()

    # written out: a dataclass's generated __init__ runs interpreted even in the compiled build
    # (about 0.9 us a call against 0.03 us compiled); the same fields, in the same order
    def __init__(
        self,
        seats: tuple[int, ...],
        kind: str,
        text: str = "",
        turn: int | None = None,
        commit: bool = False,
        committed: tuple[int, ...] = (),
    ) -> None:
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "commit", commit)
        object.__setattr__(self, "committed", committed)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "seats": list(self.seats),
            "kind": self.kind,
            "text": self.text,
            "turn": self.turn,
        }
        if self.commit:
            out["commit"] = True
            out["committed"] = list(self.committed)
        return out


TERMINAL_PROMPT = Prompt((), "game-over", "The game is over.")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seats (empty when nobody won), scores, and why.
    ``breakdown``: how every seat's score was made, source by source (see :mod:`.scores`), for
    the end screens and reports; empty while the game is not over."""

    winners: tuple[int, ...]
    scores: Mapping[int, int | float]  # as the game gives them: 3 stays 3, 2.5 stays 2.5
    reason: str
    text: str = ""
    breakdown: tuple[SeatScore, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {
            "winners": list(self.winners),
            "scores": {str(k): v for k, v in self.scores.items()},
            "reason": self.reason,
            "text": self.text,
            "breakdown": [line.to_json() for line in self.breakdown],
        }


@dataclass(frozen=True, slots=True)
class ParamSpec:
    """One game parameter: its name, default, type and (optionally) allowed values.

    ``only_when=("mode", ("solo",))``: the parameter applies only when another parameter has one
    of those values; elsewhere it is left out of the game's parameters and refused if given.
    ``default_when=(("mode", "solo", 1),)``: another default while another parameter has a value
    (e.g. one player in solo). Conditions name parameters that have no conditions themselves."""

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    only_when: tuple[str, tuple[Any, ...]] | None = None
    default_when: tuple[tuple[str, Any, Any], ...] = ()

    @property
    def conditional(self) -> bool:
        return self.only_when is not None or bool(self.default_when)

    def applies(self, values: Mapping[str, Any]) -> bool:
        if self.only_when is None:
            return True
        other, allowed = self.only_when
        return values.get(other) in allowed

    def default_for(self, values: Mapping[str, Any]) -> Any:
        for other, value, default in self.default_when:
            if values.get(other) == value:
                return default
        return self.default

    def coerce(self, game: str, raw: Any) -> Any:
        kind = type(self.default)
        value: Any = raw
        if isinstance(raw, str) and kind is not str:
            try:
                if kind is bool:
                    if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                        raise ValueError(raw)
                    value = raw.lower() in ("true", "1", "yes")
                else:
                    value = kind(raw)
            except ValueError:
                raise BadParameter(
                    f"{game}: parameter {self.name!r} must be a {kind.__name__}, got {raw!r}"
                ) from None
        if kind is int and isinstance(value, bool):
            raise BadParameter(f"{game}: parameter {self.name!r} must be an int, got {raw!r}")
        if not isinstance(value, kind):
            raise BadParameter(
                f"{game}: parameter {self.name!r} must be a {kind.__name__}, got {raw!r}"
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadParameter(
                f"{game}: parameter {self.name!r} must be one of {allowed}; got {value!r}"
            )
        if self.minimum is not None and value < self.minimum:
            raise BadParameter(f"{game}: parameter {self.name!r} must be >= {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise BadParameter(f"{game}: parameter {self.name!r} must be <= {self.maximum}")
        return value


@dataclass(frozen=True)
class GameSpec:
    """The registry record of a game."""

    name: str
    title: str
    min_players: int
    max_players: int
    params: tuple[ParamSpec, ...]
    hidden_information: bool
    max_actions: int
    description: str = ""
    modes: tuple[str, ...] = ("standard",)
    # Parameter sets the conformance harness must cover (every mode at least once).
    conformance: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)
    cheating_bots_allowed: bool = False
    # what the game's states provide beyond the protocol (after OpenSpiel's GameType.provides_*):
    # an estimate of each seat's chance to win for search (State.evaluate), and what a seat
    # played with for balance reports (State.tags)
    provides_evaluation: bool = False
    provides_tags: bool = False

    def param(self, name: str) -> ParamSpec:
        for p in self.params:
            if p.name == name:
                return p
        raise BadParameter(f"{self.name}: unknown parameter {name!r}")

    def resolve(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Validated parameters with defaults filled in (conditional ones where they apply)."""
        known = {p.name for p in self.params}
        unknown = sorted(set(params) - known)
        if unknown:
            raise BadParameter(
                f"{self.name}: unknown parameter(s) {', '.join(unknown)}; "
                f"known: {', '.join(sorted(known)) or 'none'}"
            )
        given = {name: self.param(name).coerce(self.name, raw) for name, raw in params.items()}
        plain = {p.name: given.get(p.name, p.default) for p in self.params if not p.conditional}
        out: dict[str, Any] = {}
        for p in self.params:
            if not p.conditional:
                out[p.name] = plain[p.name]
            elif p.applies(plain):
                out[p.name] = given[p.name] if p.name in given else p.default_for(plain)
            elif p.name in given:
                assert p.only_when is not None
                other, allowed = p.only_when
                raise BadParameter(
                    f"{self.name}: parameter {p.name!r} applies only when {other} is "
                    f"{' or '.join(map(str, allowed))}; {other} is {plain.get(other)!r}"
                )
        return out

    def applicable(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """``params`` less the conditional ones that do not apply to the others' values (for
        forms that always send every field)."""
        values = {
            p.name: p.coerce(self.name, params[p.name]) if p.name in params else p.default
            for p in self.params
            if not p.conditional
        }
        return {
            k: v
            for k, v in params.items()
            if k not in {p.name for p in self.params} or self.param(k).applies(values)
        }


@mypyc_attr(allow_interpreted_subclasses=True)
class Automaton(ABC):
    """A participant that belongs to the rules (a solo opponent such as a Lich King, a builder
    played by the rules): the engine plays it whenever a prompt names it, by its own rule, and it
    is never a seat to fill. Its id is at least ``game.num_players``; its actions are not in the
    history (replaying the seats' actions replays them)."""

    name: ClassVar[str] = "automaton"

    @abstractmethod
    def act(self, state: State, who: int) -> Action:
        """Its action in ``state`` (it may read everything: it is the rules)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game with fixed parameters. Immutable; holds the static content shared by its states."""

    spec: ClassVar[GameSpec]
    # how people see the game (the generic drawing unless the game declares its own)
    presentation: ClassVar[Presentation] = Presentation()
    # memos of what the parameters decide, found on first use
    _state_class_memo: type[State] | None = None
    _automata_memo: dict[int, Automaton] | None = None

    def __init__(self, **params: Any) -> None:
        self.params: dict[str, Any] = self.spec.resolve(params)
        # what the parameters decide, worked out once by the game's own code (never in a state)
        self.memo: dict[str, Any] = {}

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    @abstractmethod
    def num_players(self) -> int:
        """The number of seats in a game with these parameters."""

    @abstractmethod
    def new_state(self, seed: int = 0) -> State:
        """The state at the start of a game, set up with the given seed."""

    def state_class(self) -> type[State]:
        """The State subclass of this game (used to rebuild states from JSON). Found once, from a
        new state, and remembered: the store rebuilds a state for every action it accepts."""
        found = self._state_class_memo
        if found is None:
            found = self._state_class_memo = type(self.new_state(0))
        return found

    def roles(self) -> tuple[str, ...]:
        """The role of each seat (``"player"`` unless the game says otherwise, such as a builder
        and an explorer)."""
        return ("player",) * self.num_players

    def automata(self) -> Mapping[int, Automaton]:
        """The rules' own participants by id (``>= num_players``); none by default."""
        return {}

    def _automata(self) -> Mapping[int, Automaton]:
        found = self._automata_memo
        if found is None:
            found = self._automata_memo = dict(self.automata())
        return found

    def bots(self) -> Mapping[str, type[Any]]:
        """The game's own bot kinds, each a subclass of :class:`tabletop.engine.bots.Bot` (the
        engine adds ``random`` and ``ismcts``; the protocol names no bot module, which builds on
        it)."""
        return {}

    def build_state(self, spec: Mapping[str, Any], seed: int = 0) -> State:
        """A state built from a compact scenario spec (see :mod:`tabletop.testing`)."""
        raise NotImplementedError(f"{self.name} does not offer a scenario builder")

    def lint(self) -> list[str]:
        """Problems found in the game's content; empty when it is all sound."""
        return []

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return self.state_class().from_json(self, data)

    def upgrade_data(self, data: dict[str, Any]) -> dict[str, Any]:
        """A saved state's data in this version's layout: a game whose state layout changed
        rewrites older saves here (every load of a saved state or snapshot passes through it).
        The default keeps the data as it is."""
        return data


class _History:
    """An append-only, shareable history: a cons list, so cloning a state shares it for free."""

    __slots__ = ("action", "length", "parent", "seat")

    def __init__(self, parent: _History | None, seat: int, action: Action) -> None:
        self.length: int
        self.parent = parent
        self.seat = seat
        self.action = action
        self.length = 1 + (parent.length if parent is not None else 0)

    def to_list(self) -> list[tuple[int, Action]]:
        out: list[tuple[int, Action]] = []
        node: _History | None = self
        while node is not None:
            out.append((node.seat, node.action))
            node = node.parent
        out.reverse()
        return out


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A game in progress: plain data, a seeded RNG and the history of actions."""

    __slots__ = (
        "_cache",
        "_committed",
        "_history",
        "_legal_cache",
        "_prompt_cache",
        "_raw_prompt",
        "data",
        "game",
        "rng",
        "seed",
    )

    def __init__(self, game: Game, data: dict[str, JSON], rng: Rng, seed: int) -> None:
        self.game = game
        self.data = data
        self.rng = rng
        self.seed = seed
        self._history: _History | None = None
        self._legal_cache: dict[Any, Any] = {}
        self._prompt_cache: Prompt | None = None
        # the game's own prompt (``_prompt``), before the engine takes out the automata and the
        # seats that have committed: a commitment that leaves seats to commit changes neither
        self._raw_prompt: Prompt | None = None
        # the Action objects of the pending commitments beside their JSON in ``data`` (seat ->
        # (the JSON, the action)), so the reveal need not read them back; shared by clones
        # (never changed in place: a commit makes a new dict), used for a seat only while its
        # JSON is still the one stored (anything else, such as a load or a resample, reads it)
        self._committed: dict[int, tuple[Any, Action]] = _NO_COMMITS
        # a game's own memo of values derived from ``data``; emptied whenever an action is applied
        self._cache: dict[str, Any] = {}

    # ----------------------------------------------------------------- hooks for games
    @abstractmethod
    def _prompt(self) -> Prompt:
        """The decision the state waits for (``TERMINAL_PROMPT`` once the game is over)."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of a seat named in the prompt, in a deterministic order."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, JSON]:
        """What a seat (or a spectator, ``None``) may know, JSON-safe."""

    @abstractmethod
    def _outcome(self) -> Outcome:
        """The result of a terminal state."""

    def _templates(self, seat: int) -> list[Template] | None:
        """A decision offered as templates (see :mod:`tabletop.engine.templates`) instead of a
        list, or None. A game that offers templates implements :meth:`_is_legal` for the rules
        the domains do not express, and may implement ``_legal_actions`` as
        ``self.expand_templates(seat)``."""
        return None

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Whether an action admitted by one of the seat's templates is legal now: the game's
        rules beyond the domains (a cell already built on, a piece that does not fit). Called
        only for templated decisions; the default accepts every admitted action."""
        return True

    def _explain_illegal(self, seat: int, action: Action) -> str | None:
        """Optionally, a game's own words for why an action is not legal now."""
        return None

    def draw(self, seat: int, rng: Rng) -> Action | None:
        """The game's own uniform draw for ``seat``, which decides now (see :meth:`_draw`), or
        None. The drawn action is remembered, so that playing it is admitted at once, as an
        action picked from the legal list is found there by identity."""
        drawn = self._draw(seat, rng)
        if drawn is not None:
            self._legal_cache[("drawn", seat)] = drawn
        return drawn

    def _draw(self, seat: int, rng: Rng) -> Action | None:
        """Optionally, one legal action of a deciding seat's templated decision drawn uniformly
        at random from ``rng`` by the game itself (legal by construction, every legal action
        equally likely), or None: the engine's random choice then draws from the templates
        (:func:`tabletop.engine.draws.random_action`; a decision that is a list is drawn from
        it). Asked only of a seat that decides now, in a game that offers templates; the
        harness checks that every draw is one of the legal actions."""
        return None

    def describe_action(self, action: Action, seat: int | None = None) -> str:
        """A human sentence for an action (games override for nicer words)."""
        return str(action)

    def hidden_outside_zones(self) -> bool:
        """True when the game keeps hidden things outside its knowledge zones and its face-down
        piles (things its own ``_resample`` redraws): undo then finds what an action showed by
        resampling (:mod:`.undo`), since the zones alone do not see them."""
        return False

    def facedown_piles(self) -> dict[str, Pile]:
        """The game's face-down piles whose order no seat knows, kept as compact piles
        (:mod:`.piles`) rather than zones, by the pool their cards belong to: the knowledge model
        counts each as a zone of that pool known to nobody (the resample deals it again with the
        pool's unknown items; a card leaving it is a reveal for undo). Live, not copies."""
        return {}

    def undo_blocked(self, seat: int, action: Action) -> str | None:
        """Why ``action``, played by ``seat`` from this state, may not be taken back (it revealed
        hidden information, such as a peek at a deck), or None. Random draws and other seats'
        actions are refused by the engine already (see :mod:`tabletop.engine.undo`)."""
        return None

    def rounds(self) -> int:
        """Rounds played so far (for statistics)."""
        return int(self.data.get("round", 0))

    def seat_name(self, seat: int) -> str:
        """The one name a seat goes by for people, in logs, refusals, end screens and reports:
        the game's name for that player (a colour, a character) or ``Seat N`` counted from 1."""
        return numbered_seat(seat)

    def seat_names(self) -> list[str]:
        return [self.seat_name(s) for s in range(self.game.num_players)]

    def undoable(self) -> bool:
        """Whether the answer to the decision now due may be taken back (the engine's undo policy
        still refuses an answer that revealed something)."""
        return True

    def evaluate(self) -> list[float]:
        """Each seat's chance to win from here, estimated for search bots' cut-off playouts;
        a game that has one says ``provides_evaluation`` in its spec."""
        raise NotImplementedError(f"{self.game.name} provides no evaluation")

    def tags(self, seat: int) -> dict[str, Any]:
        """What ``seat`` played with (category -> value or values), for balance reports; a game
        that has them says ``provides_tags`` in its spec."""
        raise NotImplementedError(f"{self.game.name} provides no tags")

    def _resample(self, seat: int | None, rng: Rng) -> State:
        """A copy with everything hidden from ``seat`` redrawn from ``rng`` (see
        :meth:`resample`). Games with hidden information override."""
        return self.clone()

    def _reveal(self, commitments: Mapping[int, Action]) -> None:
        """Carry out the actions of a simultaneous decision once every seat has committed. The
        default plays them with ``_apply`` in seat order (so the commit order never matters);
        a game overrides it to resolve them together."""
        for seat in sorted(commitments):
            self._apply(seat, commitments[seat])
            self._cache = {}

    # ----------------------------------------------------------------- the protocol
    def resample(self, seat: int | None, rng: Rng) -> State:
        """A state the given seat cannot tell apart from this one (its view is unchanged), with
        everything hidden from it redrawn from ``rng``: the game's ``_resample``, then what the
        knowledge model says the seat does not know (zones, see :mod:`.knowledge`; the future
        draws too), then the pending commitments of the other seats, each redrawn among that
        seat's options. The world never shares this state's RNG: the dice to come are redrawn
        too."""
        world = self._resample(seat, rng)
        facedown = world.facedown_piles()  # counted as zones known to nobody
        if world.data.get(ZONES) or facedown:
            resample_zones(world.data, seat, rng, facedown)
        # the future draws are hidden from every seat: always a fresh RNG, in every game
        world.rng = Rng(rng.next64())
        world.invalidate()
        commits = world.data.get(COMMITS)
        if commits:
            for key in sorted(commits):
                if seat is None or int(key) != seat:
                    options = world._legal_actions(int(key))
                    commits[key] = options[rng.below(len(options))].to_json()
            world.invalidate()
        return world

    def prompt(self) -> Prompt:
        found = self._prompt_cache
        if found is not None:
            return found
        raw = self._raw()
        automata = self.game._automata()
        if automata:  # their ids are the seats from num_players on: no seat to fill
            raw = Prompt(
                tuple([s for s in raw.seats if s not in automata]),
                raw.kind,
                raw.text,
                raw.turn,
                raw.commit,
            )
        if raw.commit:
            commits = self.data.get(COMMITS) or {}
            waiting: list[int] = []
            committed: list[int] = []
            for s in raw.seats:
                (committed if str(s) in commits else waiting).append(s)
            raw = Prompt(tuple(waiting), raw.kind, raw.text, raw.turn, True, tuple(committed))
        self._prompt_cache = raw
        return raw

    def _raw(self) -> Prompt:
        """The game's own prompt (``_prompt``), remembered until the data changes other than by
        a commitment that leaves seats to commit."""
        raw = self._raw_prompt
        if raw is None:
            raw = self._raw_prompt = self._prompt()
        return raw

    def commitment(self, seat: int) -> Action | None:
        """The action ``seat`` has committed to the pending simultaneous decision, if any."""
        raw = (self.data.get(COMMITS) or {}).get(str(seat))
        return self._committed_action(seat, raw) if raw is not None else None

    def _committed_action(self, seat: int, raw: Any) -> Action:
        """The action of a seat's stored commitment ``raw``: the one committed, kept beside it,
        while ``raw`` is what it stored (a clone's is an equal copy); else read from the JSON."""
        kept = self._committed.get(seat)
        if kept is not None and (kept[0] is raw or kept[0] == raw):
            return kept[1]
        return Action.from_json(raw)

    def fingerprint(self, seat: int | None) -> str:
        """A short digest of everything ``seat`` can see: its view (without the others'
        "has chosen" marks), the decision and its own commitment. A seat's action is stale only
        when this changed since the seat looked."""
        prompt = self.prompt()
        decision = [sorted(prompt.seats + prompt.committed), prompt.kind, prompt.text, prompt.turn]
        mine = (self.data.get(COMMITS) or {}).get(str(seat)) if seat is not None else None
        blob = json.dumps([self._view(seat), decision, mine], sort_keys=True, default=str)
        return hashlib.blake2b(blob.encode("utf-8"), digest_size=12).hexdigest()

    def is_terminal(self) -> bool:
        # asked before every action of a playout: the cached prompt without a call
        return not (self._prompt_cache or self.prompt()).seats

    def current_seats(self) -> tuple[int, ...]:
        return (self._prompt_cache or self.prompt()).seats

    def legal_actions(self, seat: object = None) -> list[Action]:
        """Legal actions of ``seat`` (default: the one deciding seat); empty if it may not act.
        A seat that is not a seat number (``"0"``, ``True``) is refused with
        :class:`IllegalAction`."""
        who = self._seat_arg(seat, "legal_actions")
        prompt = self.prompt()
        if who is None:
            if len(prompt.seats) != 1:
                return []
            who = prompt.seats[0]
        if who in prompt.seats:
            return list(self._legal(who))
        if who in prompt.committed:
            return [*self._legal(who), WITHDRAW]
        return []

    def _legal(self, seat: int) -> list[Action]:
        """The cached legal actions of a deciding seat (not a copy: do not change it)."""
        cached: list[Action] | None = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_actions(seat)
            self._legal_cache[seat] = cached
        return cached

    def templates(self, seat: object) -> list[Template] | None:
        """The deciding seat's decision as templates, when the game offers it that way (else
        None: the decision is the list of ``legal_actions``)."""
        who = self._seat_arg(seat, "templates")
        if who is None or not self._offers_templates():
            return None
        prompt = self.prompt()
        if who not in prompt.seats and who not in prompt.committed:
            return None
        key = ("templates", who)
        if key not in self._legal_cache:
            self._legal_cache[key] = self._templates(who)
        found: list[Template] | None = self._legal_cache[key]
        return found

    def _offers_templates(self) -> bool:
        """Whether the decision due may be offered as templates: by default, whether the game
        offers any (it overrides ``_templates``)."""
        return type(self)._templates is not State._templates

    def expand_templates(self, seat: int) -> list[Action]:
        """Every legal action of a templated decision: each template's combinations, in offer
        order, that ``_is_legal`` accepts (for a game's ``_legal_actions``)."""
        return [
            a for t in self._templates(seat) or [] for a in t.actions() if self._is_legal(seat, a)
        ]

    def is_legal(self, action: object, seat: object = None) -> bool:
        """Whether ``seat`` may play ``action`` now, without listing every action of a
        templated decision (see :meth:`check` for the reason when not). A call that names no
        action (a dict, None) or no seat number (``"0"``) is refused with
        :class:`IllegalAction` rather than answered."""
        self._action_arg(action, "is_legal")
        self._seat_arg(seat, "is_legal")
        try:
            self._check(action, seat, "is_legal")
        except IllegalAction:
            return False
        return True

    def _admitted(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is one the seat is offered now, every argument of the same type as
        offered (``True`` is not ``1``): a templated decision by its domains then the game's
        ``_is_legal``, a listed one by the list. The game's code sees no other action."""
        if self._offers_templates():
            if self._legal_cache.get(("drawn", seat)) is action:
                return True  # the game's draw, legal by construction (see draw)
            templates = self.templates(seat)
            if templates is not None:
                for t in templates:
                    if t.admits(action):
                        return self._is_legal(seat, action)
                return False
        listed = self._legal(seat)
        if len(listed) <= 64:  # a short list is searched faster than a set is built
            # an action picked from the list is found by identity, before any comparison
            for offered in listed:
                if offered is action:
                    return True
            for offered in listed:
                if offered == action:
                    return same_args(offered.args, action.args) or _exactly_in(listed, action)
            return False
        key = ("set", seat)
        legal: dict[Action, Action] | None = self._legal_cache.get(key)
        if legal is None:
            legal = {a: a for a in listed}
            self._legal_cache[key] = legal
        try:
            found = legal.get(action)
        except TypeError:  # an argument no action can hold (a list): not offered
            return False
        if found is None:
            return False
        return found is action or same_args(found.args, action.args) or _exactly_in(listed, action)

    def _declared(self, seat: int) -> dict[str, tuple[dict[str, ArgType], set[frozenset[str]]]]:
        """What the decision now due declares of each kind it offers ``seat``: the types of each
        argument's values, and the sets of argument names its actions take (from the templates,
        else the list). Worked out only to say why an action is refused."""
        out: dict[str, tuple[dict[str, ArgType], set[frozenset[str]]]] = {}

        def add(kind: str, pairs: list[tuple[str, list[ArgValue]]]) -> None:
            types, shapes = out.setdefault(kind, ({}, set()))
            for name, values in pairs:
                found = types.get(name)
                if found is None:
                    found = types[name] = ArgType()
                for v in values:
                    found.add(v)
            shapes.add(frozenset(name for name, _ in pairs))

        templates = self.templates(seat) if self._offers_templates() else None
        if templates is not None:
            for t in templates:
                fixed: list[tuple[str, list[ArgValue]]] = [(k, [v]) for k, v in t.fixed]
                add(t.kind, [(p.name, list(p.domain)) for p in t.params] + fixed)
        else:
            for a in self._legal(seat):
                add(a.kind, [(name, [v]) for name, v in a.args])
        return out

    def _argument_problem(
        self, seat: int, action: Action
    ) -> tuple[str | None, bool, list[str], list[str]]:
        """Why ``action`` is not one the seat is offered, as far as the engine can tell before
        any game code sees it: ``(fatal, malformed, notes, guesses)``.

        ``fatal``: the game's own explanation is never asked. The action is malformed, or an
        argument has a type its parameter does not take (a bool for an int, a list for a
        string), named with the type expected (``malformed`` True: refused as
        :class:`MalformedAction`); or it holds a list where nothing offered now takes one (a
        kind not offered, an argument offered only as null or not at all).
        ``notes``: arguments missing or not taken now, said beside the game's words;
        ``guesses``: a kind not offered now, an argument offered only as null, said when the
        game has no words of its own.
        Where the decision offers an argument's type, a value of another type never reaches
        the game; where nothing offered now shows its type, the game's explanation may see a
        plain value (a string, a number, true/false, null) and say why, in its words."""
        problem = malformed(action)
        if problem is not None:
            return problem, True, [], []
        kind = action.kind
        offered = self._declared(seat)
        # an argument's name means one thing throughout a decision (a cell is a cell, whichever
        # kind of action names it): its type, where any kind offered now shows it
        by_name: dict[str, ArgType] = {}
        for kind_types, _ in offered.values():
            for name, found in kind_types.items():
                by_name.setdefault(name, ArgType()).merge(found)
        declared = offered.get(kind)
        if declared is None:
            return _kind_not_offered(action, by_name)
        types, shapes = declared
        known = sorted(types)
        notes: list[str] = []
        guesses: list[str] = []
        undeclared: list[str] = []
        for name, value in action.args:
            want = types.get(name)
            shown = f"{type_name(value)} {echo(_thaw(value))}"
            if want is None:
                undeclared.append(echo(name))
                typed = by_name.get(name)
                if typed is not None and not typed.only_null() and not typed.fits(value):
                    return (
                        f"argument {echo(name)} must be {typed.name()}, not {shown}",
                        True,
                        [],
                        [],
                    )
                if type(value) is tuple and not any(t.fits(value) for t in types.values()):
                    return f"{kind} takes no argument {echo(name)} now", False, [], []
            elif want.fits(value):
                continue
            elif want.only_null():
                null = f"argument {echo(name)} can only be null now, not {shown}"
                if type(value) is tuple:
                    return null, False, [], []
                guesses.append(null)
            else:
                return f"argument {echo(name)} must be {want.name()}, not {shown}", True, [], []
        notes += _shape_notes(action, known, undeclared, shapes)
        return None, False, notes, guesses

    def _action_arg(self, action: object, call: str) -> Action:
        """``action`` if it is an :class:`Action`; else :class:`IllegalAction` saying what it
        is (both builds: the compiled one does not check the argument's type at the call)."""
        if isinstance(action, Action):
            return action
        raise MalformedAction(
            f"{self.game.name}: {call} takes an Action (Action.of(kind, ...), or "
            f"Action.from_json for its JSON form), not {_what(action)}"
        )

    def _seat_arg(self, seat: object, call: str) -> int | None:
        """``seat`` as a seat number or None; :class:`IllegalAction` for anything else (``"0"``,
        ``True``, ``1.0``)."""
        if seat is None or type(seat) is int:
            return seat
        if isinstance(seat, int) and not isinstance(seat, bool):
            return int(seat)
        raise MalformedAction(
            f"{self.game.name}: {call} takes a seat number (an int from 0) or None, not "
            f"{_what(seat)}"
        )

    def check(self, action: object, seat: object = None) -> int:
        """The seat that would play ``action``; raises :class:`IllegalAction` naming why not:
        not an action, not a seat, not this seat's turn, or not legal now (an argument of a
        type its parameter does not take is named, before the game's own rules see it)."""
        return self._check(action, seat, "check")

    def _check(self, action: object, seat: object, call: str) -> int:
        # an Action and a seat number (nearly every call) need no further look
        act = action if type(action) is Action else self._action_arg(action, call)
        who = seat if type(seat) is int else self._seat_arg(seat, call)
        prompt = self._prompt_cache or self.prompt()
        if not prompt.seats:
            raise IllegalAction(
                f"{self.game.name}: the game is over; {_shown(act)} cannot be played"
            )
        if who is None:
            if len(prompt.seats) != 1:
                raise IllegalAction(
                    f"{self.game.name}: {self._names(prompt.seats)} decide at once "
                    f"({prompt.kind}); say which seat plays {_shown(act)}"
                )
            who = prompt.seats[0]
        if who not in prompt.seats and who not in prompt.committed:
            raise IllegalAction(
                f"{self.game.name}: {self._name(who)} may not act now; waiting for "
                f"{self._names(prompt.seats)} to decide {prompt.kind!r}"
            )
        if prompt.commit and _withdraws(act):
            if who not in prompt.committed:
                raise IllegalAction(
                    f"{self.game.name}: {self._name(who)} has nothing to withdraw at "
                    f"{prompt.kind!r}"
                )
            return who
        if not self._admitted(who, act):
            fatal, faulty, notes, guesses = self._argument_problem(who, act)
            if fatal is not None:
                reasons = [fatal]
            else:
                # the game's words (it never sees an argument of a type other than the
                # decision offers for it), and what the engine sees
                own = self._explain_illegal(who, act)
                reasons = [own, *notes] if own else [*notes, *guesses]
            templates = self.templates(who)
            if templates is not None:
                kinds = sorted({t.kind for t in templates})
            else:
                kinds = sorted({a.kind for a in self._legal(who)})
            if who in prompt.committed:
                kinds.append(WITHDRAW.kind)
            refusal = MalformedAction if fatal is not None and faulty else IllegalAction
            raise refusal(
                f"{self.game.name}: {_shown(act)} is not legal for {self._name(who)} at "
                f"{prompt.kind!r}"
                + (f": {'; '.join(reasons)}" if reasons else "")
                + f" (legal kinds now: {', '.join(kinds)})"
            )
        return who

    def _name(self, seat: object) -> str:
        """A seat's name in a refusal (a seat that is no seat of this game, as given)."""
        n = self.game.num_players
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
            return self.seat_name(seat)
        return f"seat {seat!r}"

    def _names(self, seats: tuple[int, ...]) -> str:
        return ", ".join(self._name(s) for s in seats) or "nobody"

    def apply(self, action: object, seat: object = None) -> None:
        """Play ``action``. Refuses an illegal one with :class:`IllegalAction`, changing nothing
        (and anything that is not an action, or a seat that is not a seat number, the same way
        in the compiled build and the sources)."""
        who = self._check(action, seat, "apply")
        assert isinstance(action, Action)  # check() refused anything else (no call to cast)
        played = action
        if (self._prompt_cache or self.prompt()).commit:
            self._commit(who, played)
        else:
            self._apply(who, played)
            self._history = _History(self._history, who, played)
            self._legal_cache = {}
            self._prompt_cache = None
            self._raw_prompt = None
            self._cache = {}
        if self.game._automata():
            self.run_automata()

    def run_automata(self) -> None:
        """Play the rules' automata while the decision is theirs (a game calls this at the end
        of ``new_state`` when an automaton may act first; ``apply`` calls it after every
        action). In a simultaneous decision they commit when the last seat does."""
        automata = self.game._automata()
        if not automata:
            return
        for _ in range(10_000):
            raw = self._raw()
            due = [s for s in raw.seats if s in automata]
            if not due or raw.commit:
                return
            for who in due:
                self._apply(who, automata[who].act(self, who))
                self.invalidate()
        raise RuntimeError(f"{self.game.name}: the automata did not stop acting")

    def _commit(self, seat: int, action: Action) -> None:
        """Record, change or withdraw a seat's commitment; reveal all once every seat has one.

        A commitment that leaves seats to commit changes nothing the game reads (the game never
        sees a pending commitment): the game's prompt, the seats' lists and the game's memos
        are kept, and only the engine's prompt (who has committed) is made again."""
        commits: dict[str, JSON] = self.data.setdefault(COMMITS, {})
        kept = dict(self._committed)  # shared with clones: never changed in place
        if _withdraws(action):
            del commits[str(seat)]
            kept.pop(seat, None)
        else:
            raw = commits[str(seat)] = action.to_json()
            if _canonical(action):
                kept[seat] = (raw, action)
            else:
                kept.pop(seat, None)
        self._committed = kept
        if not commits:
            del self.data[COMMITS]
        self._history = _History(self._history, seat, action)
        self._prompt_cache = None
        if self.data.get(COMMITS) and not self.prompt().seats:
            automata = self.game._automata()
            for who in self._raw().seats if automata else ():
                if who in automata:
                    commits[str(who)] = automata[who].act(self, who).to_json()
            done = self.data.pop(COMMITS)
            actions = {int(s): self._committed_action(int(s), a) for s, a in sorted(done.items())}
            self.invalidate()
            self._reveal(actions)
            self.invalidate()

    def invalidate(self) -> None:
        """Forget cached prompt, legal actions and memos after changing ``data`` by hand (tests,
        scenario builders); ``apply`` does this by itself."""
        self._legal_cache = {}
        self._prompt_cache = None
        self._raw_prompt = None
        self._committed = _NO_COMMITS
        self._cache = {}

    def outcome(self) -> Outcome:
        if not self.is_terminal():
            raise ValueError(f"{self.game.name}: the game is not over yet")
        return self._outcome()

    def view(self, seat: object) -> dict[str, JSON] | None:
        """A JSON-safe, redacted picture of what ``seat`` may know (``None``: a spectator). A
        seat that is not one of the game's seats is refused with :class:`IllegalAction`."""
        who = self._seat_arg(seat, "view")
        if who is not None and not 0 <= who < self.game.num_players:
            raise MalformedAction(
                f"{self.game.name}: view: there is no seat {who}; the seats are 0 to "
                f"{self.game.num_players - 1} (None: a spectator)"
            )
        prompt = self.prompt()
        body = self._view(who)
        body["game"] = self.game.name
        body["seat"] = who
        body["seat_names"] = self.seat_names()
        body["prompt"] = prompt.to_json()
        templates = self.templates(who)
        if templates is not None:
            # a templated decision: the templates, not every action (withdraw stays listed)
            body["templates"] = [t.to_json() for t in templates]
            body["actions"] = [WITHDRAW.to_json()] if who in prompt.committed else []
        else:
            body["actions"] = (
                [a.to_json() for a in self.legal_actions(who)] if who is not None else []
            )
        if prompt.commit:
            body["commitments"] = {
                "committed": list(prompt.committed),
                "mine": (self.data.get(COMMITS) or {}).get(str(who)) if who is not None else None,
            }
        body["outcome"] = self._outcome().to_json() if not prompt.seats else None
        return body

    def history(self) -> list[tuple[int, Action]]:
        return self._history.to_list() if self._history is not None else []

    def num_actions(self) -> int:
        return self._history.length if self._history is not None else 0

    def clone(self: S) -> S:
        other = type(self)(
            self.game, marshal.loads(marshal.dumps(self.data)), Rng(self.rng.state), self.seed
        )
        other._history = self._history
        other._committed = self._committed
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            self.game.name == other.game.name
            and self.game.params == other.game.params
            and self.seed == other.seed
            and self.rng == other.rng
            and self.data == other.data
            and self.history() == other.history()
        )

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, JSON]:
        return {
            "engine": ENGINE_VERSION,
            "game": self.game.name,
            "params": dict(self.game.params),
            "seed": self.seed,
            "rng": self.rng.state,
            "data": self.data,
            "history": [[s, a.to_json()] for s, a in self.history()],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    @classmethod
    def from_json(cls: type[S], game: Game, blob: Mapping[str, Any]) -> S:
        if blob.get("game") != game.name:
            raise ValueError(f"saved state is for {blob.get('game')!r}, not {game.name!r}")
        data = game.upgrade_data(json.loads(json.dumps(blob["data"])))
        state = cls(game, data, Rng(int(blob["rng"])), int(blob["seed"]))
        for seat, action in blob.get("history", []):
            state._history = _History(state._history, int(seat), Action.from_json(action))
        return state

    def __repr__(self) -> str:
        p = self.prompt()
        return f"<{type(self).__name__} {self.game.name} seats={list(p.seats)} {p.kind}>"


_NO_COMMITS: dict[int, tuple[Any, Action]] = {}  # shared, never changed


def _withdraws(action: Action) -> bool:
    """``action == WITHDRAW``, without the dataclass comparison (interpreted even compiled),
    asked at every commitment."""
    return type(action) is Action and action.kind == WITHDRAW.kind and not action.args


def _canonical(action: Action) -> bool:
    """Whether ``action`` is what its JSON reads back as (its arguments sorted by name, each
    once), so the reveal may hand the game the action itself."""
    previous = ""
    for key, _ in action.args:
        if key <= previous:
            return False
        previous = key
    return True


def _what(value: object) -> str:
    """A value a call was given instead of what it takes: ``None``, ``a dict {'kind': 'x'}``."""
    return "None" if value is None else f"a {type(value).__name__} {echo(value)}"


def _exactly_in(listed: list[Action], action: Action) -> bool:
    """Whether an action of the list equals ``action`` with the same types throughout (a list
    that holds both ``x=1`` and ``x=True``, which are equal, is searched in full)."""
    return any(a == action and same_args(a.args, action.args) for a in listed)


SHOWN = 160  # characters of an action repeated in a refusal


def _shown(action: Action) -> str:
    """An action as a refusal repeats it: its text, cut short when long (it may come from
    anyone, through the JSON API)."""
    if malformed(action) is not None:
        return echo(action, SHOWN)
    text = str(action)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def new_rng(seed: int) -> Rng:
    """The game RNG for a seed (separate from bot streams)."""
    return Rng(derive_seed(seed, "game"))


def _kind_not_offered(
    action: Action, by_name: Mapping[str, ArgType]
) -> tuple[str | None, bool, list[str], list[str]]:
    """An action of a kind not offered now: an argument of a type its name never takes is
    malformed; a list nothing takes is refused at once; else a guess beside the game's words."""
    absent = f"no {action.kind!r} action is offered now"
    for name, value in action.args:
        typed = by_name.get(name)
        if typed is not None and not typed.only_null() and not typed.fits(value):
            return (
                f"argument {echo(name)} must be {typed.name()}, not "
                f"{type_name(value)} {echo(_thaw(value))} ({absent})",
                True,
                [],
                [],
            )
        if type(value) is tuple and (typed is None or not typed.fits(value)):
            return absent, False, [], []
    return None, False, [], [absent]


def _shape_notes(
    action: Action, known: list[str], undeclared: list[str], shapes: Iterable[frozenset[str]]
) -> list[str]:
    """Notes on arguments the kind does not take now, and on those missing against the
    closest set of arguments it is offered with."""
    notes: list[str] = []
    if undeclared:
        listed = ", ".join(repr(k) for k in known[:8]) + (", ..." if len(known) > 8 else "")
        notes.append(
            f"{action.kind} takes no argument{'s' if len(undeclared) > 1 else ''} "
            f"{', '.join(undeclared[:8])} now (its arguments: {listed or 'none'})"
        )
    given = frozenset(name for name, _ in action.args)
    offered = list(shapes)
    if given not in offered and offered:
        closest = max(offered, key=lambda names: (len(names & given), -len(names)))
        missing = sorted(closest - given)
        if missing:
            notes.append(
                f"argument{'s' if len(missing) > 1 else ''} missing: "
                + ", ".join(repr(m) for m in missing[:8])
                + (", ..." if len(missing) > 8 else "")
            )
    return notes
