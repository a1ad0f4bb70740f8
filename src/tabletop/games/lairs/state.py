"""The plain-data state of Lairs, named once and built in one place (:func:`new_data`).

The state stays JSON-native (dicts, lists, ints, strings), so a clone is one cheap copy. The
TypedDicts below only name the keys for readers and type checkers.

- ``lairs[i]`` is the lair seat ``i`` built (in solo, ``lairs[0]`` is the generated lair).
- ``ex[i]`` is seat ``i`` as an explorer: its player mat (baskets), its map sheet (what it has
  learnt of the lair it explores: nothing else of that lair is ever copied into it), its cards.
- A feature is ``"start"``, ``"exit"``, ``"chest"``, ``"m:<monster>"`` or ``"t:<trap>"``; on a map
  sheet a Known space with no feature reads ``"empty"``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from tabletop.engine.piles import new_pile
from tabletop.engine.rng import Rng

from .content import CUBES, Content
from .grid import SPACES


class Lair(TypedDict):
    feat: list[str | None]
    walls: list[int]
    ready: bool
    target: dict[str, int]  # Monster Targets changed during play, by space


class Explorer(TypedDict):
    pos: int | None
    prev: int | None
    known: list[bool]
    map: list[str | None]
    mwalls: list[int]  # walls learnt (seen around Known spaces, or bumped into)
    visited: list[bool]
    scrounged: list[int]
    fresh: dict[str, int]
    spent: dict[str, int]
    fatigued: dict[str, int]
    conserved: dict[str, int]
    status: dict[str, str]  # status -> basket
    treasures: list[str]
    junk: list[str]
    trophies: list[str]
    notes: int  # VP noted in the Notes section
    escaped: int | None  # 1 for the first to escape, 2 for the second
    turns: int
    scavenge: list[int]  # spaces opened/disarmed/defeated this turn, not yet Scavenged
    targets: dict[str, int]  # Targets noted on the map sheet, by space


def empty_cubes() -> dict[str, int]:
    return {k: 0 for k in CUBES}


def new_lair() -> Lair:
    return {"feat": [None] * SPACES, "walls": [], "ready": False, "target": {}}


def new_explorer(cubes: dict[str, int], basket: str) -> Explorer:
    ex: Explorer = {
        "pos": None,
        "prev": None,
        "known": [False] * SPACES,
        "map": [None] * SPACES,
        "mwalls": [],
        "visited": [False] * SPACES,
        "scrounged": [],
        "fresh": empty_cubes(),
        "spent": empty_cubes(),
        "fatigued": empty_cubes(),
        "conserved": empty_cubes(),
        "status": {},
        "treasures": [],
        "junk": [],
        "trophies": [],
        "notes": 0,
        "escaped": None,
        "turns": 0,
        "scavenge": [],
        "targets": {},
    }
    for k, n in cubes.items():
        ex[basket][k] += n  # type: ignore[literal-required]
    return ex


def new_data(C: Content, params: dict[str, Any], rng: Rng, seats: int) -> dict[str, Any]:
    """The whole state at the start of a game (before hazard selection and building)."""
    mode = params["mode"]
    pack = bool(params.get("pack", False))
    solo = mode == "solo"
    if pack:
        start = C.numbers["start_cubes"]["pack"]
    else:
        start = C.numbers["start_cubes"]["intro" if mode == "intro" else "standard"]
    treasure = new_pile(sorted(C.treasures), rng)
    data: dict[str, Any] = {
        "mode": mode,
        "pack": pack,
        "solo": solo,
        "difficulty": params.get("difficulty"),
        "phase": "select",
        "round": 0,
        "turn": None,
        "first": None,
        "monsters": [],
        "traps": [],
        "draft": None,
        "lairs": [new_lair() for _ in range(1 if solo else seats)],
        "ex": [new_explorer(dict(start["cubes"]), start["basket"]) for _ in range(seats)],
        "attrs": [None] * seats,  # the Attribute cubes each seat chose (Adventurer's Pack)
        "check": None,
        "queue": [],
        "ask": None,
        "treasure": treasure,
        "display": [],
        "junkdeck": new_pile(sorted(C.junk_deck()), rng) if pack else None,
        "escapes": 0,
        "horn": None,  # turns left to the explorer still inside once the first has escaped
        "rounds": int(C.numbers["round_limit"]["value"]),
        "goal": None,  # solo: VP needed to win
        "dice": None,  # the last roll, for surfaces
        "lastbuild": [None] * seats,
    }
    return data
