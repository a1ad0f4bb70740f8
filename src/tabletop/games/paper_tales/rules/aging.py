"""Phase 6, Aging. Every Unit carrying an Age token dies (a Mystical Healer may first save one of
its owner's Units carrying a single token); the abilities of the Aging phase and of dying Units
resolve while they are still in play; the dead are discarded with their tokens; every surviving
Unit then takes one Age token."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import piles
from tabletop.engine.views import log

from .. import content as C
from ..effects import Ctx, ask, fire
from ..state import UnitInPlay
from . import kingdom

if TYPE_CHECKING:
    from ..play import PTState


def dies(st: PTState, seat: int, spot: int, u: UnitInPlay) -> bool:
    """Whether a Unit dies this Aging: one Age token or more (or its own threshold), unless it
    never dies or a Healer saved it."""
    if u.get("saved"):
        return False
    unit = st.content.unit(u["c"])
    ctx = Ctx(st, seat, unit=u, spot=spot)
    if ask(ctx, C.NeverDies, False, unit.static):
        return False
    return bool(u["age"] >= ask(ctx, C.DiesAtAge, 1, unit.static))


def savable(st: PTState, seat: int) -> list[int]:
    """Spots of Units a Healer may save: dying, and carrying a single Age token."""
    return [s for s, u in kingdom.units(st, seat) if u["age"] == 1 and dies(st, seat, s, u)]


def start(st: PTState) -> None:
    """The Healers' choices come first (ruling 11: one save per Healer)."""
    d = st.data
    d["phase"] = "aging"
    log(d, f"Turn {d['turn']}: Aging")
    for seat in st.resolution_order():
        for _, u in list(kingdom.units(st, seat)):
            for e in st.content.unit(u["c"]).triggers:
                if isinstance(e, C.SaveOne):
                    fire(Ctx(st, seat, unit=u), e)


def save(st: PTState, seat: int, spot: int | None, healer: str) -> None:
    if spot is None:
        return
    u = st.data["players"][seat]["kingdom"][spot]
    assert u is not None
    u["saved"] = True
    name = st.content.unit(u["c"]).name
    log(st.data, f"{st.who(seat)}'s Mystical Healer saves {name}")
    # a later Healer of the same Kingdom may find nobody left to save
    d = st.data
    d["pending"] = [
        q
        for q in d["pending"]
        if not (q["seat"] == seat and q["kind"] == "save" and not savable(st, seat))
    ]


def finish(st: PTState) -> None:
    d = st.data
    for seat in st.resolution_order():
        p = d["players"][seat]
        dying = [(s, u) for s, u in kingdom.units(st, seat) if dies(st, seat, s, u)]
        dead = [u for _, u in dying]
        for ctx, _, trig in list(kingdom.sources(st, seat)):
            for e in trig:
                if e.when == "aging" and not isinstance(e, C.SaveOne):
                    ctx.dying = dead
                    fire(ctx, e)
        for spot, u in dying:
            unit = st.content.unit(u["c"])
            for e in unit.triggers:
                if e.when == "dies":
                    fire(Ctx(st, seat, unit=u, spot=spot, dying=dead), e)
        for spot, _ in dying:
            p["kingdom"][spot] = None
        piles.add_discards(d["deck"], [u["c"] for u in dead])
        if dead:
            names = ", ".join(st.content.unit(u["c"]).name for u in dead)
            log(d, f"Aging: {st.who(seat)} loses {names}")
        for _, u in kingdom.units(st, seat):
            u["age"] += 1
            u.pop("saved", None)
