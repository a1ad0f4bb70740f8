"""What each seat sees (the secrets are declared here, once).

- A builder sees its own real lair (while building, only its own) and where its explorer stands.
- An explorer sees its map sheet: the spaces and walls it has learnt, nothing more of that lair.
- Both map sheets are known to both players (the Builder told the explorer everything on it), so
  they are public, and so are the player mats, the Treasures kept, the trophies and the display.
- Hidden from the other seat: the unlearnt parts of a lair, a Junk hand (its size is public),
  cards drawn but not yet kept, and a Builder's own hidden choices. Deck orders are hidden from
  everyone. A spectator sees only what is public.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.piles import size
from tabletop.engine.views import log_for

from .content import content
from .rules import building
from .rules.treasure import score
from .state import LairsState, zone_name

# the map sheet's keys in a view, and where each is in an explorer's data
MAP_KEYS = (
    ("pos", "position"),
    ("known", "known"),
    ("map", "map"),
    ("mwalls", "map_walls"),
    ("visited", "visited"),
    ("scrounged", "scrounged"),
    ("targets", "targets"),
)
# a check's keys in a view, and where each is in the check's data
CHECK_KEYS = (
    ("e", "explorer"),
    ("cell", "cell"),
    ("hz", "hazard"),
    ("kind", "kind"),
    ("bought", "bought"),
    ("free", "free"),
    ("stage", "stage"),
    ("dice", "dice"),
    ("adds", "added"),
    ("mdice", "monster_dice"),
    ("skull", "skull"),
    ("target", "target"),
    ("rerolls", "rerolls"),
)
LAST_CHECK_KEYS = (
    ("e", "explorer"),
    ("cell", "cell"),
    ("hz", "hazard"),
    ("kind", "kind"),
    ("dice", "dice"),
    ("mdice", "monster_dice"),
    ("target", "target"),
    ("total", "total"),
)


def map_sheet(explorer: dict[str, Any]) -> dict[str, Any]:
    """An explorer's map sheet, public: what it has learnt of the lair, and its Notes section
    (the VP noted there, and the changed Targets of Monsters that moved off the map, by
    Monster)."""
    sheet = {shown: explorer[key] for shown, key in MAP_KEYS}
    sheet = {**sheet, "known": list(explorer["known"]), "map": list(explorer["map"])}
    sheet["notes"] = {"vp": explorer["notes"], "targets": dict(explorer.get("noted", {}))}
    return sheet


def notes_line(sheet: dict[str, Any]) -> str:
    """The map sheet's Notes section: the VP noted there and the changed Targets of Monsters
    that moved off the map."""
    notes = sheet.get("notes") or {}
    cards = content()
    parts = [f"{notes['vp']} VP"] if notes.get("vp") else []
    parts += [
        f"{cards.hazards[h].name} Target {n}" for h, n in sorted(notes.get("targets", {}).items())
    ]
    return "Notes: " + ("; ".join(parts) or "none")


def mat(state: LairsState, i: int, seat: int | None) -> dict[str, Any]:
    explorer = state.data["explorers"][i]
    out = {
        "fresh": dict(explorer["fresh"]),
        "spent": dict(explorer["spent"]),
        "fatigued": dict(explorer["fatigued"]),
        "conserved": dict(explorer["conserved"]),
        "status": dict(explorer["status"]),
        "treasures": list(explorer["treasures"]),
        "trophies": list(explorer["trophies"]),
        "notes": explorer["notes"],
        "escaped": explorer["escaped"],
        "turns": explorer["turns"],
        "junk_count": len(explorer["junk"]),
        "scavenge": list(explorer["scavenge"]),
        "score": score(state.content, explorer),
    }
    if seat == i:
        out["junk"] = list(explorer["junk"])
    return out


def view(state: LairsState, seat: int | None) -> dict[str, Any]:
    data = state.data
    out: dict[str, Any] = {
        "mode": data["mode"],
        "pack": data["pack"],
        "solo": data["solo"],
        "difficulty": data["difficulty"],
        "phase": data["phase"],
        "round": data["round"],
        "rounds": data["rounds"],
        "turn": data["turn"],
        "first": data["first"],
        "goal": data["goal"],
        "monsters": list(data["monsters"]),
        "traps": list(data["traps"]),
        "draft_pool": list(data["draft"]["pool"]) if data["draft"] else None,
        "display": list(data["display"]),
        "treasure_deck": size(data["treasure"]),
        "junk_deck": size(data["junk_deck"]) if data["junk_deck"] is not None else None,
        "ready": [lair.get("ready", False) for lair in data["lairs"]],
        "horn": data["turns_left"],
        "check": _check(state),
        "last_check": _last_check(data),
        "ask": _ask(data, seat),
        "log": log_for(data, seat),
    }
    building_now = data["phase"] in ("select", "build")
    if not building_now:
        out["maps"] = [map_sheet(ex) for ex in data["explorers"]]
        out["mats"] = [mat(state, i, seat) for i in range(len(data["explorers"]))]
    if seat is not None and not data["solo"]:
        lair = state.lair(seat)
        own: dict[str, Any] = {
            # what the knowledge model says seat knows of its own lair: all of it
            "feat": state.secrets().view(zone_name(seat), seat).get("items", [None] * 36),
            "walls": list(lair["walls"]),
            "target": dict(lair["target"]),
            "left": building.pieces_left(data, lair, state.content) if building_now else {},
        }
        if building_now:
            own["problem"] = building.ready_problem(data, lair, state.content)
        out["lair"] = own
    return out


def _check(state: LairsState) -> dict[str, Any] | None:
    check = state.data["check"]
    if check is None:
        return None
    return {shown: check[key] for shown, key in CHECK_KEYS}


def _last_check(data: dict[str, Any]) -> dict[str, Any] | None:
    last = data["last_check"]
    if last is None:
        return None
    return {shown: last[key] for shown, key in LAST_CHECK_KEYS}


def _ask(data: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    ask = data["ask"]
    if ask is None:
        return None
    if ask["seat"] != seat:
        shown = {"kind": ask["kind"], "seat": ask["seat"]}
        if ask["kind"] == "pay" and ask["act"]["kind"] == "junk":
            # a Junk card is played face up ("discard it, then do what it says")
            shown["playing"] = ask["act"]["args"]["card"]
        return shown
    return {k: v for k, v in ask.items()}
