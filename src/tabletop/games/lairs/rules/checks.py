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


def target(state: LairsState, seat: int, cell: int) -> int:
    lair = state.lair_of(seat)
    hid = hazard_id(lair["feat"][cell])
    assert hid is not None
    base = state.content.hazards[hid].target + state.target_bonus()
    return int(lair["target"].get(str(cell), base))


def set_target(state: LairsState, seat: int, cell: int, value: int) -> None:
    state.lair_of(seat)["target"][str(cell)] = value
    state.data["explorers"][seat]["targets"][str(cell)] = value


def start(state: LairsState, seat: int, cell: int, free_power: int = 0) -> None:
    lair = state.lair_of(seat)
    f = lair["feat"][cell]
    hid = hazard_id(f)
    assert hid is not None
    state.data["check"] = {
        "explorer": seat,
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
        "target": target(state, seat, cell),
    }
    word = "fight" if kind_of(f) == "monster" else "disarm"
    state.log_public(
        f"{state.who(seat)} faces the {state.content.hazards[hid].name} at {grid.name(cell)}: "
        f"a {word} check against Target {state.data['check']['target']}"
    )


def may_buy(state: LairsState, seat: int) -> list[str]:
    check = state.data["check"]
    explorer = state.data["explorers"][seat]
    if check["kind"] == "monster" and has_status(explorer, "terrified"):
        return []
    return [k for k in CUBES if explorer["fresh"][k] > 0]


def die_for(state: LairsState, seat: int, cube: str) -> str:
    """A Power die for a cube matching a weakness (Pack only; Dazed cubes count as Basic)."""
    check = state.data["check"]
    explorer = state.data["explorers"][seat]
    if not state.data["pack"] or has_status(explorer, "dazed"):
        return "basic"
    return "power" if cube in state.content.hazards[check["hazard"]].weaknesses else "basic"


def buy(state: LairsState, seat: int, cube: str) -> None:
    explorer = state.data["explorers"][seat]
    explorer["fresh"][cube] -= 1
    explorer["spent"][cube] += 1
    state.data["check"]["bought"].append(cube)


def roll(state: LairsState, seat: int) -> None:
    check = state.data["check"]
    dice = []
    for cube in check["bought"]:
        t = die_for(state, seat, cube)
        dice.append({"type": t, "value": state.roll_die(t), "source": cube})
    for _ in range(check["free"]):
        dice.append({"type": "power", "value": state.roll_die("power"), "source": "free"})
    check["dice"] = dice
    check["stage"] = "after-roll"
    state.log_public(f"{state.who(seat)} rolls {dice_text(dice)}")


def dice_text(dice: list[dict[str, Any]]) -> str:
    if not dice:
        return "no dice"
    return ", ".join(f"{d['value']}{'P' if d['type'] == 'power' else ''}" for d in dice)


def monster_roll(state: LairsState) -> None:
    """The Builder rolls both Monster dice (fights only, with the Pack)."""
    check = state.data["check"]
    faces = [
        state.roll_monster_die()
        for _ in range(int(state.content.numbers["dice"]["monster"]["count"]))
    ]
    check["monster_dice"] = faces
    check["skull"] = "skull" in faces
    state.log_public(f"the Builder rolls the Monster dice: {', '.join(faces)}")


# ---------------------------------------------------------------- how the roll counts
def skull_in_force(state: LairsState, check: dict[str, Any]) -> list[Effect]:
    """The Monster's Skull abilities while its check's Monster dice show a skull."""
    if not check["skull"]:
        return []
    return list(state.content.hazards[check["hazard"]].skull)


def ask(state: LairsState, check: dict[str, Any], model: type, start: Any, *about: Any) -> Any:
    """Fold the static Skull abilities of one model in force over ``start`` (a question of the
    rules: what a die counts, what the roll totals, what the Strike brings)."""
    value = start
    for effect in skull_in_force(state, check):
        if type(effect) is model:
            value = STATIC.handler(effect)(effect, value, *about)
    return value


def die_value(state: LairsState, die: dict[str, Any]) -> int:
    check = state.data["check"]
    value = int(die["value"])
    for effect in skull_in_force(state, check):  # in the order the Skull lists them
        if isinstance(effect, (BasicDiceCount, FacesCountZero)):
            value = STATIC.handler(effect)(effect, value, die)
    return value


