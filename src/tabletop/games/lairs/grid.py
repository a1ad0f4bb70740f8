"""The 6x6 lair grid: spaces, the edges between them, and the building limits' geometry.

Spaces are numbered 0..35 row by row and named like the map sheet, rows A-F and columns 1-6
("A1" top left). An edge between two neighbouring spaces is one int: 0..29 for the edge east of a
space, 30..59 for the edge south of one. The printed border is not an edge (it always blocks and is
never a Wall piece)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from mypy_extensions import i64

ROWS: Final = 6
COLS: Final = 6
SPACES: Final = ROWS * COLS
EDGES: Final = ROWS * (COLS - 1) + (ROWS - 1) * COLS  # 60
DIRS: Final = ("n", "e", "s", "w")
_DELTA = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


def name(cell: int) -> str:
    return f"{'ABCDEF'[cell // COLS]}{cell % COLS + 1}"


def parse(text: str) -> int:
    """ "B3" -> 8; raises ValueError naming the bad space."""
    t = text.strip().upper()
    if len(t) != 2 or t[0] not in "ABCDEF" or t[1] not in "123456":
        raise ValueError(f"no space {text!r} on the 6x6 lair (rows A-F, columns 1-6)")
    return "ABCDEF".index(t[0]) * COLS + int(t[1]) - 1


def step(cell: int, d: str) -> int | None:
    """The neighbour of ``cell`` in direction ``d``, or None past the printed border."""
    r, c = divmod(cell, COLS)
    dr, dc = _DELTA[d]
    r, c = r + dr, c + dc
    if 0 <= r < ROWS and 0 <= c < COLS:
        return r * COLS + c
    return None


def edge(a: int, b: int) -> int:
    """The edge between two neighbouring spaces."""
    lo, hi = min(a, b), max(a, b)
    if hi - lo == 1 and lo // COLS == hi // COLS:
        return (lo // COLS) * (COLS - 1) + lo % COLS
    if hi - lo == COLS:
        return ROWS * (COLS - 1) + lo
    raise ValueError(f"{name(a)} and {name(b)} are not neighbours")


@cache
def edge_cells(e: int) -> tuple[int, int]:
    if not 0 <= e < EDGES:
        raise ValueError(f"no edge {e}")
    if e < ROWS * (COLS - 1):
        r, c = divmod(e, COLS - 1)
        a = r * COLS + c
        return a, a + 1
    a = e - ROWS * (COLS - 1)
    return a, a + COLS


def edge_name(e: int) -> str:
    a, b = edge_cells(e)
    return f"{name(a)}|{name(b)}"


def parse_edge(text: str) -> int:
    """ "B3|B4" or "B3-B4" -> its edge."""
    parts = text.replace("-", "|").split("|")
    if len(parts) != 2:
        raise ValueError(f"an edge is two neighbouring spaces like 'B3|B4', got {text!r}")
    return edge(parse(parts[0]), parse(parts[1]))


@cache
def neighbours(cell: int) -> tuple[tuple[str, int, int], ...]:
    """(direction, neighbour, edge) for every neighbour inside the border."""
    out = []
    for d in DIRS:
        n = step(cell, d)
        if n is not None:
            out.append((d, n, edge(cell, n)))
    return tuple(out)


@cache
def ray(cell: int, d: str) -> tuple[tuple[int, int], ...]:
    """(space, edge crossed to enter it) for each step from ``cell`` in direction ``d``, up to
    the printed border."""
    out = []
    while (nxt := step(cell, d)) is not None:
        out.append((nxt, edge(cell, nxt)))
        cell = nxt
    return tuple(out)


def side_edge(cell: int, d: str) -> int | None:
    n = step(cell, d)
    return None if n is None else edge(cell, n)


def wall_count(cell: int, walls: Iterable[int] | set[int]) -> int:
    """Walls around a space, the printed border counting as wall (ruling B4)."""
    ws = walls if isinstance(walls, (set, frozenset)) else set(walls)
    n = 4 - len(neighbours(cell))
    return n + sum(1 for _, _, e in neighbours(cell) if e in ws)


def is_dead_end(cell: int, walls: set[int]) -> bool:
    return wall_count(cell, walls) == 3


def is_hallway(cell: int, walls: set[int]) -> bool:
    """Exactly two walls, on opposite sides."""
    if wall_count(cell, walls) != 2:
        return False
    closed = [d for d in DIRS if (e := side_edge(cell, d)) is None or e in walls]
    return OPPOSITE[closed[0]] == closed[1]


# A set of spaces is a bit mask of 36 bits, an ``i64``: a machine word in the compiled build (a
# plain int when interpreted), so the floods below run as C integer operations. A shift moves a
# mask by at most 4 rows (24 bits): 60 bits, never more than the word holds.
Leave = tuple[i64, i64, i64, i64]  # the leavers of :func:`leavers`: east, west, south, north
_Entries = tuple[i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64]

_FULL: Final = (1 << SPACES) - 1
FULL: Final = _FULL  # every space, as a bit mask
_NOT_LAST_COL: Final = sum(1 << c for c in range(SPACES) if c % COLS != COLS - 1)
_NOT_FIRST_COL: Final = sum(1 << c for c in range(SPACES) if c % COLS != 0)
_NOT_LAST_ROW: Final = sum(1 << c for c in range(SPACES) if c // COLS != ROWS - 1)
_NOT_FIRST_ROW: Final = sum(1 << c for c in range(SPACES) if c // COLS != 0)


def _moves(walls: Iterable[int]) -> tuple[int, int, int, int]:
    """Bit masks of the spaces that may step east, west, south and north past these walls."""
    e, w, so, no = _NOT_LAST_COL, _NOT_FIRST_COL, _NOT_LAST_ROW, _NOT_FIRST_ROW
    for edge_id in walls:
        a, b = edge_cells(edge_id)
        if b == a + 1:
            e &= ~(1 << a)
            w &= ~(1 << b)
        else:
            so &= ~(1 << a)
            no &= ~(1 << b)
    return e, w, so, no


def _spread(s: int, m: tuple[int, int, int, int]) -> int:
    e, w, so, no = m
    return ((s & e) << 1) | ((s & w) >> 1) | ((s & so) << COLS) | ((s & no) >> COLS)


def connected(walls: set[int]) -> bool:
    """Every space reachable from every other (No Unreachable Spaces)."""
    return _fill(1, _entries(leavers(walls), _FULL)) == _FULL


def joined(a: int, b: int, walls: Iterable[int]) -> bool:
    """Whether space ``b`` is reachable from space ``a`` past these walls (the flood stops as
    soon as it is)."""
    return joined_left(a, b, leavers(walls))


def joined_left(a: int, b: int, leave: Leave) -> bool:
    """:func:`joined` from the walls' leavers (:func:`leavers`)."""
    return bool(_fill(1 << a, _entries(leave, _FULL), 1 << b) >> b & 1)


