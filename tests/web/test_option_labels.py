"""Every option a seat is offered has words: the labels of every game and mode, the kernel's own
withdraw included (Paupers' Ladder has a ``withdraw`` of its own, with a card, whose words once
took the kernel's for it and failed, answering 500 after the action was stored)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import WITHDRAW, load
from tabletop.engine.rng import Rng
from tabletop.web.payloads import decision
from tabletop.web.render import action_label

from ..modes import game_cases


@pytest.mark.parametrize(("name", "params"), game_cases())
def test_every_option_offered_has_words(name: str, params: dict[str, Any]) -> None:
    state = load(name, **params).new_state(5)
    rng = Rng(11)
    labelled = 0
    for _ in range(150):
        if state.is_terminal():
            break
        for seat in state.current_seats():
            listed, _ = decision(state, seat)
            for action in listed:
                label = action_label(state, action, seat)
                assert isinstance(label, str) and label.strip(), (action, label)
                labelled += 1
        seat = state.current_seats()[rng.below(len(state.current_seats()))]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    assert labelled > 0


def test_the_kernels_withdraw_has_the_same_words_in_every_game() -> None:
    for name in ("paupers-ladder", "lairs", "paper-tales", "toy-bids"):
        state = load(name).new_state(1)
        assert action_label(state, WITHDRAW, 0) == "Withdraw your choice"
