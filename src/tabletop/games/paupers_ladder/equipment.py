"""5: Equipment Cards, Using Equipment and Discarding Equipment (the rulebook's sections). Only the
Pauper uses Equipment, each card once per turn (1-use cards are discarded, 2-use cards rotate
first); ACQUIRE instructions act when a card joins the Inventory; an Inventory over 5 cards
(starting Equipment aside) discards the excess at once; Equipment may always be discarded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action

from . import hidden
from .base import A, J
from .card_effects import PlaceGems

if TYPE_CHECKING:
    from .content import Content
    from .rules import PLState


@trait
class EquipmentCards:
    """The Inventory and using Equipment in a turn."""

    __slots__ = ()

    def _use_actions(self: PLState, seat: int) -> list[Action]:
        """Using Equipment (and Recipes) in the Pauper's turn: each once per turn."""
        acts: list[Action] = []
        seen: set[str] = set()
        for key, e in self.abilities(seat, "pauper"):
            if key in seen or self.used(key):
                continue
            if e["effect"] in ("peek_outcome", "collect_gems") or (
                e["effect"] == "peek_region" and not e.get("before_move")
            ):
                seen.add(key)
                acts.append(A("use", item=key))
        return acts

    def _discard_equipment(self: PLState, seat: int, cid: str) -> None:
        """Discarding Equipment: always allowed, voluntarily."""
        p = self.P(seat)
        p["inventory"] = [it for it in p["inventory"] if it["card"] != cid]
        self._discard_items([cid])
        self.log(f"{self.pname(seat)} discards the {self.cname(cid)}.")

    def acquire(self: PLState, seat: int, cid: str) -> None:
        p = self.P(seat)
        p["inventory"].append({"card": cid, "uses": 0, "gems": 0})
        self.log(f"{self.pname(seat)} adds the {self.cname(cid)} to the Inventory.")
        for e in self.C.item[cid].acquire_effects:
            if isinstance(e, PlaceGems):
                p["inventory"][-1]["gems"] = e.n
        if not self.inv_limit_ok(seat):
            excess = len(p["inventory"]) - int(self.C.numbers["inventory_limit"]["value"])
            self.push(
                {
                    "t": "pick",
                    "seat": seat,
                    "zone": "inv",
                    "why": "Inventory is full",
                    "cands": [it["card"] for it in p["inventory"]],
                    "n": excess,
                }
            )

    def inv_limit_ok(self: PLState, seat: int) -> bool:
        abilities = self.has(seat, "pauper", "unlimited_inventory")
        return inventory_fits(self.C, abilities, len(self.P(seat)["inventory"]))

    def spend_item(self: PLState, seat: int, cid: str) -> None:
        """One use of an Inventory card: uses 1 discard, uses 2 rotate then discard."""
        p = self.P(seat)
        for it in p["inventory"]:
            if it["card"] == cid:
                uses = self.C.item[cid].uses
                it["uses"] += 1
                if uses == "1" or (uses == "2" and it["uses"] >= 2):
                    p["inventory"].remove(it)
                    self._discard_items([cid])
                    self.log(f"{self.pname(seat)} uses up the {self.cname(cid)}.")
                return

    def _use_item(self: PLState, seat: int, key: str) -> None:
        e = next(
            e
            for kk, e in self.abilities(seat, "pauper")
            if kk == key and e["effect"] in ("peek_outcome", "peek_region", "collect_gems")
        )
        self.use(key)
        if e["effect"] == "collect_gems":
            self.gain(seat, int(e["n"]), self.cname(key))
        elif e["effect"] == "peek_outcome":
            top = hidden.peek_top(self, "outcome", seat, int(e["n"]), owner=seat)
            self.log(f"{self.pname(seat)} uses the {self.cname(key)} on the Outcome deck.")
            self.log(
                "Top of your Outcome deck: " + ", ".join(self.cname(c) for c in top), to=[seat]
            )
            if len(top) > 1:
                self.push(
                    {
                        "t": "reorder",
                        "seat": seat,
                        "deck": "outcome",
                        "count": len(top),
                        "private": True,
                    }
                )
        else:
            self.log(f"{self.pname(seat)} uses the {self.cname(key)}.")
            self.push({"t": "peek-deck", "seat": seat, "n": int(e["n"])})
        if key.startswith(("eq.", "rar.")):
            self.spend_item(seat, key)


def inventory_fits(C: Content, abilities: list[tuple[str, J]], cards: int) -> bool:
    """Inventory: whether a Pauper with these abilities in force may hold ``cards`` Equipment
    cards (the Inventory limit, or any number with an unlimited Inventory)."""
    if any(e["effect"] == "unlimited_inventory" for _, e in abilities):
        return True
    return cards <= int(C.numbers["inventory_limit"]["value"])
