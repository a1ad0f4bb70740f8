"""Phase 2, Deployment. Everyone at once arranges their Kingdom face down: new Units from the hand
go on empty spots, Units already in play may be moved or discarded to make room. Then everyone
reveals, pays the cost of the new Units only, keeps at most one card of the hand face down for
the next turn and discards the rest. The abilities of revealed Units then resolve (the Kraken's
penalty last, after the Golem's upgrades)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from tabletop.engine import piles
from tabletop.engine.views import log

from .. import content as C
from ..effects import Ctx, fire
from ..state import UnitInPlay
from . import kingdom

if TYPE_CHECKING:
    from ..play import PTState

# An interface bound, not a rule: arranging actions one seat may take in one Deployment (ruling
# 14). Any arrangement of 5 spots needs far fewer; it keeps every game finite.
MAX_STEPS = 24


def start(st: PTState) -> None:
    d = st.data
    d["phase"] = "deploy"
    for p in d["players"]:
        p["plan"] = copy.deepcopy(p["kingdom"])
        p["steps"] = 0
        p["done"] = False
    log(d, f"Turn {d['turn']}: Deployment; everyone places Units face down")


def plan(st: PTState, seat: int) -> list[UnitInPlay | None]:
    mine: list[UnitInPlay | None] | None = st.data["players"][seat]["plan"]
    assert mine is not None
    return mine


def planned_cost(st: PTState, seat: int) -> int:
    """Gold the seat's new Units cost (a Monkey's -1 gives Gold back)."""
    return sum(st.content.unit(u["c"]).cost for u in plan(st, seat) if u is not None and u["new"])


def can_place(st: PTState, seat: int, card: str, spot: int) -> str | None:
    """Why ``card`` cannot go on ``spot`` now, or None."""
    p = st.data["players"][seat]
    if card not in p["hand"]:
        return f"{card} is not in seat {seat}'s hand"
    if spot not in kingdom.open_spots(st, seat):
        return f"{kingdom.spot_name(spot)} is not a spot of this Kingdom"
    if plan(st, seat)[spot] is not None:
        return f"{kingdom.spot_name(spot)} is taken (move or discard that Unit first)"
    cost = st.content.unit(card).cost
    if planned_cost(st, seat) + cost > p["gold"]:
        return f"{st.content.unit(card).name} costs {cost} Gold and cannot be paid (ruling 13)"
    return None


def place(st: PTState, seat: int, card: str, spot: int) -> None:
    p = st.data["players"][seat]
    p["hand"].remove(card)
    plan(st, seat)[spot] = {"c": card, "age": 0, "new": True}
    p["steps"] += 1


def can_discard(st: PTState, seat: int, spot: int) -> bool:
    u = plan(st, seat)[spot]
    if u is None:
        return False
    if u["new"]:  # taking a card back to the hand must leave the rest affordable
        cost = st.content.unit(u["c"]).cost
        return planned_cost(st, seat) - cost <= int(st.data["players"][seat]["gold"])
    return True


def discard(st: PTState, seat: int, spot: int) -> None:
    """A new card goes back to the hand; a Unit from an earlier turn is discarded at reveal."""
    p = st.data["players"][seat]
    u = plan(st, seat)[spot]
    assert u is not None
    if u["new"]:
        p["hand"].append(u["c"])
    plan(st, seat)[spot] = None
    p["steps"] += 1


def move(st: PTState, seat: int, spot: int, to: int) -> None:
    """Swap what two spots hold (one of them may be empty)."""
    mine = plan(st, seat)
    mine[spot], mine[to] = mine[to], mine[spot]
    st.data["players"][seat]["steps"] += 1


def commit(st: PTState, seat: int, keep: str | None) -> None:
    p = st.data["players"][seat]
    p["done"] = True
    p["commit"] = {"keep": keep}
    if all(q["done"] for q in st.data["players"]):
        reveal(st)


def reveal(st: PTState) -> None:
    """Everyone reveals at once and pays; unplaced hand cards are kept (one) or discarded."""
    d = st.data
    for seat, p in enumerate(d["players"]):
        mine = plan(st, seat)
        kept_ids = {u["c"] for u in mine if u is not None}
        gone = [u["c"] for u in p["kingdom"] if u is not None and u["c"] not in kept_ids]
        piles.add_discards(d["deck"], gone)
        cost = planned_cost(st, seat)
        p["gold"] -= cost
        p["kingdom"] = mine
        p["plan"] = None
        keep = (p["commit"] or {}).get("keep")
        p["commit"] = None
        p["kept"] = keep
        rest = [c for c in p["hand"] if c != keep]
        piles.add_discards(d["deck"], rest)
        p["hand"] = []
        p["done"] = False
        new = [st.content.unit(u["c"]).name for u in mine if u is not None and u["new"]]
        words = ", ".join(new) if new else "no new Unit"
        log(d, f"{st.who(seat)} reveals {words} and pays {cost} Gold")
        if gone:
            log(d, f"{st.who(seat)} discards {len(gone)} Unit(s) from play")
    for seat in st.resolution_order():
        resolve_abilities(st, seat)
    for p in d["players"]:
        for u in p["kingdom"]:
            if u is not None:
                u["new"] = False
    d["phase"] = "deployed"


def resolve_abilities(st: PTState, seat: int) -> None:
    """Deployment abilities of one Kingdom: Shapeshifters first, then by spot, the ones marked
    ``last`` (the Kraken's penalty) after all others; choices wait in the pending queue."""
    mine = st.data["players"][seat]["kingdom"]

    def triggers(u: UnitInPlay) -> list[C.Trigger]:
        unit = st.content.unit(u["c"])
        return [e for e in unit.triggers if e.when == "deploy" and (u["new"] or not e.flip)]

    for spot, u in enumerate(list(mine)):
        if u is None:
            continue
        for e in triggers(u):
            if isinstance(e, C.Shapeshift):
                fire(Ctx(st, seat, unit=u, spot=spot), e)
    later: list[tuple[Ctx, C.Trigger]] = []
    for spot, u in enumerate(list(mine)):
        if u is None or mine[spot] is not u:
            continue
        for e in triggers(u):
            if isinstance(e, C.Shapeshift):
                continue
            ctx = Ctx(st, seat, unit=u, spot=spot)
            if getattr(e, "last", False):
                later.append((ctx, e))
            else:
                fire(ctx, e)
    for ctx, e in later:
        fire(ctx, e)


def age_targets(st: PTState, seat: int, n: int) -> list[int]:
    """Units that may take ``n`` Age tokens (or, ``n`` negative, give some up)."""
    return [spot for spot, u in kingdom.units(st, seat) if n > 0 or u["age"] > 0]


def age_one(st: PTState, seat: int, spot: int, n: int, source: str) -> None:
    u = st.data["players"][seat]["kingdom"][spot]
    assert u is not None
    u["age"] = max(0, u["age"] + n)
    name = st.content.unit(u["c"]).name
    verb = f"puts {n} Age token(s) on" if n > 0 else f"takes {-n} Age token(s) off"
    log(st.data, f"{st.who(seat)}'s {source} {verb} {name}")


def upgrade_targets(st: PTState, seat: int) -> list[str]:
    owned = st.data["players"][seat]["buildings"]
    return [b for b in st.data["buildings"] if owned.get(b) == 1]


def upgrade_one(st: PTState, seat: int, building: str, source: str) -> None:
    st.data["players"][seat]["buildings"][building] = 2
    name = st.content.buildings[building].name
    log(st.data, f"{st.who(seat)}'s {source} raises the {name} to Level 2")
