"""The knowledge model's pools: what a resample may redraw an unknown item as."""

from __future__ import annotations

from typing import Any

from tabletop.engine.knowledge import Zones, bit, item_pool, resample_zones, split_pool
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
