"""The Builder's hidden moves of Monsters (Gnashing Retreat, Howling Beetles): where a Monster
may go, and the move itself, which the map sheet forgets."""

from __future__ import annotations

from typing import Any

from .. import grid
from ..state import LairsState
from .building import hazard_id, kind_of


def unknown_empty(s: LairsState, e: int) -> list[int]:
    """Unknown Empty spaces of the lair explorer ``e`` explores (the Builder knows them)."""
    ex, lair = s.data["explorers"][e], s.lair_of(e)
    return [
        c
        for c in range(grid.SPACES)
        if lair["feat"][c] is None and ex["map"][c] is None and c != ex["position"]
    ]


def move_monster(s: LairsState, e: int, frm: int, to: int) -> None:
    """The Builder moves a Monster in secret (Gnashing Retreat, Howling Beetles). If the map
    sheet showed it, its marker is erased, and a changed Target written in its space goes to the
    Notes section ("track it in your Notes section"), by Monster, until it is found again."""
    lair, ex = s.lair_of(e), s.data["explorers"][e]
    lair["feat"][to], lair["feat"][frm] = lair["feat"][frm], None
    if str(frm) in lair["target"]:
        lair["target"][str(to)] = lair["target"].pop(str(frm))
    if ex["map"][frm] is not None and ex["map"][frm] != "empty":
        ex["map"][frm] = "empty"
        noted = ex["targets"].pop(str(frm), None)
        if noted is not None:
            ex.setdefault("noted", {})[hazard_id_of(lair, to)] = noted


def hazard_id_of(lair: dict[str, Any], cell: int) -> str:
    return hazard_id(lair["feat"][cell]) or ""


def beetles_options(s: LairsState, e: int) -> list[list[int]]:
    """The Howling Beetles' moves: [Monster's space, space it may go to]."""
    ex, lair = s.data["explorers"][e], s.lair_of(e)
    feat = lair["feat"]
    # Unknown Monsters: those the map sheet does not show where they stand (an invisible
    # Whisperling Mob on a Known space included: the explorer was never shown it)
    monsters = [
        c for c in range(grid.SPACES) if kind_of(feat[c]) == "monster" and ex["map"][c] != feat[c]
    ]
    return [[m, to] for m in monsters for to in monster_spaces(s, e, str(feat[m])[2:])]


def monster_spaces(s: LairsState, e: int, hid: str) -> list[int]:
    """Unknown Empty spaces a Monster may be moved to, heeding its own placement limit (the
    Peril Rule may be ignored)."""
    h = s.C.hazards[hid]
    walls = set(s.lair_of(e)["walls"])
    out = []
    for c in unknown_empty(s, e):
        if h.placement == "dead-end" and not grid.is_dead_end(c, walls):
            continue
        if h.placement == "hallway" and not grid.is_hallway(c, walls):
            continue
        out.append(c)
    return out
