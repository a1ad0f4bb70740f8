"""Building a lair (base rules) and Hazard Selection (Adventurer's Pack, "Before Building Lairs").

Each builder places, behind the screen, the Start, the Exit, 3 Chests, the 3 selected Monsters,
the 3 selected Traps (one feature per space) and 17 to 20 Wall pieces on the edges between
spaces. The three legality rules hold at every step (ruling B1): No Unreachable Spaces, the Peril
Rule (from the Start, each Goal, the Exit and every Chest, has a path crossing at most one Monster
and at most one Trap) and each hazard's own placement limit (a Whisperling Mob only in a dead end,
Crushing Walls only in a hallway). A placement that would break one is not offered, and the
refusal names the rule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import grid
from ..content import Content
from ..state import LairsState


def pieces_required(data: dict[str, Any], content: Content) -> dict[str, int]:
    need: dict[str, int] = {"start": 1, "exit": 1, "chest": content.chests}
    for m in data["monsters"]:
        need[f"m:{m}"] = need.get(f"m:{m}", 0) + 1
    for t in data["traps"]:
        need[f"t:{t}"] = need.get(f"t:{t}", 0) + 1
    return need


def pieces_left(data: dict[str, Any], lair: dict[str, Any], content: Content) -> dict[str, int]:
    left = pieces_required(data, content)
    for f in lair["feat"]:
        if f is not None:
            left[f] -= 1
    return {k: v for k, v in left.items() if v > 0}


def kind_of(feature: str | None) -> str | None:
    if feature is None:
        return None
    if feature.startswith("m:"):
        return "monster"
    if feature.startswith("t:"):
        return "trap"
    return feature


def hazard_id(feature: str | None) -> str | None:
    if feature is not None and feature[:2] in ("m:", "t:"):
        return feature[2:]
    return None


def problem(feat: list[str | None], walls: set[int], content: Content) -> str | None:
    """Why a (partial) lair breaks a legality rule, or None."""
    if not grid.connected(walls):
        return "No Unreachable Spaces: a wall there would cut off part of the lair"
    for cell, f in enumerate(feat):
        hid = hazard_id(f)
        if hid is None:
            continue
        h = content.hazards[hid]
        if h.placement == "dead-end" and not grid.is_dead_end(cell, walls):
            return f"{h.name} may only stand in a dead end (a space with exactly three walls)"
        if h.placement == "hallway" and not grid.is_hallway(cell, walls):
            return f"{h.name} may only stand in a hallway (exactly two walls, on opposite sides)"
    if "start" in feat:
        start = feat.index("start")
        reach = grid.peril_reach(start, walls, [kind_of(f) for f in feat])
        for cell, f in enumerate(feat):
            if f in ("exit", "chest") and not reach[cell]:
                return (
                    f"the Peril Rule: the {f} at {grid.name(cell)} needs a path from the Start "
                    "crossing at most one Monster and at most one Trap"
                )
    return None


def place_problem(
    lair: dict[str, Any], piece: str, cell: int | None, edge: int | None, content: Content
) -> str | None:
    feat = list(lair["feat"])
    walls = set(lair["walls"])
    if piece == "wall":
        assert edge is not None
        if edge in walls:
            return f"there is already a wall at {grid.edge_name(edge)}"
        if len(walls) >= content.walls_max:
            return f"a lair holds at most {content.walls_max} Wall pieces"
        walls.add(edge)
    else:
        assert cell is not None
        if feat[cell] is not None:
            return f"{grid.name(cell)} already holds a feature (one feature per space)"
        feat[cell] = piece
    return problem(feat, walls, content)


def placement_problem(
    lair: dict[str, Any], piece: str, cell: int | None, edge: int | None, content: Content
) -> str | None:
    """:func:`place_problem` for a lair that keeps every rule before the placement (as every
    lair does, ruling B1): only what the placement can change is checked (the placement limits
    of the spaces it touches, connectivity for a Wall, the Peril Rule once), so one action's
    legality is one flood of the lair, not a listing of every placement."""
    feat = lair["feat"]
    walls = lair["walls"]
    if piece == "wall":
        assert edge is not None
        if edge in walls:
            return f"there is already a wall at {grid.edge_name(edge)}"
        if len(walls) >= content.walls_max:
            return f"a lair holds at most {content.walls_max} Wall pieces"
        trial = {*walls, edge}
        a, b = grid.edge_cells(edge)
        touched: tuple[int, ...] = (a, b)
        # the walls' leavers, worked out once for the connection and the Peril Rule
        walled = grid.with_wall(grid.leavers(walls), edge)
        leave: grid.Leave | None = walled
        # the lair was connected: the new Wall cuts it only if its two spaces are now apart
        if not grid.joined_left(a, b, walled):
            return "No Unreachable Spaces: a wall there would cut off part of the lair"
        new_walls: Any = trial
    else:
        assert cell is not None
        if feat[cell] is not None:
            return f"{grid.name(cell)} already holds a feature (one feature per space)"
        touched = (cell,)
        new_walls = walls
        leave = None
    for c in touched:
        f = piece if c == cell else feat[c]
        hid = hazard_id(f)
        if hid is None:
            continue
        h = content.hazards[hid]
        ws = new_walls if isinstance(new_walls, set) else set(new_walls)
        if h.placement == "dead-end" and not grid.is_dead_end(c, ws):
            return f"{h.name} may only stand in a dead end (a space with exactly three walls)"
        if h.placement == "hallway" and not grid.is_hallway(c, ws):
            return f"{h.name} may only stand in a hallway (exactly two walls, on opposite sides)"
    if piece in ("start",) or "start" in feat:
        start = cell if piece == "start" else feat.index("start")
        assert start is not None
        mon, trap, goals = _masks(feat)
        if cell is not None:
            k = kind_of(piece)
            if k == "monster":
                mon |= 1 << cell
            elif k == "trap":
                trap |= 1 << cell
            elif k in ("exit", "chest"):
                goals |= 1 << cell
        cut = 0
        if goals:
            if leave is None:
                leave = grid.leavers(new_walls)
            cut = goals & ~grid.peril_mask_left(start, leave, mon, trap, goals)
        if cut:
            c = (cut & -cut).bit_length() - 1
            f = piece if c == cell else feat[c]
            return (
                f"the Peril Rule: the {f} at {grid.name(c)} needs a path from the Start "
                "crossing at most one Monster and at most one Trap"
            )
    return None


Placing = tuple[set[int], grid.Leave, int, int, int, int]


def placing_context(lair: dict[str, Any]) -> Placing:
    """What :func:`placement_ok` reads of a lair, worked out once for many placements in it:
    its Walls (a set) and their leavers, the Monster, Trap and goal masks, and the Start (-1:
    none yet)."""
    walls: list[int] = lair["walls"]
    mon, trap, goals, start = _layout(lair["feat"])
    return set(walls), grid.leavers(walls), mon, trap, goals, start


def placement_ok(
    lair: dict[str, Any],
    piece: str,
    cell: int,
    edge: int,
    content: Content,
    ctx: Placing,
) -> bool:
    """Whether :func:`placement_problem` finds nothing wrong with placing ``piece`` on space
    ``cell`` (or, for a Wall, on ``edge``; the other one -1), from the lair's
    :func:`placing_context` ``ctx``: the same answer, without the words or the per-call set-up."""
    feat = lair["feat"]
    walls, leave, mon, trap, goals, start = ctx
    if piece == "wall":
        if edge in walls or len(walls) >= content.walls_max:
            return False
        walled = grid.with_wall(leave, edge)
        a, b = grid.edge_cells(edge)
        if not grid.joined_left(a, b, walled):
            return False
        trial = walls | {edge}
        if not _special_ok(feat, trial, (a, b), content):
            return False
        if start >= 0 and goals:
            return not goals & ~grid.peril_mask_left(start, walled, mon, trap, goals)
        return True
    if feat[cell] is not None:
        return False
    hid = hazard_id(piece)
    if hid is not None:
        h = content.hazards[hid]
        if h.placement == "dead-end" and not grid.is_dead_end(cell, walls):
            return False
        if h.placement == "hallway" and not grid.is_hallway(cell, walls):
            return False
    if piece != "start" and start < 0:
        return True
    origin = cell if piece == "start" else start
    k = kind_of(piece)
    bit = 1 << cell
    if k == "monster":
        mon |= bit
    elif k == "trap":
        trap |= bit
    elif k in ("exit", "chest"):
        goals |= bit
    return not goals or not goals & ~grid.peril_mask_left(origin, leave, mon, trap, goals)


def _special_ok(feat: list[str | None], walls: set[int], cells: Any, content: Content) -> bool:
    for cell in cells:
        hid = hazard_id(feat[cell])
        if hid is None:
            continue
        h = content.hazards[hid]
        if h.placement == "dead-end" and not grid.is_dead_end(cell, walls):
            return False
        if h.placement == "hallway" and not grid.is_hallway(cell, walls):
            return False
    return True


def _witness(lair: dict[str, Any]) -> tuple[list[bool], set[int], set[int]] | None:
    feat = lair["feat"]
    if "start" not in feat:
        return None
    goals = [c for c, f in enumerate(feat) if f in ("exit", "chest")]
    return grid.peril_witness(
        feat.index("start"), set(lair["walls"]), [kind_of(f) for f in feat], goals
    )


def _masks(feat: list[str | None]) -> tuple[int, int, int]:
    """Bit masks of the spaces holding a Monster, a Trap, and a goal (the Exit or a Chest)."""
    mon, trap, goals, _ = _layout(feat)
    return mon, trap, goals


def _layout(feat: list[str | None]) -> tuple[int, int, int, int]:
    """:func:`_masks` and the Start's space (the first; -1: none), in one pass."""
    mon = trap = goals = 0
    start = -1
    for c in range(len(feat)):
        f = feat[c]
        if f is None:
            continue
        if f.startswith("m:"):
            mon |= 1 << c
        elif f.startswith("t:"):
            trap |= 1 << c
        elif f == "exit" or f == "chest":
            goals |= 1 << c
        elif f == "start" and start < 0:
            start = c
    return mon, trap, goals, start


