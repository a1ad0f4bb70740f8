"""Rulebook 'Leveling Up' (its perk) and 'Additional Perks': perks earned by levels, by battle-goal
checkmarks (one per three, at most six) and by the player's earlier retirements, each marked in
one of the boxes of the class's sheet."""

from __future__ import annotations

from ..data import game_data
from ..model import Campaign, Character
from .common import Refused, character, class_name, classes


def checkmark_perks(ch: Character) -> int:
    r = game_data().rules
    return min(ch.checkmarks // r.checkmarks_per_perk, r.max_checkmark_perks)


def perks_earned(ch: Character) -> int:
    return ch.bonus_perks + (ch.level - 1) + checkmark_perks(ch)


def perks_unmarked(ch: Character) -> int:
    return perks_earned(ch) - len(ch.perks)


def check_perk(c: Campaign, ch: Character, perk: str, extra: int = 0) -> str:
    """The perk box to mark, as given; ``extra`` perks are earned by this change itself (a
    level-up)."""
    if not perk.strip():
        raise Refused("name the perk box marked")
    cls = classes(c)[ch.class_id]
    if len(ch.perks) + 1 > cls.perk_boxes:
        raise Refused(
            f"{ch.name} has no perk boxes left ({cls.perk_boxes} on the "
            f"{class_name(c, ch.class_id)} sheet)"
        )
    if extra == 0 and perks_unmarked(ch) <= 0:
        raise Refused(f"{ch.name} has no unmarked perk (earned {perks_earned(ch)})")
    return perk.strip()


def mark_perk(c: Campaign, char_ref: str, perk: str) -> list[str]:
    """Mark a perk earned by checkmarks or by the player's earlier retirements."""
    ch = character(c, char_ref)
    if ch.retired:
        raise Refused(f"{ch.name} has retired")
    text = check_perk(c, ch, perk)
    ch.perks.append(text)
    return [f"{ch.name} marks perk {text!r} ({perks_unmarked(ch)} unmarked left)"]
