"""Rulebook 'Reputation': a party's track from -20 to 20, starting at 0, and the shop prices it
changes (the modifiers written beside the track on the party sheet)."""

from __future__ import annotations

from ..data import game_data
from ..model import Party
from .common import Refused


def price_modifier(reputation: int) -> int:
    """Gold added to (positive) or taken off (negative) each purchase at this reputation."""
    for row in game_data().price_modifiers:
        if row.min <= reputation <= row.max:
            return row.modifier
    raise Refused(f"reputation must be -20 to 20, got {reputation}")


def change_reputation(p: Party, delta: int) -> list[str]:
    r = game_data().rules
    old = p.reputation
    p.reputation = max(r.reputation_min, min(r.reputation_max, old + delta))
    return [f"{p.name!r} reputation {old} -> {p.reputation}"]
