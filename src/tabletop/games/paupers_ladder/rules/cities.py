"""Exploring a City Region and Selling Equipment (the rulebook's sections): a character in a City
may visit its Shop, buying 1 card (the Pauper's discounts apply) and/or selling 1 Equipment for
half its cost rounded up; a Shop is topped up from the Equipment deck. Shop cards are face down:
each Shop is a knowledge zone (hidden.py) that knows who has looked at each card."""

from __future__ import annotations

from tabletop.engine.effects import Effect

from .. import hidden
from ..abilities import amount, situation
from ..content import Content, Discount, DiscountRoll, SellBonus
from ..state import PLState
from . import decks, equipment


def visit_shop(state: PLState, seat: int, char: str, city: str) -> None:
    """Exploring a City Region: visit its Shop (the skeleton key may take a price down)."""
    discount = 0
    if char == "pauper" and state.having(seat, "pauper", DiscountRoll):
        discount = int(state.roll_charm()["number"])
        state.log(f"{state.seat_name(seat)}'s skeleton key takes {discount} off one price.")
    hidden.peek_shop(state, seat, city)
    state.push(
        {
            "kind": "shop",
            "seat": seat,
            "city": city,
            "char": char,
            "bought": False,
            "sold": False,
            "discount": discount,
        }
    )


def buyable(state: PLState, seat: int, char: str, city: str, discount: int) -> list[str]:
    gems = state.player(seat)["gems"]
    return [c for c in hidden.shop(state, city) if price(state, seat, char, c, discount) <= gems]


def price(state: PLState, seat: int, char: str, cid: str, discount: int = 0) -> int:
    discounts = state.having(seat, "pauper", Discount) if char == "pauper" else []
    return shop_price(state.content, discounts, char, cid, discount)


def restock(state: PLState, city: str) -> None:
    size = state.content.number["shop_size"]
    while len(hidden.shop(state, city)) < size:
        cid = decks.draw_from(state, "equipment")
        if cid is None:
            return
        hidden.add_to_shop(state, city, cid, known=0)


def buy(state: PLState, seat: int, char: str, city: str, cid: str, discount: int) -> None:
    data = state.data
    cost = price(state, seat, char, cid, discount)
    state.player(seat)["gems"] -= cost
    hidden.take_from_shop(state, city, cid)
    state.log(f"{state.seat_name(seat)} buys the {state.card_name(cid)} for {cost} Gems.")
    if data["mode"] == "solo":
        data["solo"]["bought"].append(cid)
    restock(state, city)
    equipment.acquire(state, seat, cid)


def sale_value(state: PLState, seat: int, char: str, cid: str) -> int:
    """What selling ``cid`` brings: half its cost rounded up, and what a sale bonus in force
    (the caparrot's haggling) adds."""
    return (state.content.item[cid].cost + 1) // 2 + sum(
        amount(e) for _, e in state.having(seat, char, SellBonus)
    )


def sell(state: PLState, seat: int, char: str, city: str, cid: str) -> None:
    player = state.player(seat)
    player["inventory"] = [it for it in player["inventory"] if it["card"] != cid]
    value = (state.content.item[cid].cost + 1) // 2
    hidden.add_to_shop(state, city, cid, known=hidden.all_seats(state))  # sold face up
    state.log(f"{state.seat_name(seat)} sells the {state.card_name(cid)}.")
    state.gain(seat, value, "sale")
    for _, e in state.having(seat, char, SellBonus):
        state.gain(seat, amount(e), "the caparrot haggles")
    restock(state, city)


def shop_price(
    content: Content, abilities: list[tuple[str, Effect]], char: str, cid: str, discount: int = 0
) -> int:
    """What a character pays for a Shop card: its cost less the Pauper's discounts in force
    (``abilities``) and ``discount`` (the skeleton key's roll); a Bird pays the full cost; at
    least 1 Gem."""
    item = content.item[cid]
    cost = item.cost
    if char == "pauper":
        discounts = [e for _, e in abilities if type(e) is Discount]
        if discounts:  # mostly none: no Situation to make
            at = situation(content, tags=tuple(item.tags))
            cost -= sum(amount(e, at) for e in discounts)
        cost -= discount
    return max(1, cost)
