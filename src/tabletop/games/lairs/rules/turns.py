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

from mypy_extensions import mypyc_attr

from .. import grid
from ..content import CUBES, Fatigue, Spend
from ..state import LairsState, Rules
from ..steps import REFRESH, REST_CUBE, HustleStep, RestCube, enter_space, open_check
from ..steps import hustle_step as hustle_step_of
from . import checks, energy, exploring
from .building import kind_of
from .pack import card_id, playable_now
from .queue import ask, count_waiting, drop_next, next_is, queue, run
from .treasure import open_chest, refill_display


def begin_exploring(state: LairsState) -> None:
    data = state.data
    data["phase"] = "explore"
    refill_display(state)
    for e in range(len(data["explorers"])):
        lair = state.lair_of(e)
        start = lair["feat"].index("start")
        explorer = data["explorers"][e]
        explorer["position"] = start
        explorer["visited"][start] = True
        exploring.learn(state, e, start, entering=True)
    data["first"] = 0 if data["solo"] else state.rng.below(2)
    data["round"] = 1
    state.log_public(f"{state.who(data['first'])} explores first")
    start_turn(state, data["first"])


def start_turn(state: LairsState, seat: int) -> None:
    """A turn begins: each cube Conserved last turn rests a Fatigued cube (ruling E3), then
    Refresh (and with it Adaptation, a Dazzled explorer learning where it stands, Poison)."""
    data = state.data
    data["turn"] = seat
    explorer = data["explorers"][seat]
    n = min(energy.total(explorer["conserved"]), energy.total(explorer["fatigued"]))
    queue(state, seat, [*(REST_CUBE for _ in range(n)), REFRESH])


def rest_step(state: LairsState, seat: int) -> None:
    """One Conserved cube rests one Fatigued cube: the explorer chooses which, if it may."""
    explorer = state.data["explorers"][seat]
    kinds = [k for k in CUBES if explorer["fatigued"][k] > 0]
    left = count_waiting(state, RestCube, seat)
    if len(kinds) == 1 or energy.total(explorer["fatigued"]) <= left + 1:
        energy.rest(explorer, kinds[0])
        state.log_public(f"{state.who(seat)} rests a Fatigued {kinds[0]} cube")
    else:
        ask(state, "rest", seat, options=kinds)


def refresh_step(state: LairsState, seat: int) -> None:
    """Refresh at the start of the turn (ruling E4), then what comes with it."""
    data = state.data
    explorer = data["explorers"][seat]
    was_dazzled = energy.has_status(explorer, "dazzled")
    moved = energy.refresh(explorer)
    if (
        was_dazzled
        and not energy.has_status(explorer, "dazzled")
        and explorer["position"] is not None
    ):
        exploring.learn(state, seat, explorer["position"], entering=True)
    if data["pack"] and moved:
        ask(state, "adapt", seat, options=sorted(set(moved)))
    if energy.has_status(explorer, "poisoned"):
        n = state.roll_die("basic")
        state.log_public(f"{state.who(seat)} is Poisoned and rolls {n}: fatigue {n} cubes")
        queue(state, seat, [Fatigue(effect="fatigue", n=n, cube="any")], front=True)


def free_actions(state: LairsState, seat: int) -> bool:
    """What the explorer may still do with no Fresh cube left (its turn goes on while there is
    something, ruling R4): escape, standing on the Exit, or play a Junk card that costs no cube
    (A Bit of Rope brings a cube back). It then ends its turn when it says so (Conserve)."""
    explorer = state.data["explorers"][seat]
    if explorer["map"][explorer["position"]] == "exit":
        return True
    if not state.data["pack"] or not explorer["junk"]:
        return False
    return any(not state.content.junk[card_id(c)].cost for c, _ in playable_now(state, seat, False))


def advance(state: LairsState) -> None:
    """Run what is queued; end the turn when nothing waits and no unconserved Fresh cube is left,
    unless the explorer may still do something free and has not ended it (Conserve)."""
    data = state.data
    for _ in range(1000):
        if data["phase"] != "explore":
            return
        run(state)
        if data["ask"] is not None or data["check"] is not None or data["queue"]:
            return
        e = data["turn"]
        explorer = data["explorers"][e]
        if explorer["escaped"] is None and energy.active(state, e):
            return
        if explorer["escaped"] is None and not data["ending"] and free_actions(state, e):
            return  # no Fresh cube left, something free to do: the explorer decides
        end_turn(state, e)
    raise RuntimeError("lairs: turns did not settle")


def end_turn(state: LairsState, seat: int) -> None:
    data = state.data
    data["ending"] = False
    explorer = data["explorers"][seat]
    explorer["turns"] += 1
    explorer["scavenge"] = []
    for k in explorer["fresh"]:
        explorer["spent"][k] += explorer["fresh"][k]
        explorer["fresh"][k] = 0
    if data["turns_left"] is not None and explorer["escaped"] is None:
        data["turns_left"] -= 1
    n = len(data["explorers"])
    inside = [x for x in range(n) if data["explorers"][x]["escaped"] is None]
    if not inside or data["turns_left"] == 0:
        return game_over(state, "escape")
    nxt = (seat + 1) % n
    if data["explorers"][nxt]["escaped"] is not None:
        nxt = inside[0]
    if nxt == data["first"] or (n == 2 and nxt == seat):
        data["round"] += 1
    if data["round"] > data["rounds"]:
        return game_over(state, "torches")
    start_turn(state, nxt)


