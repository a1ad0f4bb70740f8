"""The plain-data state of Lairs, named once and built in one place (:func:`new_data`).

The state stays JSON-native (dicts, lists, ints, strings), so a clone is one cheap copy. The
TypedDicts below only name the keys for readers and type checkers.

- ``lairs[i]`` is the lair seat ``i`` built (in solo, ``lairs[0]`` is the generated lair): its
  walls, readiness and changed Targets. Its features (what stands on each space) are a hidden
  thing of the engine's knowledge model, the zone ``lair:<i>`` (in ``data["secret"]``, a
  :class:`~tabletop.engine.knowledge.Zones` of its own, so that a resample redraws them within
  the building rules): each space carries who knows it, the builder always, everyone once the
  explorer's map sheet shows it truly. :class:`Lair` reads both as one lair.
- ``ex[i]`` is seat ``i`` as an explorer: its player mat (baskets), its map sheet (what it has
  learnt of the lair it explores: nothing else of that lair is ever copied into it), its cards.
- A feature is ``"start"``, ``"exit"``, ``"chest"``, ``"m:<monster>"`` or ``"t:<trap>"``; on a map
  sheet a Known space with no feature reads ``"empty"``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from tabletop.engine.knowledge import ZONES, Zones, bit
from tabletop.engine.piles import new_pile
from tabletop.engine.rng import Rng

from .content import CUBES, Content
from .grid import SPACES


class LairRecord(TypedDict):
    walls: list[int]
    ready: bool
    target: dict[str, int]  # Monster Targets changed during play, by space


class Lair(dict[str, Any]):
    """One lair as the rules read it: ``feat`` (the 36 spaces' features, the live list of its
    knowledge zone), ``walls``, ``ready`` and ``target`` (the live values of ``data["lairs"][i]``).
    Writing a key writes through to where it lives; nothing of it is stored twice."""

    __slots__ = ("_rec", "_zone")

    def __init__(self, data: dict[str, Any], i: int) -> None:
        rec = data["lairs"][i]
        zone = data[SECRET][ZONES][zone_name(i)]
        super().__init__(rec, feat=zone["items"])
        self._rec = rec
        self._zone = zone

    def __setitem__(self, key: str, value: Any) -> None:
        if key == "feat":
            self._zone["items"][:] = value
            value = self._zone["items"]
        else:
            self._rec[key] = value
        super().__setitem__(key, value)


SECRET = "secret"  # the lairs' knowledge zones (data["secret"]["_zones"])


def zone_name(i: int) -> str:
    return f"lair:{i}"


def install_lair(data: dict[str, Any], i: int, lair: dict[str, Any]) -> None:
    """Put a whole lair (a plain dict with ``feat``, as generated or written by a scenario) in
    place of lair ``i``, keeping what each seat knows of its spaces."""
    data["lairs"][i] = {k: v for k, v in lair.items() if k != "feat"}
    data[SECRET][ZONES][zone_name(i)]["items"][:] = list(lair["feat"])


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
    noted: dict[str, int]  # the Notes section: changed Targets of Monsters that left the map
    struck: list[str]  # the hazards whose Strike hit it, in order (for balance reports)


def empty_cubes() -> dict[str, int]:
    return {k: 0 for k in CUBES}


def new_lair() -> LairRecord:
    return {"walls": [], "ready": False, "target": {}}


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
        "noted": {},
        "struck": [],
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
        "ending": False,  # the explorer ended its turn (Conserve) with something free left to do
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
    data[SECRET] = {}
    zones = Zones(data[SECRET], seats)
    for i in range(len(data["lairs"])):
        # only its builder knows a lair (in solo nobody: the rules built it)
        builder = 0 if solo else bit(i)
        zones.create(zone_name(i), [None] * SPACES, pool=zone_name(i), known=builder)
    return data
