"""Exploring: what the explorer learns and when, and moving (Creep, Hustle, Backtrack, Peer).

The Builder describes a space when the explorer enters it (its walls, then its features) or Peers
into it; the space is then Known and the explorer draws it on the map sheet. Everything the
explorer is offered is worked out from the map sheet alone, never from the real lair, so the
legal actions leak nothing (a wall not yet learnt is never "known" to block a move).
"""

from __future__ import annotations

from typing import Any, Final

from .. import grid
from ..state import LairsState
from .building import hazard_id, kind_of
from .energy import has_status


# ---------------------------------------------------------------- learning
def shown(state: LairsState, feat: list[str | None], cell: int, entering: bool) -> str:
    """What the Builder tells of a space's features (``feat``: the lair's): an invisible hazard
    (Whisperling Mob, Crushing Walls) only to an explorer entering its space."""
    f = feat[cell]
    hid = hazard_id(f)
    if f is None or (hid is not None and state.content.hazards[hid].invisible and not entering):
        return "empty"
    return str(f)


def learn_walls(explorer: dict[str, Any], walls: list[int], cell: int) -> None:
    """The explorer's map sheet gets the walls (of the lair's ``walls``) around ``cell``."""
    mine: list[int] = explorer["map_walls"]
    new = [e for _, _, e in grid.neighbours(cell) if e in walls and e not in mine]
    if new:
        explorer["map_walls"] = sorted([*mine, *new])


def learn(state: LairsState, seat: int, cell: int, *, entering: bool, walls: bool = True) -> None:
    """The Builder describes a space: features always, walls unless ``walls`` is False (Dazzled);
    with its walls it becomes Known."""
    explorer, feat = state.data["explorers"][seat], state.feat_of(seat)
    explorer["map"][cell] = shown(state, feat, cell, entering)
    if walls:
        learn_walls(explorer, state.walls_of(seat), cell)
        explorer["known"][cell] = True
    real = state.data["lairs"][state.lair_index(seat)]["target"].get(str(cell))
    if real is not None and explorer["map"][cell] == feat[cell]:
        explorer["targets"][str(cell)] = real
        # found again: the Target tracked in the Notes section goes back in its space
        explorer.get("noted", {}).pop(str(hazard_id(feat[cell])), None)


def open_dirs(explorer: dict[str, Any], cell: int) -> list[tuple[str, int, int]]:
    """Neighbours the explorer may try to move to: no wall learnt between. In a Known space every
    wall is learnt, so these are the open ways; in an Unknown one (Dazzled) a hidden wall may
    still stop the move."""
    mw: list[int] = explorer["map_walls"]
    return [(d, n, e) for d, n, e in grid.neighbours(cell) if e not in mw]


EMPTY_ON_MAP = ("empty", "start")


def map_empty(explorer: dict[str, Any], cell: int) -> bool:
    return explorer["map"][cell] in EMPTY_ON_MAP


# what an empty space holds: no feature, or only the Start (ruling X3)
REAL_EMPTY = (None, "start")


def bump(state: LairsState, seat: int, frm: int, to: int) -> bool:
    """Dazzled: leaving an Unknown space through a wall not yet learnt: draw it, stay put."""
    explorer = state.data["explorers"][seat]
    edge = grid.edge(frm, to)
    if edge in state.walls_of(seat):
        explorer["map_walls"] = sorted({*explorer["map_walls"], edge})
        state.log_for_both(seat, f"bumps into a wall between {grid.name(frm)} and {grid.name(to)}")
        return True
    return False


# ---------------------------------------------------------------- the base moves
def creep_targets(
    state: LairsState, seat: int, opened: list[tuple[str, int, int]] | None = None
) -> list[tuple[str, int]]:
    """Creep to an adjacent space with no wall learnt between (``opened``: the explorer's
    :func:`open_dirs`, when worked out already)."""
    explorer = state.data["explorers"][seat]
    if opened is None:
        opened = open_dirs(explorer, explorer["position"])
    return [(d, n) for d, n, _ in opened]


def peer_targets(
    state: LairsState, seat: int, opened: list[tuple[str, int, int]] | None = None
) -> list[int]:
    """Peer into an adjacent space with no wall between, not yet Known (ruling X4)."""
    explorer = state.data["explorers"][seat]
    known: list[Any] = explorer["known"]
    if has_status(explorer, "dazzled") or not known[explorer["position"]]:
        return []
    if opened is None:
        opened = open_dirs(explorer, explorer["position"])
    return [n for _, n, _ in opened if not known[n]]


