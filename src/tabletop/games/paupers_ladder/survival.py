"""Survival Mode (the rulebook's section): each character has Lives; a lost fight costs one, and a
character at 0 is badly wounded and carried back to its Pauper's City. Places of rest, potions and
the City healer restore Lives; Garolium's National Duty of Vigour heals the penniless for free.
The Lives rules are shared by solo play (where the last Life lost ends the game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import trait

if TYPE_CHECKING:
    from .base import J
    from .content import Content
    from .rules import PLState


@trait
class Survival:
    """Lives and the ways to restore them."""

    __slots__ = ()

    def max_lives(self: PLState) -> int:
        solo = self.data.get("solo")
        if solo:
            return int(solo["max_lives"])
        return int(self.C.solo["survival"]["lives"])

    def restore(self: PLState, seat: int, ch: str, n: int, why: str) -> None:
        lv = self.P(seat)["lives"]
        k = max(0, min(n, self.max_lives() - lv[ch]))
        lv[ch] += k
        self.log(f"{self.pname(seat)}'s {ch} restores {k} Life ({why}): {lv[ch]} now.")

    def _may_heal(self: PLState, seat: int, ch: str) -> bool:
        d = self.data
        return may_heal(self.C, d["mode"], self.P(seat), self.max_lives(), ch, d["turn_state"])

    def _vigour(self: PLState, seat: int, ch: str) -> bool:
        """Garolium's National Duty of Vigour: free healing, badly wounded with an empty Purse."""
        return vigour(self.data["mode"], self.P(seat), ch)

    def _potions(self: PLState, seat: int) -> list[str]:
        p = self.P(seat)
        out = [it["card"] for it in p["inventory"] if "potion" in self.C.item[it["card"]].tags]
        if p.get("charges", 0) > 0 and any(
            e["effect"] == "boost" and e.get("charges")
            for e in self.C.paupers[p["pauper"]].equipment.abilities
        ):
            out.append("start")
        return [k for k in out if not self.used(k)]

    def _hook_fight_lost(self: PLState, seat: int, char: str) -> None:
        """Survival/solo: a lost fight costs a Life; badly wounded (Survival) or lost (solo)."""
        d = self.data
        if d["mode"] == "standard":
            return
        lv = self.P(seat)["lives"]
        lv[char] = max(0, lv[char] - 1)
        self.log(f"{self.pname(seat)}'s {char} loses a Life: {lv[char]} left.")
        if lv[char] > 0:
            return
        if d["mode"] == "solo":
            self._solo_over(False, "lives")
            return
        home = self.C.paupers[self.P(seat)["pauper"]].city
        self.set_pos(seat, char, home)
        self.log(f"Badly wounded, the {char} is carried back to {home.capitalize()}.")


def may_heal(C: Content, mode: str, player: J, max_lives: int, ch: str, turn_state: J) -> bool:
    """The City healer: whether a character below its most Lives may be healed now (once a
    turn, for the healer's cost or by the Duty of Vigour). Works on a state's records or a
    view's (the player's ``lives`` and ``gems``, the turn's ``healed``)."""
    if mode == "standard" or ch in turn_state.get("healed", []):
        return False
    if player["lives"][ch] >= max_lives:
        return False
    return bool(player["gems"] >= int(C.solo["healer_cost"]["value"]) or vigour(mode, player, ch))


def vigour(mode: str, player: J, ch: str) -> bool:
    """Garolium's National Duty of Vigour (Survival Mode): a badly wounded character with an
    empty Purse is healed for free."""
    return bool(mode == "survival" and player["lives"][ch] == 0 and player["gems"] == 0)
