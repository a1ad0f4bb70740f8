"""What a seat cannot see in Lairs, drawn again for a search (``State.resample``, ruling K2).

Hidden from a seat: the spaces of a lair it did not build whose map sheet does not show them
truly (their features, and any changed Target on them), the Walls on edges nobody but the
builder has learnt, the order of the Treasure and Junk decks, the rival's Junk hand, and every
random number still to come. Each resample redraws all of them, every time, from the ``rng`` it
is given, and gives the copy a fresh RNG of its own; between the steps of a turn and while a
check, an effect or a Builder's choice is under way alike (a Builder's choice that names hidden
spaces is worked out again on the redrawn lair).

A lair is built directly, never drawn and thrown away: the hidden Walls first, one at a time on
the unlearnt edges, each kept only if the lair stays connected (the sets of Walls that leave a
lair connected form a matroid, so this always places as many as the lair holds); then the hidden
features one at a time, each on a hidden space where it breaks no building rule (the Exit and the
Chests first, then the hazards with a placement limit, then the others, so that the Peril Rule
can only be kept or broken by the last one placed). A space the map sheet shows as Known and
empty may only get nothing or an invisible hazard (a Whisperling Mob, Crushing Walls), which a
Peer does not tell. Should such a build come to a space where nothing fits, it starts again; after
a few starts the lair is redrawn by a walk from the lair as it is instead (each step a swap of two
hidden spaces or a hidden Wall moved, kept only if the lair still keeps the rules), which cannot
fail. The rules kept are those the real lair keeps: the Howling Beetles may break the Peril Rule,
and once a lair does, its redraws need not keep it.
"""

from __future__ import annotations

import marshal
from typing import Any

from tabletop.engine.knowledge import knows
from tabletop.engine.piles import shuffle
from tabletop.engine.rng import Rng

from . import grid
from .content import Content
from .rules import builder, building
from .rules.building import hazard_id, kind_of
from .state import LairsState, zone_name

STARTS = 6  # direct builds tried before the walk from the lair as it is

# how each resample was made, counted for tests and measurements (never read by the rules)
COUNTS = {"built": 0, "walked": 0}


def resample(state: LairsState, seat: int | None, rng: Rng) -> LairsState:
    """A copy of ``st`` that ``seat`` (None: a spectator) cannot tell from it, with everything
    hidden from ``seat`` drawn again from ``rng`` and a fresh RNG."""
    other = state.clone()
    data = other.data
    for i in range(len(data["lairs"])):
        if data["solo"] or seat is None or seat != i:  # a builder knows its own lair
            redraw_lair(other, i, seat, rng)
    _rework_ask(other, state, seat, rng)
    shuffle(data["treasure"], rng)
    if data["junk_deck"] is not None:
        hands = () if data["solo"] else (0, 1) if seat is None else (1 - seat,)
        shuffle(data["junk_deck"], rng)
        for holder in hands:  # the Junk hands this seat has not seen
            redraw_junk(data, holder, rng)
    other.rng = Rng(rng.next64())
    other.invalidate()
    return other


def redraw_junk(data: dict[str, Any], holder: int, rng: Rng) -> None:
    """Explorer ``holder``'s Junk hand drawn again from the Junk deck, but for a card it is
    playing now (a Junk card is played face up, so its cost is paid in the open): that one stays
    where it is, and a discard it must make offers the hand as it is now."""
    explorer = data["explorers"][holder]
    ask = data["ask"]
    mine = ask is not None and ask["seat"] == holder
    playing = None
    if mine and ask["kind"] == "pay" and ask["act"]["kind"] == "junk":
        playing = ask["act"]["args"]["card"]
    hand = list(explorer["junk"])
    kept = hand.index(playing) if playing in hand else None
    hidden = [card for at, card in enumerate(hand) if at != kept]
    deck = data["junk_deck"]
    deck["draw"] = list(deck["draw"]) + hidden
    shuffle(deck, rng)
    fresh = [deck["draw"].pop() for _ in hidden]
    explorer["junk"] = [card if at == kept else fresh.pop() for at, card in enumerate(hand)]
    held = set(hand)
    if mine and ask["kind"] in ("discard", "discard-junk") and held & set(ask["options"]):
        # the rules offer the Treasures held (face up), then the Junk hand, each sorted
        ask["options"] = [o for o in ask["options"] if o not in held] + sorted(
            set(explorer["junk"])
        )


