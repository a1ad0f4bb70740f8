"""One handler per effect of the closed vocabulary (:mod:`.content`), registered by model.

Effects wait in the queue (``rules/queue.py``) and run in order; this module, imported where the
game is assembled, registers what each one does.
"""

from __future__ import annotations

from typing import get_args

from pydantic import BaseModel

from tabletop.engine.piles import draw

from . import content as ct
from . import grid
from .rules import builder, checks, energy
from .rules.checks import SKULLS
from .rules.pack import JUNK, discard_junk_now, over_limit
from .rules.queue import HANDLERS, Item, ask, handler
from .rules.treasure import discard_treasure_now, take_from_display
from .state import LairsState


# ---------------------------------------------------------------- cube penalties
def _cube_penalty(s: LairsState, item: Item, op: str) -> None:
    e = item["e"]
    ex = s.data["ex"][e]
    n = int(item.get("n", 1))
    if n <= 0:
        return
    if op == "spend":
        sources = [("fresh", k) for k in ct.CUBES if ex["fresh"][k] > 0]
    else:
        sources = energy.penalty_sources(ex, item.get("cube", "any"))
    if not sources:
        return
    rest = {**item, "n": n - 1}
    if n > 1:
        s.data["queue"].insert(0, rest)
    if len(sources) == 1:
        energy.cube_penalty_apply(s, e, op, *sources[0])
        return
    ask(s, "cube", e, op=op, options=[list(x) for x in sources])


@handler(ct.Fatigue)
def fatigue(s: LairsState, item: Item) -> None:
    _cube_penalty(s, item, "fatigue")


@handler(ct.Spend)
def spend(s: LairsState, item: Item) -> None:
    _cube_penalty(s, item, "spend")


@handler(ct.SpendAllFresh)
def spend_all_fresh(s: LairsState, item: Item) -> None:
    ex = s.data["ex"][item["e"]]
    for k in ct.CUBES:
        ex["spent"][k] += ex["fresh"][k] + ex["conserved"][k]
        ex["fresh"][k] = ex["conserved"][k] = 0
    s.log_public(f"{s.who(item['e'])} spends every Fresh cube")


@handler(ct.Demote)
def demote(s: LairsState, item: Item) -> None:
    if energy.swap_cube(s.data["ex"][item["e"]], item["cube"], "basic"):
        s.log_public(f"{s.who(item['e'])} demotes a {item['cube']} cube to Basic")


@handler(ct.QuicknessCube)
def quickness_cube(s: LairsState, item: Item) -> None:
    e = item["e"]
    ex = s.data["ex"][e]
    kinds = [k for k in ct.CUBES if k != "quickness" and energy.all_cubes(ex)[k] > 0]
    if not kinds:
        return
    if len(kinds) == 1:
        energy.swap_cube(ex, kinds[0], "quickness")
        return
    ask(s, "swap-quickness", e, options=kinds)


@handler(ct.GainStatus)
def status(s: LairsState, item: Item) -> None:
    if not s.data["pack"]:
        return
    energy.gain_status(s.data["ex"][item["e"]], item["status"])
    s.log_public(f"{s.who(item['e'])} is {item['status'].capitalize()}")


# ---------------------------------------------------------------- cards
@handler(ct.DiscardTreasure)
def discard_treasure(s: LairsState, item: Item) -> None:
    e = item["e"]
    ex = s.data["ex"][e]
    n = int(item["n"])
    if not ex["treasures"]:
        return
    if n > 1:
        s.data["queue"].insert(0, {**item, "n": n - 1})
    options = sorted(set(ex["treasures"]))
    if len(options) == 1:
        discard_treasure_now(s, e, options[0])
    else:
        ask(s, "discard", e, options=options)


@handler(ct.DiscardCard)
def discard_card(s: LairsState, item: Item) -> None:
    e = item["e"]
    ex = s.data["ex"][e]
    options = sorted(set(ex["treasures"])) + sorted(set(ex["junk"]))
    if not options:
        s.data["queue"].insert(0, {"effect": "fatigue", "n": 1, "cube": "any", "e": e})
    elif len(options) == 1:
        (discard_treasure_now if options[0] in ex["treasures"] else discard_junk_now)(
            s, e, options[0]
        )
    else:
        ask(s, "discard", e, options=options)


