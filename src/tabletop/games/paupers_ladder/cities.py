"""Exploring a City Region and Selling Equipment (the rulebook's sections): a character in a City
may visit its Shop, buying 1 card (the Pauper's discounts apply) and/or selling 1 Equipment for
half its cost rounded up; a Shop is topped up from the Equipment deck. Shop cards are face down:
each Shop is a knowledge zone (hidden.py) that knows who has looked at each card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action

from . import hidden
from .base import A, J
from .decisions import Decision, decision

if TYPE_CHECKING:
    from .content import Content
    from .rules import PLState


@trait
class CitiesAndShops:
    """City Shops: prices, buying, selling and restocking."""

    __slots__ = ()

    def _visit_shop(self: PLState, seat: int, ch: str, city: str) -> None:
        """Exploring a City Region: visit its Shop (the skeleton key may take a price down)."""
        disc = 0
        if ch == "pauper" and self.has(seat, "pauper", "discount_roll"):
            disc = int(self.roll_charm()["number"])
            self.log(f"{self.pname(seat)}'s skeleton key takes {disc} off one price.")
        self._peek_shop(seat, city)
        self.push(
            {
                "t": "shop",
                "seat": seat,
                "city": city,
                "char": ch,
                "bought": False,
                "sold": False,
                "disc": disc,
            }
        )

    def _buyable(self: PLState, seat: int, ch: str, city: str, disc: int) -> list[str]:
        p = self.P(seat)
        return [c for c in hidden.shop(self, city) if self.price(seat, ch, c, disc) <= p["gems"]]

    def price(self: PLState, seat: int, ch: str, cid: str, disc: int = 0) -> int:
        discounts = self.has(seat, "pauper", "discount") if ch == "pauper" else []
        return shop_price(self.C, discounts, ch, cid, disc)

    def _peek_shop(self: PLState, seat: int, city: str) -> None:
        hidden.peek_shop(self, seat, city)

    def _restock(self: PLState, city: str) -> None:
        size = int(self.C.numbers["shop_size"]["value"])
        while len(hidden.shop(self, city)) < size:
            c = self.draw_from("equipment")
            if c is None:
                return
            hidden.add_to_shop(self, city, c, known=0)

    def _buy(self: PLState, seat: int, ch: str, city: str, cid: str, disc: int) -> None:
        d = self.data
        cost = self.price(seat, ch, cid, disc)
        self.P(seat)["gems"] -= cost
        hidden.take_from_shop(self, city, cid)
        self.log(f"{self.pname(seat)} buys the {self.cname(cid)} for {cost} Gems.")
        if d["mode"] == "solo":
            d["solo"]["bought"].append(cid)
        self._restock(city)
        self.acquire(seat, cid)

    def _sell(self: PLState, seat: int, ch: str, city: str, cid: str) -> None:
        p = self.P(seat)
        p["inventory"] = [it for it in p["inventory"] if it["card"] != cid]
        value = (self.C.item[cid].cost + 1) // 2
        hidden.add_to_shop(self, city, cid, known=hidden.all_seats(self))  # sold face up
        self.log(f"{self.pname(seat)} sells the {self.cname(cid)}.")
        self.gain(seat, value, "sale")
        for _, e in self.has(seat, ch, "sell_bonus"):
            self.gain(seat, int(e["n"]), "the caparrot haggles")
        self._restock(city)


def shop_price(C: Content, abilities: list[tuple[str, J]], ch: str, cid: str, disc: int = 0) -> int:
    """What a character pays for a Shop card: its cost less the Pauper's discounts in force
    (``abilities``) and ``disc`` (the skeleton key's roll); a Bird pays the full cost; at least
    1 Gem."""
    item = C.item[cid]
    cost = item.cost
    if ch == "pauper":
        for _, e in abilities:
            if e["effect"] == "discount" and (e.get("tag") is None or e["tag"] in item.tags):
                cost -= int(e["n"])
        cost -= disc
    return max(1, cost)


# ---------------------------------------------------------------- a City Shop
@decision
class Shop(Decision):
    """Exploring a City Region: buy 1 card from the City Shop and/or sell 1 Equipment to it."""

    kind = "shop"
    actions = ("sell",)

    def text(self, s: PLState, f: J) -> str:
        return "Buy and/or sell one card."

    def legal(self, s: PLState, f: J) -> list[Action]:
        seat = f["seat"]
        acts = []
        if not f["bought"]:
            acts += [A("buy", card=c) for c in s._buyable(seat, f["char"], f["city"], f["disc"])]
        if not f["sold"]:
            acts += [A("sell", item=it["card"]) for it in s.P(seat)["inventory"]]
        return [*acts, A("leave")]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Sell the {s.cname(a['item'])}"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "buy":
            f["bought"] = True
            s.push(f)
            s._buy(seat, f["char"], f["city"], a["card"], f["disc"])
        elif a.kind == "sell":
            f["sold"] = True
            s.push(f)
            s._sell(seat, f["char"], f["city"], a["item"])
