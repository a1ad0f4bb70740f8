"""Rulebook 'Scenario Scaling' (the table it points to): the recommended scenario level from the
party's levels and the difficulty, and what a level sets (monster level, gold per money token,
trap damage, completion experience)."""

from __future__ import annotations

from ..data import ScenarioLevel, game_data
from .common import Refused


def scenario_level(party_levels: list[int], difficulty: str = "normal") -> int:
    """Recommended level: ceil(average level / 2) adjusted by difficulty, kept in 0..7."""
    if not party_levels:
        raise Refused("a scenario level needs at least one character")
    data = game_data()
    if difficulty not in data.difficulty:
        raise Refused(f"unknown difficulty {difficulty!r}; one of {', '.join(data.difficulty)}")
    avg_half = -(-sum(party_levels) // (2 * len(party_levels)))  # ceil(average / 2)
    return max(0, min(7, avg_half + data.difficulty[difficulty]))


def level_table(level: int) -> ScenarioLevel:
    """What scenario level ``level`` sets."""
    row = game_data().scenario_levels.get(level)
    if row is None:
        raise Refused(f"scenario level must be 0 to 7, not {level}")
    return row
