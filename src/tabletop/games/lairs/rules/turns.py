"""Turns: who explores when, entering a space, the Exit, and the end of the game.

Both lairs built, the explorers stand on the Start of the lair they explore, which they are told
(its walls too). A first player is drawn at random (ruling R1); then turns alternate. A turn starts
with resting and Refresh (ruling E3, E4) and ends when the explorer has no unconserved Fresh cube
left and nothing free to do, or ends it by Conserving the rest (R4). Standing on the Exit, an
explorer may escape (free, even with no Fresh cube left): the first to escape gets 5 VP, the
second 2. Once one has escaped, the other has at most two more turns (ruling R2). The game also
ends after 14 rounds (ruling R3): torches burn out. Most VP wins; a tie goes to the first to
escape, then it is shared.
"""

from __future__ import annotations

from .. import grid
from ..content import CUBES, Fatigue, Spend
from ..state import LairsState
from ..steps import EnterSpace, HustleStep, OpenCheck, Refresh, RestCube
from . import checks, energy, exploring
from .building import kind_of
from .pack import card_id, playable_now
from .queue import ask, count_waiting, drop_next, next_is, queue, run
from .treasure import open_chest, refill_display


def begin_exploring(s: LairsState) -> None:
    d = s.data
    d["phase"] = "explore"
    refill_display(s)
    for e in range(len(d["explorers"])):
        lair = s.lair_of(e)
        start = lair["feat"].index("start")
        ex = d["explorers"][e]
        ex["position"] = start
        ex["visited"][start] = True
        exploring.learn(s, e, start, entering=True)
    d["first"] = 0 if d["solo"] else s.rng.below(2)
    d["round"] = 1
    s.log_public(f"{s.who(d['first'])} explores first")
    start_turn(s, d["first"])


def start_turn(s: LairsState, e: int) -> None:
    """A turn begins: each cube Conserved last turn rests a Fatigued cube (ruling E3), then
    Refresh (and with it Adaptation, a Dazzled explorer learning where it stands, Poison)."""
    d = s.data
    d["turn"] = e
    ex = d["explorers"][e]
    n = min(energy.total(ex["conserved"]), energy.total(ex["fatigued"]))
    queue(s, e, [*(RestCube() for _ in range(n)), Refresh()])


def rest_step(s: LairsState, e: int) -> None:
    """One Conserved cube rests one Fatigued cube: the explorer chooses which, if it may."""
    ex = s.data["explorers"][e]
    kinds = [k for k in CUBES if ex["fatigued"][k] > 0]
    left = count_waiting(s, RestCube, e)
    if len(kinds) == 1 or energy.total(ex["fatigued"]) <= left + 1:
        energy.rest(ex, kinds[0])
        s.log_public(f"{s.who(e)} rests a Fatigued {kinds[0]} cube")
    else:
        ask(s, "rest", e, options=kinds)


def refresh_step(s: LairsState, e: int) -> None:
    """Refresh at the start of the turn (ruling E4), then what comes with it."""
    d = s.data
    ex = d["explorers"][e]
    was_dazzled = energy.has_status(ex, "dazzled")
    moved = energy.refresh(ex)
    if was_dazzled and not energy.has_status(ex, "dazzled") and ex["position"] is not None:
        exploring.learn(s, e, ex["position"], entering=True)
    if d["pack"] and moved:
        ask(s, "adapt", e, options=sorted(set(moved)))
    if energy.has_status(ex, "poisoned"):
        n = s.roll_die("basic")
        s.log_public(f"{s.who(e)} is Poisoned and rolls {n}: fatigue {n} cubes")
        queue(s, e, [Fatigue(effect="fatigue", n=n, cube="any")], front=True)


def free_actions(s: LairsState, e: int) -> bool:
    """What the explorer may still do with no Fresh cube left (its turn goes on while there is
    something, ruling R4): escape, standing on the Exit, or play a Junk card that costs no cube
    (A Bit of Rope brings a cube back). It then ends its turn when it says so (Conserve)."""
    ex = s.data["explorers"][e]
    if ex["map"][ex["position"]] == "exit":
        return True
    if not s.data["pack"] or not ex["junk"]:
        return False
    return any(not s.C.junk[card_id(c)].cost for c, _ in playable_now(s, e, False))


def advance(s: LairsState) -> None:
    """Run what is queued; end the turn when nothing waits and no unconserved Fresh cube is left,
    unless the explorer may still do something free and has not ended it (Conserve)."""
    d = s.data
    for _ in range(1000):
        if d["phase"] != "explore":
            return
        run(s)
        if d["ask"] is not None or d["check"] is not None or d["queue"]:
            return
        e = d["turn"]
        ex = d["explorers"][e]
        if ex["escaped"] is None and energy.active(s, e):
            return
        if ex["escaped"] is None and not d["ending"] and free_actions(s, e):
            return  # no Fresh cube left, something free to do: the explorer decides
        end_turn(s, e)
    raise RuntimeError("lairs: turns did not settle")


def end_turn(s: LairsState, e: int) -> None:
    d = s.data
    d["ending"] = False
    ex = d["explorers"][e]
    ex["turns"] += 1
    ex["scavenge"] = []
    for k in ex["fresh"]:
        ex["spent"][k] += ex["fresh"][k]
        ex["fresh"][k] = 0
    if d["turns_left"] is not None and ex["escaped"] is None:
        d["turns_left"] -= 1
    n = len(d["explorers"])
    inside = [x for x in range(n) if d["explorers"][x]["escaped"] is None]
    if not inside or d["turns_left"] == 0:
        return game_over(s, "escape")
    nxt = (e + 1) % n
    if d["explorers"][nxt]["escaped"] is not None:
        nxt = inside[0]
    if nxt == d["first"] or (n == 2 and nxt == e):
        d["round"] += 1
    if d["round"] > d["rounds"]:
        return game_over(s, "torches")
    start_turn(s, nxt)


