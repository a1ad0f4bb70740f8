"""Rulebook 'Gloomhaven Prosperity': the track and its levels, never below the current level's
minimum; a new level brings its items into the supply and lets lower characters rise to it."""

from __future__ import annotations

from ..data import game_data
from ..model import Campaign
from .common import Refused, character, require_town
from .levels import MAX_LEVEL, levelups_due, xp_minimum


def level_for_checkmarks(checkmarks: int) -> int:
    """The prosperity level reached with this many checkmarks on the track."""
    table = game_data().prosperity
    return max(level for level, need in table.items() if checkmarks >= need)


def prosperity_minimum(level: int) -> int:
    return game_data().prosperity[level]


def prosperity_maximum() -> int:
    """The last box of the track: reaching it is level 9; more checkmarks are not kept."""
    return max(game_data().prosperity.values())


def prosperity_level(c: Campaign) -> int:
    return level_for_checkmarks(c.city.prosperity)


def next_level_at(c: Campaign) -> int | None:
    """The checkmarks the next prosperity level needs; None at the top."""
    level = prosperity_level(c)
    return prosperity_minimum(level + 1) if level < MAX_LEVEL else None


def change_prosperity(c: Campaign, delta: int) -> list[str]:
    """Move the track: never past its last box nor below the current level's minimum."""
    old_level = prosperity_level(c)
    old = c.city.prosperity
    if delta >= 0:
        c.city.prosperity = min(old + delta, prosperity_maximum())
    else:
        c.city.prosperity = max(old + delta, prosperity_minimum(old_level))
    out = [f"prosperity {old} -> {c.city.prosperity}"]
    for level in range(old_level + 1, prosperity_level(c) + 1):
        unlock = game_data().prosperity_unlocks[level]
        for item_id in unlock.item_ids():
            if item_id not in c.city.item_designs:
                c.city.item_designs.append(item_id)
        out.append(
            f"prosperity level {level}: items {unlock.first:03d}-{unlock.last:03d} enter the "
            f"supply; characters below level {level} may rise to that level"
        )
    return out


def may_rise(c: Campaign, char_ref: str) -> bool:
    ch = character(c, char_ref)
    return ch.level + levelups_due(ch) < prosperity_level(c)


def rise_to_prosperity(c: Campaign, char_ref: str) -> list[str]:
    """A character below the prosperity level may rise to it: its XP goes to that level's
    minimum, and its level-ups follow one at a time."""
    ch = character(c, char_ref)
    require_town(c, ch, "rising to the prosperity level")
    plevel = prosperity_level(c)
    if not may_rise(c, ch.id):
        raise Refused(f"{ch.name} is not below the prosperity level {plevel}")
    old = ch.xp
    ch.xp = xp_minimum(plevel)
    return [f"{ch.name} XP {old} -> {ch.xp}: {levelups_due(ch)} level-up(s) due"]
