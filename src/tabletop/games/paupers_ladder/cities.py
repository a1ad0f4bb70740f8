"""Exploring a City Region and Selling Equipment (the rulebook's sections): a character in a City
may visit its Shop, buying 1 card (the Pauper's discounts apply) and/or selling 1 Equipment for
half its cost rounded up; a Shop is topped up from the Equipment deck. Shop cards are face down:
who has looked at each is kept per card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import Action

from .base import A, J
from .decisions import Decision, decision

if TYPE_CHECKING:
    from .rules import PLState


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
        return [c for c in self.data["shops"][city] if self.price(seat, ch, c, disc) <= p["gems"]]

    def price(self: PLState, seat: int, ch: str, cid: str, disc: int = 0) -> int:
        item = self.C.item[cid]
        cost = item.cost
        if ch == "pauper":
            for _, e in self.has(seat, "pauper", "discount"):
                if e.get("tag") is None or e["tag"] in item.tags:
                    cost -= int(e["n"])
            cost -= disc
        return max(1, cost)

    def _peek_shop(self: PLState, seat: int, city: str) -> None:
        bit = 1 << seat
        ks = self.data["shop_known"][city]
        for i in range(len(ks)):
            ks[i] |= bit

    def _restock(self: PLState, city: str) -> None:
        d = self.data
        while len(d["shops"][city]) < int(self.C.numbers["shop_size"]["value"]):
            c = self.draw_from("equipment")
            if c is None:
                return
            d["shops"][city].append(c)
            d["shop_known"][city].append(0)

    def _buy(self: PLState, seat: int, ch: str, city: str, cid: str, disc: int) -> None:
        d = self.data
        cost = self.price(seat, ch, cid, disc)
        self.P(seat)["gems"] -= cost
        i = d["shops"][city].index(cid)
        d["shops"][city].pop(i)
        d["shop_known"][city].pop(i)
        self.log(f"{self.pname(seat)} buys the {self.cname(cid)} for {cost} Gems.")
        if d["mode"] == "solo":
            d["solo"]["bought"].append(cid)
        self._restock(city)
        self.acquire(seat, cid)

    def _sell(self: PLState, seat: int, ch: str, city: str, cid: str) -> None:
        d = self.data
        p = self.P(seat)
        p["inventory"] = [it for it in p["inventory"] if it["card"] != cid]
        value = (self.C.item[cid].cost + 1) // 2
        d["shops"][city].append(cid)
        d["shop_known"][city].append((1 << self.n()) - 1)
        self.log(f"{self.pname(seat)} sells the {self.cname(cid)}.")
        self.gain(seat, value, "sale")
        for _, e in self.has(seat, ch, "sell_bonus"):
            self.gain(seat, int(e["n"]), "the caparrot haggles")
        self._restock(city)


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
