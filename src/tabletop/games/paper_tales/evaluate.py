"""Estimates from a state for search bots and reports: each seat's chance to win (for cut-off
playouts) and what each seat played with (the tags of a balance report)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from . import hidden
from .rules import turn
from .rules.kingdom import war_strength

if TYPE_CHECKING:
    from .state import PaperTalesState

# how sharply a lead in expected Legend Points turns into a chance to win
SHARPNESS = 0.35
# rough worth of a turn still to play, per point of War strength and per Gold in hand
LP_PER_STRENGTH_TURN = 0.4
LP_PER_GOLD = 0.3


def expected_lp(state: PaperTalesState, seat: int) -> float:
    """Legend Points now plus a rough share of what the Kingdom should still bring in."""
    player = state.player(seat)
    data = state.data
    left = max(0, turn.TURNS - int(data["turn"]) + (0 if data["phase"] == "over" else 1))
    strength = war_strength(state, seat)
    gold = int(player["gold"])
    hand = len(hidden.hand(state, seat)) + (hidden.kept(state, seat) is not None)
    return (
        float(player["legend_points"])
        + left * LP_PER_STRENGTH_TURN * strength
        + LP_PER_GOLD * (gold + hand)
    )


def evaluate(state: PaperTalesState) -> list[float]:
    """Per seat, an estimate in [0, 1] of its chance to win; solo, the player's against the
    Lich King (who wins ties)."""
    lich = state.solo()
    if lich is not None:
        lead = expected_lp(state, 0) - float(lich["legend_points"]) - 0.5
        return [1.0 / (1.0 + math.exp(-SHARPNESS * lead))]
    scores = [expected_lp(state, seat) for seat in state.seats()]
    top = max(scores)
    weights = [math.exp(SHARPNESS * (x - top)) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


def tags(state: PaperTalesState, seat: int) -> dict[str, Any]:
    """What a seat played with, for balance reports: the Unit types in its Kingdom and its
    Buildings (with their level)."""
    content = state.content
    kingdom = state.player(seat)["kingdom"]
    units = sorted({content.unit(unit["card"]).name for unit in kingdom if unit is not None})
    buildings = sorted(
        f"{content.buildings[b].name} {level}" for b, level in state.owned_buildings(seat)
    )
    return {"Unit": units, "Building": buildings}
