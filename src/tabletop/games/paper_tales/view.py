"""What each seat sees. Hidden: the draw pile's order, every other seat's hand, draft hand and
committed picks, the face-down arrangement of a Deployment in flight, the card kept face down,
the Construction chosen face down until everyone has chosen, and the unrevealed Necropolis cards.
:func:`resample` redraws exactly those things, so a seat's view cannot tell the difference."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from tabletop.engine import Action, piles
from tabletop.engine.rng import Rng
from tabletop.engine.views import log_for

from .rules import construction, deployment, kingdom, recruitment, solo
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
            "hand_size": len(p["hand"]),
            "has_kept": p["kept"] is not None,
            "decided": p["done"],
            "won": p["won"],
        }
        if mine:
            entry["hand"] = sorted(p["hand"])
            entry["kept"] = p["kept"]
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
            "sizes": [len(h) for h in draft["hands"]],
            "hand": sorted(draft["hands"][seat]) if seat is not None else None,
            "pick": draft["picks"][seat] if seat is not None else None,
            "burn": draft["burns"][seat] if seat is not None else None,
            "burns": recruitment.burns(n),
        }
    s = d["solo"]
    if s is not None:
        t = d["turn"]
        out["solo"] = {
            "line": [c if i < s["revealed"] else None for i, c in enumerate(s["line"])],
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


def explain_illegal(st: PTState, seat: int, action: Action) -> str | None:
    """Words for the usual mistakes: a card not in your hand, a full spot, a Building you cannot
    afford."""
    d = st.data
    phase = d["phase"]
    draft = d["draft"]
    if (
        action.kind == "pick"
        and draft is not None
        and action.get("card") not in draft["hands"][seat]
    ):
        return f"{action.get('card')} is not in the hand in front of seat {seat}"
    if action.kind == deployment.KIND and phase == "deploy":
        return deployment.explain(st, seat, action)
    if action.kind == "build" and phase == "build" and action.get("building") is not None:
        b, level = action.get("building"), action.get("level")
        if not isinstance(level, int) or level not in (1, 2):
            return "the level is 1 or 2"
        return construction.why_not(st, seat, str(b), level)
    return None


def resample(st: PTState, seat: int | None, rng: Rng) -> PTState:
    """A state ``seat`` cannot tell from this one: the draw pile and every card hidden from it
    (other hands, draft hands and picks, kept cards) dealt again at random from the same pool,
    the unseen Necropolis cards redrawn from their piles, the Netherworld's order shuffled."""
    other = st.clone()
    d = other.data
    hidden: list[str] = piles.cards(d["deck"])
    zones: list[tuple[list[Any], int]] = []  # (list, index) of each hidden card outside the deck
    for s, p in enumerate(d["players"]):
        if s == seat:
            continue
        for i in range(len(p["hand"])):
            zones.append((p["hand"], i))
        if d["draft"] is not None:
            for i in range(len(d["draft"]["hands"][s])):
                zones.append((d["draft"]["hands"][s], i))
    kept_of = [s for s, p in enumerate(d["players"]) if s != seat and p["kept"] is not None]
    pool = hidden + [lst[i] for lst, i in zones] + [d["players"][s]["kept"] for s in kept_of]
    new = list(pool)
    rng.shuffle(new)
    swap = dict(zip(pool, new, strict=True))
    piles.set_cards(d["deck"], [swap[c] for c in hidden])
    for lst, i in zones:
        lst[i] = swap[lst[i]]
    for s in kept_of:
        d["players"][s]["kept"] = swap[d["players"][s]["kept"]]
    for s in range(len(d["players"])):
        if s == seat:
            continue
        if d["draft"] is not None:
            for key in ("picks", "burns"):
                c = d["draft"][key][s]
                if c is not None:
                    d["draft"][key][s] = swap[c]
    sol = d["solo"]
    if sol is not None:
        for i in range(sol["revealed"], len(sol["line"])):
            pile = solo.PILES[i]
            cards = sorted(n.id for n in st.content.necropolis.values() if n.pile == pile)
            sol["line"][i] = cards[rng.below(len(cards))]
        rng.shuffle(sol["nether"])
    other.invalidate()
    return other