# from each space, each direction with the spaces up to 3 steps that way and the edges crossed
# to enter them: the reach of a Hustle (ruling X1), worked out once
Rays = tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
_HUSTLE_RAYS: Final[tuple[Rays, ...]] = tuple(
    tuple((d, grid.ray(c, d)[:3]) for d in grid.DIRS) for c in range(grid.SPACES)
)


def wall_mask(walls: list[int]) -> int:
    """The edges of ``walls`` as a bit mask."""
    mask = 0
    for e in walls:
        mask |= 1 << e
    return mask


def hustle_options(state: LairsState, seat: int) -> list[tuple[str, int]]:
    """Hustle: up to 3 spaces in a straight line (ruling X1). Offered as (direction, most steps):
    steps past a wall already learnt are not offered."""
    explorer = state.data["explorers"][seat]
    mw = wall_mask(explorer["map_walls"])
    known: list[Any] = explorer["known"]
    shown: list[str | None] = explorer["map"]
    out: list[tuple[str, int]] = []
    rays: Rays = _HUSTLE_RAYS[explorer["position"]]
    for d, ray in rays:
        for i in range(len(ray)):
            nxt, edge = ray[i]
            if mw >> edge & 1:
                break
            out.append((d, i + 1))
            if known[nxt] and shown[nxt] not in EMPTY_ON_MAP:
                break
    return out


def _passable(explorer: dict[str, Any]) -> int:
    """The spaces a Backtrack may pass: visited, Known and empty on the map sheet (a bit mask)."""
    return _backtrack_masks(explorer)[1]


def _backtrack_masks(explorer: dict[str, Any]) -> tuple[int, int]:
    """Bit masks of the spaces visited and Known, and of those of them empty on the map sheet."""
    seen = empty = 0
    shown: list[str | None] = explorer["map"]
    visited: list[Any] = explorer["visited"]
    known: list[Any] = explorer["known"]
    for c in range(grid.SPACES):
        if visited[c] and known[c]:
            seen |= 1 << c
            m = shown[c]
            if m == "empty" or m == "start":  # EMPTY_ON_MAP
                empty |= 1 << c
    return seen, empty


def backtrack_targets(state: LairsState, seat: int) -> list[int]:
    """Backtrack (ruling X2): to any space already visited and Known, passing only visited Known
    empty spaces, with no wall learnt between. The space it ends on need not be empty (a
    visited Exit, a Known hazard the explorer walked away from); it is then resolved as
    entered: a visited Known space one step past the spaces it may pass."""
    explorer = state.data["explorers"][seat]
    start = explorer["position"]
    mw = explorer["map_walls"]
    seen, empty = _backtrack_masks(explorer)
    leave = grid.leavers(mw)  # the learnt walls' moves, once for both
    inner = grid.reach_left(start, leave, empty)
    ends = grid.step_left(inner, leave) & seen & ~empty
    return grid.cells_of((inner | ends) & ~(1 << start))


def backtrack_path(state: LairsState, seat: int, to: int) -> list[int]:
    """The spaces of a shortest Backtrack to ``to`` (the explorer's space first, ``to`` last),
    through the spaces it may pass; the space before the last is the one it enters from."""
    explorer = state.data["explorers"][seat]
    start, ok, mw = explorer["position"], _passable(explorer), set(explorer["map_walls"])
    prev = {start: start}
    frontier = [start]
    while frontier and to not in prev:
        nxt = []
        for c in frontier:
            if c != start and not ok >> c & 1:
                continue  # only the passable spaces lead on
            for _, n, edge in grid.neighbours(c):
                if n not in prev and edge not in mw:
                    prev[n] = c
                    nxt.append(n)
        frontier = nxt
    if to not in prev:
        raise ValueError(f"no Backtrack from {grid.name(start)} to {grid.name(to)}")
    path = [to]
    while path[-1] != start:
        path.append(prev[path[-1]])
    return path[::-1]


def adjacent_known_trap(state: LairsState, seat: int) -> list[int]:
    explorer = state.data["explorers"][seat]
    return [
        n
        for _, n, _ in open_dirs(explorer, explorer["position"])
        if (explorer["map"][n] or "").startswith("t:") and kind_of(explorer["map"][n]) == "trap"
    ]


def peer_targets_any(state: LairsState, seat: int) -> list[int]:
    """A Map Fragment's reach: it looks as a Peer does (ruling P2), into an adjacent space not
    yet Known with no wall between (X4), Dazzled or not. The explorer knows there is no wall
    only across an edge it has learnt, and from an Unknown space (Dazzled) the edges to spaces
    not yet Known are not learnt: from there, none."""
    explorer = state.data["explorers"][seat]
    if not explorer["known"][explorer["position"]]:
        return []
    return [n for _, n, _ in open_dirs(explorer, explorer["position"]) if not explorer["known"][n]]
