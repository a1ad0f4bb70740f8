"""Rulebook 'Leveling Up': the experience table, levelling in town with one new card, one perk and
more hit points; the hand size never changes."""

from __future__ import annotations

from ..data import game_data
from ..model import Campaign, CardRef, Character
from .cards import class_card
from .common import Refused, character, classes, require_town
from .perks import check_perk

MAX_LEVEL = 9


def level_for_xp(xp: int) -> int:
    """The highest level whose minimum XP is at most ``xp`` (the table beside the rule)."""
    table = game_data().xp
    return max(level for level, need in table.items() if xp >= need)


def xp_minimum(level: int) -> int:
    """The minimum experience of a level (the number under it on the character sheet)."""
    table = game_data().xp
    if level not in table:
        raise Refused(f"level must be 1 to {MAX_LEVEL}, got {level}")
    return table[level]


def next_level_xp(ch: Character) -> int | None:
    """The experience the next level needs; None at the top level."""
    return xp_minimum(ch.level + 1) if ch.level < MAX_LEVEL else None


def levelups_due(ch: Character) -> int:
    return max(0, level_for_xp(ch.xp) - ch.level)


def max_hp(c: Campaign, ch: Character) -> int:
    return classes(c)[ch.class_id].hp[ch.level - 1]


def hand_size(c: Campaign, ch: Character) -> int:
    return classes(c)[ch.class_id].hand_size


def _new_card(c: Campaign, ch: Character, card: str, card_level: int | None) -> tuple[str, int]:
    """The card a level-up adds: one of the class's, of level 2 up to the new level, not in the
    pool yet (a class entered without card names: any name of level 1 up to the new level)."""
    new_level = ch.level + 1
    if card_level is not None and not 1 <= card_level <= new_level:
        raise Refused(f"the new card must be of level 1 to {new_level}, not {card_level}")
    card, card_level = class_card(c, ch, card, card_level)
    if not 1 <= card_level <= new_level:
        raise Refused(f"the new card must be of level 1 to {new_level}; {card} is {card_level}")
    if classes(c)[ch.class_id].cards and card_level == 1:
        raise Refused(f"{card} is a starting card, always in {ch.name}'s pool: add a new one")
    if any(x.name.lower() == card.strip().lower() for x in ch.cards):
        raise Refused(f"{card!r} is already in {ch.name}'s card pool")
    return card, card_level


def level_up(c: Campaign, char_ref: str, card: str, card_level: int | None, perk: str) -> list[str]:
    """One level in town when the XP allows: one card of level <= the new level, one perk, more
    HP."""
    ch = character(c, char_ref)
    require_town(c, ch, "leveling up")
    if levelups_due(ch) <= 0:
        need = next_level_xp(ch)
        why = f"needs {need} XP, has {ch.xp}" if need is not None else "is at the top level"
        raise Refused(f"{ch.name} cannot level up: {why}")
    card, card_level = _new_card(c, ch, card, card_level)
    perk = check_perk(c, ch, perk, extra=1)
    old_hp = max_hp(c, ch)
    ch.level += 1
    ch.cards.append(CardRef(name=card.strip(), level=card_level))
    ch.perks.append(perk)
    return [
        f"{ch.name} reaches level {ch.level}: card {card!r} (level {card_level}) added, "
        f"perk {perk!r} marked, HP {old_hp} -> {max_hp(c, ch)}"
    ]