def explorer_of(state: LairsState, i: int) -> int:
    """The explorer who explores lair ``i``."""
    return 0 if state.data["solo"] else 1 - i


def json_copy(x: Any) -> Any:
    return marshal.loads(marshal.dumps(x))


def redraw_lair(
    state: LairsState, i: int, seat: int | None, rng: Rng, only_unknown: bool = False
) -> None:
    """Draw again what ``seat`` does not know of lair ``i``: the features (and changed Targets)
    of its hidden spaces and its Walls on unlearnt edges, keeping the rules the lair keeps.
    ``only_unknown``: the map sheet's Known spaces keep what they hold (an invisible hazard)."""
    content = state.content
    lair = state.lair(i)
    zone = state.secrets().zones[zone_name(i)]
    explorer = state.data["explorers"][explorer_of(state, i)]
    feat: list[str | None] = lair["feat"]
    hidden = [
        c
        for c in range(grid.SPACES)
        if not knows(zone["known"][c], seat)
        and not (only_unknown and explorer["map"][c] is not None)
    ]
    free = state.unlearnt_edges(i)
    walls = set(lair["walls"])
    if not hidden and not free:
        return
    peril = building.problem(feat, walls, content) is None
    targets: dict[str, int] = lair["target"]
    pieces = [(feat[c], targets.get(str(c))) for c in hidden]
    # the map sheet's Known empty spaces among the hidden ones: nothing, or an invisible hazard
    looks_empty = {c for c in hidden if explorer["map"][c] is not None}
    built = None
    for start in range(STARTS):
        # the last starts keep the Walls as they are: a lair whose limits need dead ends or
        # hallways the drawn Walls lack still gets its features drawn afresh
        new_walls = draw_walls(walls, free, rng) if start < STARTS - 2 else walls
        placed = place(content, feat, hidden, pieces, looks_empty, new_walls, peril, rng)
        if placed is not None:
            built = (new_walls, placed)
            COUNTS["built"] += 1
            break
    if built is None:
        built = walk(content, feat, hidden, pieces, looks_empty, walls, free, peril, rng)
        COUNTS["walked"] += 1
    new_walls, placed = built
    for c in hidden:
        targets.pop(str(c), None)
    for c, (f, t) in placed.items():
        feat[c] = f
        if t is not None:
            targets[str(c)] = t
    lair["walls"] = sorted(new_walls)


def draw_walls(walls: set[int], free: list[int], rng: Rng) -> set[int]:
    """As many Walls as stand on the unlearnt edges ``free``, put on those edges at random, one
    at a time, each only where the lair stays connected (the Walls learnt stay)."""
    want = sum(1 for e in free if e in walls)
    out = walls.difference(free)
    order = list(free)
    rng.shuffle(order)
    for e in order:
        if want == 0:
            break
        a, b = grid.edge_cells(e)
        trial = out | {e}
        if grid.joined(a, b, trial):
            out = trial
            want -= 1
    return out


def _invisible(content: Content, f: str | None) -> bool:
    hid = hazard_id(f)
    return hid is not None and content.hazards[hid].invisible


def _fits(content: Content, f: str | None, cell: int, walls: set[int]) -> bool:
    """A feature's own placement limit on that space."""
    hid = hazard_id(f)
    if hid is None:
        return True
    placement = content.hazards[hid].placement
    if placement == "dead-end":
        return grid.is_dead_end(cell, walls)
    if placement == "hallway":
        return grid.is_hallway(cell, walls)
    return True


def _peril_ok(feat: list[str | None], walls: set[int]) -> bool:
    """The Peril Rule over a (partial) lair: the Exit and every Chest placed so far reachable
    from the Start crossing at most one Monster and at most one Trap."""
    if "start" not in feat:
        return True
    reach = grid.peril_reach(feat.index("start"), walls, [kind_of(f) for f in feat])
    return all(reach[c] for c, f in enumerate(feat) if f in ("exit", "chest"))


def _order(content: Content, f: str | None) -> int:
    if f in ("exit", "chest"):
        return 0
    hid = hazard_id(f)
    if hid is not None and content.hazards[hid].placement is not None:
        return 1
    return 3 if f is None else 2


