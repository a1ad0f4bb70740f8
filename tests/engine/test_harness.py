"""The conformance harness catches what it promises to catch, the spectator's view included."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import Action, load
from tabletop.engine.harness import ConformanceError, check_step
from tabletop.engine.rng import Rng

from .toygame import ToyState


class LeakyToyState(ToyState):
    """Secret Bids whose spectator sees every hand: the leak the harness must find."""

    __slots__ = ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        if seat is None:
            view["hands"] = [list(h) for h in self.data["hands"]]
        return view


class StaleChoiceToyState(ToyState):
    """Secret Bids whose pending choices list cards in a field of their own ("offers", like a
    "keep one of these" frame) that resample() forgets to redraw with the hands."""

    __slots__ = ()

    def _legal_actions(self, seat: int) -> list[Any]:
        offers = self.data["offers"][seat]
        return [Action.of("bid", card=c) for c in sorted(set(offers))]


def started(cls: type[ToyState]) -> ToyState:
    honest = load("toy-bids", players=2).new_state(3)
    data = dict(honest.data, offers=[list(h) for h in honest.data["hands"]])
    return cls(honest.game, data, honest.rng, honest.seed)


class TestTheSpectatorIsChecked:
    def test_an_honest_game_passes(self) -> None:
        check_step(started(ToyState), 3, 0, Rng(1), True)

    def test_a_spectator_view_carrying_hidden_cards_is_caught(self) -> None:
        with pytest.raises(ConformanceError, match="spectator"):
            check_step(started(LeakyToyState), 3, 0, Rng(1), True)

    def test_a_resampled_world_that_cannot_go_on_is_caught(self) -> None:
        with pytest.raises(ConformanceError, match="resample"):
            for i in range(20):
                check_step(started(StaleChoiceToyState), 3, i, Rng(i), True)
