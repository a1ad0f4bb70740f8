"""The knowledge model's pools: what a resample may redraw an unknown item as."""

from __future__ import annotations

import json
from typing import Any

from tabletop.engine import piles
from tabletop.engine.knowledge import Zones, bit, item_pool, learnt, resample_zones, split_pool
from tabletop.engine.piles import new_pile
from tabletop.engine.rng import Rng

split_pool("test:stack", lambda card: "gold" if card.startswith("gold") else "plain")


class TestSplitPools:
    def stacks(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        z = Zones(data, 2)
        z.create("stack:a", ["gold-1", "plain-1", "plain-2"], pool="test:stack")
        z.create("stack:b", ["gold-2", "plain-3", "plain-4"], pool="test:stack")
        z.learn("stack:a", bit(0), "looked", at=1)
        return data

    def test_an_item_is_redrawn_only_as_one_of_its_own_back(self) -> None:
        seen: set[str] = set()
        for k in range(60):
            data = self.stacks()
            resample_zones(data, 0, Rng(k))
            a, b = data["_zones"]["stack:a"]["items"], data["_zones"]["stack:b"]["items"]
            assert a[1] == "plain-1"  # seat 0 looked at it
            assert {a[0], b[0]} == {"gold-1", "gold-2"}  # the gold backs stay gold
            assert {a[2], b[1], b[2]} == {"plain-2", "plain-3", "plain-4"}
            seen.add(a[0])
        assert seen == {"gold-1", "gold-2"}  # and unknown items do vary

    def test_an_unsplit_pool_is_its_own(self) -> None:
        assert item_pool("test:stack", "gold-9") == "gold"
        assert item_pool("test:elsewhere", "gold-9") == "test:elsewhere"


class TestFaceDownPiles:
    """A compact face-down pile named with its pool counts as a zone of that pool known to nobody
    (``State.facedown_piles``)."""

    def table(self) -> tuple[dict[str, Any], dict[str, Any]]:
        data: dict[str, Any] = {}
        z = Zones(data, 2)
        z.create("hand:0", ["c1", "c2"], pool="cards", known=bit(0))
        z.create("market", ["c3"], pool="cards")
        deck = new_pile(["c4", "c5", "c6"], compact=True)
        return data, deck

    def test_the_resample_deals_the_pile_with_the_unknown_items_of_its_pool(self) -> None:
        seen: set[str] = set()
        for k in range(40):
            data, deck = self.table()
            resample_zones(data, 0, Rng(k), {"cards": deck})
            assert data["_zones"]["hand:0"]["items"] == ["c1", "c2"]  # seat 0 knows its hand
            under = [*piles.cards(deck), *data["_zones"]["market"]["items"]]
            assert sorted(under) == ["c3", "c4", "c5", "c6"] and piles.size(deck) == 3
            seen.add(data["_zones"]["market"]["items"][0])
        assert seen == {"c3", "c4", "c5", "c6"}

    def test_a_card_drawn_face_up_is_learnt_and_one_dealt_face_down_is_not(self) -> None:
        data, deck = self.table()
        before = json.loads(json.dumps(data))
        piles.draw(deck, Rng(1))  # face up onto the table, outside the zones
        assert learnt(before, data, 2, {"cards": 3}, {"cards": 2}) == 0
        data, deck = self.table()
        Zones(data, 2).put("market", piles.draw(deck, Rng(1)), known=0)  # dealt face down
        assert learnt(before, data, 2, {"cards": 3}, {"cards": 2}) is None
        data, deck = self.table()
        Zones(data, 2).create("hand:1", pool="cards")
        Zones(data, 2).put("hand:1", piles.draw(deck, Rng(1)), known=bit(1))  # seat 1 draws
        assert learnt(before, data, 2, {"cards": 3}, {"cards": 2}) == 1

    def test_an_item_put_into_a_zone_from_the_open_was_known_already(self) -> None:
        data, _ = self.table()
        before = json.loads(json.dumps(data))
        Zones(data, 2).put("market", "c9", known=bit(0) | bit(1))  # sold from the table
        assert learnt(before, data, 2) is None