def distances(start: int, walls: set[int]) -> list[int]:
    """Steps from ``start`` to every space (-1 if unreachable)."""
    dist = [-1] * SPACES
    dist[start] = 0
    q = deque([start])
    while q:
        c = q.popleft()
        for _, n, e in neighbours(c):
            if dist[n] < 0 and e not in walls:
                dist[n] = dist[c] + 1
                q.append(n)
    return dist


def peril_reach(start: int, walls: set[int], kinds: Sequence[str | None]) -> list[bool]:
    """Spaces reachable from ``start`` by a path that crosses at most one Monster and at most one
    Trap (the Peril Rule). ``kinds[cell]`` is "monster", "trap" or None. A flood over four layers
    (no hazard crossed yet, a Monster, a Trap, both), each a bit mask of the 36 spaces."""
    m = _moves(walls)
    mon = sum(1 << c for c, k in enumerate(kinds) if k == "monster")
    trap = sum(1 << c for c, k in enumerate(kinds) if k == "trap")
    free = _FULL & ~mon & ~trap
    l0, l1, l2, l3 = 1 << start, 0, 0, 0
    while True:
        n0, n1, n2, n3 = _spread(l0, m), _spread(l1, m), _spread(l2, m), _spread(l3, m)
        a0 = l0 | (n0 & free)
        a1 = l1 | (n0 & mon) | (n1 & free)
        a2 = l2 | (n0 & trap) | (n2 & free)
        a3 = l3 | (n1 & trap) | (n2 & mon) | (n3 & free)
        if (a0, a1, a2, a3) == (l0, l1, l2, l3):
            reach = l0 | l1 | l2 | l3
            return [bool(reach >> c & 1) for c in range(SPACES)]
        l0, l1, l2, l3 = a0, a1, a2, a3


