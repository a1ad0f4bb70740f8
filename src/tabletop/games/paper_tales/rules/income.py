"""Phase 4, Income: every Kingdom earns 2 Gold plus its Income abilities."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.views import log

from . import kingdom

if TYPE_CHECKING:
    from ..state import PaperTalesState


def resolve(state: PaperTalesState) -> None:
    for seat in state.seats():
        gold = kingdom.income(state, seat)
        state.player(seat)["gold"] += gold
        log(state.data, f"Income: {state.subject(seat, 'earns', opening=False)} {gold} Gold")