def _peril_holds(feat: list[str | None], walls: set[int]) -> bool:
    """The Peril Rule alone (the other rules checked apart)."""
    if "start" not in feat:
        return True
    mon, trap, goals = _masks(feat)
    return not goals & ~grid.peril_mask(feat.index("start"), walls, mon, trap, goals)


def legal_cells(
    lair: dict[str, Any],
    piece: str,
    content: Content,
    among: Sequence[int] | None = None,
    limit: int = 0,
) -> list[int]:
    """Spaces where ``piece`` may go now; the same answer as :func:`place_problem` for every
    space of a lair that keeps every rule (as every lair does, ruling B1), found with bit masks
    worked out once: the Start only moves the Peril Rule's origin; a Hazard must keep its own
    placement limit and every goal's path; a goal must be one the Start reaches under the Peril
    Rule. A Hazard's Peril check floods only from a space the Start reaches that way (elsewhere
    no path crosses it). With ``among``, only those spaces, in that order; with ``limit``, the
    first ``limit`` legal ones (a Hazard's search stops there)."""
    feat, walls = lair["feat"], lair["walls"]
    spaces = range(grid.SPACES) if among is None else among
    free = [c for c in spaces if feat[c] is None]
    if limit:
        return _legal_cells(feat, walls, piece, content, free, limit)[:limit]
    return _legal_cells(feat, walls, piece, content, free, limit)


