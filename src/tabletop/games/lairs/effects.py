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
from .steps import STEPS, EnterSpace, FreeCreep, HustleStep, OpenCheck, Refresh, RestCube


# ---------------------------------------------------------------- cube penalties
def _cube_penalty(
    s: LairsState, e: int, effect: Fatigue | Spend, at: int | None, op: str, cube: str
) -> None:
    ex = s.data["explorers"][e]
    if op == "spend":
        sources = [("fresh", k) for k in CUBES if ex["fresh"][k] > 0]
    else:
        sources = energy.penalty_sources(ex, cube)
    if not sources:
        return
    if effect.n > 1:  # the rest waits for this one
        queue(s, e, [effect.model_copy(update={"n": effect.n - 1})], at=at, front=True)
    if len(sources) == 1:
        energy.cube_penalty_apply(s, e, op, *sources[0])
        return
    ask(s, "cube", e, op=op, options=[list(x) for x in sources])


@TRIGGERED.handles(Fatigue)
def fatigue(s: LairsState, e: int, effect: Fatigue, at: int | None) -> None:
    _cube_penalty(s, e, effect, at, "fatigue", effect.cube)


@TRIGGERED.handles(Spend)
def spend(s: LairsState, e: int, effect: Spend, at: int | None) -> None:
    _cube_penalty(s, e, effect, at, "spend", "any")


@TRIGGERED.handles(SpendAllFresh)
def spend_all_fresh(s: LairsState, e: int, effect: SpendAllFresh, at: int | None) -> None:
    ex = s.data["explorers"][e]
    for k in CUBES:
        ex["spent"][k] += ex["fresh"][k] + ex["conserved"][k]
        ex["fresh"][k] = ex["conserved"][k] = 0
    s.log_public(f"{s.who(e)} spends every Fresh cube")


@TRIGGERED.handles(Demote)
def demote(s: LairsState, e: int, effect: Demote, at: int | None) -> None:
    if energy.swap_cube(s.data["explorers"][e], effect.cube, "basic"):
        s.log_public(f"{s.who(e)} demotes a {effect.cube} cube to Basic")


@TRIGGERED.handles(QuicknessCube)
def quickness_cube(s: LairsState, e: int, effect: QuicknessCube, at: int | None) -> None:
    ex = s.data["explorers"][e]
    kinds = [k for k in CUBES if k != "quickness" and energy.all_cubes(ex)[k] > 0]
    if not kinds:
        return
    if len(kinds) == 1:
        energy.swap_cube(ex, kinds[0], "quickness")
        return
    ask(s, "swap-quickness", e, options=kinds)


@TRIGGERED.handles(GainStatus)
def status(s: LairsState, e: int, effect: GainStatus, at: int | None) -> None:
    if not s.data["pack"]:
        return
    energy.gain_status(s.data["explorers"][e], effect.status)
    s.log_public(f"{s.who(e)} is {effect.status.capitalize()}")


# ---------------------------------------------------------------- cards
@TRIGGERED.handles(DiscardTreasure)
def discard_treasure(s: LairsState, e: int, effect: DiscardTreasure, at: int | None) -> None:
    ex = s.data["explorers"][e]
    if not ex["treasures"]:
        return
    if effect.n > 1:
        queue(s, e, [effect.model_copy(update={"n": effect.n - 1})], at=at, front=True)
    options = sorted(set(ex["treasures"]))
    if len(options) == 1:
        discard_treasure_now(s, e, options[0])
    else:
        ask(s, "discard", e, options=options)


@TRIGGERED.handles(DiscardCard)
def discard_card(s: LairsState, e: int, effect: DiscardCard, at: int | None) -> None:
    ex = s.data["explorers"][e]
    options = sorted(set(ex["treasures"])) + sorted(set(ex["junk"]))
    if not options:  # neither held: fatigue a cube instead
        queue(s, e, [Fatigue(effect="fatigue", n=1, cube="any")], front=True)
    elif len(options) == 1:
        if options[0] in ex["treasures"]:
            discard_treasure_now(s, e, options[0])
        else:
            discard_junk_now(s, e, options[0])
    else:
        ask(s, "discard", e, options=options)


