"""Shared helpers for the Paper Tales tests."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action
from tabletop.games.paper_tales import hidden
from tabletop.games.paper_tales.rules import deployment, turn
from tabletop.testing import Scenario


def game(spec: dict[str, Any], **params: Any) -> Scenario:
    params.setdefault("players", len(spec.get("seats", [])) or 3)
    return Scenario("paper-tales", spec, **params)


def advance(s: Scenario) -> Scenario:
    """Carry the game through the steps that need nobody's decision (the Lich King's too)."""
    turn.advance(s.state)
    s.state.invalidate()
    s.state.run_automata()
    return s


def units(s: Scenario, seat: int, viewer: int | None = None) -> list[str | None]:
    """The Unit types of a Kingdom by spot, as ``viewer`` sees it."""
    v = s.view(viewer if viewer is not None else seat)
    return [u["unit"] if u else None for u in v["players"][seat]["kingdom"]]


def card(s: Scenario, seat: int, unit: str) -> str:
    """The card id of a Unit type in a seat's hand."""
    for c in hidden.hand(s.state, seat):  # type: ignore[arg-type]
        if c.split(".")[0] == unit:
            return str(c)
    raise AssertionError(f"no {unit} in seat {seat}'s hand")


def arrangement(
    s: Scenario,
    seat: int,
    rows: dict[str, str] | None = None,
    keep: str | None = None,
    discard: tuple[str, ...] = (),
) -> Action:
    """A seat's Deployment: ``rows`` maps card ids to "front" or "back"; Units in play not named
    stay in their row unless in ``discard``; other hand cards are discarded, but ``keep``."""
    p = s.data["players"][seat]
    args: dict[str, str] = {}
    for spot, u in enumerate(p["kingdom"]):
        if u is not None:
            args[u["card"]] = "discard" if u["card"] in discard else deployment.row_of(spot)
    for c in hidden.hand(s.state, seat):  # type: ignore[arg-type]
        args[c] = "keep" if c == keep else "discard"
    args.update(rows or {})
    return Action.of("deploy", **args)


def place(s: Scenario, seat: int, unit: str, spot: int) -> str:
    """Plan a card of the seat's hand in the row of ``spot`` (committed by ``reveal_all``)."""
    c = card(s, seat, unit)
    plans: dict[int, dict[str, str]] = s.__dict__.setdefault("_plans", {})
    plans.setdefault(seat, {})[c] = deployment.row_of(spot)
    return c


def reveal_all(s: Scenario, keep: dict[int, str | None] | None = None) -> Scenario:
    """Every seat still to deploy commits its planned arrangement; the last reveals them all."""
    plans: dict[int, dict[str, str]] = s.__dict__.pop("_plans", {})
    for seat in list(s.state.current_seats()):
        s.state.apply(arrangement(s, seat, plans.get(seat), (keep or {}).get(seat)), seat)
    return s


def build_nothing(s: Scenario) -> Scenario:
    for seat in list(s.state.current_seats()):
        s.do("build", by=seat, building=None)
    return s
