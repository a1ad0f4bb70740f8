"""Phase 6, Aging. Every Unit carrying an Age token dies (a Mystical Healer may first save one of
its owner's Units carrying a single token); the abilities of the Aging phase and of dying Units
resolve while they are still in play; the dead are discarded with their tokens; every surviving
Unit then takes one Age token."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import piles
from tabletop.engine.views import log

from ..content import DiesAtAge, NeverDies, SaveOne
from ..state import UnitInPlay
from .kingdom import Holder, ask, fire, triggered, unit_abilities, units

if TYPE_CHECKING:
    from ..state import PaperTalesState


def dies(state: PaperTalesState, seat: int, spot: int, unit: UnitInPlay) -> bool:
    """Whether a Unit dies this Aging: one Age token or more (or its own threshold), unless it
    never dies or a Healer saved it."""
    if unit.get("saved"):
        return False
    by_model = unit_abilities(state, unit["card"])[0]
    if NeverDies not in by_model and DiesAtAge not in by_model:
        return bool(unit["age"] >= 1)
    card = state.content.instance_type[unit["card"]]
    holder = Holder(state, seat, unit=unit, spot=spot)
    if ask(holder, NeverDies, False, card.static):
        return False
    return bool(unit["age"] >= ask(holder, DiesAtAge, 1, card.static))


def savable(state: PaperTalesState, seat: int) -> list[int]:
    """Spots of Units a Healer may save: dying, and carrying a single Age token."""
    return [
        spot
        for spot, unit in units(state, seat)
        if unit["age"] == 1 and dies(state, seat, spot, unit)
    ]


def start(state: PaperTalesState) -> None:
    """The Healers' choices come first (ruling 11: one save per Healer)."""
    data = state.data
    data["phase"] = "aging"
    log(data, f"Turn {data['turn']}: Aging")
    for seat in state.resolution_order():
        for spot, unit in list(units(state, seat)):
            for effect in state.content.instance_type[unit["card"]].triggers:
                if isinstance(effect, SaveOne):
                    fire(Holder(state, seat, unit=unit, spot=spot), effect)


def save(state: PaperTalesState, seat: int, spot: int | None) -> None:
    """A Healer's choice: the Unit at ``spot`` is saved (None: nobody)."""
    if spot is None:
        return
    unit = state.player(seat)["kingdom"][spot]
    assert unit is not None
    unit["saved"] = True
    name = state.content.instance_type[unit["card"]].name
    log(state.data, f"{state.possessive(seat)} Mystical Healer saves the {name}")
    # a later Healer of the same Kingdom may find nobody left to save
    data = state.data
    data["pending"] = [
        queued
        for queued in data["pending"]
        if not (queued["seat"] == seat and queued["kind"] == "save" and not savable(state, seat))
    ]


def finish(state: PaperTalesState) -> None:
    data = state.data
    for seat in state.resolution_order():
        player = state.player(seat)
        dying = [(spot, unit) for spot, unit in units(state, seat) if dies(state, seat, spot, unit)]
        dead = [unit for _, unit in dying]
        for holder, triggers in triggered(state, seat, "aging"):
            for effect in triggers:
                if not isinstance(effect, SaveOne):
                    holder.dying = dead
                    fire(holder, effect)
        for spot, unit in dying:
            for effect in state.content.instance_type[unit["card"]].triggers:
                if effect.when == "dies":
                    fire(Holder(state, seat, unit=unit, spot=spot, dying=dead), effect)
        for spot, _ in dying:
            player["kingdom"][spot] = None
        piles.add_discards(data["deck"], [unit["card"] for unit in dead])
        if dead:
            names = ", ".join(state.content.instance_type[unit["card"]].name for unit in dead)
            log(data, f"Aging: {state.subject(seat, 'loses', opening=False)} {names}")
        for _, unit in units(state, seat):
            unit["age"] += 1
            unit.pop("saved", None)
