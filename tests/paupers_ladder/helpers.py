"""Small helpers for Paupers' Ladder tests: the engine's :class:`~tabletop.testing.Scenario` for
this game with the tests' usual defaults, and finders for the cards a scenario holds."""

from __future__ import annotations

from typing import Any

from tabletop.engine.views import log_for
from tabletop.games.paupers_ladder.content import Content, content
from tabletop.testing import Scenario

GAME = "paupers-ladder"
CARDS: Content = content()  # the shared static content, for the facts of the cards


def table(
    spec: dict[str, Any] | None = None, players: int = 2, seed: int = 1, **params: Any
) -> Scenario:
    """The engine's Scenario for Paupers' Ladder: a spec built (or, with none, a new game), for
    2 players and seed 1 unless said."""
    return Scenario(GAME, spec, seed=seed, players=players, **params)


def kinds(s: Scenario, seat: int | None = None) -> set[str]:
    return {a.kind for a in s.options(seat)}


def tile(s: Scenario, region: str, entry: str) -> str:
    tiles = s.view(None)["tiles"][region]  # face up: the spectator's view shows them
    for cid in tiles:
        if cid.split(".")[1] == entry:
            return str(cid)
    raise AssertionError(f"no {entry} in {region}: {tiles}")


def inv(s: Scenario, seat: int, entry: str) -> str:
    for it in s.view(seat)["players"][seat]["inventory"]:
        if it["card"].split(".")[1] == entry:
            return str(it["card"])
    raise AssertionError(f"no {entry} in the Inventory of seat {seat + 1}")


def me(s: Scenario, seat: int = 0) -> dict[str, Any]:
    """What a seat sees of itself (its Gems, Inventory, trophies, journal, Virtues, ...)."""
    return dict(s.view(seat)["players"][seat])


def strength(s: Scenario) -> int:
    """The Strength of the fight in progress, or of the last fight once it resolved."""
    view = s.view(None)
    f = view["fight"] or view["last_fight"]
    return int(f["strength"])


def log_text(s: Scenario, seat: int | None = None) -> str:
    # the whole log a seat may read (a view carries only its last entries)
    return "\n".join(e["text"] for e in log_for(s.data, seat))


def names(ids: list[str]) -> list[str]:
    return [i.split(".")[1] for i in ids]
