"""Snapshots: undo and replay step from stored states, not from the start.

A snapshot is a state's data, RNG and seed as JSON text, without its history (the record holds
that). :class:`Snapshots` keeps one every ``every`` actions of a game, so any step is rebuilt by
restoring the nearest snapshot at or before it and replaying fewer than ``every`` actions.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from .actions import Action
from .protocol import Game, State, _History
from .rng import Rng

EVERY = 32


def snapshot(state: State) -> str:
    """A state without its history, as JSON text."""
    return json.dumps({"data": state.data, "rng": state.rng.state, "seed": state.seed})


def restore(
    game: Game, text: str, history: Sequence[tuple[int, Action]] | _History | None
) -> State:
    """The state of a snapshot, with ``history`` (the actions that led to it, or a shared
    history node of that length, such as a later state's, which costs nothing)."""
    blob = json.loads(text)
    data = game.upgrade_data(blob["data"])
    state = game.state_class()(game, data, Rng(int(blob["rng"])), int(blob["seed"]))
    if history is None or isinstance(history, _History):
        state._history = history
    else:
        node: _History | None = None
        for seat, action in history:
            node = _History(node, seat, action)
        state._history = node
    return state


def history_at(state: State, step: int) -> _History | None:
    """The shared history node of ``state`` after its first ``step`` actions."""
    node = state._history
    while node is not None and node.length > step:
        node = node.parent
    return node


class Snapshots:
    """The snapshots of one game, every ``every`` actions (step -> snapshot text)."""

    def __init__(self, every: int = EVERY) -> None:
        self.every = every
        self.saved: dict[int, str] = {}

    def keep(self, state: State) -> None:
        """Keep a snapshot of ``state`` if it falls on the interval."""
        n = state.num_actions()
        if n % self.every == 0:
            self.saved[n] = snapshot(state)

    def state_at(
        self,
        game: Game,
        seed: int,
        actions: Sequence[tuple[int, Action]],
        step: int,
        later: State | None = None,
    ) -> State:
        """The game after its first ``step`` actions (``later``: a state of the same game at or
        after ``step``, whose history is shared instead of rebuilt)."""
        if not 0 <= step <= len(actions):
            raise ValueError(f"step must be 0..{len(actions)}, got {step}")
        bases = [k for k in self.saved if k <= step]
        if bases:
            base = max(bases)
            shared = history_at(later, base) if later is not None else None
            state = restore(game, self.saved[base], shared if later is not None else actions[:base])
        else:
            base = 0
            state = game.new_state(seed)
        for seat, action in actions[base:step]:
            state.apply(action, seat)
        return state
