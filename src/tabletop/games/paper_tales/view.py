"""What each seat sees. Hidden: the draw pile's order, every other seat's hand, draft hand and
committed picks, the face-down arrangement of a Deployment in flight, the card kept face down,
the Construction chosen face down until everyone has chosen, and the unrevealed Necropolis cards.
:func:`resample` redraws exactly those things, so a seat's view cannot tell the difference."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import piles
from tabletop.engine.rng import Rng
from tabletop.engine.views import log_for

from . import hidden
from .rules import deployment, recruitment, solo
from .rules.kingdom import open_spots, resources, unit_strength, war_strength
from .state import UnitInPlay

if TYPE_CHECKING:
    from .state import PaperTalesState


def _units(
    state: PaperTalesState, seat: int, spots: list[UnitInPlay | None]
) -> list[dict[str, Any] | None]:
    found: list[dict[str, Any] | None] = []
    for spot, unit in enumerate(spots):
        if unit is None:
            found.append(None)
            continue
        found.append(
            {
                "card": unit["card"],
                "unit": unit["card"].split(".")[0],
                "age": unit["age"],
                "new": unit["new"],
                "strength": unit_strength(state, seat, spot, unit),
            }
        )
    return found


def _player(state: PaperTalesState, seat: int, viewer: int | None) -> dict[str, Any]:
    player = state.player(seat)
    entry: dict[str, Any] = {
        "seat": seat,
        "name": state.seat_name(seat),
        "legend_points": player["legend_points"],
        "gold": player["gold"],
        # in the order of the game's Buildings, never a mapping's
        "buildings": dict(state.owned_buildings(seat)),
        "kingdom": _units(state, seat, player["kingdom"]),
        "spots": list(open_spots(state, seat)),
        "resources": resources(state, seat),
        "strength": war_strength(state, seat),
        "hand_size": len(hidden.hand(state, seat)),
        "has_kept": hidden.kept(state, seat) is not None,
        "wars_won": player["wars_won"],
    }
    if seat == viewer:
        entry["hand"] = sorted(hidden.hand(state, seat))
        entry["kept"] = hidden.kept(state, seat)
        chosen = state.commitment(seat) if state.data["phase"] == "deploy" else None
        if chosen is not None:  # the arrangement committed face down, as it would be revealed
            plan = deployment.arrangement(state, seat, chosen)
            entry["plan"] = _units(state, seat, plan)
            entry["plan_cost"] = deployment.planned_cost(state, plan)
    return entry


def view(state: PaperTalesState, seat: int | None) -> dict[str, Any]:
    data = state.data
    found: dict[str, Any] = {
        "turn": data["turn"],
        "phase": data["phase"],
        "players": [_player(state, s, seat) for s in state.seats()],
        "buildings_in_game": list(data["buildings"]),
        "tiles": list(data["tiles"]),
        "deck": piles.size(data["deck"]),
        "discards": len(piles.discards(data["deck"])),
        "pending": [
            {
                "seat": queued["seat"],
                "kind": queued["kind"],
                "card": queued["card"],
                "tokens": queued.get("tokens"),
            }
            for queued in data["pending"]
        ],
        "log": log_for(data, seat),
    }
    draft = data["draft"]
    if draft is not None:
        players = len(data["players"])
        found["draft"] = {
            "direction": recruitment.direction(data["turn"]),
            "step": draft["step"],
            "sizes": [len(hidden.draft_hand(state, s)) for s in range(players)],
            "hand": sorted(hidden.draft_hand(state, seat)) if seat is not None else None,
            "pick": draft["picks"][seat] if seat is not None else None,
            "burns": recruitment.burns(players),
        }
    if data["solo"] is not None:
        found["solo"] = _solo(state)
    return found


def _solo(state: PaperTalesState) -> dict[str, Any]:
    """The Lich King's side: what of his line is face up, his cards, his score, Netherworld."""
    data = state.data
    lich = state.solo()
    assert lich is not None
    turn = data["turn"]
    shown = lich["revealed"]
    found: dict[str, Any] = {
        "line": [card if i < shown else None for i, card in enumerate(solo.line(state))],
        "time": turn,
        "lich_king_cards": list(lich["lich_king_cards"]),
        "legend_points": lich["legend_points"],
        "netherworld": sorted(lich["netherworld"]),
        "offer": sorted(lich["offer"]),
        "stage": lich["stage"],
        "armies": solo.armies(state) if shown > turn else None,
    }
    if data["phase"] == "solo-pick":  # the player may look through the discard pile now
        found["discard_pile"] = sorted(piles.discards(data["deck"]))
    return found


def resample(state: PaperTalesState, seat: int | None, rng: Rng) -> PaperTalesState:
    """A state ``seat`` cannot tell from this one, as far as the game keeps it outside the
    knowledge zones: the draw pile dealt again with the Unit cards of the zones the seat does not
    know (hidden.py), and the Netherworld's order shuffled (the player sees which cards it holds,
    not their order). The engine then redraws the rest of what the seat does not know."""
    other = state.clone()
    hidden.resample(other, seat, rng)
    lich = other.solo()
    if lich is not None:
        rng.shuffle(lich["netherworld"])
    other.invalidate()
    return other