@cache
def _blocks(e: int) -> tuple[int, int, int, int]:
    """The moves a Wall on edge ``e`` blocks: bits of (east, west, south, north) leavers."""
    a, b = edge_cells(e)
    if b == a + 1:
        return 1 << a, 1 << b, 0, 0
    return 0, 0, 1 << a, 1 << b


# per edge, the leavers a Wall there removes: east, west, south and north (small ints, each
# a 36-bit mask, so that compiled code keeps them in machine words)
_BLOCK_E: Final = tuple(_blocks(e)[0] for e in range(EDGES))
_BLOCK_W: Final = tuple(_blocks(e)[1] for e in range(EDGES))
_BLOCK_S: Final = tuple(_blocks(e)[2] for e in range(EDGES))
_BLOCK_N: Final = tuple(_blocks(e)[3] for e in range(EDGES))


def leavers(walls: Iterable[int]) -> Leave:
    """Bit masks of the spaces that may step east, west, south and north past these walls."""
    e: i64 = _NOT_LAST_COL
    w: i64 = _NOT_FIRST_COL
    so: i64 = _NOT_LAST_ROW
    no: i64 = _NOT_FIRST_ROW
    for x in walls:
        e &= ~_BLOCK_E[x]
        w &= ~_BLOCK_W[x]
        so &= ~_BLOCK_S[x]
        no &= ~_BLOCK_N[x]
    return e, w, so, no


def with_wall(leave: Leave, x: int) -> Leave:
    """:func:`leavers` of these walls and one more, on edge ``x``."""
    e, w, so, no = leave
    return e & ~_BLOCK_E[x], w & ~_BLOCK_W[x], so & ~_BLOCK_S[x], no & ~_BLOCK_N[x]


def _entries(leave: Leave, allowed: i64) -> _Entries:
    """For an occluded flood fill (Kogge-Stone): per direction, the spaces inside ``allowed``
    that may be entered by a step of 1, then of 2, then of 4 spaces (1, 2, 4 rows for north and
    south), from the leavers of :func:`leavers`."""
    e, w, so, no = leave
    e1 = allowed & (e << 1)
    w1 = allowed & (w >> 1)
    s1 = allowed & (so << COLS)
    n1 = allowed & (no >> COLS)
    e2, w2, s2, n2 = e1 & (e1 << 1), w1 & (w1 >> 1), s1 & (s1 << COLS), n1 & (n1 >> COLS)
    e4, w4, s4, n4 = e2 & (e2 << 2), w2 & (w2 >> 2), s2 & (s2 << 2 * COLS), n2 & (n2 >> 2 * COLS)
    return e1, e2, e4, w1, w2, w4, s1, s2, s4, n1, n2, n4


def _fill(g: i64, p: _Entries, until: i64 = 0) -> i64:
    """Every space reachable from the spaces ``g`` through the entries ``p`` (of :func:`_entries`):
    whole corridors at a time, so a few rounds fill the lair. With ``until``, it stops after the
    round that reaches one of those spaces."""
    e1, e2, e4, w1, w2, w4, s1, s2, s4, n1, n2, n4 = p
    c1: i64 = COLS
    c2: i64 = 2 * COLS
    c4: i64 = 4 * COLS
    while True:
        before = g
        g |= e1 & (g << 1)
        g |= e2 & (g << 2)
        g |= e4 & (g << 4)
        g |= w1 & (g >> 1)
        g |= w2 & (g >> 2)
        g |= w4 & (g >> 4)
        g |= s1 & (g << c1)
        g |= s2 & (g << c2)
        g |= s4 & (g << c4)
        g |= n1 & (g >> c1)
        g |= n2 & (g >> c2)
        g |= n4 & (g >> c4)
        if g == before or g & until:
            return g


def reach(start: int, walls: Iterable[int], allowed: int) -> int:
    """The spaces reachable from ``start`` past these walls through the spaces of the bit mask
    ``allowed`` (``start`` itself always), as a bit mask."""
    return _fill(1 << start, _entries(leavers(walls), allowed | 1 << start))