@TRIGGERED.handles(DrawTreasure)
def draw_treasure(s: LairsState, e: int, effect: DrawTreasure, at: int | None) -> None:
    for _ in range(effect.n):
        card = draw(s.data["treasure"], s.rng)
        if card is None:
            return
        s.data["explorers"][e]["treasures"].append(card)
        s.log_public(f"{s.who(e)} gains the {s.C.treasures[card].name}")


@TRIGGERED.handles(TakeDisplay)
def take_display(s: LairsState, e: int, effect: TakeDisplay, at: int | None) -> None:
    options = sorted(set(s.data["display"]))
    if len(options) == 1:
        take_from_display(s, e, options[0])
    elif options:
        ask(s, "display", e, options=options)


@TRIGGERED.handles(GainJunk)
def gain_junk(s: LairsState, e: int, effect: GainJunk, at: int | None) -> None:
    if not s.data["pack"]:
        return
    for _ in range(effect.n):
        card = draw(s.data["junk_deck"], s.rng)
        if card is not None:
            s.data["explorers"][e]["junk"].append(card)
    s.log_public(f"{s.who(e)} gains Junk")
    over_limit(s, e)


@TRIGGERED.handles(GainVP)
def gain_vp(s: LairsState, e: int, effect: GainVP, at: int | None) -> None:
    s.data["explorers"][e]["notes"] += effect.n
    s.log_public(f"{s.who(e)} notes {effect.n} VP")


# ---------------------------------------------------------------- hazards
@TRIGGERED.handles(AddTarget)
def add_target(s: LairsState, e: int, effect: AddTarget, at: int | None) -> None:
    assert at is not None, "a Target rises on the hazard's own space"
    checks.set_target(s, e, at, checks.target(s, e, at) + effect.n)


@TRIGGERED.handles(PushBack)
def push_back(s: LairsState, e: int, effect: PushBack, at: int | None) -> None:
    ex = s.data["explorers"][e]
    if ex["previous"] is None:
        return
    s.log_public(f"{s.who(e)} is driven back to {grid.name(ex['previous'])}")
    queue(s, e, [EnterSpace(cell=ex["previous"], how="creep")], front=True)


@TRIGGERED.handles(Blink)
def blink(s: LairsState, e: int, effect: Blink, at: int | None) -> None:
    start = s.lair_of(e)["feat"].index("start")
    s.log_public(f"{s.who(e)} blinks back to the Start")
    queue(s, e, [EnterSpace(cell=start, how="blink")], front=True)


@TRIGGERED.handles(RelocateSelf)
def relocate_self(s: LairsState, e: int, effect: RelocateSelf, at: int | None) -> None:
    assert at is not None, "a Monster retreats from its own space"
    if s.lair_of(e)["feat"][at] is None:
        return
    options = builder.unknown_empty(s, e)
    if not options:
        s.log_public("the Builder says there is nowhere for it to go; it stays")
        return
    ask(s, "relocate", s.builder_of(e), e=e, frm=at, options=options)


@TRIGGERED.handles(RelocateMonster)
def relocate_monster(s: LairsState, e: int, effect: RelocateMonster, at: int | None) -> None:
    """Howling Beetles: the Builder may move one Unknown Monster to an Unknown Empty space. One
    decision of the Builder (which Monster and where, or none), asked whether or not a Monster
    could move (that is the Builder's knowledge): nothing the explorer sees tells them apart."""
    ask(s, "beetles", s.builder_of(e), e=e, options=builder.beetles_options(s, e))


@TRIGGERED.handles(BuilderFatigue)
def builder_fatigue(s: LairsState, e: int, effect: BuilderFatigue, at: int | None) -> None:
    ex = s.data["explorers"][e]
    options = [[b, k] for b in ("fresh", "conserved", "spent") for k in CUBES if ex[b][k] > 0]
    if options:
        ask(s, "grip", s.builder_of(e), e=e, options=options)


