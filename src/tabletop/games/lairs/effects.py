"""One handler per effect, each registered once with its model's table (``content.py``,
``steps.py``).

- Triggered effects (a Strike, a reward, a Known hazard's entry, a Skull's penalty) and the rules'
  own steps wait in the queue (``rules/queue.py``): a handler takes the state, the explorer they
  touch, the effect and the hazard's space (or None).
- The Skull abilities that act on the check at once take the state, the check and the effect.
- The static Skull abilities answer the check's questions (what a die counts, what the roll
  totals, whether the blow lands, what the Strike brings): a handler takes the effect, the answer
  so far and what the question is about, and returns the answer, never changing the state.
- A Junk card's handler takes the state, the explorer, the effect and what it was played on.

The rules reach every handler through the tables; this module is imported where the game is
assembled, and ``EffectTable.missing`` proves every effect has its handler.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.piles import draw

from . import grid
from .content import (
    CHECK,
    CUBES,
    JUNK,
    STATIC,
    TRIGGERED,
    AddDie,
    AddRoll,
    AddTarget,
    BasicDiceCount,
    Blink,
    BuilderFatigue,
    BuilderReroll,
    Demote,
    DisarmAdjacent,
    DiscardCard,
    DiscardTreasure,
    DrawTreasure,
    FacesCountZero,
    Fatigue,
    GainFresh,
    GainJunk,
    GainStatus,
    GainVP,
    LearnSpace,
    LoseTreasureUnlessWin,
    PowerToBasic,
    PushBack,
    QuicknessCube,
    Recover,
    RelocateMonster,
    RelocateSelf,
    Spend,
    SpendAllFresh,
    Splatter,
    SubtractRoll,
    TakeDisplay,
)
from .rules import builder, checks, energy, exploring, pack, turns
from .rules.pack import discard_junk_now, over_limit
from .rules.queue import ask, queue
from .rules.treasure import discard_treasure_now, take_from_display
from .state import LairsState
from .steps import (
    STEPS,
    EnterSpace,
    FreeCreep,
    HustleStep,
    OpenCheck,
    Refresh,
    RestCube,
)
from .steps import (
    enter_space as enter_step,
)


# ---------------------------------------------------------------- cube penalties
def _cube_penalty(
    state: LairsState, seat: int, effect: Fatigue | Spend, at: int | None, op: str, cube: str
) -> None:
    explorer = state.data["explorers"][seat]
    if op == "spend":
        sources = [("fresh", k) for k in CUBES if explorer["fresh"][k] > 0]
    else:
        sources = energy.penalty_sources(explorer, cube)
    if not sources:
        return
    if effect.n > 1:  # the rest waits for this one
        queue(state, seat, [effect.model_copy(update={"n": effect.n - 1})], at=at, front=True)
    if len(sources) == 1:
        energy.cube_penalty_apply(state, seat, op, *sources[0])
        return
    ask(state, "cube", seat, operation=op, options=[list(x) for x in sources])


@TRIGGERED.handles(Fatigue)
def fatigue(state: LairsState, seat: int, effect: Fatigue, at: int | None) -> None:
    _cube_penalty(state, seat, effect, at, "fatigue", effect.cube)


@TRIGGERED.handles(Spend)
def spend(state: LairsState, seat: int, effect: Spend, at: int | None) -> None:
    _cube_penalty(state, seat, effect, at, "spend", "any")


@TRIGGERED.handles(SpendAllFresh)
def spend_all_fresh(state: LairsState, seat: int, effect: SpendAllFresh, at: int | None) -> None:
    explorer = state.data["explorers"][seat]
    for k in CUBES:
        explorer["spent"][k] += explorer["fresh"][k] + explorer["conserved"][k]
        explorer["fresh"][k] = explorer["conserved"][k] = 0
    state.log_public(f"{state.who(seat)} spends every Fresh cube")


@TRIGGERED.handles(Demote)
def demote(state: LairsState, seat: int, effect: Demote, at: int | None) -> None:
    if energy.swap_cube(state.data["explorers"][seat], effect.cube, "basic"):
        state.log_public(f"{state.who(seat)} demotes a {effect.cube} cube to Basic")


@TRIGGERED.handles(QuicknessCube)
def quickness_cube(state: LairsState, seat: int, effect: QuicknessCube, at: int | None) -> None:
    explorer = state.data["explorers"][seat]
    kinds = [k for k in CUBES if k != "quickness" and energy.all_cubes(explorer)[k] > 0]
    if not kinds:
        return
    if len(kinds) == 1:
        energy.swap_cube(explorer, kinds[0], "quickness")
        return
    ask(state, "swap-quickness", seat, options=kinds)


@TRIGGERED.handles(GainStatus)
def status(state: LairsState, seat: int, effect: GainStatus, at: int | None) -> None:
    if not state.data["pack"]:
        return
    energy.gain_status(state.data["explorers"][seat], effect.status)
    state.log_public(f"{state.who(seat)} is {effect.status.capitalize()}")


# ---------------------------------------------------------------- cards
@TRIGGERED.handles(DiscardTreasure)
def discard_treasure(state: LairsState, seat: int, effect: DiscardTreasure, at: int | None) -> None:
    explorer = state.data["explorers"][seat]
    if not explorer["treasures"]:
        return
    if effect.n > 1:
        queue(state, seat, [effect.model_copy(update={"n": effect.n - 1})], at=at, front=True)
    options = sorted(set(explorer["treasures"]))
    if len(options) == 1:
        discard_treasure_now(state, seat, options[0])
    else:
        ask(state, "discard", seat, options=options)


@TRIGGERED.handles(DiscardCard)
def discard_card(state: LairsState, seat: int, effect: DiscardCard, at: int | None) -> None:
    explorer = state.data["explorers"][seat]
    options = sorted(set(explorer["treasures"])) + sorted(set(explorer["junk"]))
    if not options:  # neither held: fatigue a cube instead
        queue(state, seat, [Fatigue(effect="fatigue", n=1, cube="any")], front=True)
    elif len(options) == 1:
        if options[0] in explorer["treasures"]:
            discard_treasure_now(state, seat, options[0])
        else:
            discard_junk_now(state, seat, options[0])
    else:
        ask(state, "discard", seat, options=options)


@TRIGGERED.handles(DrawTreasure)
def draw_treasure(state: LairsState, seat: int, effect: DrawTreasure, at: int | None) -> None:
    for _ in range(effect.n):
        card = draw(state.data["treasure"], state.rng)
        if card is None:
            return
        state.data["explorers"][seat]["treasures"].append(card)
        state.log_public(f"{state.who(seat)} gains the {state.content.treasures[card].name}")


@TRIGGERED.handles(TakeDisplay)
def take_display(state: LairsState, seat: int, effect: TakeDisplay, at: int | None) -> None:
    options = sorted(set(state.data["display"]))
    if len(options) == 1:
        take_from_display(state, seat, options[0])
    elif options:
        ask(state, "display", seat, options=options)


@TRIGGERED.handles(GainJunk)
def gain_junk(state: LairsState, seat: int, effect: GainJunk, at: int | None) -> None:
    if not state.data["pack"]:
        return
    for _ in range(effect.n):
        card = draw(state.data["junk_deck"], state.rng)
        if card is not None:
            state.data["explorers"][seat]["junk"].append(card)
    state.log_public(f"{state.who(seat)} gains Junk")
    over_limit(state, seat)


@TRIGGERED.handles(GainVP)
def gain_vp(state: LairsState, seat: int, effect: GainVP, at: int | None) -> None:
    state.data["explorers"][seat]["notes"] += effect.n
    state.log_public(f"{state.who(seat)} notes {effect.n} VP")


# ---------------------------------------------------------------- hazards
@TRIGGERED.handles(AddTarget)
def add_target(state: LairsState, seat: int, effect: AddTarget, at: int | None) -> None:
    assert at is not None, "a Target rises on the hazard's own space"
    checks.set_target(state, seat, at, checks.target(state, seat, at) + effect.n)


@TRIGGERED.handles(PushBack)
def push_back(state: LairsState, seat: int, effect: PushBack, at: int | None) -> None:
    explorer = state.data["explorers"][seat]
    if explorer["previous"] is None:
        return
    state.log_public(f"{state.who(seat)} is driven back to {grid.name(explorer['previous'])}")
    queue(state, seat, [enter_step(explorer["previous"], "creep")], front=True)


@TRIGGERED.handles(Blink)
def blink(state: LairsState, seat: int, effect: Blink, at: int | None) -> None:
    start = state.lair_of(seat)["feat"].index("start")
    state.log_public(f"{state.who(seat)} blinks back to the Start")
    queue(state, seat, [enter_step(start, "blink")], front=True)


@TRIGGERED.handles(RelocateSelf)
def relocate_self(state: LairsState, seat: int, effect: RelocateSelf, at: int | None) -> None:
    assert at is not None, "a Monster retreats from its own space"
    if state.lair_of(seat)["feat"][at] is None:
        return
    options = builder.unknown_empty(state, seat)
    if not options:
        state.log_public("the Builder says there is nowhere for it to go; it stays")
        return
    ask(state, "relocate", state.builder_of(seat), explorer=seat, origin=at, options=options)


@TRIGGERED.handles(RelocateMonster)
def relocate_monster(state: LairsState, seat: int, effect: RelocateMonster, at: int | None) -> None:
    """Howling Beetles: the Builder may move one Unknown Monster to an Unknown Empty space. One
    decision of the Builder (which Monster and where, or none), asked whether or not a Monster
    could move (that is the Builder's knowledge): nothing the explorer sees tells them apart."""
    ask(
        state,
        "beetles",
        state.builder_of(seat),
        explorer=seat,
        options=builder.beetles_options(state, seat),
    )


@TRIGGERED.handles(BuilderFatigue)
def builder_fatigue(state: LairsState, seat: int, effect: BuilderFatigue, at: int | None) -> None:
    explorer = state.data["explorers"][seat]
    options = [[b, k] for b in ("fresh", "conserved", "spent") for k in CUBES if explorer[b][k] > 0]
    if options:
        ask(state, "grip", state.builder_of(seat), explorer=seat, options=options)


# ---------------------------------------------------------------- the rules' own steps
@STEPS.handles(EnterSpace)
def enter_space(state: LairsState, seat: int, step: EnterSpace, at: int | None) -> None:
    turns.enter(state, seat, step.cell, step.how)


@STEPS.handles(HustleStep)
def hustle_step(state: LairsState, seat: int, step: HustleStep, at: int | None) -> None:
    turns.hustle_step(state, seat, step)


@STEPS.handles(OpenCheck)
def open_check(state: LairsState, seat: int, step: OpenCheck, at: int | None) -> None:
    checks.start(state, seat, step.cell, free_power=step.free)


@STEPS.handles(RestCube)
def rest_cube(state: LairsState, seat: int, step: RestCube, at: int | None) -> None:
    turns.rest_step(state, seat)


@STEPS.handles(Refresh)
def refresh(state: LairsState, seat: int, step: Refresh, at: int | None) -> None:
    turns.refresh_step(state, seat)


@STEPS.handles(FreeCreep)
def free_creep(state: LairsState, seat: int, step: FreeCreep, at: int | None) -> None:
    pack.free_creep(state, seat)


# ---------------------------------------------------------------- Skull abilities on the check
@CHECK.handles(PowerToBasic)
def power_to_basic(state: LairsState, check: dict[str, Any], effect: PowerToBasic) -> None:
    """Brain Fog: every Power die is rolled again as a Basic die."""
    for die in check["dice"]:
        if die["type"] == "power":
            die["type"] = "basic"
            die["value"] = state.roll_die("basic")


@CHECK.handles(BuilderReroll)
def builder_reroll(state: LairsState, check: dict[str, Any], effect: BuilderReroll) -> None:
    """The Shivers: the Builder chooses up to ``n`` of the rolled dice, in one choice; then they
    are rerolled (``rules/checks.py``, reroll)."""
    check["stage"] = "reroll"
    check["rerolls_allowed"] = effect.n


# ---------------------------------------------------------------- static Skull abilities
@STATIC.handles(BasicDiceCount)
def basic_dice_count(effect: BasicDiceCount, value: int, die: dict[str, Any]) -> int:
    """What a die counts: every Basic die counts ``value``."""
    return effect.value if die["type"] == "basic" else value


@STATIC.handles(FacesCountZero)
def faces_count_zero(effect: FacesCountZero, value: int, die: dict[str, Any]) -> int:
    """What a die counts: a die showing ``face`` counts 0."""
    return 0 if value == effect.face else value


@STATIC.handles(SubtractRoll)
def subtract_roll(effect: SubtractRoll, total: int) -> int:
    """What the roll totals: ``n`` less."""
    return total - effect.n


@STATIC.handles(Splatter)
def splatter(effect: Splatter, swallowed: bool) -> bool:
    """Whether a roll that meets the Target is swallowed (the Target rises to it instead)."""
    return True


@STATIC.handles(LoseTreasureUnlessWin)
def lose_treasure_unless_win(effect: LoseTreasureUnlessWin, strike: list[Any]) -> list[Any]:
    """What a failed check's Strike brings: a Treasure discarded besides."""
    return [*strike, DiscardTreasure(effect="discard-treasure", n=1)]


# ---------------------------------------------------------------- Junk cards
@JUNK.handles(AddRoll)
def add_roll(state: LairsState, seat: int, effect: AddRoll, on: Any) -> None:
    state.data["check"]["added"] += effect.n


@JUNK.handles(AddDie)
def add_die(state: LairsState, seat: int, effect: AddDie, on: Any) -> None:
    v = state.roll_die(effect.die)
    state.data["check"]["dice"].append({"type": effect.die, "value": v, "source": "junk"})


@JUNK.handles(DisarmAdjacent)
def disarm_adjacent(state: LairsState, seat: int, effect: DisarmAdjacent, on: Any) -> None:
    explorer, lair = state.data["explorers"][seat], state.lair_of(seat)
    lair["feat"][on] = None
    explorer["map"][on] = "empty"
    state.log_public(f"the Trap at {grid.name(on)} is disarmed")


@JUNK.handles(LearnSpace)
def learn_space(state: LairsState, seat: int, effect: LearnSpace, on: Any) -> None:
    exploring.learn(state, seat, on, entering=False)


@JUNK.handles(Recover)
def recover(state: LairsState, seat: int, effect: Recover, on: Any) -> None:
    energy.move_cube(state.data["explorers"][seat], "fatigued", on, "spent")


@JUNK.handles(GainFresh)
def gain_fresh(state: LairsState, seat: int, effect: GainFresh, on: Any) -> None:
    energy.move_cube(state.data["explorers"][seat], "spent", on, "fresh")


TABLES = (TRIGGERED, STEPS, CHECK, STATIC, JUNK)


def missing() -> list[str]:
    """The effects declared without a handler (an empty list: every effect has its one)."""
    return [
        f"{table.family} effect {name!r} has no handler"
        for table in TABLES
        for name in table.missing()
    ]
