"""Phase 3, Wars. A Kingdom's strength is the sum of its Front Units' strengths (and Units that
fight from the Back), with its bonuses. Each Kingdom wages one War against each neighbour and wins
it with a strength at least the neighbour's (a tie is won by both): 3 LP per War won. With 2
players there is one War only (ruling 2). Then every Wars ability resolves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.views import log

from .kingdom import fire, triggered, war_strength

if TYPE_CHECKING:
    from ..state import PaperTalesState

LP_PER_WAR = 3
LP_DOUBLE = 6  # 2 players: a War won with at least double the opponent's strength (ruling 2)
SOURCE = "Wars"  # where a War's Legend Points come from, in the score's breakdown


def neighbours(players: int, seat: int) -> list[int]:
    if players < 3:
        return [1 - seat] if players == 2 else []
    return [(seat - 1) % players, (seat + 1) % players]


def resolve(state: PaperTalesState) -> None:
    data = state.data
    players = len(data["players"])
    strength = [war_strength(state, seat) for seat in range(players)]
    for player in data["players"]:
        player["wars_won"] = 0
    shown = ", ".join(f"{state.seat_name(s)} {v}" for s, v in enumerate(strength))
    log(data, f"Wars: strengths {shown}")
    if players == 2:
        for seat in range(2):
            mine, theirs = strength[seat], strength[1 - seat]
            if mine >= theirs and mine > 0:
                state.player(seat)["wars_won"] = 1
                double = mine >= 2 * theirs
                points = LP_DOUBLE if double else LP_PER_WAR
                why = "War won at double strength" if double else "War won"
                state.add_lp(seat, points, SOURCE, why)
    else:
        for seat in range(players):
            for other in neighbours(players, seat):
                if strength[seat] >= strength[other]:
                    state.player(seat)["wars_won"] += 1
                    why = f"War against {state.seat_name(other)} won"
                    state.add_lp(seat, LP_PER_WAR, SOURCE, why)
    abilities(state)


def abilities(state: PaperTalesState) -> None:
    """Every Wars ability of every Kingdom (LP and Gold per War won, Level 2 Buildings)."""
    for seat in state.resolution_order():
        for holder, triggers in triggered(state, seat, "wars"):
            for effect in triggers:
                fire(holder, effect)
