"""Rulebook 'Leveling Up' (its perk) and 'Additional Perks': perks earned by levels, by battle-goal
checkmarks (one per three, at most six) and by the player's earlier retirements; a perk is one of
the boxes of the class's declared perk list (a perk with several boxes may be taken that often)."""

from __future__ import annotations

from typing import Any

from ..data import CharacterClass, Perk, game_data
from ..model import Campaign, Character
from .common import Refused, character, class_name, classes, slug


def checkmark_perks(ch: Character) -> int:
    r = game_data().rules
    return min(ch.checkmarks // r.checkmarks_per_perk, r.max_checkmark_perks)


def perks_earned(ch: Character) -> int:
    return ch.bonus_perks + (ch.level - 1) + checkmark_perks(ch)


def perks_unmarked(ch: Character) -> int:
    return perks_earned(ch) - len(ch.perks)


def _same(a: str, b: str) -> bool:
    return " ".join(a.lower().split()) == " ".join(b.lower().split())


def marked(perk: Perk, ch: Character) -> int:
    """How many of the perk's boxes the character has marked."""
    return sum(1 for text in ch.perks if _same(text, perk.text))


def perk_choices(cls: CharacterClass, ch: Character) -> list[dict[str, Any]]:
    """The class's perk list as the sheet shows it: each perk, its boxes, how many are marked and
    whether one is left to mark. Empty when the class was entered without its list."""
    return [
        {
            "id": slug(p.text),
            "text": p.text,
            "boxes": p.boxes,
            "marked": marked(p, ch),
            "open": marked(p, ch) < p.boxes,
        }
        for p in cls.perks
    ]


def _listed_perk(cls: CharacterClass, ch: Character, perk: str) -> str:
    """The perk of the class's list named by ``perk`` (its text in any case, its id, or the start
    of its text when no other perk starts so), with a box left; refused naming the list
    otherwise."""
    key = " ".join(perk.lower().split())
    exact = [p for p in cls.perks if _same(p.text, perk) or slug(p.text) == perk.strip().lower()]
    found = exact or [p for p in cls.perks if " ".join(p.text.lower().split()).startswith(key)]
    if len(found) > 1:
        listing = "; ".join(p.text for p in found)
        raise Refused(f"{perk.strip()!r} names several perks of the {cls.name}: {listing}")
    if not found:
        listing = "; ".join(p.text for p in cls.perks if marked(p, ch) < p.boxes)
        raise Refused(f"the {cls.name} has no perk {perk.strip()!r}. Its perks left: {listing}")
    if marked(found[0], ch) >= found[0].boxes:
        raise Refused(f"{ch.name} has marked every box of the perk {found[0].text!r}")
    return found[0].text


def check_perk(c: Campaign, ch: Character, perk: str, extra: int = 0) -> str:
    """The perk box to mark, as the class's list prints it (a class entered without its list
    takes the text given); ``extra`` perks are earned by this change itself (a level-up)."""
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
    return _listed_perk(cls, ch, perk) if cls.perks else perk.strip()


def mark_perk(c: Campaign, char_ref: str, perk: str) -> list[str]:
    """Mark a perk earned by checkmarks or by the player's earlier retirements."""
    ch = character(c, char_ref)
    if ch.retired:
        raise Refused(f"{ch.name} has retired")
    text = check_perk(c, ch, perk)
    ch.perks.append(text)
    return [f"{ch.name} marks perk {text!r} ({perks_unmarked(ch)} unmarked left)"]
