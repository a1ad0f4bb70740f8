"""Chests and Treasure, and victory points.

Opening a Chest (on entering its space, free; ruling T1) draws one random Treasure from the deck;
with the Adventurer's Pack the explorer may Appraise (a Perception cube per extra card) and keep
one of the drawn cards. The Chest is then gone and the space is Empty.

Victory points (ruling V1): each Treasure's VP, a collection bonus by Treasure type (0, 0, 2, 5, 9
for 1-5 cards of one type), each defeated Monster's trophy VP, VP noted in the Notes section, and
5 VP to the first explorer to escape (2 to the second)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.piles import draw

from .. import grid
from ..content import Content
from ..state import LairsState
from .energy import payments, spend
from .queue import ask


def open_chest(s: LairsState, e: int, cell: int) -> None:
    lair, ex = s.lair_of(e), s.data["explorers"][e]
    lair["feat"][cell] = None
    ex["map"][cell] = "empty"
    ex["scavenge"].append(cell)
    card = draw(s.data["treasure"], s.rng)
    s.log_public(f"{s.who(e)} opens the Chest at {grid.name(cell)}")
    if card is None:
        s.log_public("the Treasure deck is empty")
        return
    if s.data["pack"]:
        ask(s, "appraise", e, drawn=[card])
        return
    keep(s, e, card, [])


def may_appraise(s: LairsState, e: int) -> list[tuple[str, ...]]:
    return payments(s.data["explorers"][e], "appraise")


def appraise(s: LairsState, e: int, pay: tuple[str, ...]) -> None:
    ask = s.data["ask"]
    spend(s.data["explorers"][e], pay)
    card = draw(s.data["treasure"], s.rng)
    if card is not None:
        ask["drawn"] = [*ask["drawn"], card]
    s.log_public(f"{s.who(e)} Appraises and draws another Treasure")


def keep(s: LairsState, e: int, card: str, others: list[str]) -> None:
    s.data["explorers"][e]["treasures"].append(card)
    s.data["treasure"].setdefault("discard", []).extend(others)
    s.log_public(f"{s.who(e)} keeps the {s.C.treasures[card].name}")


def collection_bonus(C: Content, cards: list[str]) -> int:
    counts: dict[str, int] = {}
    for c in cards:
        counts[C.treasures[c].type] = counts.get(C.treasures[c].type, 0) + 1
    table = C.collection_bonus
    return sum(table[min(n, len(table) - 1)] for n in counts.values())


def score(C: Content, ex: dict[str, Any]) -> dict[str, int]:
    bonus = C.numbers["escape_bonus"]
    parts = {
        "treasure": sum(C.treasures[c].vp for c in ex["treasures"]),
        "collections": collection_bonus(C, ex["treasures"]),
        "trophies": sum(C.hazards[m].vp for m in ex["trophies"]),
        "notes": int(ex["notes"]),
        "escape": (
            int(bonus["first"])
            if ex["escaped"] == 1
            else int(bonus["second"])
            if ex["escaped"] == 2
            else 0
        ),
    }
    parts["total"] = sum(parts.values())
    return parts


def discard_treasure_now(s: LairsState, e: int, card: str) -> None:
    ex = s.data["explorers"][e]
    ex["treasures"].remove(card)
    s.data["treasure"].setdefault("discard", []).append(card)
    s.log_public(f"{s.who(e)} discards the {s.C.treasures[card].name}")


def refill_display(s: LairsState) -> None:
    size = int(s.C.numbers["display"]["size"])
    while len(s.data["display"]) < size:
        card = draw(s.data["treasure"], s.rng)
        if card is None:
            return
        s.data["display"].append(card)


def take_from_display(s: LairsState, e: int, card: str) -> None:
    s.data["display"].remove(card)
    s.data["explorers"][e]["treasures"].append(card)
    s.log_public(f"{s.who(e)} takes the {s.C.treasures[card].name} from the display")
    refill_display(s)
