"""Hazard checks: fight checks against Monsters and disarm checks against Traps.

Entering a space with a Known hazard starts its check; entering an Unknown hazard reveals it and
its Hazard's Strike hits at once (the explorer then stays and decides what to do next). For a check
the explorer buys dice with Fresh cubes, one die per cube: a Basic die, or with the Adventurer's
Pack a Power die for a cube matching one of the hazard's weaknesses. The dice are rolled, then
Improvise and Junk may add to them, then (Pack, fights only) the Builder rolls both Monster dice:
-1 and -2 faces subtract, a skull applies the Monster's Skull ability once. A total that meets the
Target succeeds (ruling C1): the Monster is defeated (its trophy is worth its VP) or the Trap
disarmed, the space is Empty, and the hazard's reward follows. A failure brings its Strike; the
explorer stays in the space and may try again or leave (ruling C2)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tabletop.engine.effects import Effect

from .. import grid
from ..content import (
    CHECK,
    CUBES,
    STATIC,
    TRIGGERED,
    BasicDiceCount,
    FacesCountZero,
    LoseTreasureUnlessWin,
    Splatter,
    SubtractRoll,
)
from ..state import LairsState
from .building import hazard_id, kind_of
from .energy import has_status
from .queue import queue


def target(s: LairsState, e: int, cell: int) -> int:
    lair = s.lair_of(e)
    hid = hazard_id(lair["feat"][cell])
    assert hid is not None
    base = s.C.hazards[hid].target + s.target_bonus()
    return int(lair["target"].get(str(cell), base))


def set_target(s: LairsState, e: int, cell: int, value: int) -> None:
    s.lair_of(e)["target"][str(cell)] = value
    s.data["explorers"][e]["targets"][str(cell)] = value


def start(s: LairsState, e: int, cell: int, free_power: int = 0) -> None:
    lair = s.lair_of(e)
    f = lair["feat"][cell]
    hid = hazard_id(f)
    assert hid is not None
    s.data["check"] = {
        "explorer": e,
        "cell": cell,
        "hazard": hid,
        "kind": kind_of(f),
        "bought": [],
        "free": free_power,
        "stage": "buy",
        "dice": [],
        "added": 0,
        "monster_dice": [],
        "skull": False,
        "rerolls": [],
        "target": target(s, e, cell),
    }
    word = "fight" if kind_of(f) == "monster" else "disarm"
    s.log_public(
        f"{s.who(e)} faces the {s.C.hazards[hid].name} at {grid.name(cell)}: a {word} check "
        f"against Target {s.data['check']['target']}"
    )


def may_buy(s: LairsState, e: int) -> list[str]:
    ck = s.data["check"]
    ex = s.data["explorers"][e]
    if ck["kind"] == "monster" and has_status(ex, "terrified"):
        return []
    return [k for k in CUBES if ex["fresh"][k] > 0]


def die_for(s: LairsState, e: int, cube: str) -> str:
    """A Power die for a cube matching a weakness (Pack only; Dazed cubes count as Basic)."""
    ck = s.data["check"]
    ex = s.data["explorers"][e]
    if not s.data["pack"] or has_status(ex, "dazed"):
        return "basic"
    return "power" if cube in s.C.hazards[ck["hazard"]].weaknesses else "basic"


def buy(s: LairsState, e: int, cube: str) -> None:
    ex = s.data["explorers"][e]
    ex["fresh"][cube] -= 1
    ex["spent"][cube] += 1
    s.data["check"]["bought"].append(cube)


def roll(s: LairsState, e: int) -> None:
    ck = s.data["check"]
    dice = []
    for cube in ck["bought"]:
        t = die_for(s, e, cube)
        dice.append({"t": t, "v": s.roll_die(t), "src": cube})
    for _ in range(ck["free"]):
        dice.append({"t": "power", "v": s.roll_die("power"), "src": "free"})
    ck["dice"] = dice
    ck["stage"] = "after-roll"
    s.log_public(f"{s.who(e)} rolls {dice_text(dice)}")


def dice_text(dice: list[dict[str, Any]]) -> str:
    if not dice:
        return "no dice"
    return ", ".join(f"{d['v']}{'P' if d['t'] == 'power' else ''}" for d in dice)


def monster_roll(s: LairsState) -> None:
    """The Builder rolls both Monster dice (fights only, with the Pack)."""
    ck = s.data["check"]
    faces = [s.roll_monster_die() for _ in range(int(s.C.numbers["dice"]["monster"]["count"]))]
    ck["monster_dice"] = faces
    ck["skull"] = "skull" in faces
    s.log_public(f"the Builder rolls the Monster dice: {', '.join(faces)}")


# ---------------------------------------------------------------- how the roll counts
def skull_in_force(s: LairsState, ck: dict[str, Any]) -> list[Effect]:
    """The Monster's Skull abilities while its check's Monster dice show a skull."""
    if not ck["skull"]:
        return []
    return list(s.C.hazards[ck["hazard"]].skull)


def ask(s: LairsState, ck: dict[str, Any], model: type, start: Any, *about: Any) -> Any:
    """Fold the static Skull abilities of one model in force over ``start`` (a question of the
    rules: what a die counts, what the roll totals, what the Strike brings)."""
    value = start
    for effect in skull_in_force(s, ck):
        if type(effect) is model:
            value = STATIC.handler(effect)(effect, value, *about)
    return value


def die_value(s: LairsState, die: dict[str, Any]) -> int:
    ck = s.data["check"]
    value = int(die["v"])
    for effect in skull_in_force(s, ck):  # in the order the Skull lists them
        if isinstance(effect, (BasicDiceCount, FacesCountZero)):
            value = STATIC.handler(effect)(effect, value, die)
    return value


def total(s: LairsState) -> int:
    ck = s.data["check"]
    t = sum(die_value(s, d) for d in ck["dice"]) + ck["added"]
    for f in ck["monster_dice"]:
        if f.startswith("-"):
            t += int(f)
    t = int(ask(s, ck, SubtractRoll, t))
    hz = s.C.hazards[ck["hazard"]]
    if hz.intangible:
        t -= 4 * sum(1 for d in ck["dice"] if d["t"] == "power" and d["src"] == "brawn")
    return int(t)


# ---------------------------------------------------------------- Skull abilities
def reroll_choices(s: LairsState) -> list[tuple[int, ...]]:
    """Every choice the Builder has for the Shivers: no die, or up to ``n`` of the rolled dice
    (by their place in the roll), each set once."""
    ck = s.data["check"]
    dice = range(len(ck["dice"]))
    return [
        c
        for k in range(min(ck["rerolls_allowed"], len(ck["dice"])) + 1)
        for c in combinations(dice, k)
    ]


def after_roll(s: LairsState) -> None:
    """Improvise and Junk are over: the Builder's Monster dice (Pack fights), then the result."""
    ck = s.data["check"]
    if s.data["pack"] and ck["kind"] == "monster" and not ck["monster_dice"]:
        monster_roll(s)
        if ck["skull"]:
            hz = s.C.hazards[ck["hazard"]]
            s.log_public(f"skull: the {hz.name}'s {hz.skull_name or 'Skull ability'}")
            for effect in hz.skull:
                if effect.effect in CHECK:  # acts on the check at once
                    CHECK.handler(effect)(s, ck, effect)
                elif effect.effect in TRIGGERED:  # a penalty, before the check's outcome
                    queue(s, ck["explorer"], [effect], front=True)
                # the static ones count where the check asks them
            if ck["stage"] == "reroll":
                return  # the Builder picks the dice (a seat, or the solo automaton)
    finish(s)


