"""Snapshots: undo and replay step from a stored state, not from the start."""

from __future__ import annotations

from tabletop.engine import load
from tabletop.engine.snapshots import Snapshots, restore, snapshot
from tabletop.engine.undo import undo_last


def played(n: int = 40):  # type: ignore[no-untyped-def]
    state = load("toy-bids", players=3, rounds=20).new_state(2)
    snaps = Snapshots(every=8)
    snaps.keep(state)
    while state.num_actions() < n and not state.is_terminal():
        seat = state.current_seats()[0]
        state.apply(state.legal_actions(seat)[0], seat)
        snaps.keep(state)
    return state, snaps


class TestSnapshots:
    def test_a_snapshot_restores_the_same_state(self) -> None:
        state, _ = played()
        back = restore(state.game, snapshot(state), state.history())
        assert back == state

    def test_every_step_rebuilt_from_a_snapshot_equals_the_replay(self) -> None:
        state, snaps = played()
        history = state.history()
        replay = load("toy-bids", players=3, rounds=20).new_state(2)
        for step in range(len(history) + 1):
            assert snaps.state_at(state.game, 2, history, step) == replay
            assert snaps.state_at(state.game, 2, history, step, later=state) == replay
            if step < len(history):
                replay.apply(history[step][1], history[step][0])

    def test_undo_from_a_snapshot_equals_undo_by_replay(self) -> None:
        state, snaps = played(17)
        while len(state.prompt().seats) < 3:  # to the start of a round of bids
            seat = state.current_seats()[0]
            state.apply(state.legal_actions(seat)[0], seat)
            snaps.keep(state)
        seat = state.current_seats()[0]
        state.apply(state.legal_actions(seat)[0], seat)  # a pending bid: it may be taken back
        before = snaps.state_at(state.game, 2, state.history(), state.num_actions() - 1)
        assert undo_last(state, seat, before) == undo_last(state, seat)
