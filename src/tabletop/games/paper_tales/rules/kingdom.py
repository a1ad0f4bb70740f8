"""The Kingdom (rulebook: Kingdom, resources, strength): spots, what a Kingdom produces, how strong
each Unit and the whole Front are, and the counts abilities use. Pure queries: nothing here
changes the state."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .. import content as C
from ..effects import Ctx, amount, ask, holds
from ..state import BACK, EXTRA, FRONT, SPOTS, UnitInPlay

if TYPE_CHECKING:
    from ..play import PTState


def units(st: PTState, seat: int) -> Iterator[tuple[int, UnitInPlay]]:
    """(spot, Unit) of a Kingdom as everyone sees it."""
    for spot, u in enumerate(st.data["players"][seat]["kingdom"]):
        if u is not None:
            yield spot, u


def level2(st: PTState, seat: int) -> int:
    return sum(1 for lv in st.data["players"][seat]["buildings"].values() if lv == 2)


def open_spots(st: PTState, seat: int) -> tuple[int, ...]:
    """The spots a Kingdom may use: 2 Front and 2 Back, and one more Front spot once it owns a
    Level 2 Building (ruling 9)."""
    extra = (EXTRA,) if level2(st, seat) else ()
    return (0, 1, 2, 3, *extra)


def sources(st: PTState, seat: int) -> Iterator[tuple[Ctx, list[Any], list[Any]]]:
    """Every card of a Kingdom with its static and triggered abilities: Units by spot, then
    Buildings in the order of the game's Building list."""
    content = st.content
    for spot, u in units(st, seat):
        unit = content.unit(u["c"])
        yield Ctx(st, seat, unit=u, spot=spot), unit.static, unit.triggers
    owned = st.data["players"][seat]["buildings"]
    for b in st.data["buildings"]:
        if b in owned:
            side = content.buildings[b].level(owned[b])
            yield Ctx(st, seat, building=b), side.static, side.triggers


def resources(st: PTState, seat: int) -> dict[str, int]:
    """What the Kingdom produces now (Units and Buildings). Resources are never spent. While a
    view is drawn (the state cannot change) the answer is remembered."""
    memo = st._cache.get("still")
    if memo is not None and seat in memo:
        return dict(memo[seat])
    acc = {r: 0 for r in C.RESOURCES}
    for ctx, stat, _ in sources(st, seat):
        acc = ask(ctx, C.Produce, acc, stat)
    if memo is not None:
        memo[seat] = dict(acc)
    return acc


def unit_strength(st: PTState, seat: int, spot: int, u: UnitInPlay) -> int:
    """A Unit's strength during Wars: printed, replaced, then raised by its abilities."""
    unit = st.content.unit(u["c"])
    ctx = Ctx(st, seat, unit=u, spot=spot)
    value = ask(ctx, C.StrengthSet, unit.strength, unit.static)
    value = ask(ctx, C.StrengthAdd, value, unit.static)
    return max(0, int(value))


def fights(st: PTState, seat: int, spot: int, u: UnitInPlay) -> bool:
    """Front Units fight; Back Units only with the fight-from-the-Back ability; a Unit that
    cannot fight (an aged Leviathan) never does."""
    unit = st.content.unit(u["c"])
    ctx = Ctx(st, seat, unit=u, spot=spot)
    if ask(ctx, C.CannotFight, False, unit.static):
        return False
    return spot in FRONT or (spot in BACK and ask(ctx, C.FightsFromBack, False, unit.static))


def war_strength(st: PTState, seat: int) -> int:
    """The Kingdom's strength in Wars: its fighting Units plus the Buildings' bonuses."""
    total = sum(unit_strength(st, seat, s, u) for s, u in units(st, seat) if fights(st, seat, s, u))
    for ctx, stat, _ in sources(st, seat):
        if ctx.building is not None:
            total = ask(ctx, C.KingdomStrength, total, stat)
    return total


def income(st: PTState, seat: int) -> int:
    """The Gold this Kingdom earns in the Income phase: 2, plus every Income ability. Computed in
    advance for the Ogre (research notes, Wars)."""
    total = 2
    for ctx, _, trig in sources(st, seat):
        for e in trig:
            if isinstance(e, C.GainGold) and e.when == "income" and holds(ctx, e.cond):
                total += amount(ctx, e.n, e.per)
    return total


def gold_for(st: PTState, seat: int) -> set[str]:
    """The resources 1 Gold may stand in for at Construction."""
    acc: set[str] = set()
    for ctx, stat, _ in sources(st, seat):
        acc = ask(ctx, C.GoldForResource, acc, stat)
    return acc


def no_land_cost(st: PTState, seat: int) -> bool:
    return any(ask(ctx, C.NoLandCost, False, stat) for ctx, stat, _ in sources(st, seat))


def count(st: PTState, seat: int, name: str, ctx: Ctx | None = None) -> int:
    """What an ability counts (see ``content.Count``)."""
    if name in C.RESOURCES:
        return resources(st, seat)[name]
    if name == "age-on-self":
        return ctx.unit["age"] if ctx is not None and ctx.unit is not None else 0
    if name == "age-in-kingdom":
        return sum(u["age"] for _, u in units(st, seat))
    if name == "wars-won":
        return int(st.data["players"][seat]["won"])
    if name == "level-2-buildings":
        return level2(st, seat)
    if name == "buildings":
        return len(st.data["players"][seat]["buildings"])
    if name == "strong-units":
        return sum(1 for s, u in units(st, seat) if unit_strength(st, seat, s, u) >= 3)
    if name == "age-on-dying-units":
        return sum(u["age"] for u in ctx.dying) if ctx is not None else 0
    if name == "dying-units":
        return len(ctx.dying) if ctx is not None else 0
    if name == "income-gold":
        return income(st, seat)
    if name == "units":
        return sum(1 for _ in units(st, seat))
    raise ValueError(f"unknown count {name!r}")


def spot_name(spot: int) -> str:
    from ..state import SPOT_NAMES

    return SPOT_NAMES[spot] if 0 <= spot < SPOTS else f"spot {spot}"