def place(
    content: Content,
    feat: list[str | None],
    hidden: list[int],
    pieces: list[tuple[str | None, int | None]],
    looks_empty: set[int],
    walls: set[int],
    peril: bool,
    rng: Rng,
) -> dict[int, tuple[str | None, int | None]] | None:
    """The hidden pieces (feature, changed Target) put one at a time on the hidden spaces, each
    on a space drawn among those where it breaks no rule; None if one finds no such space."""
    trial = list(feat)
    for c in hidden:
        trial[c] = None
    order = list(pieces)
    rng.shuffle(order)
    order.sort(key=lambda p: _order(content, p[0]))
    open_ = list(hidden)
    out: dict[int, tuple[str | None, int | None]] = {}
    for f, t in order:
        cells = list(open_)
        rng.shuffle(cells)
        for c in cells:
            if c in looks_empty and f is not None and not _invisible(content, f):
                continue
            if not _fits(content, f, c, walls):
                continue
            trial[c] = f
            if f is not None and peril and not _peril_ok(trial, walls):
                trial[c] = None
                continue
            out[c] = (f, t)
            open_.remove(c)
            break
        else:
            return None
    return out


def _keeps(content: Content, feat: list[str | None], walls: set[int], peril: bool) -> bool:
    if peril:
        return building.problem(feat, walls, content) is None
    return grid.connected(walls) and all(_fits(content, f, c, walls) for c, f in enumerate(feat))


def walk(
    content: Content,
    feat: list[str | None],
    hidden: list[int],
    pieces: list[tuple[str | None, int | None]],
    looks_empty: set[int],
    walls: set[int],
    free: list[int],
    peril: bool,
    rng: Rng,
) -> tuple[set[int], dict[int, tuple[str | None, int | None]]]:
    """The fallback that cannot fail: from the lair as it is, steps that swap two hidden spaces
    or move a hidden Wall to another unlearnt edge, each kept only if the lair keeps the rules
    (it did before the first)."""
    trial = list(feat)
    at = dict(zip(hidden, pieces, strict=True))
    walls = set(walls)
    movable = [e for e in free if e in walls]
    steps = 4 * (len(hidden) + len(movable))
    for _ in range(steps):
        if movable and (len(hidden) < 2 or rng.below(2)):
            gone = movable[rng.below(len(movable))]
            to = free[rng.below(len(free))]
            if to in walls:
                continue
            moved = (walls - {gone}) | {to}
            if _keeps(content, trial, moved, peril):
                walls = moved
                movable[movable.index(gone)] = to
            continue
        if len(hidden) < 2:
            break
        a, b = hidden[rng.below(len(hidden))], hidden[rng.below(len(hidden))]
        fa, fb = at[a][0], at[b][0]
        if a == b or fa == fb:
            continue
        if (a in looks_empty and fb is not None and not _invisible(content, fb)) or (
            b in looks_empty and fa is not None and not _invisible(content, fa)
        ):
            continue
        trial[a], trial[b] = fb, fa
        if _keeps(content, trial, walls, peril):
            at[a], at[b] = at[b], at[a]
        else:
            trial[a], trial[b] = fa, fb
    return walls, at


def _rework_ask(world: LairsState, truth: LairsState, seat: int | None, rng: Rng) -> None:
    """A Builder's choice under way whose options name hidden spaces (Gnashing Retreat's Unknown
    Empty spaces, the Howling Beetles' Unknown Monsters and where they may go) is worked out
    again on the redrawn lair, as the rules would have asked it there. Gnashing Retreat is asked
    only when an Unknown Empty space is left: a redrawn lair with none (its empty spaces all
    under the map sheet's Known ones) is drawn again, by the walk at last, which keeps them."""
    ask: dict[str, Any] | None = world.data["ask"]
    if ask is None:
        return
    e = int(ask["explorer"]) if "explorer" in ask else 0
    if ask["kind"] == "relocate":
        ask["options"] = builder.unknown_empty(world, e)
        if ask["options"]:
            return
        # from the lair as it is again, the Known empty spaces keeping what they hold, so the
        # Unknown spaces keep as many empty ones
        i = world.lair_index(e)
        world.lair(i)["feat"][:] = truth.lair(i)["feat"]
        world.data["lairs"][i] = json_copy(truth.data["lairs"][i])
        redraw_lair(world, i, seat, rng, only_unknown=True)
        ask["options"] = builder.unknown_empty(world, e)
    elif ask["kind"] == "beetles":
        ask["options"] = builder.beetles_options(world, e)
