"""Simultaneous decisions: one commitment per seat, hidden from the others until the game reveals
them together; change or withdraw before the reveal; per-seat staleness. On Secret Bids."""

from __future__ import annotations

import itertools

import pytest

from tabletop.engine import Action, IllegalAction, load
from tabletop.engine.harness import check_commitments
from tabletop.engine.protocol import COMMITS, WITHDRAW
from tabletop.engine.undo import undo_last


def bids(players: int = 3, seed: int = 5):  # type: ignore[no-untyped-def]
    return load("toy-bids", players=players, rounds=4).new_state(seed)


def first_bid(state, seat: int) -> Action:  # type: ignore[no-untyped-def]
    return state.legal_actions(seat)[0]


class TestCommitting:
    def test_every_seat_of_the_decision_is_asked_and_none_has_chosen_yet(self) -> None:
        state = bids()
        prompt = state.prompt()
        assert prompt.commit and prompt.seats == (0, 1, 2) and prompt.committed == ()
        assert state.view(0)["commitments"] == {"committed": [], "mine": None}

    def test_a_commitment_shows_as_has_chosen_to_the_others_and_in_full_to_its_seat(self) -> None:
        state = bids()
        bid = first_bid(state, 1)
        before = {s: state.fingerprint(s) for s in (0, 2, None)}
        state.apply(bid, 1)
        assert state.prompt().seats == (0, 2) and state.prompt().committed == (1,)
        assert state.view(0)["commitments"] == {"committed": [1], "mine": None}
        assert state.view(None)["commitments"] == {"committed": [1], "mine": None}
        assert state.view(1)["commitments"]["mine"] == bid.to_json()
        # nothing the other seats can see changed, so their pending choices are not stale
        assert {s: state.fingerprint(s) for s in (0, 2, None)} == before
        # the game's own data is untouched until the reveal
        assert state.data["bids"] == [None, None, None]

    def test_a_seat_may_change_its_commitment(self) -> None:
        state = bids()
        first, second = state.legal_actions(0)[:2]
        state.apply(first, 0)
        state.apply(second, 0)
        assert state.commitment(0) == second
        assert state.prompt().committed == (0,)

    def test_a_seat_may_withdraw_its_commitment_and_the_state_is_as_before(self) -> None:
        state = bids()
        start = state.clone()
        state.apply(first_bid(state, 2), 2)
        assert WITHDRAW in state.legal_actions(2)
        state.apply(WITHDRAW, 2)
        assert state.data == start.data and COMMITS not in state.data
        assert state.prompt().seats == (0, 1, 2)

    def test_withdrawing_without_a_commitment_is_refused(self) -> None:
        state = bids()
        with pytest.raises(IllegalAction, match="Seat 1 has nothing to withdraw"):
            state.apply(WITHDRAW, 0)

    def test_a_commitment_must_be_a_legal_option(self) -> None:
        state = bids()
        before = state.dumps()
        with pytest.raises(IllegalAction, match="not legal for Seat 1"):
            state.apply(Action.of("bid", card=99), 0)
        assert state.dumps() == before

    def test_the_last_commitment_reveals_all_together(self) -> None:
        state = bids()
        choice = {s: first_bid(state, s) for s in range(3)}
        for s in range(3):
            state.apply(choice[s], s)
        assert COMMITS not in state.data
        assert state.data["last_bids"] == [choice[s]["card"] for s in range(3)]
        assert state.prompt().committed == ()

    def test_any_order_of_commitments_gives_the_same_game(self) -> None:
        start = bids()
        choice = {s: start.legal_actions(s)[-1] for s in range(3)}
        results = []
        for order in itertools.permutations(range(3)):
            state = start.clone()
            for s in order:
                state.apply(choice[s], s)
            results.append((state.data, state.rng))
        assert all(r == results[0] for r in results)

    def test_changes_and_withdrawals_do_not_change_the_result(self) -> None:
        start = bids()
        plain = start.clone()
        for s in range(3):
            plain.apply(first_bid(plain, s), s)
        busy = start.clone()
        busy.apply(busy.legal_actions(0)[-1], 0)
        busy.apply(first_bid(busy, 2), 2)
        busy.apply(WITHDRAW, 0)
        busy.apply(first_bid(busy, 0), 0)
        busy.apply(first_bid(busy, 1), 1)
        assert busy.data == plain.data and busy.rng == plain.rng

    def test_a_record_with_changes_replays(self) -> None:
        from tabletop.engine import Record

        state = bids()
        state.apply(state.legal_actions(0)[-1], 0)
        state.apply(WITHDRAW, 0)
        for s in range(3):
            state.apply(first_bid(state, s), s)
        assert Record.of(state).replay() == state

    def test_resample_redraws_the_other_seats_pending_commitments(self) -> None:
        from tabletop.engine.rng import Rng

        state = bids(seed=9)
        state.apply(state.legal_actions(1)[-1], 1)
        state.apply(state.legal_actions(0)[-1], 0)
        seen = set()
        for i in range(20):
            world = state.resample(0, Rng(i))
            assert world.commitment(0) == state.commitment(0)
            assert world.view(0) == state.view(0)
            seen.add(world.commitment(1))
        assert len(seen) > 1

    def test_the_harness_check_passes_on_a_pending_commitment(self) -> None:
        state = bids()
        state.apply(first_bid(state, 1), 1)
        check_commitments(state, 5, 0)


class TestUndoOfACommitment:
    def test_a_pending_commitment_can_be_taken_back(self) -> None:
        state = bids()
        start = state.clone()
        state.apply(first_bid(state, 0), 0)
        assert undo_last(state, 0).data == start.data

    def test_the_commitment_that_revealed_all_cannot(self) -> None:
        state = bids()
        for s in range(3):
            state.apply(first_bid(state, s), s)
        with pytest.raises(IllegalAction, match="cannot be undone"):
            undo_last(state, 2)
