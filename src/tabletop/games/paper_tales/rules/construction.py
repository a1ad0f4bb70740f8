"""Phase 5, Construction. Each player may take one Construction action: construct a new Building
(at Level 1, or straight at Level 2 meeting both costs, ruling 6) or upgrade one to Level 2.
Resource costs are thresholds the Kingdom must produce, never spent; Gold is spent. A new
Building also costs land: 2 Gold per Building already owned (ruling 5), unless a Landlord says
otherwise. Some Units let 1 Gold stand in for each missing resource. Everyone chooses at once,
face down, and the choices are carried out together."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING

from tabletop.engine.views import log

from .. import content as C
from . import kingdom

if TYPE_CHECKING:
    from ..play import PTState

LAND_PER_BUILDING = 2


@dataclass(frozen=True)
class Option:
    """One Construction action a seat can afford: what, at which level, paid which way."""

    building: str
    level: int
    upgrade: bool
    way: int  # which of the cost alternatives
    cost: C.Cost
    gold: int  # Gold it takes in all (printed Gold, land, Gold standing in for resources)


def land_cost(st: PTState, seat: int) -> int:
    if kingdom.no_land_cost(st, seat):
        return 0
    return LAND_PER_BUILDING * len(st.data["players"][seat]["buildings"])


def ways(st: PTState, building: str, level: int, upgrade: bool) -> list[C.Cost]:
    """The cost alternatives: a level's own, or for a new Level 2 Building both levels' summed."""
    return _ways(building, level, upgrade)


@lru_cache(maxsize=512)
def _ways(building: str, level: int, upgrade: bool) -> list[C.Cost]:
    b = C.game_content().buildings[building]  # static content, loaded once per process
    if level == 1 or upgrade:
        return list(b.level(level).cost)
    return [a.plus(c) for a, c in product(b.level(1).cost, b.level(2).cost)]


def gold_needed(
    st: PTState,
    seat: int,
    cost: C.Cost,
    land: int,
    have: dict[str, int] | None = None,
    stand_in: set[str] | None = None,
) -> int | None:
    """Gold a cost takes from this Kingdom now, or None when a resource is missing and no
    ability lets Gold stand in for it (``have`` and ``stand_in``: already known)."""
    if have is None:
        have = kingdom.resources(st, seat)
    if stand_in is None:
        stand_in = kingdom.gold_for(st, seat)
    gold = cost.gold + land
    for r in C.RESOURCES:
        missing = max(0, cost.need(r) - have[r])
        if missing and r not in stand_in:
            return None
        gold += missing
    return gold


def options(st: PTState, seat: int) -> list[Option]:
    """Every Construction action the seat can afford now."""
    p = st.data["players"][seat]
    out: list[Option] = []
    land = land_cost(st, seat)
    have = kingdom.resources(st, seat)
    stand_in = kingdom.gold_for(st, seat)
    for b in st.data["buildings"]:
        owned = p["buildings"].get(b)
        if owned == 2:
            continue
        plans = [(2, True)] if owned == 1 else [(1, False), (2, False)]
        for level, upgrade in plans:
            for i, cost in enumerate(ways(st, b, level, upgrade)):
                gold = gold_needed(st, seat, cost, 0 if upgrade else land, have, stand_in)
                if gold is not None and gold <= p["gold"]:
                    out.append(Option(b, level, upgrade, i, cost, gold))
    return out


def why_not(st: PTState, seat: int, building: str, level: int) -> str:
    """Words for a refused Construction action."""
    p = st.data["players"][seat]
    if building not in st.data["buildings"]:
        return f"{building!r} is not a Building of this game"
    owned = p["buildings"].get(building)
    name = st.content.buildings[building].name
    if owned == 2 or (owned == 1 and level == 1):
        return f"the {name} is already at Level {owned}"
    upgrade = owned == 1
    land = 0 if upgrade else land_cost(st, seat)
    best = None
    for cost in ways(st, building, level, upgrade):
        g = gold_needed(st, seat, cost, land)
        if g is not None and (best is None or g < best):
            best = g
    if best is None:
        return f"the Kingdom does not produce the resources the {name} needs"
    return f"the {name} takes {best} Gold (land {land}) and seat {seat} has {p['gold']}"


def commit(st: PTState, seat: int, choice: dict[str, int | str] | None) -> None:
    p = st.data["players"][seat]
    p["commit"] = {"build": choice}
    p["done"] = True
    if all(q["done"] for q in st.data["players"]):
        resolve(st)


def resolve(st: PTState) -> None:
    """Everyone's Construction at once."""
    d = st.data
    for seat, p in enumerate(d["players"]):
        choice = (p["commit"] or {}).get("build")
        p["commit"] = None
        p["done"] = False
        if choice is None:
            log(d, f"{st.who(seat)} constructs nothing")
            continue
        b, level, way = str(choice["building"]), int(choice["level"]), int(choice["way"])
        match = [o for o in options(st, seat) if (o.building, o.level, o.way) == (b, level, way)]
        assert match, f"construction choice {choice} became unaffordable"
        o = match[0]
        p["gold"] -= o.gold
        p["buildings"][b] = level
        name = st.content.buildings[b].name
        verb = "upgrades the" if o.upgrade else "constructs a"
        log(d, f"{st.who(seat)} {verb} {name} (Level {level}) for {o.gold} Gold")
    d["phase"] = "built"
