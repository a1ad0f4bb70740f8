"""What simulations and search bots read of a Lairs game beyond its outcome.

- :func:`tags`: what each explorer faced, for balance reports (``tabletop report lairs``): the
  hazards of the lair it explored, the hazards whose Strike hit it, the Monsters it beat, whether
  it escaped first, second or never, and in solo the difficulty. The report turns them into win
  share by hazard (and by the race: how often the first to escape wins).
- :func:`evaluate`: each seat's chance to win from here, estimated from its victory points (and
  in solo the goal, the rounds left and whether it has escaped), for search bots that stop a
  playout early.
"""

from __future__ import annotations

import math
from typing import Any

from .rules.treasure import score
from .state import LairsState

SHARPNESS = 0.5  # how much one VP of lead counts, on the logistic scale


def tags(state: LairsState, seat: int) -> dict[str, Any]:
    data = state.data
    explorer = data["explorers"][seat]
    names = state.content.hazards
    out: dict[str, Any] = {
        "Hazard": sorted({names[h].name for h in data["monsters"] + data["traps"]}),
        "Struck by": sorted({names[h].name for h in explorer.get("struck", [])}),
        "Trophy": sorted({names[h].name for h in explorer["trophies"]}),
        # the race: which explorer escaped first (and second), and who never got out
        "Escape": {1: "first", 2: "second"}.get(explorer["escaped"] or 0, "never"),
    }
    if data["solo"]:
        out["Difficulty"] = data["difficulty"]
    return out


def evaluate(state: LairsState) -> list[float]:
    data = state.data
    totals = [score(state.content, explorer)["total"] for explorer in data["explorers"]]
    if data["solo"]:
        explorer = data["explorers"][0]
        if explorer["escaped"] is not None or data["phase"] == "over":
            return [1.0 if explorer["escaped"] is not None and totals[0] >= data["goal"] else 0.0]
        left = max(0, int(data["rounds"]) - int(data["round"]))
        # still inside: the VP it may yet find (about one a round) against the goal
        lead = totals[0] + 0.8 * left - int(data["goal"] or 0) - 1.0
        return [1.0 / (1.0 + math.exp(-SHARPNESS * lead))]
    top = max(totals)
    weights = [math.exp(SHARPNESS * (t - top)) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]