def reach_left(start: int, leave: Leave, allowed: int) -> int:
    """:func:`reach` from the walls' leavers (:func:`leavers`)."""
    return _fill(1 << start, _entries(leave, allowed | 1 << start))


def step_left(g: int, leave: Leave) -> int:
    """:func:`next_to` from the walls' leavers (:func:`leavers`)."""
    return _step(g, leave)


def cells_of(mask: int) -> list[int]:
    """The spaces of a bit mask, in order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def peril_mask(start: int, walls: Iterable[int], mon: int, trap: int, goals: int = _FULL) -> int:
    """:func:`peril_reach` as one bit mask, from the Monster and Trap masks (the fast form for
    checking one placement). The four layers (no hazard crossed, a Monster, a Trap, both) are
    filled in that order, each once: a path only ever moves to a later layer. Once the spaces
    of ``goals`` are all reached the rest is not filled (the mask then holds them, not every
    space the rule lets the Start reach)."""
    return peril_mask_left(start, leavers(walls), mon, trap, goals)


def peril_mask_left(start: int, leave: Leave, mon: i64, trap: i64, goals: i64 = _FULL) -> i64:
    """:func:`peril_mask` from the walls' leavers (:func:`leavers`), worked out once for many
    masks of the same lair."""
    full: i64 = _FULL
    free = full & ~mon & ~trap
    inside = _entries(leave, free)
    # (1 << start) as an int, then a word: mypyc would shift a literal 1 as a C int
    l0 = _fill(1 << start, inside)
    if not goals & ~l0:
        return l0
    step0 = _step(l0, leave)
    l1 = _fill(step0 & mon, inside) | (step0 & mon)
    l2 = _fill(step0 & trap, inside) | (step0 & trap)
    if not goals & ~(l0 | l1 | l2):
        return l0 | l1 | l2
    l3_seed = (_step(l1, leave) & trap) | (_step(l2, leave) & mon)
    l3 = _fill(l3_seed, inside) | l3_seed
    return l0 | l1 | l2 | l3


def next_to(g: int, walls: Iterable[int]) -> int:
    """The spaces one step from the spaces ``g`` past these walls (a bit mask)."""
    return _step(g, leavers(walls))


def _step(g: i64, leave: Leave) -> i64:
    """The spaces one step from ``g`` past the walls (leavers of :func:`leavers`)."""
    e, w, so, no = leave
    return ((g & e) << 1) | ((g & w) >> 1) | ((g & so) << COLS) | ((g & no) >> COLS)


def bridges(walls: set[int]) -> set[int]:
    """Open edges whose walling would cut the lair in two (Tarjan's bridges, on 36 spaces)."""
    disc = [-1] * SPACES
    low = [0] * SPACES
    out: set[int] = set()
    time = 0
    # iterative DFS: (cell, edge it was entered by, neighbour iterator)
    for root in range(SPACES):
        if disc[root] >= 0:
            continue
        disc[root] = low[root] = time
        time += 1
        stack = [(root, -1, iter(neighbours(root)))]
        while stack:
            c, via, it = stack[-1]
            advanced = False
            for _, n, e in it:
                if e in walls or e == via:
                    continue
                if disc[n] < 0:
                    disc[n] = low[n] = time
                    time += 1
                    stack.append((n, e, iter(neighbours(n))))
                    advanced = True
                    break
                low[c] = min(low[c], disc[n])
            if advanced:
                continue
            stack.pop()
            if stack:
                p = stack[-1][0]
                low[p] = min(low[p], low[c])
                if low[c] > disc[p]:
                    out.add(via)
    return out


def peril_witness(
    start: int, walls: set[int], kinds: Sequence[str | None], goals: Sequence[int]
) -> tuple[list[bool], set[int], set[int]]:
    """The Peril Rule's reach from the Start (as :func:`peril_reach`), plus the edges and spaces
    of one allowed path to each reachable goal: a change that touches none of them keeps every
    goal reachable. The flood keeps each step's four layers, so a path is read back from them."""
    m = _moves(walls)
    mon = sum(1 << c for c, k in enumerate(kinds) if k == "monster")
    trap = sum(1 << c for c, k in enumerate(kinds) if k == "trap")
    free = _FULL & ~mon & ~trap
    hist = [(1 << start, 0, 0, 0)]
    while True:
        l0, l1, l2, l3 = hist[-1]
        n0, n1, n2, n3 = _spread(l0, m), _spread(l1, m), _spread(l2, m), _spread(l3, m)
        nxt = (
            l0 | (n0 & free),
            l1 | (n0 & mon) | (n1 & free),
            l2 | (n0 & trap) | (n2 & free),
            l3 | (n1 & trap) | (n2 & mon) | (n3 & free),
        )
        if nxt == hist[-1]:
            break
        hist.append(nxt)
    last = hist[-1]
    union = last[0] | last[1] | last[2] | last[3]
    reach = [bool(union >> c & 1) for c in range(SPACES)]
    edges: set[int] = set()
    cells: set[int] = set()
    for g in goals:
        if not reach[g]:
            continue
        # the first step and layer the goal was reached in
        i, layer = min((i, L) for i, h in enumerate(hist) for L in range(4) if h[L] >> g & 1)
        cell = g
        cells.add(cell)
        while i > 0:
            k = kinds[cell]
            step_back = None
            for _, p, e in neighbours(cell):
                if e in walls:
                    continue
                for prev in range(4):
                    if not hist[i - 1][prev] >> p & 1:
                        continue
                    if k == "monster":
                        ok = not prev & 1 and layer == prev | 1
                    elif k == "trap":
                        ok = not prev & 2 and layer == prev | 2
                    else:
                        ok = prev == layer
                    if ok:
                        step_back = (p, prev, e)
                        break
                if step_back:
                    break
            assert step_back is not None
            p, prev, e = step_back
            edges.add(e)
            cells.add(p)
            j = min(j for j in range(i) if hist[j][prev] >> p & 1)
            cell, layer, i = p, prev, j
    return reach, edges, cells


def peril_path_cells(start: int, leave: Leave, mon: i64, trap: i64, goals: i64) -> i64:
    """The spaces (a bit mask) of one path allowed by the Peril Rule from ``start`` to each goal
    of ``goals`` the Start reaches (from the walls' leavers, :func:`leavers`): a Hazard placed off
    them leaves every such goal reached. A flood one step at a time over the four layers of
    :func:`peril_reach`, each step kept, then each path read back from them."""
    full: i64 = _FULL
    free = full & ~mon & ~trap
    # the four layers of every step, one after another: layer L of step i is hist[4 * i + L]
    l0: i64 = 1 << start  # shifted as an int, then a word (see peril_mask_left)
    l1: i64 = 0
    l2: i64 = 0
    l3: i64 = 0
    hist: list[i64] = [l0, l1, l2, l3]
    while True:
        n0, n1, n2, n3 = _step(l0, leave), _step(l1, leave), _step(l2, leave), _step(l3, leave)
        a0 = l0 | (n0 & free)
        a1 = l1 | (n0 & mon) | (n1 & free)
        a2 = l2 | (n0 & trap) | (n2 & free)
        a3 = l3 | (n1 & trap) | (n2 & mon) | (n3 & free)
        if a0 == l0 and a1 == l1 and a2 == l2 and a3 == l3:
            break
        hist += (a0, a1, a2, a3)
        l0, l1, l2, l3 = a0, a1, a2, a3
    out: i64 = 0
    todo = goals & (l0 | l1 | l2 | l3)
    while todo:
        low = todo & -todo
        todo ^= low
        # the first step and layer the goal was reached in
        at = _first(hist, low)
        i, layer = at >> 2, at & 3
        bit = low
        out |= bit
        while i > 0:
            if bit & mon:
                prev = layer & ~1
            elif bit & trap:
                prev = layer & ~2
            else:
                prev = layer
            near = _step(bit, leave) & hist[4 * (i - 1) + prev]
            bit = near & -near
            out |= bit
            layer = prev
            i -= 1
            while i > 0 and hist[4 * (i - 1) + layer] & bit:
                i -= 1
    return out


def _first(hist: list[i64], bit: i64) -> int:
    """The first entry of ``hist`` (4 * step + layer) holding the space ``bit``."""
    for at in range(len(hist)):
        if hist[at] & bit:
            return at
    raise ValueError("lairs: the space is not reached")
