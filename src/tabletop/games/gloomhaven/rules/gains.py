"""Rulebook 'Completing Road Events', its gains and losses: "collective" amounts shared by the
party, "each" amounts to every member; what cannot be lost is not (money below 0, experience below
the level's minimum, a checkmark that would cost a perk)."""

from __future__ import annotations

from collections.abc import Callable

from ..data import game_data
from ..model import Campaign, Character
from .levels import xp_minimum
from .perks import checkmark_perks


def _floor_gold(ch: Character) -> int:
    return 0


def _floor_xp(ch: Character) -> int:
    return xp_minimum(ch.level)


def _floor_checkmarks(ch: Character) -> int:
    """Never lose a checkmark that would cost a perk."""
    return checkmark_perks(ch) * game_data().rules.checkmarks_per_perk


FLOORS: dict[str, Callable[[Character], int]] = {
    "gold": _floor_gold,
    "xp": _floor_xp,
    "checkmarks": _floor_checkmarks,
}


def change(ch: Character, what: str, amount: int) -> int:
    """Gain ``amount`` (or lose what can be lost); the actual change."""
    current = int(getattr(ch, what))
    new = current + amount if amount >= 0 else max(current + amount, min(current, FLOORS[what](ch)))
    setattr(ch, what, new)
    return new - current


def _can_lose(ch: Character, what: str) -> int:
    return max(0, int(getattr(ch, what)) - FLOORS[what](ch))


def distribute(chars: list[Character], what: str, amount: int) -> dict[str, int]:
    """A collective amount shared among the party (ruling E3): gains split evenly, the remainder
    one each to members in party order; losses likewise, and what a member cannot lose is taken
    from the others in party order."""
    result = {ch.id: 0 for ch in chars}
    if not chars or amount == 0:
        return result
    if amount > 0:
        share, rest = divmod(amount, len(chars))
        for i, ch in enumerate(chars):
            result[ch.id] = change(ch, what, share + (1 if i < rest else 0))
        return result
    share, rest = divmod(-amount, len(chars))
    owed = 0
    for i, ch in enumerate(chars):
        want = share + (1 if i < rest else 0)
        got = min(want, _can_lose(ch, what))
        result[ch.id] = change(ch, what, -got)
        owed += want - got
    for ch in chars:
        if owed <= 0:
            break
        got = min(owed, _can_lose(ch, what))
        result[ch.id] += change(ch, what, -got)
        owed -= got
    return result


def each(chars: list[Character], what: str, amount: int) -> dict[str, int]:
    """The same amount to (or from) every member; each loses what can be lost."""
    return {ch.id: change(ch, what, amount) for ch in chars}


def describe(c: Campaign, results: dict[str, int], what: str) -> str:
    """``gold +5 each: Ana +5, Bo +5``: what each member gained or lost."""
    parts = [f"{c.characters[k].name} {v:+d}" for k, v in results.items()]
    return f"{what}: " + ", ".join(parts) if parts else f"{what}: nobody in the party"
