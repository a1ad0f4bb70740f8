"""Decisions declared once, in the engine's terms.

Every kind of decision a game asks of its players is one :class:`Decision`: its kind (the
prompt's ``kind``), who decides, the text of the prompt, the legal actions (a list, or templates
with a legality check that never lists), how an answer is carried out, the words for one of its
actions, whether the answer is a hidden commitment of several seats at once, and whether it may be
taken back. A game collects its decisions in one :class:`DecisionTable` and its state class derives
from :class:`DecidingState`, which answers every protocol hook by asking the decision now due; the
game itself says only which decision that is (:meth:`DecidingState.decision_kind`) and what follows
an answer (:meth:`DecidingState.after_decision`). No state class switches on kinds.

Surfaces, bots, encodings and the conformance harness read the table
(:meth:`DecisionTable.kinds`, :attr:`Decision.offers`): the harness checks that every prompt names
a declared kind, that its actions are of the kinds the decision offers, and that every declared
kind is reached.

.. code-block:: python

    DECISIONS = DecisionTable("toy")

    @DECISIONS.declare
    class Bid(Decision["ToyState"]):
        '''Bidding: each seat names a bid, hidden until all have.'''

        kind = "bid"
        offers = ("bid",)
        commit = True

        def seats(self, state: ToyState) -> tuple[int, ...]:
            return tuple(range(state.game.num_players))

        def text(self, state: ToyState, seat: int) -> str:
            return "Bid 0 to 3."

        def legal(self, state: ToyState, seat: int) -> list[Action]:
            return [Action.of("bid", n=n) for n in range(4)]

        def apply(self, state: ToyState, seat: int, action: Action) -> None:
            state.data["bids"][seat] = action["n"]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from .actions import Action
from .protocol import TERMINAL_PROMPT, Prompt, State
from .rng import Rng
from .templates import Template

S = TypeVar("S", bound=State)

# The state's memo key (``State._cache``, emptied whenever the data changes) of the decision due.
_DUE = "_decision"
# Prompts are immutable: one object per (seats, kind, text, turn, commit), shared by every state.
_PROMPTS: dict[tuple[tuple[int, ...], str, str, int | None, bool], Prompt] = {}
_PROMPTS_MAX = 8192


def prompt_of(
    seats: tuple[int, ...], kind: str, text: str, turn: int | None = None, commit: bool = False
) -> Prompt:
    """The one shared :class:`Prompt` for these values (a decision is asked after every action,
    so prompts are made once; the memo is bounded for long simulations)."""
    key = (seats, kind, text, turn, commit)
    found = _PROMPTS.get(key)
    if found is None:
        if len(_PROMPTS) >= _PROMPTS_MAX:
            _PROMPTS.clear()
        found = _PROMPTS[key] = Prompt(seats, kind, text, turn, commit)
    return found


@mypyc_attr(allow_interpreted_subclasses=True)
class Decision(Generic[S]):
    """One kind of decision, declared once. Subclasses set the class attributes and implement
    :meth:`seats`, :meth:`text`, :meth:`apply` and either :meth:`legal` or :meth:`templates`.

    ``kind``: the prompt's kind. ``offers``: the action kinds its answers may have (the harness
    checks every legal action against it; empty: any kind). ``commit``: every seat named decides
    at once and in secret; the engine keeps each answer hidden until the last seat commits, then
    calls :meth:`reveal`. ``undoable``: whether a seat may take its answer back (the engine's undo
    policy still refuses an answer that revealed something). ``automaton``: the rules' own
    participant decides (a solo opponent), never a seat.
    """

    kind: ClassVar[str] = ""
    offers: ClassVar[tuple[str, ...]] = ()
    commit: ClassVar[bool] = False
    undoable: ClassVar[bool] = True
    automaton: ClassVar[bool] = False

    @abstractmethod
    def seats(self, state: S) -> tuple[int, ...]:
        """The seats that decide now (several: a simultaneous decision)."""

    @abstractmethod
    def text(self, state: S, seat: int) -> str:
        """The prompt's words (the same for every seat of a simultaneous decision: ``seat`` is
        the first of them)."""

    def legal(self, state: S, seat: int) -> list[Action]:
        """The legal actions of a deciding seat, in a deterministic order. A templated decision
        need not implement it: the default lists the templates' combinations its
        :meth:`is_legal` accepts."""
        return [
            a
            for t in self.templates(state, seat) or []
            for a in t.actions()
            if self.is_legal(state, seat, a)
        ]

    def templates(self, state: S, seat: int) -> list[Template] | None:
        """The decision as templates (too big to list), or None: it is its :meth:`legal` list."""
        return None

    def is_legal(self, state: S, seat: int, action: Action) -> bool:
        """For a templated decision: whether an action its templates admit keeps the rules the
        domains do not say. Never lists."""
        return True

    def draw(self, state: S, seat: int, rng: Rng) -> Action | None:
        """For a templated decision, optionally: one legal action drawn uniformly at random
        (every legal action equally likely) without listing them, from ``rng`` alone; None (the
        default): the engine draws from the templates and refuses what :meth:`is_legal`
        refuses (see :meth:`State._draw <tabletop.engine.protocol.State._draw>`)."""
        return None

    def explain(self, state: S, seat: int, action: Action) -> str | None:
        """Players' words for why ``action`` is refused now (the usual mistakes), or None."""
        return None

    @abstractmethod
    def apply(self, state: S, seat: int, action: Action) -> None:
        """Carry out a legal answer (the game's :meth:`DecidingState.after_decision` runs next)."""

    def reveal(self, state: S, commitments: Mapping[int, Action]) -> None:
        """A committed decision once every seat has answered: by default each answer is carried
        out in seat order, so the order of commitment never matters."""
        for seat in sorted(commitments):
            self.apply(state, seat, commitments[seat])

    def words(self, state: S, action: Action, seat: int) -> str:
        """Players' words for one of its actions (``"Keep the Golem"``)."""
        return str(action)


