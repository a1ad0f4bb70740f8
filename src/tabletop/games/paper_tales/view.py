"""What each seat sees. Hidden: the draw pile's order, every other seat's hand, draft hand and
committed picks, the face-down arrangement of a Deployment in flight, the card kept face down,
the Construction chosen face down until everyone has chosen, and the unrevealed Necropolis cards.
:func:`resample` redraws exactly those things, so a seat's view cannot tell the difference."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from tabletop.engine import piles
from tabletop.engine.rng import Rng
from tabletop.engine.views import log_for

from . import hidden
from .rules import deployment, kingdom, recruitment, solo
from .state import UnitInPlay

if TYPE_CHECKING:
    from .play import PTState


def _units(st: PTState, seat: int, spots: list[UnitInPlay | None]) -> list[dict[str, Any] | None]:
    out: list[dict[str, Any] | None] = []
    for spot, u in enumerate(spots):
        if u is None:
            out.append(None)
            continue
        out.append(
            {
                "card": u["c"],
                "unit": u["c"].split(".")[0],
                "age": u["age"],
                "new": u["new"],
                "strength": kingdom.unit_strength(st, seat, spot, u),
            }
        )
    return out


def view(st: PTState, seat: int | None) -> dict[str, Any]:
    d = st.data
    phase = d["phase"]
    players = []
    for s, p in enumerate(d["players"]):
        mine = s == seat
        entry: dict[str, Any] = {
            "seat": s,
            "name": st.who(s),
            "lp": p["lp"],
            "gold": p["gold"],
            "buildings": dict(p["buildings"]),
            "kingdom": _units(st, s, p["kingdom"]),
            "spots": list(kingdom.open_spots(st, s)),
            "resources": kingdom.resources(st, s),
            "strength": kingdom.war_strength(st, s),
            "hand_size": len(hidden.hand(st, s)),
            "has_kept": hidden.kept(st, s) is not None,
            "decided": p["done"],
            "won": p["won"],
        }
        if mine:
            entry["hand"] = sorted(hidden.hand(st, s))
            entry["kept"] = hidden.kept(st, s)
            chosen = st.commitment(s) if phase == "deploy" else None
            if chosen is not None:  # the arrangement committed face down, as it would be revealed
                plan = deployment.arrangement(st, s, chosen)
                entry["plan"] = _units(st, s, plan)
                entry["plan_cost"] = deployment.planned_cost(st, s, plan)
            if p["commit"] is not None:
                entry["commit"] = copy.deepcopy(p["commit"])
        players.append(entry)
    out: dict[str, Any] = {
        "turn": d["turn"],
        "phase": phase,
        "players": players,
        "buildings_in_game": list(d["buildings"]),
        "tiles": list(d["tiles"]),
        "deck": piles.size(d["deck"]),
        "discards": len(piles.discards(d["deck"])),
        "pending": [
            {"seat": q["seat"], "kind": q["kind"], "card": q["card"], "n": q.get("n")}
            for q in d["pending"]
        ],
        "log": log_for(d, seat),
    }
    draft = d["draft"]
    if draft is not None:
        n = len(d["players"])
        out["draft"] = {
            "direction": recruitment.direction(d["turn"]),
            "step": draft["step"],
            "sizes": [len(hidden.draft_hand(st, s)) for s in range(n)],
            "hand": sorted(hidden.draft_hand(st, seat)) if seat is not None else None,
            "pick": draft["picks"][seat] if seat is not None else None,
            "burn": None,
            "burns": recruitment.burns(n),
        }
    s = d["solo"]
    if s is not None:
        t = d["turn"]
        out["solo"] = {
            "line": [c if i < s["revealed"] else None for i, c in enumerate(solo.line(st))],
            "time": t,
            "lich": list(s["lich"]),
            "lich_lp": s["lp"],
            "nether": sorted(s["nether"]),
            "offer": sorted(s["offer"]),
            "stage": s["stage"],
            "armies": solo.armies(st) if s["revealed"] > t else None,
        }
        if phase == "solo-pick":  # the player may look through the discard pile while recruiting
            out["solo"]["discard_pile"] = sorted(piles.discards(d["deck"]))
    return out


def resample(st: PTState, seat: int | None, rng: Rng) -> PTState:
    """A state ``seat`` cannot tell from this one, as far as the game keeps it outside the
    knowledge zones: the draw pile dealt again with the Unit cards of the zones the seat does not
    know (hidden.py), and the Netherworld's order shuffled (the player sees which cards it holds,
    not their order). The engine then redraws the rest of what the seat does not know."""
    other = st.clone()
    hidden.resample(other, seat, rng)
    sol = other.data["solo"]
    if sol is not None:
        rng.shuffle(sol["nether"])
    other.invalidate()
    return other