def game_over(s: LairsState, reason: str) -> None:
    """The end: the torches burnt out, or every explorer out, or (ruling R2) the last turns of
    the one still inside once the other escaped are over; the log says who is still inside."""
    d = s.data
    d["phase"] = "over"
    d["turn"] = None
    d["over"] = reason
    d["queue"] = []
    inside = [e for e, ex in enumerate(d["explorers"]) if ex["escaped"] is None]
    if reason == "torches":
        why = "the torches burnt out"
    elif not inside:
        why = "the explorers are out" if len(d["explorers"]) > 1 else "the explorer is out"
    else:
        why = "the last turns after the escape are over"
    if inside:
        why += "; " + " and ".join(s.who(e) for e in inside)
        why += " is still inside" if len(inside) == 1 else " are still inside"
    s.log_public("the game is over: " + why)


def escape(s: LairsState, e: int) -> None:
    d = s.data
    d["escapes"] += 1
    d["explorers"][e]["escaped"] = d["escapes"]
    s.log_public(f"{s.who(e)} escapes through the Exit")
    if d["escapes"] == 1 and len(d["explorers"]) == 2:
        d["turns_left"] = int(s.C.numbers["last_turns"]["value"])
    for k in d["explorers"][e]["fresh"]:
        d["explorers"][e]["spent"][k] += d["explorers"][e]["fresh"][k]
        d["explorers"][e]["fresh"][k] = 0


# ---------------------------------------------------------------- entering a space
def enter(s: LairsState, e: int, cell: int, how: str) -> None:
    """Move into a space and resolve it: the Builder describes it (walls and features, or only
    features while Dazzled), then a Known hazard asks for its check, an Unknown one is revealed
    and strikes (unless a Charge or Sneak ignores it), a Chest is opened."""
    d = s.data
    ex, lair = d["explorers"][e], s.lair_of(e)
    before = ex["map"][cell]
    ex["previous"], ex["position"] = ex["position"], cell
    ex["visited"][cell] = True
    dazzled = energy.has_status(ex, "dazzled")
    exploring.learn(s, e, cell, entering=True, walls=not dazzled)
    f = lair["feat"][cell]
    s.log_public(f"{s.who(e)} enters {grid.name(cell)}: {describe(s, f)}")
    if f not in (None, "start") and next_is(s, HustleStep):
        drop_next(s)  # a Hustle stops at the first space that is not empty
    k = kind_of(f)
    if k in ("monster", "trap"):
        assert f is not None
        hz = s.C.hazards[f[2:]]
        if k == "monster" and energy.has_status(ex, "enraging"):
            checks.set_target(s, e, cell, checks.target(s, e, cell) + 3)
        if before == f:
            # the check opens once what happens on entering has happened: a Gear Hound's High
            # Alert "occurs when you enter" its Known space, so it is resolved first
            free = 1 if (how, k) in (("charge", "monster"), ("sneak", "trap")) else 0
            queue(s, e, [OpenCheck(cell=cell, free=free)], front=True)
            if hz.on_known_entry:
                s.log_public(f"the {hz.name}: {hz.special_name or 'special rule'}")
                queue(s, e, list(hz.on_known_entry), at=cell, front=True)
        elif (how, k) in (("charge", "monster"), ("sneak", "trap")):
            s.log_public(f"{s.who(e)} ignores the {hz.name}'s Strike")
        else:
            s.log_public(f"the {hz.name} strikes!")
            ex.setdefault("struck", []).append(hz.id)
            queue(s, e, list(hz.strike), at=cell, front=True)
    elif f == "chest":
        open_chest(s, e, cell)


def describe(s: LairsState, f: str | None) -> str:
    if f is None:
        return "empty"
    if f[:2] in ("m:", "t:"):
        return s.C.hazards[f[2:]].name
    return {"start": "the Start", "exit": "the Exit", "chest": "a Chest"}[f]


def hustle_step(s: LairsState, e: int, step: HustleStep) -> None:
    """One step of a Hustle: stop at a wall (bumping it if it was not learnt) or once the space
    entered was not empty. A wall it could not have known of that stops it after its first step
    makes it a Creep (ruling X1): the cubes paid go back to Fresh and a Creep's cost is spent."""
    dirn, left = step.dir, step.left
    ex, lair = s.data["explorers"][e], s.lair_of(e)
    here = ex["position"]
    if step.expect is not None and (here != step.expect or not exploring.real_empty(lair, here)):
        return
    nxt = grid.step(here, dirn)
    if nxt is None or left <= 0:
        return
    edge = grid.edge(here, nxt)
    if edge in ex["map_walls"] or exploring.bump(s, e, here, nxt):
        if step.taken == 1:
            creep_price(s, e, step.paid)
        return
    rest = step.model_copy(update={"left": left - 1, "expect": nxt, "taken": step.taken + 1})
    queue(s, e, [EnterSpace(cell=nxt), rest], front=True)


def creep_price(s: LairsState, e: int, paid: list[str]) -> None:
    """A Hustle a wall stopped after one step: its cubes back to Fresh, a Creep's cost spent
    (any cube, one more while Sleepy; the explorer chooses)."""
    ex = s.data["explorers"][e]
    for k in paid:
        energy.move_cube(ex, "spent", k, "fresh")
    n = 1 + (1 if energy.has_status(ex, "sleepy") else 0)
    s.log_public(f"a wall stops {s.who(e)}'s Hustle after one step: it costs a Creep")
    queue(s, e, [Spend(effect="spend", n=n)], front=True)
