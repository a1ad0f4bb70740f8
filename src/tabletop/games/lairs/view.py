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


def map_sheet(ex: dict[str, Any]) -> dict[str, Any]:
    """An explorer's map sheet, public: what it has learnt of the lair, and its Notes section
    (the VP noted there, and the changed Targets of Monsters that moved off the map, by
    Monster)."""
    sheet = {shown: ex[key] for shown, key in MAP_KEYS}
    sheet = {**sheet, "known": list(ex["known"]), "map": list(ex["map"])}
    sheet["notes"] = {"vp": ex["notes"], "targets": dict(ex.get("noted", {}))}
    return sheet


def notes_line(sheet: dict[str, Any]) -> str:
    """The map sheet's Notes section: the VP noted there and the changed Targets of Monsters
    that moved off the map."""
    notes = sheet.get("notes") or {}
    C = content()
    parts = [f"{notes['vp']} VP"] if notes.get("vp") else []
    parts += [
        f"{C.hazards[h].name} Target {n}" for h, n in sorted(notes.get("targets", {}).items())
    ]
    return "Notes: " + ("; ".join(parts) or "none")


def mat(s: LairsState, i: int, seat: int | None) -> dict[str, Any]:
    ex = s.data["explorers"][i]
    out = {
        "fresh": dict(ex["fresh"]),
        "spent": dict(ex["spent"]),
        "fatigued": dict(ex["fatigued"]),
        "conserved": dict(ex["conserved"]),
        "status": dict(ex["status"]),
        "treasures": list(ex["treasures"]),
        "trophies": list(ex["trophies"]),
        "notes": ex["notes"],
        "escaped": ex["escaped"],
        "turns": ex["turns"],
        "junk_count": len(ex["junk"]),
        "scavenge": list(ex["scavenge"]),
        "score": score(s.C, ex),
    }
    if seat == i:
        out["junk"] = list(ex["junk"])
    return out


def view(s: LairsState, seat: int | None) -> dict[str, Any]:
    d = s.data
    out: dict[str, Any] = {
        "mode": d["mode"],
        "pack": d["pack"],
        "solo": d["solo"],
        "difficulty": d["difficulty"],
        "phase": d["phase"],
        "round": d["round"],
        "rounds": d["rounds"],
        "turn": d["turn"],
        "first": d["first"],
        "goal": d["goal"],
        "monsters": list(d["monsters"]),
        "traps": list(d["traps"]),
        "draft_pool": list(d["draft"]["pool"]) if d["draft"] else None,
        "display": list(d["display"]),
        "treasure_deck": size(d["treasure"]),
        "junk_deck": size(d["junk_deck"]) if d["junk_deck"] is not None else None,
        "ready": [lair.get("ready", False) for lair in d["lairs"]],
        "horn": d["turns_left"],
        "check": _check(s),
        "last_check": _last_check(d),
        "ask": _ask(d, seat),
        "log": log_for(d, seat),
    }
    building_now = d["phase"] in ("select", "build")
    if not building_now:
        out["maps"] = [map_sheet(ex) for ex in d["explorers"]]
        out["mats"] = [mat(s, i, seat) for i in range(len(d["explorers"]))]
    if seat is not None and not d["solo"]:
        lair = s.lair(seat)
        own: dict[str, Any] = {
            # what the knowledge model says seat knows of its own lair: all of it
            "feat": s.secrets().view(zone_name(seat), seat).get("items", [None] * 36),
            "walls": list(lair["walls"]),
            "target": dict(lair["target"]),
            "left": building.pieces_left(d, lair, s.C) if building_now else {},
        }
        if building_now:
            own["problem"] = building.ready_problem(d, lair, s.C)
        out["lair"] = own
    return out


def _check(s: LairsState) -> dict[str, Any] | None:
    ck = s.data["check"]
    if ck is None:
        return None
    return {shown: ck[key] for shown, key in CHECK_KEYS}


def _last_check(d: dict[str, Any]) -> dict[str, Any] | None:
    last = d["last_check"]
    if last is None:
        return None
    return {shown: last[key] for shown, key in LAST_CHECK_KEYS}


def _ask(d: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    ask = d["ask"]
    if ask is None:
        return None
    if ask["seat"] != seat:
        return {"kind": ask["kind"], "seat": ask["seat"]}
    return {k: v for k, v in ask.items()}
