"""One handler per effect of the closed vocabulary (:mod:`.content`), registered by model.

Effects wait in ``data["queue"]`` as plain dicts (with ``e``, the explorer they touch, and ``at``,
the hazard's space when it matters) and run in order. A handler that needs a decision (which cube
to fatigue, where the Builder moves a Gloombat) sets ``data["ask"]`` and pushes whatever is left
back on the front of the queue; the queue resumes when the answer comes. Internal steps of the
rules (entering a space, the next Hustle step) share the queue under names starting with ``_``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, get_args

from pydantic import BaseModel

from tabletop.engine.piles import draw

from . import content as ct
from . import grid
from .rules import energy
from .rules.building import hazard_id, kind_of

if TYPE_CHECKING:
    from .state import LairsState

Item = dict[str, Any]
Handler = Callable[["LairsState", Item], None]
HANDLERS: dict[str, Handler] = {}


def handler(model: type[BaseModel] | str) -> Callable[[Handler], Handler]:
    """Register the handler of an effect model (or of an internal step, by name)."""
    name = model if isinstance(model, str) else get_args(model.model_fields["effect"].annotation)[0]

    def wrap(fn: Handler) -> Handler:
        if name in HANDLERS:
            raise ValueError(f"effect {name!r} handled twice")
        HANDLERS[name] = fn
        return fn

    return wrap


def queue(s: LairsState, e: int, effects: list[Any], at: int | None = None, front: bool = False,
          **extra: Any) -> None:  # fmt: skip
    items = []
    for eff in effects:
        raw = eff.model_dump() if isinstance(eff, BaseModel) else dict(eff)
        raw["e"] = e
        if at is not None:
            raw["at"] = at
        raw.update(extra)
        items.append(raw)
    q = s.data["queue"]
    if front:
        q[0:0] = items
    else:
        q.extend(items)


def run(s: LairsState) -> None:
    """Run queued effects until one waits for a decision or a check opens."""
    d = s.data
    while d["queue"] and d["ask"] is None and d["check"] is None and d["phase"] == "explore":
        item = d["queue"].pop(0)
        HANDLERS[item["effect"]](s, item)


def ask(s: LairsState, kind: str, seat: int | None, **info: Any) -> None:
    """Wait for a decision; in solo the Builder's decisions (seat None) are asked of the rules'
    automaton, :class:`~.rules.solo.SoloBuilder`, which the engine plays at once."""
    if seat is None:
        seat = s.builder_id(int(info.get("e", 0)))
    s.data["ask"] = {"kind": kind, "seat": seat, **info}


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
        cube_penalty_apply(s, e, op, *sources[0])
        return
    ask(s, "cube", e, op=op, options=[list(x) for x in sources])


def cube_penalty_apply(s: LairsState, e: int, op: str, basket: str, kind: str) -> None:
    ex = s.data["ex"][e]
    energy.move_cube(ex, basket, kind, "spent" if op == "spend" else "fatigued")
    verb = "spends" if op == "spend" else "fatigues"
    s.log_public(f"{s.who(e)} {verb} a {kind} cube")


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
def discard_treasure_now(s: LairsState, e: int, card: str) -> None:
    ex = s.data["ex"][e]
    ex["treasures"].remove(card)
    s.data["treasure"].setdefault("discard", []).append(card)
    s.log_public(f"{s.who(e)} discards the {s.C.treasures[card].name}")


def discard_junk_now(s: LairsState, e: int, card: str) -> None:
    s.data["ex"][e]["junk"].remove(card)
    s.data["junkdeck"].setdefault("discard", []).append(card)


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


def refill_display(s: LairsState) -> None:
    size = int(s.C.numbers["display"]["size"])
    while len(s.data["display"]) < size:
        card = draw(s.data["treasure"], s.rng)
        if card is None:
            return
        s.data["display"].append(card)


@handler(ct.TakeDisplay)
def take_display(s: LairsState, item: Item) -> None:
    options = sorted(set(s.data["display"]))
    if len(options) == 1:
        take_from_display(s, item["e"], options[0])
    elif options:
        ask(s, "display", item["e"], options=options)


def take_from_display(s: LairsState, e: int, card: str) -> None:
    s.data["display"].remove(card)
    s.data["ex"][e]["treasures"].append(card)
    s.log_public(f"{s.who(e)} takes the {s.C.treasures[card].name} from the display")
    refill_display(s)


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


def over_limit(s: LairsState, e: int) -> None:
    """More than three Junk cards: discard the excess at once (the explorer chooses)."""
    ex = s.data["ex"][e]
    limit = int(s.C.numbers["junk_hand_limit"]["value"])
    if len(ex["junk"]) > limit:
        ask(s, "discard-junk", e, options=sorted(set(ex["junk"])))


@handler(ct.GainVP)
def gain_vp(s: LairsState, item: Item) -> None:
    s.data["ex"][item["e"]]["notes"] += int(item["n"])
    s.log_public(f"{s.who(item['e'])} notes {item['n']} VP")


# ---------------------------------------------------------------- hazards
@handler(ct.AddTarget)
def add_target(s: LairsState, item: Item) -> None:
    from .rules import checks

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


def unknown_empty(s: LairsState, e: int) -> list[int]:
    """Unknown Empty spaces of the lair explorer ``e`` explores (the Builder knows them)."""
    ex, lair = s.data["ex"][e], s.lair_of(e)
    return [
        c
        for c in range(grid.SPACES)
        if lair["feat"][c] is None and ex["map"][c] is None and c != ex["pos"]
    ]


@handler(ct.RelocateSelf)
def relocate_self(s: LairsState, item: Item) -> None:
    e, cell = item["e"], item["at"]
    if s.lair_of(e)["feat"][cell] is None:
        return
    options = unknown_empty(s, e)
    if not options:
        s.log_public("the Builder says there is nowhere for it to go; it stays")
        return
    ask(s, "relocate", s.builder_of(e), e=e, frm=cell, options=options)


def move_monster(s: LairsState, e: int, frm: int, to: int) -> None:
    """The Builder moves a Monster in secret (Gnashing Retreat, Howling Beetles). If the map
    sheet showed it, its marker is erased, and a changed Target written in its space goes to the
    Notes section ("track it in your Notes section"), by Monster, until it is found again."""
    lair, ex = s.lair_of(e), s.data["ex"][e]
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


@handler(ct.RelocateMonster)
def relocate_monster(s: LairsState, item: Item) -> None:
    """Howling Beetles: the Builder may move one Unknown Monster to an Unknown Empty space. One
    decision of the Builder (which Monster and where, or none), asked whether or not a Monster
    could move (that is the Builder's knowledge): nothing the explorer sees tells them apart."""
    e = item["e"]
    ask(s, "beetles", s.builder_of(e), e=e, options=beetles_options(s, e))


def beetles_options(s: LairsState, e: int) -> list[list[int]]:
    """The Howling Beetles' moves: [Monster's space, space it may go to]."""
    ex, lair = s.data["ex"][e], s.lair_of(e)
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


@handler(ct.BuilderFatigue)
def builder_fatigue(s: LairsState, item: Item) -> None:
    e = item["e"]
    ex = s.data["ex"][e]
    options = [[b, k] for b in ("fresh", "conserved", "spent") for k in ct.CUBES if ex[b][k] > 0]
    if options:
        ask(s, "grip", s.builder_of(e), e=e, options=options)


def check_vocabulary() -> list[str]:
    """Effect names without a handler (an empty list: the vocabulary is closed and covered)."""
    from .rules.checks import SKULLS
    from .rules.pack import JUNK

    names = [get_args(m.model_fields["effect"].annotation)[0] for m in _models()]
    return [n for n in names if n not in HANDLERS and n not in SKULLS and n not in JUNK]


def _models() -> list[type[BaseModel]]:
    union = get_args(ct.AnyEffect)[0]
    return list(get_args(union))
