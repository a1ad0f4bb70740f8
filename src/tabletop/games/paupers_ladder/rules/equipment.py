"""5: Equipment Cards, Using Equipment and Discarding Equipment (the rulebook's sections). Only the
Pauper uses Equipment, each card once per turn (1-use cards are discarded, 2-use cards rotate
first); ACQUIRE instructions act when a card joins the Inventory; an Inventory over 5 cards
(starting Equipment aside) discards the excess at once; Equipment may always be discarded."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action
from tabletop.engine.actions import action_of
from tabletop.engine.effects import Effect

from .. import hidden
from ..content import CollectGems, Content, PeekOutcome, PeekRegion, PlaceGems, UnlimitedInventory
from ..state import PLState
from . import decks


def use_actions(state: PLState, seat: int) -> list[Action]:
    """Using Equipment (and Recipes) in the Pauper's turn: each once per turn."""
    out: list[Action] = []
    seen: set[str] = set()
    for key, e in state.abilities(seat, "pauper"):
        if key in seen or state.used(key):
            continue
        if type(e) in (PeekOutcome, CollectGems) or (type(e) is PeekRegion and not e.before_move):
            seen.add(key)
            out.append(action_of("use", item=key))
    return out


def discard_equipment(state: PLState, seat: int, cid: str) -> None:
    """Discarding Equipment: always allowed, voluntarily."""
    player = state.player(seat)
    player["inventory"] = [it for it in player["inventory"] if it["card"] != cid]
    decks.discard_items(state, [cid])
    state.log(f"{state.seat_name(seat)} discards the {state.card_name(cid)}.")


def acquire(state: PLState, seat: int, cid: str) -> None:
    """A card joins the Inventory (ACQUIRE: the Gems it comes with); an Inventory over its limit
    discards the excess at once, the player choosing which."""
    player = state.player(seat)
    player["inventory"].append({"card": cid, "uses": 0, "gems": 0})
    state.log(f"{state.seat_name(seat)} adds the {state.card_name(cid)} to the Inventory.")
    for e in state.content.item[cid].acquire:
        if type(e) is PlaceGems:
            player["inventory"][-1]["gems"] = e.n
    if not inventory_fits_now(state, seat):
        excess = len(player["inventory"]) - state.content.number["inventory_limit"]
        state.push(
            {
                "kind": "pick",
                "seat": seat,
                "zone": "inventory",
                "why": "Inventory is full",
                "candidates": [it["card"] for it in player["inventory"]],
                "n": excess,
            }
        )


def inventory_fits_now(state: PLState, seat: int) -> bool:
    abilities = state.having(seat, "pauper", UnlimitedInventory)
    return inventory_fits(state.content, abilities, len(state.player(seat)["inventory"]))


def spend_item(state: PLState, seat: int, cid: str) -> None:
    """One use of an Inventory card: uses 1 discard, uses 2 rotate then discard."""
    player = state.player(seat)
    for it in player["inventory"]:
        if it["card"] == cid:
            uses = state.content.item[cid].uses
            it["uses"] += 1
            if uses == "1" or (uses == "2" and it["uses"] >= 2):
                player["inventory"].remove(it)
                decks.discard_items(state, [cid])
                state.log(f"{state.seat_name(seat)} uses up the {state.card_name(cid)}.")
            return


def use_item(state: PLState, seat: int, key: str) -> None:
    """Use an Equipment card's (or a Recipe's) ability: collect Gems, peek at the Outcome deck
    and put it back in order, or peek at a Region deck."""
    e = next(
        e
        for found, e in state.abilities(seat, "pauper")
        if found == key and type(e) in (PeekOutcome, PeekRegion, CollectGems)
    )
    state.use(key)
    name = state.card_name(key)
    if type(e) is CollectGems:
        state.gain(seat, e.n, name)
    elif type(e) is PeekOutcome:
        top = hidden.peek_top(state, "outcome", seat, e.n, owner=seat)
        state.log(f"{state.seat_name(seat)} uses the {name} on the Outcome deck.")
        state.log(
            "Top of your Outcome deck: " + ", ".join(state.card_name(c) for c in top), to=[seat]
        )
        if len(top) > 1:
            state.push(
                {
                    "kind": "reorder",
                    "seat": seat,
                    "deck": "outcome",
                    "count": len(top),
                    "private": True,
                }
            )
    elif type(e) is PeekRegion:
        state.log(f"{state.seat_name(seat)} uses the {name}.")
        state.push({"kind": "peek-deck", "seat": seat, "n": e.n})
    if key.startswith(("eq.", "rar.")):
        spend_item(state, seat, key)


def inventory_fits(content: Content, abilities: list[tuple[str, Effect]], cards: int) -> bool:
    """Inventory: whether a Pauper with these abilities in force may hold ``cards`` Equipment
    cards (the Inventory limit, or any number with an unlimited Inventory)."""
    if any(type(e) is UnlimitedInventory for _, e in abilities):
        return True
    return cards <= content.number["inventory_limit"]


def holding(inventory: list[Any], cid: str) -> bool:
    """Whether an Inventory (a state's or a view's) holds the card ``cid``."""
    return any(it["card"] == cid for it in inventory)