class DecisionTable:
    """Every decision of one game by kind, each declared once with :meth:`declare`."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._by_kind: dict[str, Decision[Any]] = {}
        self._templated: set[str] = set()  # the kinds offered as templates

    def declare(self, cls: type[Decision[Any]]) -> type[Decision[Any]]:
        """Class decorator: the table's one instance of a decision, under its kind."""
        kind = cls.kind
        if not kind:
            raise ValueError(f"{self.game}: decision {cls.__name__} declares no kind")
        if kind in self._by_kind:
            raise ValueError(
                f"{self.game}: decision kind {kind!r} declared twice "
                f"({type(self._by_kind[kind]).__name__} and {cls.__name__})"
            )
        self._by_kind[kind] = cls()
        if cls.templates is not Decision.templates:
            self._templated.add(kind)
        return cls

    def __getitem__(self, kind: str) -> Decision[Any]:
        found = self._by_kind.get(kind)
        if found is None:
            known = ", ".join(sorted(self._by_kind))
            raise KeyError(f"{self.game}: no decision of kind {kind!r} (declared: {known})")
        return found

    def __contains__(self, kind: object) -> bool:
        return kind in self._by_kind

    def __iter__(self) -> Iterator[Decision[Any]]:
        return iter(self._by_kind.values())

    def __len__(self) -> int:
        return len(self._by_kind)

    def kinds(self) -> tuple[str, ...]:
        """Every declared kind, in declaration order."""
        return tuple(self._by_kind)

    def templated(self, kind: str | None = None) -> bool:
        """Whether any decision (or the one of ``kind``) is offered as templates."""
        return bool(self._templated) if kind is None else kind in self._templated


@mypyc_attr(allow_interpreted_subclasses=True)
class StateRules(ABC, Generic[S]):
    """What a deciding state's hooks ask of its game's rules, which sit above the state's module:
    a game that keeps its state class free of rule imports sets one on the state class where the
    game is assembled (as it sets its decisions) and its hooks call it. A game adds what else its
    hooks need in a subclass."""

    @abstractmethod
    def advance(self, state: S) -> None:
        """Carry the game on after a decision until the next one is due."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What one seat sees."""

    @abstractmethod
    def resample(self, state: S, seat: int | None, rng: Rng) -> S:
        """The game's hidden things redrawn for a seat."""

    @abstractmethod
    def evaluate(self, state: S) -> list[float]:
        """Each seat's chance to win, estimated."""

    @abstractmethod
    def tags(self, state: S, seat: int) -> dict[str, Any]:
        """What a seat faced or played with, for balance reports."""


