"""A game that leaks, for the soak's HTTP differential to find (imported by its test and by the
server process that test starts; never collected, never registered elsewhere): Secret Bids whose
spectator sees every hand."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tabletop.engine import register

from .engine.toygame import ToyGame, ToyState


class LeakyBidsState(ToyState):
    __slots__ = ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        if seat is None:
            view["hands"] = [list(h) for h in self.data["hands"]]
        return view


@register
class LeakyBids(ToyGame):
    spec = replace(ToyGame.spec, name="toy-leaky-bids", title="Leaky Bids (soak test game)")

    def new_state(self, seed: int = 0) -> ToyState:
        made = super().new_state(seed)
        return LeakyBidsState(self, made.data, made.rng, seed)