def reroll(s: LairsState, chosen: tuple[int, ...]) -> None:
    """The dice the Builder chose for the Shivers are rerolled, all after the one choice; then
    the check is decided."""
    ck = s.data["check"]
    if chosen:
        before = dice_text([ck["dice"][i] for i in chosen])
        for i in chosen:
            die = ck["dice"][i]
            die["v"] = s.roll_die(die["t"])
        after = dice_text([ck["dice"][i] for i in chosen])
        s.log_public(f"The Shivers: the Builder has {before} rerolled: {after}")
    else:
        s.log_public("The Shivers: the Builder has no die rerolled")
    ck["rerolls"] = list(chosen)
    ck["stage"] = "after-roll"
    finish(s)


def finish(s: LairsState) -> None:
    ck = s.data["check"]
    e, cell = ck["explorer"], ck["cell"]
    hz = s.C.hazards[ck["hazard"]]
    t = total(s)
    win = t >= ck["target"]
    s.data["last_check"] = {**ck, "total": t}
    if win and ask(s, ck, Splatter, False):
        win = False
        set_target(s, e, cell, t)
        s.log_public(f"{hz.name} swallows the blow: its Target rises to {t}")
    s.data["check"] = None
    ex = s.data["explorers"][e]
    lair = s.lair_of(e)
    if win:
        lair["feat"][cell] = None
        lair["target"].pop(str(cell), None)
        ex["targets"].pop(str(cell), None)
        ex["map"][cell] = "empty"
        ex["scavenge"].append(cell)
        if hz.kind == "monster":
            ex["trophies"].append(hz.id)
            s.log_public(f"{s.who(e)} rolls {t} and defeats the {hz.name} (+{hz.vp} VP trophy)")
        else:
            s.log_public(f"{s.who(e)} rolls {t} and disarms the {hz.name}")
        queue(s, e, list(hz.reward), at=cell)
    else:
        s.log_public(f"{s.who(e)} rolls {t} against {ck['target']}: the {hz.name} strikes")
        ex.setdefault("struck", []).append(hz.id)
        queue(s, e, ask(s, ck, LoseTreasureUnlessWin, list(hz.strike)), at=cell)
