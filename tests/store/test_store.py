"""The store: saved games where every accepted action is committed with the new state."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.engine import Action, IllegalAction, load
from tabletop.store.games import GameStore, NotFound, StaleAction


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(f"sqlite:///{tmp_path / 't.db'}")


class TestSavedGames:
    def test_each_action_is_kept_and_survives_a_reload(self, store: GameStore) -> None:
        state = load("toy-bids", players=2).new_state(1)
        ident = store.create(state, ["human", "bot:random"])
        a0 = state.legal_actions(0)[0]
        store.apply(ident, 0, a0, expected_actions=0)
        state.apply(a0, 0)
        reloaded, info = store.load(ident)
        assert reloaded == state and info.num_actions == 1 and info.seats == ["human", "bot:random"]
        assert store.record(ident).replay() == state
        assert [g.id for g in store.list()] == [ident]

    def test_a_refused_action_changes_nothing(self, store: GameStore) -> None:
        state = load("toy-bids", players=2).new_state(1)
        ident = store.create(state, ["human", "human"])
        with pytest.raises(IllegalAction):
            store.apply(ident, 0, Action.of("bid", card=77))
        with pytest.raises(IllegalAction, match="not legal for Seat 1 at 'bid'"):
            store.apply(ident, 0, Action.of("pass"))
        reloaded, info = store.load(ident)
        assert reloaded == state and info.num_actions == 0 and store.record(ident).actions == []

    def test_a_stale_action_is_refused(self, store: GameStore) -> None:
        state = load("toy-bids", players=2).new_state(1)
        ident = store.create(state, ["human", "human"])
        seen0 = state.fingerprint(0)
        store.apply(ident, 0, state.legal_actions(0)[0], expected_actions=0)
        store.apply(ident, 1, state.legal_actions(1)[0], expected_actions=0)  # hidden from 1
        before = store.record(ident)
        # both bids are revealed now: seat 0's view from the start is stale
        with pytest.raises(StaleAction, match="you saw 0 actions, the game has 2"):
            store.apply(ident, 0, state.legal_actions(0)[1], expected_actions=0)
        with pytest.raises(StaleAction, match="in a way you can see"):
            store.apply(ident, 0, state.legal_actions(0)[1], seen=seen0)
        assert store.record(ident) == before

    def test_commitments_sent_on_the_same_view_all_count(self, store: GameStore) -> None:
        state = load("toy-bids", players=3).new_state(4)
        ident = store.create(state, ["human"] * 3)
        seen = {s: state.fingerprint(s) for s in range(3)}
        for s in (2, 0, 1):
            store.apply(ident, s, state.legal_actions(s)[0], seen=seen[s])
        for s in range(3):
            state.apply(state.legal_actions(s)[0], s)
        assert store.load(ident)[0].data == state.data

    def test_unknown_ids(self, store: GameStore) -> None:
        with pytest.raises(NotFound, match="no saved game 'nope'"):
            store.load("nope")


class TestCrashSafety:
    def test_a_failure_inside_apply_rolls_the_transaction_back(
        self, store: GameStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        from tests.engine.toygame import ToyState

        state = load("toy-bids", players=2).new_state(1)
        ident = store.create(state, ["human", "human"])
        # seat 0's bid is only a commitment; seat 1's reveals both and runs the game's rules
        store.apply(ident, 0, state.legal_actions(0)[0])
        before, _ = store.load(ident)

        def boom(self: ToyState) -> None:
            self.data["score"][0] = 99  # half-done work, then a crash
            raise RuntimeError("power cut")

        monkeypatch.setattr(ToyState, "resolve", boom)
        with pytest.raises(RuntimeError, match="power cut"):
            store.apply(ident, 1, state.legal_actions(1)[0])
        after, info = store.load(ident)
        assert after == before and info.num_actions == 1


class TestSnapshotsInTheStore:
    """Undo and replay steps come from the nearest stored snapshot, not a replay of the game."""

    def test_a_snapshot_every_32_actions_and_any_step_rebuilt_from_them(
        self, store: GameStore
    ) -> None:
        from tabletop.engine.snapshots import EVERY
        from tabletop.store.db import session_scope
        from tabletop.store.models import SavedSnapshot

        game = load("toy-lairs", players=4, hand=6, size=4)
        state = game.new_state(3)
        ident = store.create(state, ["human", "human"])
        while not state.is_terminal():
            for seat in state.current_seats():
                action = state.legal_actions(seat)[0]
                store.apply(ident, seat, action)
                state.apply(action, seat)
        with session_scope(store.url) as s:
            steps = sorted(r.step for r in s.query(SavedSnapshot).filter_by(game_id=ident))
        assert steps == list(range(EVERY, state.num_actions() + 1, EVERY)) and steps
        record = store.record(ident)
        for step in (0, EVERY - 1, EVERY, EVERY + 1, state.num_actions()):
            want = load("toy-lairs", players=4, hand=6, size=4).new_state(3)
            for seat, action in record.actions[:step]:
                want.apply(action, seat)
            assert store.state_at(ident, step) == want

    def test_undo_at_a_snapshot_removes_it_and_play_goes_on(self, store: GameStore) -> None:
        from tabletop.store.db import session_scope
        from tabletop.store.models import SavedSnapshot
        from tabletop.web.service import delete_last_action

        state = load("toy-lairs", players=7, hand=6).new_state(2)
        ident = store.create(state, ["human"] * 7)
        while state.num_actions() < 32:
            seat = state.current_seats()[0]
            action = state.legal_actions(seat)[0]
            store.apply(ident, seat, action)
            state.apply(action, seat)

        def steps() -> list[int]:
            with session_scope(store.url) as s:
                return sorted(r.step for r in s.query(SavedSnapshot).filter_by(game_id=ident))

        assert steps() == [32]
        seat, action = state.history()[-1]  # a pending draft pick: it may be taken back
        back = delete_last_action(store.url, ident, seat)
        assert back.num_actions() == 31 and steps() == []
        store.apply(ident, seat, action)
        assert steps() == [32] and store.load(ident)[0] == state
