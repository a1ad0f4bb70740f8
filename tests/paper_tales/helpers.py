"""Shared helpers for the Paper Tales tests."""

from __future__ import annotations

from typing import Any

from tabletop.games.paper_tales.rules import turn
from tabletop.testing import Scenario


def game(spec: dict[str, Any], **params: Any) -> Scenario:
    params.setdefault("players", len(spec.get("seats", [])) or 3)
    return Scenario("paper-tales", spec, **params)


def advance(s: Scenario) -> Scenario:
    """Carry the game through the steps that need nobody's decision."""
    turn.advance(s.state)
    s.state.invalidate()
    return s


def units(s: Scenario, seat: int, viewer: int | None = None) -> list[str | None]:
    """The Unit types of a Kingdom by spot, as ``viewer`` sees it."""
    v = s.view(viewer if viewer is not None else seat)
    return [u["unit"] if u else None for u in v["players"][seat]["kingdom"]]


def card(s: Scenario, seat: int, unit: str) -> str:
    """The card id of a Unit type in a seat's hand."""
    for c in s.data["players"][seat]["hand"]:
        if c.split(".")[0] == unit:
            return str(c)
    raise AssertionError(f"no {unit} in seat {seat}'s hand")


def reveal_all(s: Scenario, keep: dict[int, str | None] | None = None) -> Scenario:
    for seat in list(s.state.current_seats()):
        s.do("reveal", by=seat, keep=(keep or {}).get(seat))
    return s


def build_nothing(s: Scenario) -> Scenario:
    for seat in list(s.state.current_seats()):
        s.do("build", by=seat, building=None)
    return s