# ---------------------------------------------------------------- the rules' own steps
@STEPS.handles(EnterSpace)
def enter_space(s: LairsState, e: int, step: EnterSpace, at: int | None) -> None:
    turns.enter(s, e, step.cell, step.how)


@STEPS.handles(HustleStep)
def hustle_step(s: LairsState, e: int, step: HustleStep, at: int | None) -> None:
    turns.hustle_step(s, e, step)


@STEPS.handles(OpenCheck)
def open_check(s: LairsState, e: int, step: OpenCheck, at: int | None) -> None:
    checks.start(s, e, step.cell, free_power=step.free)


@STEPS.handles(RestCube)
def rest_cube(s: LairsState, e: int, step: RestCube, at: int | None) -> None:
    turns.rest_step(s, e)


@STEPS.handles(Refresh)
def refresh(s: LairsState, e: int, step: Refresh, at: int | None) -> None:
    turns.refresh_step(s, e)


@STEPS.handles(FreeCreep)
def free_creep(s: LairsState, e: int, step: FreeCreep, at: int | None) -> None:
    pack.free_creep(s, e)


# ---------------------------------------------------------------- Skull abilities on the check
@CHECK.handles(PowerToBasic)
def power_to_basic(s: LairsState, ck: dict[str, Any], effect: PowerToBasic) -> None:
    """Brain Fog: every Power die is rolled again as a Basic die."""
    for die in ck["dice"]:
        if die["t"] == "power":
            die["t"] = "basic"
            die["v"] = s.roll_die("basic")


@CHECK.handles(BuilderReroll)
def builder_reroll(s: LairsState, ck: dict[str, Any], effect: BuilderReroll) -> None:
    """The Shivers: the Builder chooses up to ``n`` of the rolled dice, in one choice; then they
    are rerolled (``rules/checks.py``, reroll)."""
    ck["stage"] = "reroll"
    ck["rerolls_allowed"] = effect.n


# ---------------------------------------------------------------- static Skull abilities
@STATIC.handles(BasicDiceCount)
def basic_dice_count(effect: BasicDiceCount, value: int, die: dict[str, Any]) -> int:
    """What a die counts: every Basic die counts ``value``."""
    return effect.value if die["t"] == "basic" else value


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
def add_roll(s: LairsState, e: int, effect: AddRoll, on: Any) -> None:
    s.data["check"]["added"] += effect.n


@JUNK.handles(AddDie)
def add_die(s: LairsState, e: int, effect: AddDie, on: Any) -> None:
    v = s.roll_die(effect.die)
    s.data["check"]["dice"].append({"t": effect.die, "v": v, "src": "junk"})


@JUNK.handles(DisarmAdjacent)
def disarm_adjacent(s: LairsState, e: int, effect: DisarmAdjacent, on: Any) -> None:
    ex, lair = s.data["explorers"][e], s.lair_of(e)
    lair["feat"][on] = None
    ex["map"][on] = "empty"
    s.log_public(f"the Trap at {grid.name(on)} is disarmed")


@JUNK.handles(LearnSpace)
def learn_space(s: LairsState, e: int, effect: LearnSpace, on: Any) -> None:
    exploring.learn(s, e, on, entering=False)


@JUNK.handles(Recover)
def recover(s: LairsState, e: int, effect: Recover, on: Any) -> None:
    energy.move_cube(s.data["explorers"][e], "fatigued", on, "spent")


@JUNK.handles(GainFresh)
def gain_fresh(s: LairsState, e: int, effect: GainFresh, on: Any) -> None:
    energy.move_cube(s.data["explorers"][e], "spent", on, "fresh")


TABLES = (TRIGGERED, STEPS, CHECK, STATIC, JUNK)


def missing() -> list[str]:
    """The effects declared without a handler (an empty list: every effect has its one)."""
    return [
        f"{table.family} effect {name!r} has no handler"
        for table in TABLES
        for name in table.missing()
    ]
