"""Small lairs used by the Lairs tests, drawn like the map sheet (rows A-F, columns 1-6)."""

from __future__ import annotations

from typing import Any

from tabletop.testing import Scenario

# A plain lair: Start A1, Exit F6, Chests in B2, C5, E1; the three Monsters and three Traps away
# from the first row, and 17 walls that keep every space reachable.
PLAIN: dict[str, Any] = {
    "start": "A1",
    "exit": "F6",
    "chests": ["B2", "C5", "E1"],
    "monsters": {"D2": "hungry-blob", "D5": "autoflail", "F3": "gloombat"},
    "traps": {"B4": "greased-pit", "E4": "chain-snares", "C1": "howling-beetles"},
    "walls": [
        "A2|B2",
        "A3|B3",
        "A4|A5",
        "B5|C5",
        "B1|C1",
        "C2|C3",
        "C3|D3",
        "C4|C5",
        "D1|E1",
        "D3|D4",
        "D5|E5",
        "E2|E3",
        "E3|F3",
        "E5|E6",
        "F1|F2",
        "F4|F5",
        "B3|B4",
    ],
}


def lair(**changes: Any) -> dict[str, Any]:
    return {**PLAIN, **changes}


def scenario(
    explorer: dict[str, Any] | None = None,
    *,
    lair0: dict[str, Any] | None = None,
    lair1: dict[str, Any] | None = None,
    seed: int = 1,
    **spec: Any,
) -> Scenario:
    """Seat 0 explores ``lair1`` (seat 1's lair); seat 1 waits with the plain lair ``lair0``."""
    params = spec.pop("params", {})
    return Scenario(
        "lairs",
        {
            "lairs": [lair0 or lair(), lair1 or lair()],
            "explorers": [
                explorer or {"fresh": {"basic": 4, "perception": 1, "quickness": 1}},
                {"fresh": {"basic": 4, "perception": 1, "quickness": 1}},
            ],
            "turn": 0,
            **spec,
        },
        seed=seed,
        **params,
    )


def known(s: Scenario, seat: int = 0) -> set[str]:
    from tabletop.games.lairs import grid

    sheet = s.view(seat)["maps"][seat]
    return {grid.name(c) for c in range(36) if sheet["known"][c]}


PACK = {"pack": True}


def arena(monster: str | None = None, trap: str | None = None, **more: Any) -> dict[str, Any]:
    """Seat 1's lair: Start A1, a Monster east of it in A2, a Trap south of it in B1."""
    lair: dict[str, Any] = {"start": "A1", "exit": "F6", "monsters": {}, "traps": {}, "walls": []}
    if monster:
        lair["monsters"] = {"A2": monster}
    if trap:
        lair["traps"] = {"B1": trap}
    lair.update(more)
    return lair
