"""Estimates from a state for search bots and reports: each seat's chance to win (for cut-off
playouts) and what each seat played with (the tags of a balance report)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from . import hidden
from .rules import kingdom, turn

if TYPE_CHECKING:
    from .play import PTState

# how sharply a lead in expected Legend Points turns into a chance to win
SHARPNESS = 0.35
# rough worth of a turn still to play, per point of War strength and per Gold in hand
LP_PER_STRENGTH_TURN = 0.4
LP_PER_GOLD = 0.3


def expected_lp(st: PTState, seat: int) -> float:
    """Legend Points now plus a rough share of what the Kingdom should still bring in."""
    p = st.data["players"][seat]
    left = max(0, turn.TURNS - int(st.data["turn"]) + (0 if st.data["phase"] == "over" else 1))
    strength = kingdom.war_strength(st, seat)
    gold = int(p["gold"])
    hand = len(hidden.hand(st, seat)) + (hidden.kept(st, seat) is not None)
    return float(p["lp"]) + left * LP_PER_STRENGTH_TURN * strength + LP_PER_GOLD * (gold + hand)


def evaluate(st: PTState) -> list[float]:
    """Per seat, an estimate in [0, 1] of its chance to win; solo, the player's against the
    Lich King (who wins ties)."""
    d = st.data
    if d["solo"] is not None:
        lead = expected_lp(st, 0) - float(d["solo"]["lp"]) - 0.5
        return [1.0 / (1.0 + math.exp(-SHARPNESS * lead))]
    scores = [expected_lp(st, s) for s in range(len(d["players"]))]
    top = max(scores)
    weights = [math.exp(SHARPNESS * (x - top)) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


def tags(st: PTState, seat: int) -> dict[str, Any]:
    """What a seat played with, for balance reports: the Unit types in its Kingdom and its
    Buildings (with their level)."""
    p = st.data["players"][seat]
    units = sorted({st.content.unit(u["c"]).name for u in p["kingdom"] if u is not None})
    buildings = sorted(
        f"{st.content.buildings[b].name} {level}" for b, level in p["buildings"].items()
    )
    return {"Unit": units, "Building": buildings}
