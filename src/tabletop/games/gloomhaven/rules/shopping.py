"""Rulebook 'Buying And Selling Items': prices by the party's reputation, half the printed price
(rounded down) back for a sale, the city's supply (items 001-014, item designs, prosperity levels,
sold and retired items), copies limited within a party, no duplicates, no trading."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..data import Item
from ..model import Campaign, Character, Party
from .common import (
    Refused,
    character,
    describe_location,
    find_item,
    items,
    members,
    require_town,
    town_refusal,
)
from .reputation import price_modifier


def buy_price(cost: int, reputation: int) -> int:
    return max(0, cost + price_modifier(reputation))


def sell_price(cost: int) -> int:
    """Half the printed price, rounded down; reputation does not matter."""
    return cost // 2


def in_supply(c: Campaign, item_id: str) -> bool:
    return item_id in c.city.item_designs or c.city.loose_items.get(item_id, 0) > 0


def supply_copies(c: Campaign, item_id: str) -> int:
    """Copies of an item that belong to the city's supply (owned or not)."""
    item = items(c).get(item_id)
    if item is None:
        return 0
    if item_id in c.city.item_designs:
        return item.copies
    return min(item.copies, c.city.loose_items.get(item_id, 0))


def available_to(c: Campaign, p: Party, item_id: str) -> int:
    """Copies a member of this party can still buy: the supply less what the party's members own
    (characters of other parties do not hold copies back, ruling T6)."""
    owned = sum(1 for ch in members(c, p) if item_id in ch.items)
    return max(0, supply_copies(c, item_id) - owned)


def purchase_refusal(c: Campaign, ch: Character, item_id: str) -> str | None:
    """Why ``ch`` cannot buy the item now (``item_id`` as the card numbers it), or None: the one
    answer both ``buy`` and the shop's Buy buttons give."""
    refusal = town_refusal(c, ch, "buying items")
    if refusal is not None:
        return refusal
    p = c.parties[str(ch.party)]
    item = items(c).get(item_id)
    if item is None:
        if in_supply(c, item_id):
            return f"item {item_id} is in the supply but its card is not entered yet"
        return f"unknown item {item_id!r}"
    if not in_supply(c, item_id):
        return f"item {item_id} {item.name} is not in the city's supply yet"
    if item_id in ch.items:
        return f"{ch.name} already owns {item.name}: no character may own duplicates"
    if available_to(c, p, item_id) <= 0:
        return f"no copy of {item.name} is left in the supply for party {p.name!r}"
    price = buy_price(item.cost, p.reputation)
    if ch.gold < price:
        return f"{ch.name} has {ch.gold} gold; {item.name} costs {price}"
    return None


def _trade(
    c: Campaign,
    char_ref: str,
    item_ref: str,
    doing: str,
    refusal_of: Callable[[Campaign, Character, str], str | None],
) -> tuple[Character, str, Item]:
    """The character and the item (its number and card) of a purchase or a sale (``doing``),
    once the rules allow it: in town, and no ``refusal_of`` the trade."""
    ch = character(c, char_ref)
    require_town(c, ch, doing)
    item_id = find_item(c, item_ref)
    refusal = refusal_of(c, ch, item_id)
    if refusal is not None:
        raise Refused(refusal)
    return ch, item_id, items(c)[item_id]


def buy(c: Campaign, char_ref: str, item_ref: str) -> list[str]:
    ch, item_id, item = _trade(c, char_ref, item_ref, "buying items", purchase_refusal)
    price = buy_price(item.cost, c.parties[str(ch.party)].reputation)
    ch.gold -= price
    ch.items.append(item_id)
    return [f"{ch.name} buys {item_id} {item.name} for {price} gold ({ch.gold} left)"]


def return_to_supply(c: Campaign, item_id: str) -> None:
    """A sold or retired character's copy goes back to the city's supply (ruling E8)."""
    if item_id not in c.city.item_designs:
        c.city.loose_items[item_id] = c.city.loose_items.get(item_id, 0) + 1


def sale_refusal(c: Campaign, ch: Character, item_id: str) -> str | None:
    """Why ``ch`` cannot sell the item now, or None."""
    refusal = town_refusal(c, ch, "selling items")
    if refusal is not None:
        return refusal
    if item_id not in ch.items:
        return f"{ch.name} does not own item {item_id}"
    if item_id not in items(c):
        return f"item {item_id}'s card is not entered yet, so its price is unknown"
    return None


def sell(c: Campaign, char_ref: str, item_ref: str) -> list[str]:
    ch, item_id, item = _trade(c, char_ref, item_ref, "selling items", sale_refusal)
    gain = sell_price(item.cost)
    ch.items.remove(item_id)
    ch.gold += gain
    return_to_supply(c, item_id)
    return [f"{ch.name} sells {item.name} for {gain} gold; it goes back to the supply"]


def sales(c: Campaign, ch: Character) -> list[dict[str, Any]]:
    """What the character may sell: each item it owns, the gold it would bring, and the refusal
    ``sell`` would give now (None when it would succeed)."""
    known = items(c)
    return [
        {
            "id": item_id,
            "name": known[item_id].name if item_id in known else None,
            "price": sell_price(known[item_id].cost) if item_id in known else None,
            "refusal": sale_refusal(c, ch, item_id),
        }
        for item_id in ch.items
    ]


def _buyers(c: Campaign, p: Party, item_id: str) -> list[dict[str, Any]]:
    return [
        {
            "id": ch.id,
            "name": ch.name,
            "gold": ch.gold,
            "refusal": purchase_refusal(c, ch, item_id),
        }
        for ch in members(c, p)
    ]


def _why_nobody(p: Party, buyers: list[dict[str, Any]]) -> str | None:
    """The reason no member can buy: the party's (no members, not in town), the one the members
    share, else each member's."""
    if not buyers:
        return f"party {p.name} has no members"
    if p.status != "town":
        return (
            f"buying items only happens in Gloomhaven; party {p.name!r} is {describe_location(p)}"
        )
    reasons = [str(b["refusal"]) for b in buyers if b["refusal"] is not None]
    if len(reasons) < len(buyers):
        return None
    return reasons[0] if len(set(reasons)) == 1 else "; ".join(reasons)


def shop(c: Campaign, p: Party) -> list[dict[str, object]]:
    """The party's view of the shop: every item in the city's supply with its text, its price at
    the party's reputation, the copies left for the party, and who of the party may buy it (each
    member's refusal otherwise; ``buy_refusal`` when none may)."""
    known = items(c)
    ids = sorted(set(c.city.item_designs) | {k for k, v in c.city.loose_items.items() if v > 0})
    rows: list[dict[str, object]] = []
    for item_id in ids:
        item = known.get(item_id)
        buyers = _buyers(c, p, item_id)
        common: dict[str, object] = {"buyers": buyers, "buy_refusal": _why_nobody(p, buyers)}
        if item is None:
            rows.append(
                {
                    "id": item_id,
                    "name": None,
                    "cost": None,
                    "price": None,
                    "available": 0,
                    "copies": None,
                    "note": "card not entered",
                    **common,
                }
            )
            continue
        rows.append(
            {
                "id": item_id,
                "name": item.name,
                "text": item.text,
                "cost": item.cost,
                "price": buy_price(item.cost, p.reputation),
                "sell": sell_price(item.cost),
                "available": available_to(c, p, item_id),
                "copies": supply_copies(c, item_id),
                "slot": item.slot,
                "note": "",
                **common,
            }
        )
    return rows
