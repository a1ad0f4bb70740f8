"""Phase 3, Wars. A Kingdom's strength is the sum of its Front Units' strengths (and Units that
fight from the Back), with its bonuses. Each Kingdom wages one War against each neighbour and wins
it with a strength at least the neighbour's (a tie is won by both): 3 LP per War won. With 2
players there is one War only (ruling 2). Then every Wars ability resolves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.views import log

from ..effects import fire
from . import kingdom

if TYPE_CHECKING:
    from ..play import PTState

LP_PER_WAR = 3
LP_DOUBLE = 6  # 2 players: a War won with at least double the opponent's strength (ruling 2)


def neighbours(players: int, seat: int) -> list[int]:
    if players < 3:
        return [1 - seat] if players == 2 else []
    return [(seat - 1) % players, (seat + 1) % players]


def resolve(st: PTState) -> None:
    d = st.data
    n = len(d["players"])
    strength = [kingdom.war_strength(st, s) for s in range(n)]
    for p in d["players"]:
        p["won"] = 0
    log(d, "Wars: strengths " + ", ".join(f"{st.who(s)} {v}" for s, v in enumerate(strength)))
    if n == 2:
        for seat in range(2):
            mine, theirs = strength[seat], strength[1 - seat]
            if mine >= theirs and mine > 0:
                d["players"][seat]["won"] = 1
                lp = LP_DOUBLE if mine >= 2 * theirs else LP_PER_WAR
                st.add_lp(seat, lp, "War won")
    else:
        for seat in range(n):
            for other in neighbours(n, seat):
                if strength[seat] >= strength[other]:
                    d["players"][seat]["won"] += 1
                    st.add_lp(seat, LP_PER_WAR, f"War against {st.who(other)} won")
    abilities(st)


def abilities(st: PTState) -> None:
    """Every Wars ability of every Kingdom (LP and Gold per War won, Level 2 Buildings)."""
    for seat in st.resolution_order():
        for ctx, _, trig in list(kingdom.sources(st, seat)):
            for e in trig:
                if e.when == "wars":
                    fire(ctx, e)
