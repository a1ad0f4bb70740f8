"""Small helpers for Paupers' Ladder tests: build a scenario, play actions by kind, find cards."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, load
from tabletop.engine.views import log_for
from tabletop.games.paupers_ladder.rules import PLState


def game(players: int = 2) -> Any:
    return load("paupers-ladder", players=players)


def build(spec: dict[str, Any], players: int = 2, seed: int = 1) -> PLState:
    state = game(players).build_state(spec, seed)
    assert isinstance(state, PLState)
    return state


def act(state: PLState, kind: str, seat: int | None = None, **args: Any) -> None:
    state.apply(Action.of(kind, **args), seat)


def kinds(state: PLState, seat: int | None = None) -> set[str]:
    return {a.kind for a in state.legal_actions(seat)}


def tile(state: PLState, region: str, entry: str) -> str:
    tiles = state.view(None)["tiles"][region]  # face up: the spectator's view shows them
    for cid in tiles:
        if cid.split(".")[1] == entry:
            return str(cid)
    raise AssertionError(f"no {entry} in {region}: {tiles}")


def inv(state: PLState, seat: int, entry: str) -> str:
    for it in state.view(seat)["players"][seat]["inventory"]:
        if it["card"].split(".")[1] == entry:
            return str(it["card"])
    raise AssertionError(f"no {entry} in seat {seat}'s Inventory")


def me(state: PLState, seat: int = 0) -> dict[str, Any]:
    """What a seat sees of itself (its Gems, Inventory, trophies, journal, Virtues, ...)."""
    return dict(state.view(seat)["players"][seat])


def strength(state: PLState) -> int:
    """The Strength of the fight in progress, or of the last fight once it resolved."""
    view = state.view(None)
    f = view["fight"] or view["last_fight"]
    return int(f["strength"])


def log_text(state: PLState, seat: int | None = None) -> str:
    # the whole log a seat may read (a view carries only its last entries)
    return "\n".join(e["text"] for e in log_for(state.data, seat))


def names(ids: list[str]) -> list[str]:
    return [i.split(".")[1] for i in ids]
