"""Setting up: Hazard Selection, then each lair built (in solo, generated), then (Adventurer's
Pack) the Attributes chosen, before the explorers enter the lairs."""

from __future__ import annotations

from ..state import LairsState, install_lair
from . import building, solo, turns


def start(state: LairsState) -> None:
    """Hazard selection right after a new game is set up (drafting waits for the seats)."""
    building.select_hazards(state)
    if state.data["draft"] is None:
        after_selection(state)


def after_selection(state: LairsState) -> None:
    """The hazards chosen: the seats build their lairs, or in solo the rules generate one."""
    data = state.data
    data["draft"] = None
    names = [state.content.hazards[h].name for h in data["monsters"] + data["traps"]]
    state.log_public("Hazards for both lairs: " + ", ".join(names))
    if data["solo"]:
        lair = solo.generate(
            state.content, state.rng, data["monsters"], data["traps"], data["difficulty"]
        )
        install_lair(data, 0, lair)
        difficulty = state.content.difficulties[data["difficulty"]]
        data["goal"] = difficulty.goal_vp
        data["rounds"] = difficulty.rounds
        after_building(state)
    else:
        data["phase"] = "build"


def after_building(state: LairsState) -> None:
    """Every lair ready: Attributes with the Pack, else the explorers enter."""
    if state.data["pack"]:
        state.data["phase"] = "attributes"
    else:
        turns.begin_exploring(state)
