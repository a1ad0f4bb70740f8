"""1: Moving (Playing a Turn). Your Bird can stay or move into a connected Region (a trained
swift further); your Pauper can stay or move into a connected Region, then move on by paying 1
Gem per extra Region (free moves from Equipment and Recipes first), stopping on entering a hazard's
Region. Swimming and teleporting (Recipes, Equipment) replace the walk; foresight peeks at a Region
deck before moving."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action

from .base import A, J
from .content import CITIES, Content

if TYPE_CHECKING:
    from .rules import PLState


def free_moves(abilities: list[tuple[str, J]]) -> int:
    """The free extra moves a turn gives a Pauper with these abilities in force (Equipment and
    Recipes: they are used before paying Gems)."""
    return sum(int(e["n"]) for _, e in abilities if e["effect"] == "free_moves")


@lru_cache(maxsize=256)
def moves_from(C: Content, region: str) -> tuple[tuple[str, Action], ...]:
    """(neighbour, the action of moving there) for each Region connected to ``region``, in the
    board's order: the board alone decides them, so they are built once."""
    return tuple((nb, A("move", to=nb)) for nb in C.neighbours[region])


@trait
class Moving:
    """Where a character may move now, and moving it."""

    __slots__ = ()

    def _move_actions(self: PLState, seat: int, ch: str, here: str) -> list[Action]:
        ts = self.data["turn_state"]
        acts: list[Action] = []
        stopped = bool(self.hazards_in(here)) and (ts["moves"] > 0 or ts["warped"])
        if not stopped and not ts["warped"]:
            if ch == "bird":
                may = ts["moves"] < self._bird_move_limit(seat)
            else:
                may = (
                    ts["moves"] == 0
                    or self._free_moves_left(seat) > 0
                    or self.P(seat)["gems"] >= self.C.numbers["extra_move_cost"]["value"]
                )
            if may:
                visited = ts["visited"]
                acts += [
                    move
                    for nb, move in moves_from(self.C, here)
                    if nb not in visited and self.may_enter(seat, ch, nb)
                ]
            if ch == "pauper" and ts["moves"] == 0:
                if self.rtype(here) == "beach" and self._ability_free(seat, "swim"):
                    for r in sorted(self.C.regions):
                        if self.C.regions[r].coastal and r != here and self.may_enter(seat, ch, r):
                            acts.append(A("swim", to=r))
                for key, _ in self.has(seat, "pauper", "teleport_city"):
                    if not self.used(key):
                        acts += [A("teleport", to=c, via=key) for c in CITIES if c != here]
                        break
        if ch == "pauper" and ts["moves"] == 0 and not ts["warped"]:
            for key, e in self.has(seat, "pauper", "peek_region"):
                if e.get("before_move") and not self.used(key):
                    acts.append(A("foresight", via=key))
                    break
        return acts

    def _ability_free(self: PLState, seat: int, effect: str) -> bool:
        return any(not self.used(k) for k, _ in self.has(seat, "pauper", effect))

    def _free_moves_left(self: PLState, seat: int) -> int:
        total = free_moves(self.has(seat, "pauper", "free_moves"))
        return total - int(self.data["turn_state"]["free_used"])

    def _apply_move(self: PLState, seat: int, a: Action) -> None:
        ts = self.data["turn_state"]
        ch = ts["char"]
        k = a.kind
        if k == "move":
            to = a["to"]
            paid = ""
            if ch == "pauper" and ts["moves"] >= 1:
                if self._free_moves_left(seat) > 0:
                    ts["free_used"] += 1
                    paid = " (a free extra move)"
                else:
                    cost = int(self.C.numbers["extra_move_cost"]["value"])
                    self.P(seat)["gems"] -= cost
                    paid = f", paying {cost} Gem{'s' if cost != 1 else ''} for the extra move"
            ts["moves"] += 1
            ts["moved"] = True
            ts["visited"].append(to)
            self.set_pos(seat, ch, to)
            self.log(f"{self.pname(seat)}'s {ch} moves to {self.C.regions[to].name}{paid}.")
        elif k in ("swim", "teleport"):
            if k == "teleport":
                key = a["via"]
                self.use(key)
                if key.startswith("eq."):
                    self.spend_item(seat, key)
            else:
                self.use(
                    next(kk for kk, _ in self.has(seat, "pauper", "swim") if not self.used(kk))
                )
            ts["moves"] += 1
            ts["moved"] = True
            ts["warped"] = True
            self.set_pos(seat, ch, a["to"])
            self.log(
                f"{self.pname(seat)} {'swims' if k == 'swim' else 'teleports'} to "
                f"{self.C.regions[a['to']].name}."
            )
        else:  # foresight
            self.use(a["via"])
            self.push({"t": "peek-deck", "seat": seat, "n": 1})