def game_over(state: LairsState, reason: str) -> None:
    """The end: the torches burnt out, or every explorer out, or (ruling R2) the last turns of
    the one still inside once the other escaped are over; the log says who is still inside."""
    data = state.data
    data["phase"] = "over"
    data["turn"] = None
    data["over"] = reason
    data["queue"] = []
    inside = [e for e, ex in enumerate(data["explorers"]) if ex["escaped"] is None]
    if reason == "torches":
        why = "the torches burnt out"
    elif not inside:
        why = "the explorers are out" if len(data["explorers"]) > 1 else "the explorer is out"
    else:
        why = "the last turns after the escape are over"
    if inside:
        why += "; " + " and ".join(state.who(e) for e in inside)
        why += " is still inside" if len(inside) == 1 else " are still inside"
    state.log_public("the game is over: " + why)


def escape(state: LairsState, seat: int) -> None:
    data = state.data
    data["escapes"] += 1
    data["explorers"][seat]["escaped"] = data["escapes"]
    state.log_public(f"{state.who(seat)} escapes through the Exit")
    if data["escapes"] == 1 and len(data["explorers"]) == 2:
        data["turns_left"] = int(state.content.numbers["last_turns"]["value"])
    for k in data["explorers"][seat]["fresh"]:
        data["explorers"][seat]["spent"][k] += data["explorers"][seat]["fresh"][k]
        data["explorers"][seat]["fresh"][k] = 0


# ---------------------------------------------------------------- entering a space
def enter(state: LairsState, seat: int, cell: int, how: str) -> None:
    """Move into a space and resolve it: the Builder describes it (walls and features, or only
    features while Dazzled), then a Known hazard asks for its check, an Unknown one is revealed
    and strikes (unless a Charge or Sneak ignores it), a Chest is opened."""
    data = state.data
    explorer, feat = data["explorers"][seat], state.feat_of(seat)
    before = explorer["map"][cell]
    explorer["previous"], explorer["position"] = explorer["position"], cell
    explorer["visited"][cell] = True
    dazzled = energy.has_status(explorer, "dazzled")
    exploring.learn(state, seat, cell, entering=True, walls=not dazzled)
    f = feat[cell]
    state.log_public(f"{state.who(seat)} enters {grid.name(cell)}: {describe(state, f)}")
    if f not in (None, "start") and next_is(state, HustleStep):
        drop_next(state)  # a Hustle stops at the first space that is not empty
    k = kind_of(f)
    if k in ("monster", "trap"):
        assert f is not None
        hazard = state.content.hazards[f[2:]]
        if k == "monster" and energy.has_status(explorer, "enraging"):
            checks.set_target(state, seat, cell, checks.target(state, seat, cell) + 3)
        if before == f:
            # the check opens once what happens on entering has happened: a Gear Hound's High
            # Alert "occurs when you enter" its Known space, so it is resolved first
            free = 1 if (how, k) in (("charge", "monster"), ("sneak", "trap")) else 0
            queue(state, seat, [open_check(cell, free)], front=True)
            if hazard.on_known_entry:
                state.log_public(f"the {hazard.name}: {hazard.special_name or 'special rule'}")
                queue(state, seat, list(hazard.on_known_entry), at=cell, front=True)
        elif (how, k) in (("charge", "monster"), ("sneak", "trap")):
            state.log_public(f"{state.who(seat)} ignores the {hazard.name}'s Strike")
        else:
            state.log_public(f"the {hazard.name} strikes!")
            explorer.setdefault("struck", []).append(hazard.id)
            queue(state, seat, list(hazard.strike), at=cell, front=True)
    elif f == "chest":
        open_chest(state, seat, cell)


def describe(state: LairsState, f: str | None) -> str:
    if f is None:
        return "empty"
    if f[:2] in ("m:", "t:"):
        return state.content.hazards[f[2:]].name
    return {"start": "the Start", "exit": "the Exit", "chest": "a Chest"}[f]


def hustle_step(state: LairsState, seat: int, step: HustleStep) -> None:
    """One step of a Hustle: stop at a wall (bumping it if it was not learnt) or once the space
    entered was not empty. A wall it could not have known of that stops it after its first step
    makes it a Creep (ruling X1): the cubes paid go back to Fresh and a Creep's cost is spent."""
    dirn, left = step.dir, step.left
    explorer = state.data["explorers"][seat]
    here = explorer["position"]
    if step.expect is not None and (
        here != step.expect or state.feat_of(seat)[here] not in exploring.REAL_EMPTY
    ):
        return
    nxt = grid.step(here, dirn)
    if nxt is None or left <= 0:
        return
    edge = grid.edge(here, nxt)
    if edge in explorer["map_walls"] or exploring.bump(state, seat, here, nxt):
        if step.taken == 1:
            creep_price(state, seat, step.paid)
        return
    rest = hustle_step_of(dirn, left - 1, tuple(step.paid), step.taken + 1, nxt)
    queue(state, seat, [enter_space(nxt), rest], front=True)


def creep_price(state: LairsState, seat: int, paid: list[str]) -> None:
    """A Hustle a wall stopped after one step: its cubes back to Fresh, a Creep's cost spent
    (any cube, one more while Sleepy; the explorer chooses)."""
    explorer = state.data["explorers"][seat]
    for k in paid:
        energy.move_cube(explorer, "spent", k, "fresh")
    n = 1 + (1 if energy.has_status(explorer, "sleepy") else 0)
    state.log_public(f"a wall stops {state.who(seat)}'s Hustle after one step: it costs a Creep")
    queue(state, seat, [Spend(effect="spend", n=n)], front=True)


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnRules(Rules):
    """The state's ``advance`` hook, here so that the compiled build calls :func:`advance`
    without an interpreted frame after every action (the game's ``LairsRules`` adds the other
    hooks)."""

    def advance(self, state: LairsState) -> None:
        advance(state)