def _legal_cells(
    feat: list[str | None],
    walls: list[int],
    piece: str,
    content: Content,
    free: list[int],
    limit: int,
) -> list[int]:
    """:func:`legal_cells` among the free spaces ``free``."""
    mon, trap, goals = _masks(feat)
    leave = grid.leavers(walls)
    if piece == "start":
        # the Start changes neither reachability nor a placement limit: only the Peril Rule
        if not goals:
            return free
        placed = feat.index("start") if "start" in feat else grid.SPACES  # (the first counts)
        return [
            c
            for c in free
            if not goals & ~grid.peril_mask_left(min(c, placed), leave, mon, trap, goals)
        ]
    start = feat.index("start") if "start" in feat else -1
    reach = grid.peril_mask_left(start, leave, mon, trap) if start >= 0 else grid.FULL
    k = kind_of(piece)
    if k not in ("monster", "trap"):
        return [c for c in free if reach >> c & 1]  # a goal the Start reaches (or any space)
    h = content.hazards[piece[2:]]
    ws = set(walls)
    out: list[int] = []
    # the spaces of one allowed path to each goal: a Hazard off them leaves those paths
    # allowed, so only a space on them needs the Peril check (found on the first such space,
    # when every legal space is listed: a search stopping after a few, among the spaces most
    # paths cross, mostly checks spaces on them, and finding them would cost it more)
    on_path = -1 if not limit else grid.FULL
    for c in free:
        if limit and len(out) >= limit:
            break
        if h.placement == "dead-end" and not grid.is_dead_end(c, ws):
            continue
        if h.placement == "hallway" and not grid.is_hallway(c, ws):
            continue
        if start >= 0 and goals and reach >> c & 1:
            if on_path < 0:
                on_path = grid.peril_path_cells(start, leave, mon, trap, goals)
            if not on_path >> c & 1:
                out.append(c)
                continue
            bit = 1 << c
            m, t = (mon | bit, trap) if k == "monster" else (mon, trap | bit)
            if goals & ~grid.peril_mask_left(start, leave, m, t, goals):
                continue
        out.append(c)
    return out


def legal_edges(lair: dict[str, Any], content: Content) -> list[int]:
    """Edges where a Wall may go now (as :func:`place_problem`, with one search)."""
    walls = set(lair["walls"])
    if len(walls) >= content.walls_max:
        return []
    cut = grid.bridges(walls)
    w = _witness(lair)
    out = []
    for e in range(grid.EDGES):
        if e in walls or e in cut:
            continue
        trial = walls | {e}
        if not _special_ok(lair["feat"], trial, grid.edge_cells(e), content):
            continue
        if w is not None and e in w[1] and not _peril_holds(lair["feat"], trial):
            continue
        out.append(e)
    return out