@mypyc_attr(allow_interpreted_subclasses=True)
class DecidingState(State):
    """A state whose every protocol hook is answered by the decision now due, looked up in the
    game's :class:`DecisionTable` (the class attribute ``decisions``). The game implements
    :meth:`decision_kind` (which decision the state waits for), optionally :meth:`whose_turn` and
    :meth:`after_decision`."""

    __slots__ = ()
    # the game's decisions, set by its package where it assembles the game (never imported by
    # the state's own module, so the decisions may import the state)
    decisions: ClassVar[DecisionTable]

    # ----------------------------------------------------------------- the game's hooks
    @abstractmethod
    def decision_kind(self) -> str | None:
        """The kind of the decision the state waits for, or None once the game is over."""

    def whose_turn(self) -> int | None:
        """The seat whose turn it is (which may differ from the deciding seats), if any."""
        return None

    def after_decision(self) -> None:
        """What follows an answer or a reveal (queued effects, the next phase); nothing by
        default."""

    # ----------------------------------------------------------------- derived
    def decision(self) -> Decision[Any] | None:
        """The decision due now (remembered until the data changes)."""
        memo = self._cache
        found: Any = memo.get(_DUE, memo)  # the memo itself: not looked up yet (None: over)
        if found is not memo:
            known: Decision[Any] | None = found
            return known
        kind = self.decision_kind()
        if kind is None:
            due = None
        else:
            # the table's own dict first (asked after every action); an unknown kind is named
            # by the table's lookup
            due = self.decisions._by_kind.get(kind) or self.decisions[kind]
        memo[_DUE] = due
        return due

    def _prompt(self) -> Prompt:
        due = self.decision()
        if due is None:
            return TERMINAL_PROMPT
        seats = due.seats(self)
        return prompt_of(seats, due.kind, due.text(self, seats[0]), self.whose_turn(), due.commit)

    def _legal_actions(self, seat: int) -> list[Action]:
        due = self.decision()
        return [] if due is None else due.legal(self, seat)

    def _templates(self, seat: int) -> list[Template] | None:
        due = self.decision()
        return None if due is None else due.templates(self, seat)

    def _offers_templates(self) -> bool:
        # the decision due, not the game: a listed decision of a game that also has templated
        # ones is drawn and checked from its list at once
        due = self.decision()
        return due is not None and self.decisions.templated(due.kind)

    def _is_legal(self, seat: int, action: Action) -> bool:
        due = self.decision()
        return due is not None and due.is_legal(self, seat, action)

    def _draw(self, seat: int, rng: Rng) -> Action | None:
        due = self.decision()
        return None if due is None else due.draw(self, seat, rng)

    def _explain_illegal(self, seat: int, action: Action) -> str | None:
        due = self.decision()
        return None if due is None else due.explain(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        due = self.decision()
        assert due is not None, "an action was admitted after the game ended"
        due.apply(self, seat, action)
        self._cache = {}
        self.after_decision()

    def _reveal(self, commitments: Mapping[int, Action]) -> None:
        due = self.decision()
        assert due is not None, "a reveal after the game ended"
        due.reveal(self, commitments)
        self._cache = {}
        self.after_decision()

    def describe_action(self, action: Action, seat: int | None = None) -> str:
        due = self.decision()
        if due is None:
            return str(action)
        if due.offers and action.kind not in due.offers:
            return str(action)  # not an answer to this decision: no words of its own
        deciding = seat if seat is not None else (self.prompt().seats or (0,))[0]
        return due.words(self, action, deciding)

    def undoable(self) -> bool:
        """Whether the decision now due may be taken back once answered (its declaration)."""
        due = self.decision()
        return due is None or due.undoable
