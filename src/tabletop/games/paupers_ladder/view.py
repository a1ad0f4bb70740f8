"""What each seat may see of Paupers' Ladder: its view (the state's ``_view``). A seat sees the
board, every player's public cards and its own private ones (its draft hand, the known tops of
its decks); face-down cards only as counts (hidden.py decides what each seat knows)."""

from __future__ import annotations

from typing import Any

from tabletop.engine import piles
from tabletop.engine.views import log_for

from . import hidden
from .content import CITIES, WILD
from .rules import solo, survival
from .state import PLState


def view_of(state: PLState, seat: int | None) -> dict[str, Any]:
    data = state.data
    return {
        "phase": data["phase"],
        "round": data.get("round", 0),
        "turn": data.get("turn"),
        "players": [_player(state, s, seat) for s in range(state.player_count())],
        "tiles": {k: list(v) for k, v in data["tiles"].items()},
        "card_gems": dict(data["card_gems"]),
        "tucked": {k: list(v) for k, v in data["tucked"].items()},
        "quests": dict(data["quests"]),
        "shops": {
            city: {
                "count": len(hidden.shop(state, city)),
                "known": hidden.shop_known(state, city, seat) if seat is not None else [],
            }
            for city in CITIES
        },
        "dispensary": [
            {"count": len(s), "top": s[-1] if s else None} for s in hidden.dispensary(state)
        ],
        "decks": {
            k: {"count": hidden.deck_size(state, k), "discard": list(v["discard"])}
            for k, v in data["decks"].items()
        },
        "paupers_shown": list(data["paupers_shown"]),
        "birds_shown": list(data["birds_shown"]),
        "turn_state": dict(data["turn_state"]) if data["turn_state"] else None,
        "fight": dict(data["fight"]) if data.get("fight") else None,
        "last_fight": data.get("last_fight"),
        "stack": [_frame(state, f, seat) for f in data["stack"]],
        "winners": list(data.get("winners", [])),
        "log": log_for(data, seat),
        **_mode_view(state),
    }


def _player(state: PLState, s: int, seat: int | None) -> dict[str, Any]:
    """What everyone sees of a player, and what only the player sees."""
    player = state.player(s)
    out: dict[str, Any] = {
        "seat": s,
        "pauper": player["pauper"],
        "name": state.seat_name(s),
        "bird": player["bird"],
        "trained": player["trained"],
        "gems": player["gems"],
        "position": player["position"],
        "bird_position": player["bird_position"],
        "recipes": [dict(r) for r in player["recipes"]],
        "inventory": [dict(i) for i in player["inventory"]],
        "trophies": list(player["trophies"]),
        "journal": list(player["journal"]),
        "virtues": list(player["virtues"]),
        "outcome_count": hidden.deck_size(state, "outcome", s),
        "outcome_discard": piles.discards(player["outcome_deck"]),
        "misses_turn": bool(player.get("misses_turn")),
        "charges": player.get("charges", 0),
        "hand_count": len(hidden.hand(state, s)),
    }
    if "lives" in player:
        out["lives"] = dict(player["lives"])
        out["max_lives"] = survival.max_lives(state)
    if seat == s:
        out["hand"] = hidden.hand(state, s)
        out["outcome_known_top"] = hidden.known_top(state, "outcome", s, owner=s)
        out["region_known_top"] = {
            deck: known for deck in WILD if (known := hidden.known_top(state, deck, s))
        }
    return out


def _frame(state: PLState, frame: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """An open decision as a seat sees it: a private one (cards only its seat looks at) shows
    only whose it is; the cards a choice offers come from the zones they lie in."""
    if frame.get("private") and frame["seat"] != seat:
        return {"kind": frame["kind"], "seat": frame["seat"]}
    if frame["kind"] == "keep":
        return {**frame, "cards": hidden.keep_cards(state, frame)}
    if frame["kind"] == "reorder":
        shown = {k: v for k, v in frame.items() if k != "count"}
        return {**shown, "cards": hidden.reorder_cards(state, frame)}
    return dict(frame)


def _mode_view(state: PLState) -> dict[str, Any]:
    data = state.data
    if data["mode"] == "standard":
        return {}
    out: dict[str, Any] = {"mode": data["mode"]}
    record = data.get("solo")
    if not record:
        return out
    scenario = state.content.solo["scenarios"][record["scenario"]]
    out["solo"] = {
        "scenario": record["scenario"],
        "name": scenario["name"],
        "difficulty": record["difficulty"],
        "time": record["time"],
        "allowance": record["allowance"],
        "max_lives": record["max_lives"],
        "home": record.get("home"),
        "objectives": solo.objectives(state) if data["players"][0]["pauper"] else [],
        "side": solo.side_objective(state),
        "ordered": bool(scenario.get("ordered")),
        # face-down Mine cards: only where they lie, never what they are
        "facedown": hidden.facedown_regions(state),
        "city_hazards": dict(record.get("city_hazards", {})),
        "necromancer": record.get("necromancer")
        if record.get("necromancer_lives") is not None
        else None,
        "necromancer_lives": record.get("necromancer_lives"),
        "necromancer_deck": piles.size(record["necromancer_deck"])
        if "necromancer_deck" in record
        else None,
        "markers": list(record.get("markers", [])),
        "collected": list(record.get("collected", [])),
        "siege": list(record.get("siege", [])),
    }
    return out
