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


def open_chest(state: LairsState, seat: int, cell: int) -> None:
    lair, explorer = state.lair_of(seat), state.data["explorers"][seat]
    lair["feat"][cell] = None
    explorer["map"][cell] = "empty"
    explorer["scavenge"].append(cell)
    card = draw(state.data["treasure"], state.rng)
    state.log_public(f"{state.who(seat)} opens the Chest at {grid.name(cell)}")
    if card is None:
        state.log_public("the Treasure deck is empty")
        return
    if state.data["pack"]:
        ask(state, "appraise", seat, drawn=[card])
        return
    keep(state, seat, card, [])


def may_appraise(state: LairsState, seat: int) -> list[tuple[str, ...]]:
    return payments(state.data["explorers"][seat], "appraise")


def appraise(state: LairsState, seat: int, pay: tuple[str, ...]) -> None:
    ask = state.data["ask"]
    spend(state.data["explorers"][seat], pay)
    card = draw(state.data["treasure"], state.rng)
    if card is not None:
        ask["drawn"] = [*ask["drawn"], card]
    state.log_public(f"{state.who(seat)} Appraises and draws another Treasure")


def keep(state: LairsState, seat: int, card: str, others: list[str]) -> None:
    state.data["explorers"][seat]["treasures"].append(card)
    state.data["treasure"].setdefault("discard", []).extend(others)
    state.log_public(f"{state.who(seat)} keeps the {state.content.treasures[card].name}")


def collection_bonus(content: Content, cards: list[str]) -> int:
    counts: dict[str, int] = {}
    for c in cards:
        counts[content.treasures[c].type] = counts.get(content.treasures[c].type, 0) + 1
    table = content.collection_bonus
    return sum(table[min(n, len(table) - 1)] for n in counts.values())


def score(content: Content, explorer: dict[str, Any]) -> dict[str, int]:
    bonus = content.numbers["escape_bonus"]
    parts = {
        "treasure": sum(content.treasures[c].vp for c in explorer["treasures"]),
        "collections": collection_bonus(content, explorer["treasures"]),
        "trophies": sum(content.hazards[m].vp for m in explorer["trophies"]),
        "notes": int(explorer["notes"]),
        "escape": (
            int(bonus["first"])
            if explorer["escaped"] == 1
            else int(bonus["second"])
            if explorer["escaped"] == 2
            else 0
        ),
    }
    parts["total"] = sum(parts.values())
    return parts


def discard_treasure_now(state: LairsState, seat: int, card: str) -> None:
    explorer = state.data["explorers"][seat]
    explorer["treasures"].remove(card)
    state.data["treasure"].setdefault("discard", []).append(card)
    state.log_public(f"{state.who(seat)} discards the {state.content.treasures[card].name}")


def refill_display(state: LairsState) -> None:
    size = int(state.content.numbers["display"]["size"])
    while len(state.data["display"]) < size:
        card = draw(state.data["treasure"], state.rng)
        if card is None:
            return
        state.data["display"].append(card)


def take_from_display(state: LairsState, seat: int, card: str) -> None:
    state.data["display"].remove(card)
    state.data["explorers"][seat]["treasures"].append(card)
    state.log_public(
        f"{state.who(seat)} takes the {state.content.treasures[card].name} from the display"
    )
    refill_display(state)
