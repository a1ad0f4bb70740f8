"""Undo policy: your own last step only, never past a random draw or another seat's action."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction, load
from tabletop.engine.undo import undo_last


def fresh():  # type: ignore[no-untyped-def]
    return load("toy-bids", players=2).new_state(11)


class TestUndo:
    def test_your_own_last_secret_choice_can_be_taken_back(self) -> None:
        state = fresh()
        start = state.clone()
        state.apply(state.legal_actions(0)[-1], 0)
        back = undo_last(state, 0)
        assert back == start

    def test_not_someone_elses_action(self) -> None:
        state = fresh()
        state.apply(state.legal_actions(0)[0], 0)
        with pytest.raises(IllegalAction, match="last action was Seat 1's; Seat 2 can only undo"):
            undo_last(state, 1)

    def test_not_past_a_random_draw(self) -> None:
        state = fresh()
        state.apply(state.legal_actions(0)[0], 0)
        state.apply(state.legal_actions(1)[0], 1)  # resolves the round and deals new cards
        if state.prompt().kind == "steal-or-pass":
            state.apply(state.legal_actions()[0])
        with pytest.raises(IllegalAction, match="revealed hidden information"):
            undo_last(state, state.history()[-1][0])

    def test_nothing_to_undo(self) -> None:
        with pytest.raises(IllegalAction, match="nothing to undo"):
            undo_last(fresh(), 0)


class TestFinishedGamesStayFinished:
    """Once a game is over its record is public: no undo may reopen it."""

    def test_a_finished_solo_game_refuses_undo(self) -> None:
        from tabletop.engine.harness import random_playout

        game = load("paupers-ladder", mode="solo")
        state, _ = random_playout(game, 0, check=False)  # its last step drew nothing random
        assert state.is_terminal()
        with pytest.raises(IllegalAction, match="the game is over"):
            undo_last(state, state.history()[-1][0])