@handler(ct.DrawTreasure)
def draw_treasure(s: LairsState, item: Item) -> None:
    e = item["e"]
    for _ in range(int(item["n"])):
        card = draw(s.data["treasure"], s.rng)
        if card is None:
            return
        s.data["ex"][e]["treasures"].append(card)
        s.log_public(f"{s.who(e)} gains the {s.C.treasures[card].name}")


@handler(ct.TakeDisplay)
def take_display(s: LairsState, item: Item) -> None:
    options = sorted(set(s.data["display"]))
    if len(options) == 1:
        take_from_display(s, item["e"], options[0])
    elif options:
        ask(s, "display", item["e"], options=options)


@handler(ct.GainJunk)
def gain_junk(s: LairsState, item: Item) -> None:
    if not s.data["pack"]:
        return
    for _ in range(int(item["n"])):
        card = draw(s.data["junkdeck"], s.rng)
        if card is not None:
            s.data["ex"][item["e"]]["junk"].append(card)
    s.log_public(f"{s.who(item['e'])} gains Junk")
    over_limit(s, item["e"])


@handler(ct.GainVP)
def gain_vp(s: LairsState, item: Item) -> None:
    s.data["ex"][item["e"]]["notes"] += int(item["n"])
    s.log_public(f"{s.who(item['e'])} notes {item['n']} VP")


# ---------------------------------------------------------------- hazards
@handler(ct.AddTarget)
def add_target(s: LairsState, item: Item) -> None:
    cell = item["at"]
    checks.set_target(s, item["e"], cell, checks.target(s, item["e"], cell) + int(item["n"]))


@handler(ct.PushBack)
def push_back(s: LairsState, item: Item) -> None:
    e = item["e"]
    ex = s.data["ex"][e]
    if ex["prev"] is None:
        return
    s.log_public(f"{s.who(e)} is driven back to {grid.name(ex['prev'])}")
    s.data["queue"].insert(0, {"effect": "_enter", "e": e, "cell": ex["prev"], "how": "creep"})


@handler(ct.Blink)
def blink(s: LairsState, item: Item) -> None:
    e = item["e"]
    lair = s.lair_of(e)
    start = lair["feat"].index("start")
    s.log_public(f"{s.who(e)} blinks back to the Start")
    s.data["queue"].insert(0, {"effect": "_enter", "e": e, "cell": start, "how": "blink"})


@handler(ct.RelocateSelf)
def relocate_self(s: LairsState, item: Item) -> None:
    e, cell = item["e"], item["at"]
    if s.lair_of(e)["feat"][cell] is None:
        return
    options = builder.unknown_empty(s, e)
    if not options:
        s.log_public("the Builder says there is nowhere for it to go; it stays")
        return
    ask(s, "relocate", s.builder_of(e), e=e, frm=cell, options=options)


@handler(ct.RelocateMonster)
def relocate_monster(s: LairsState, item: Item) -> None:
    """Howling Beetles: the Builder may move one Unknown Monster to an Unknown Empty space. One
    decision of the Builder (which Monster and where, or none), asked whether or not a Monster
    could move (that is the Builder's knowledge): nothing the explorer sees tells them apart."""
    e = item["e"]
    ask(s, "beetles", s.builder_of(e), e=e, options=builder.beetles_options(s, e))


@handler(ct.BuilderFatigue)
def builder_fatigue(s: LairsState, item: Item) -> None:
    e = item["e"]
    ex = s.data["ex"][e]
    options = [[b, k] for b in ("fresh", "conserved", "spent") for k in ct.CUBES if ex[b][k] > 0]
    if options:
        ask(s, "grip", s.builder_of(e), e=e, options=options)


def check_vocabulary() -> list[str]:
    """Effect names without a handler (an empty list: the vocabulary is closed and covered)."""
    names = [get_args(m.model_fields["effect"].annotation)[0] for m in _models()]
    return [n for n in names if n not in HANDLERS and n not in SKULLS and n not in JUNK]


def _models() -> list[type[BaseModel]]:
    union = get_args(ct.AnyEffect)[0]
    return list(get_args(union))
