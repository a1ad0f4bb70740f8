"""1: Moving (Playing a Turn). Your Bird can stay or move into a connected Region (a trained
swift further); your Pauper can stay or move into a connected Region, then move on by paying 1
Gem per extra Region (free moves from Equipment and Recipes first), stopping on entering a hazard's
Region. Swimming and teleporting (Recipes, Equipment) replace the walk; foresight peeks at a Region
deck before moving."""

from __future__ import annotations

from functools import lru_cache

from tabletop.engine import Action
from tabletop.engine.actions import action_of
from tabletop.engine.effects import Effect

from ..abilities import total
from ..content import CITIES, Content, FreeMoves, PeekRegion, Swim, TeleportCity
from ..state import PLState
from . import birds, equipment, solo
from .fighting import hazards_in


def free_moves(abilities: list[tuple[str, Effect]]) -> int:
    """The free extra moves a turn gives a Pauper with these abilities in force (Equipment and
    Recipes: they are used before paying Gems)."""
    return total(abilities, FreeMoves)


@lru_cache(maxsize=256)
def moves_from(content: Content, region: str) -> tuple[tuple[str, Action], ...]:
    """(neighbour, the action of moving there) for each Region connected to ``region``, in the
    board's order: the board alone decides them, so they are built once."""
    return tuple((nb, action_of("move", to=nb)) for nb in content.neighbours[region])


def move_actions(state: PLState, seat: int, char: str, here: str) -> list[Action]:
    """Where a character may move now: a connected Region (and on, paying), or by swimming,
    teleporting; foresight before the Pauper moves."""
    turn = state.data["turn_state"]
    out: list[Action] = []
    stopped = bool(hazards_in(state, here)) and (turn["moves"] > 0 or turn["warped"])
    if not stopped and not turn["warped"]:
        if _may_move_on(state, seat, char):
            visited = turn["visited"]
            out += [
                move
                for nb, move in moves_from(state.content, here)
                if nb not in visited and solo.may_enter(state, seat, char, nb)
            ]
        if char == "pauper" and turn["moves"] == 0:
            out += _warps(state, seat, here)
    if char == "pauper" and turn["moves"] == 0 and not turn["warped"]:
        for key, e in state.having(seat, "pauper", PeekRegion):
            if e.before_move and not state.used(key):
                out.append(action_of("foresight", via=key))
                break
    return out


def _may_move_on(state: PLState, seat: int, char: str) -> bool:
    moves = state.data["turn_state"]["moves"]
    if char == "bird":
        return bool(moves < birds.move_limit(state, seat))
    return (
        moves == 0
        or free_moves_left(state, seat) > 0
        or state.player(seat)["gems"] >= state.content.number["extra_move_cost"]
    )


def _warps(state: PLState, seat: int, here: str) -> list[Action]:
    """Swimming from a Beach to a coastal Region, teleporting to a City."""
    out: list[Action] = []
    content = state.content
    if state.region_type(here) == "beach" and _ability_free(state, seat, Swim):
        for r in sorted(content.regions):
            if (
                content.regions[r].coastal
                and r != here
                and solo.may_enter(state, seat, "pauper", r)
            ):
                out.append(action_of("swim", to=r))
    for key, _ in state.having(seat, "pauper", TeleportCity):
        if not state.used(key):
            out += [action_of("teleport", to=c, via=key) for c in CITIES if c != here]
            break
    return out


def _ability_free(state: PLState, seat: int, model: type[Effect]) -> bool:
    return any(not state.used(k) for k, _ in state.having(seat, "pauper", model))


def free_moves_left(state: PLState, seat: int) -> int:
    found = free_moves(state.having(seat, "pauper", FreeMoves))
    return found - int(state.data["turn_state"]["free_used"])


def move(state: PLState, seat: int, to: str) -> None:
    """A step into a connected Region (the Pauper's second and later ones: a free move or 1 Gem)."""
    turn = state.data["turn_state"]
    char = turn["char"]
    paid = ""
    if char == "pauper" and turn["moves"] >= 1:
        if free_moves_left(state, seat) > 0:
            turn["free_used"] += 1
            paid = " (a free extra move)"
        else:
            cost = state.content.number["extra_move_cost"]
            state.player(seat)["gems"] -= cost
            paid = f", paying {cost} Gem{'s' if cost != 1 else ''} for the extra move"
    turn["moves"] += 1
    turn["moved"] = True
    turn["visited"].append(to)
    state.set_position(seat, char, to)
    state.log(f"{state.seat_name(seat)}'s {char} moves to {state.content.regions[to].name}{paid}.")


def warp(state: PLState, seat: int, how: str, to: str, via: str | None) -> None:
    """Swimming or teleporting instead of the walk (no walking after)."""
    turn = state.data["turn_state"]
    if how == "teleport":
        assert via is not None
        state.use(via)
        if via.startswith("eq."):
            equipment.spend_item(state, seat, via)
    else:
        state.use(next(k for k, _ in state.having(seat, "pauper", Swim) if not state.used(k)))
    turn["moves"] += 1
    turn["moved"] = True
    turn["warped"] = True
    state.set_position(seat, turn["char"], to)
    state.log(
        f"{state.seat_name(seat)} {'swims' if how == 'swim' else 'teleports'} to "
        f"{state.content.regions[to].name}."
    )


def foresight(state: PLState, seat: int, via: str) -> None:
    state.use(via)
    state.push({"kind": "peek-deck", "seat": seat, "n": 1})


def move_cost_words(state: PLState, seat: int) -> str:
    """What a Pauper's move costs now: the second and later moves of a turn cost Gems unless
    an ability makes them free."""
    turn = state.data.get("turn_state") or {}
    if turn.get("char") != "pauper" or not turn.get("moves"):
        return ""
    if free_moves_left(state, seat) > 0:
        return " (free extra move)"
    cost = state.content.number["extra_move_cost"]
    return f" ({cost} Gem{'s' if cost != 1 else ''})"