def removable_edges(lair: dict[str, Any], content: Content, only: int | None = None) -> list[int]:
    """Walls that may be taken back (of ``only``, when given: that one alone is checked): fewer
    walls never cut a path, so only a hazard's own placement limit can forbid it."""
    walls = set(lair["walls"])
    return [
        e
        for e in (lair["walls"] if only is None else [only])
        if _special_ok(lair["feat"], walls - {e}, grid.edge_cells(e), content)
    ]


def complete(data: dict[str, Any], lair: dict[str, Any], content: Content) -> bool:
    """Every piece placed and enough Walls: ready, for a lair that keeps every rule (as a lair
    built step by step does)."""
    return len(lair["walls"]) >= content.walls_min and not pieces_left(data, lair, content)


def ready_problem(data: dict[str, Any], lair: dict[str, Any], content: Content) -> str | None:
    left = pieces_left(data, lair, content)
    if left:
        return "pieces still to place: " + ", ".join(f"{n} {k}" for k, n in sorted(left.items()))
    if len(lair["walls"]) < content.walls_min:
        return f"a lair needs at least {content.walls_min} Wall pieces (has {len(lair['walls'])})"
    return problem(lair["feat"], set(lair["walls"]), content)


def place(lair: dict[str, Any], piece: str, cell: int | None, edge: int | None) -> None:
    if piece == "wall":
        assert edge is not None
        lair["walls"] = sorted([*lair["walls"], edge])
    else:
        assert cell is not None
        lair["feat"][cell] = piece


# ---------------------------------------------------------------- Hazard Selection
def select_hazards(state: LairsState) -> None:
    """Intro game: three Hungry Blobs and three Greased Pits. Otherwise three Monsters and three
    Traps, identical for both lairs: drawn at random (the base game and the Pack's "fully
    random"), named by the players (the Pack's "friendly", the ``hazards`` parameter), or drafted
    (a decision per pick; see :mod:`..decisions`)."""
    data, content = state.data, state.content
    if data["mode"] == "intro":
        m = next(h.id for h in content.monsters.values() if h.intro)
        t = next(h.id for h in content.traps.values() if h.intro)
        data["monsters"], data["traps"] = [m] * content.n_monsters, [t] * content.n_traps
        return
    pool_m, pool_t = content.hazard_pool(data["pack"])
    how = state.game.params.get("selection", "random")
    if how == "friendly":
        chosen = friendly_set(state.game.params.get("hazards", ""), content, data["pack"])
        data["monsters"] = [h for h in chosen if h in content.monsters]
        data["traps"] = [h for h in chosen if h in content.traps]
        return
    if how == "drafting":
        data["draft"] = {"pool": sorted(pool_m) + sorted(pool_t), "next": state.rng.below(2)}
        return
    data["monsters"] = sorted(state.rng.sample(sorted(pool_m), content.n_monsters))
    data["traps"] = sorted(state.rng.sample(sorted(pool_t), content.n_traps))


RECOMMENDED = (
    "hungry-blob",
    "gloombat",
    "furniture-golem",
    "greased-pit",
    "chain-snares",
    "howling-beetles",
)


def friendly_set(text: str, content: Content, pack: bool) -> list[str]:
    """The hazards the players agreed on: a comma list of 3 Monster and 3 Trap ids, or the
    designed recommended set when none is given (ruling S2)."""
    names = [x.strip() for x in text.split(",") if x.strip()] if text else list(RECOMMENDED)
    pool_m, pool_t = content.hazard_pool(pack)
    for n in names:
        if n not in pool_m and n not in pool_t:
            raise ValueError(
                f"hazards: unknown or unavailable hazard {n!r} "
                f"(available: {', '.join(sorted(pool_m + pool_t))})"
            )
    monsters = [n for n in names if n in pool_m]
    traps = [n for n in names if n in pool_t]
    if (
        len(monsters) != content.n_monsters
        or len(traps) != content.n_traps
        or len(set(names)) != len(names)
    ):
        raise ValueError(
            f"hazards: name {content.n_monsters} different Monsters and "
            f"{content.n_traps} different Traps; "
            f"got {', '.join(names)}"
        )
    return names


def draft_options(data: dict[str, Any], content: Content) -> list[str]:
    monsters, traps = len(data["monsters"]), len(data["traps"])
    return [
        h
        for h in data["draft"]["pool"]
        if (h in content.monsters and monsters < content.n_monsters)
        or (h in content.traps and traps < content.n_traps)
    ]


def draft_pick(data: dict[str, Any], content: Content, hid: str) -> bool:
    """Take one hazard; True once three of each are chosen."""
    data["draft"]["pool"].remove(hid)
    (data["monsters"] if hid in content.monsters else data["traps"]).append(hid)
    data["draft"]["next"] = 1 - data["draft"]["next"]
    return len(data["monsters"]) == content.n_monsters and len(data["traps"]) == content.n_traps
