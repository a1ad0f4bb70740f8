"""The Builder's hidden moves of Monsters (Gnashing Retreat, Howling Beetles): where a Monster
may go, and the move itself, which the map sheet forgets."""

from __future__ import annotations

from typing import Any

from .. import grid
from ..state import LairsState
from .building import hazard_id, kind_of


def unknown_empty(state: LairsState, seat: int) -> list[int]:
    """Unknown Empty spaces of the lair explorer ``seat`` explores (the Builder knows them)."""
    explorer, lair = state.data["explorers"][seat], state.lair_of(seat)
    return [
        c
        for c in range(grid.SPACES)
        if lair["feat"][c] is None and explorer["map"][c] is None and c != explorer["position"]
    ]


def move_monster(state: LairsState, seat: int, frm: int, to: int) -> None:
    """The Builder moves a Monster in secret (Gnashing Retreat, Howling Beetles). If the map
    sheet showed it, its marker is erased, and a changed Target written in its space goes to the
    Notes section ("track it in your Notes section"), by Monster, until it is found again."""
    lair, explorer = state.lair_of(seat), state.data["explorers"][seat]
    lair["feat"][to], lair["feat"][frm] = lair["feat"][frm], None
    if str(frm) in lair["target"]:
        lair["target"][str(to)] = lair["target"].pop(str(frm))
    if explorer["map"][frm] is not None and explorer["map"][frm] != "empty":
        explorer["map"][frm] = "empty"
        noted = explorer["targets"].pop(str(frm), None)
        if noted is not None:
            explorer.setdefault("noted", {})[hazard_id_of(lair, to)] = noted


def hazard_id_of(lair: dict[str, Any], cell: int) -> str:
    return hazard_id(lair["feat"][cell]) or ""


def beetles_options(state: LairsState, seat: int) -> list[list[int]]:
    """The Howling Beetles' moves: [Monster's space, space it may go to]."""
    explorer, lair = state.data["explorers"][seat], state.lair_of(seat)
    feat = lair["feat"]
    # Unknown Monsters: those the map sheet does not show where they stand (an invisible
    # Whisperling Mob on a Known space included: the explorer was never shown it)
    monsters = [
        c
        for c in range(grid.SPACES)
        if kind_of(feat[c]) == "monster" and explorer["map"][c] != feat[c]
    ]
    return [[m, to] for m in monsters for to in monster_spaces(state, seat, str(feat[m])[2:])]


def monster_spaces(state: LairsState, seat: int, hid: str) -> list[int]:
    """Unknown Empty spaces a Monster may be moved to, heeding its own placement limit (the
    Peril Rule may be ignored)."""
    h = state.content.hazards[hid]
    walls = set(state.lair_of(seat)["walls"])
    out = []
    for c in unknown_empty(state, seat):
        if h.placement == "dead-end" and not grid.is_dead_end(c, walls):
            continue
        if h.placement == "hallway" and not grid.is_hallway(c, walls):
            continue
        out.append(c)
    return out
