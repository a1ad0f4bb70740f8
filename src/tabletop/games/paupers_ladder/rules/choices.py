"""What a card's choice does once it is made (Region cards' effects, Quests, the Inventory): the
cards given up (a FAIL's discards, a Quest's objects, a trophy sold, a Recipe learned at once, an
Inventory over its limit) and the card kept (1 of the cards drawn, of the Shops' cards, of those
tucked under a Region card)."""

from __future__ import annotations

from ..hidden import release_drawn, shop_of, take_from_shop
from ..state import Frame, PLState
from . import cities, decks, equipment, recipes


def picked(state: PLState, seat: int, frame: Frame, cid: str) -> None:
    """A card given up from where the choice took it (``zone``: the Inventory, the Trophy Room,
    a Recipe's ingredients; a Recipe In Learning is learned instead)."""
    player = state.player(seat)
    why = frame["why"]
    zone = frame["zone"]
    if zone == "inventory":
        player["inventory"] = [it for it in player["inventory"] if it["card"] != cid]
        decks.discard_items(state, [cid])
    elif zone == "trophies":
        player["trophies"].remove(cid)
        decks.discard_region_card(state, cid)
    elif zone == "ingredients":
        for r in player["recipes"]:
            if cid in r["ingredients"]:
                r["ingredients"].remove(cid)
        decks.discard_region_card(state, cid)
    elif zone == "recipes":
        recipes.learn_recipe(state, seat, cid)
        return
    state.log(f"{state.seat_name(seat)} discards the {state.card_name(cid)} ({why}).")
    if why.startswith("sell:"):
        state.gain(seat, int(why.split(":")[1]), "sold to the swamp lady")


def pick(state: PLState, seat: int, frame: Frame, cid: str) -> None:
    """One card of a choice that takes ``n``: the choice goes on while cards are owed, then runs
    what it was for (a Quest's completion)."""
    frame["n"] -= 1
    frame["candidates"] = [c for c in frame["candidates"] if c != cid]
    if frame["n"] > 0 and frame["candidates"]:
        state.push(frame)
    elif frame.get("then"):
        state.run_entries(frame["then"])
    picked(state, seat, frame, cid)


def kept(state: PLState, seat: int, frame: Frame, cid: str) -> None:
    """The card kept joins the Inventory; the other drawn cards are discarded, a Shop restocked."""
    source = frame["source"]
    if source == "drawn":
        others = [c for c in release_drawn(state, seat) if c != cid]
        decks.discard_items(state, others)
        if others:
            state.log(f"Discarded: {', '.join(state.card_name(c) for c in others)}.")
    elif source == "shops":
        city = shop_of(state, cid)
        if city is not None:
            take_from_shop(state, city, cid)
            cities.restock(state, city)
    elif source == "tucked":
        state.data["tucked"][frame["card"]].remove(cid)
    equipment.acquire(state, seat, cid)