def total(state: LairsState) -> int:
    check = state.data["check"]
    t = sum(die_value(state, d) for d in check["dice"]) + check["added"]
    for f in check["monster_dice"]:
        if f.startswith("-"):
            t += int(f)
    t = int(ask(state, check, SubtractRoll, t))
    hazard = state.content.hazards[check["hazard"]]
    if hazard.intangible:
        t -= 4 * sum(1 for d in check["dice"] if d["type"] == "power" and d["source"] == "brawn")
    return int(t)


# ---------------------------------------------------------------- Skull abilities
def reroll_choices(state: LairsState) -> list[tuple[int, ...]]:
    """Every choice the Builder has for the Shivers: no die, or up to ``n`` of the rolled dice
    (by their place in the roll), each set once."""
    check = state.data["check"]
    dice = range(len(check["dice"]))
    return [
        c
        for k in range(min(check["rerolls_allowed"], len(check["dice"])) + 1)
        for c in combinations(dice, k)
    ]


def after_roll(state: LairsState) -> None:
    """Improvise and Junk are over: the Builder's Monster dice (Pack fights), then the result."""
    check = state.data["check"]
    if state.data["pack"] and check["kind"] == "monster" and not check["monster_dice"]:
        monster_roll(state)
        if check["skull"]:
            hazard = state.content.hazards[check["hazard"]]
            state.log_public(f"skull: the {hazard.name}'s {hazard.skull_name or 'Skull ability'}")
            for effect in hazard.skull:
                if effect.effect in CHECK:  # acts on the check at once
                    CHECK.handler(effect)(state, check, effect)
                elif effect.effect in TRIGGERED:  # a penalty, before the check's outcome
                    queue(state, check["explorer"], [effect], front=True)
                # the static ones count where the check asks them
            if check["stage"] == "reroll":
                return  # the Builder picks the dice (a seat, or the solo automaton)
    finish(state)


def reroll(state: LairsState, chosen: tuple[int, ...]) -> None:
    """The dice the Builder chose for the Shivers are rerolled, all after the one choice; then
    the check is decided."""
    check = state.data["check"]
    if chosen:
        before = dice_text([check["dice"][i] for i in chosen])
        for i in chosen:
            die = check["dice"][i]
            die["value"] = state.roll_die(die["type"])
        after = dice_text([check["dice"][i] for i in chosen])
        state.log_public(f"The Shivers: the Builder has {before} rerolled: {after}")
    else:
        state.log_public("The Shivers: the Builder has no die rerolled")
    check["rerolls"] = list(chosen)
    check["stage"] = "after-roll"
    finish(state)


def finish(state: LairsState) -> None:
    check = state.data["check"]
    e, cell = check["explorer"], check["cell"]
    hazard = state.content.hazards[check["hazard"]]
    t = total(state)
    win = t >= check["target"]
    state.data["last_check"] = {**check, "total": t}
    if win and ask(state, check, Splatter, False):
        win = False
        set_target(state, e, cell, t)
        state.log_public(f"{hazard.name} swallows the blow: its Target rises to {t}")
    state.data["check"] = None
    explorer = state.data["explorers"][e]
    lair = state.lair_of(e)
    if win:
        lair["feat"][cell] = None
        lair["target"].pop(str(cell), None)
        explorer["targets"].pop(str(cell), None)
        explorer["map"][cell] = "empty"
        explorer["scavenge"].append(cell)
        if hazard.kind == "monster":
            explorer["trophies"].append(hazard.id)
            state.log_public(
                f"{state.who(e)} rolls {t} and defeats the {hazard.name} (+{hazard.vp} VP trophy)"
            )
        else:
            state.log_public(f"{state.who(e)} rolls {t} and disarms the {hazard.name}")
        queue(state, e, list(hazard.reward), at=cell)
    else:
        state.log_public(
            f"{state.who(e)} rolls {t} against {check['target']}: the {hazard.name} strikes"
        )
        explorer.setdefault("struck", []).append(hazard.id)
        queue(state, e, ask(state, check, LoseTreasureUnlessWin, list(hazard.strike)), at=cell)
