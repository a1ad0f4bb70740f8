"""End of the game, after the fourth turn: each player scores the LP printed on their Buildings
(1 at Level 1, 3 at Level 2) and the end-of-game abilities of their Units. The most LP wins; among
tied players, the one with the most Gold left; if still tied, they share the victory (the state's
``winners``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.views import log

from .kingdom import fire, triggered

if TYPE_CHECKING:
    from ..state import PaperTalesState


def score(state: PaperTalesState) -> None:
    data = state.data
    for seat in state.seats():
        printed = sum(
            state.content.buildings[building].level(level).lp
            for building, level in state.owned_buildings(seat)
        )
        if printed:
            state.add_lp(seat, printed, "Buildings")
        for holder, triggers in triggered(state, seat, "end-of-game"):
            for effect in triggers:
                fire(holder, effect)
    data["phase"] = "over"
    scores = ", ".join(
        f"{state.seat_name(seat)} {player['legend_points']} LP"
        for seat, player in enumerate(data["players"])
    )
    log(data, f"The game is over: {scores}")
