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


def tags(s: LairsState, seat: int) -> dict[str, Any]:
    d = s.data
    ex = d["explorers"][seat]
    names = s.C.hazards
    out: dict[str, Any] = {
        "Hazard": sorted({names[h].name for h in d["monsters"] + d["traps"]}),
        "Struck by": sorted({names[h].name for h in ex.get("struck", [])}),
        "Trophy": sorted({names[h].name for h in ex["trophies"]}),
        # the race: which explorer escaped first (and second), and who never got out
        "Escape": {1: "first", 2: "second"}.get(ex["escaped"] or 0, "never"),
    }
    if d["solo"]:
        out["Difficulty"] = d["difficulty"]
    return out


def evaluate(s: LairsState) -> list[float]:
    d = s.data
    totals = [score(s.C, ex)["total"] for ex in d["explorers"]]
    if d["solo"]:
        ex = d["explorers"][0]
        if ex["escaped"] is not None or d["phase"] == "over":
            return [1.0 if ex["escaped"] is not None and totals[0] >= d["goal"] else 0.0]
        left = max(0, int(d["rounds"]) - int(d["round"]))
        # still inside: the VP it may yet find (about one a round) against the goal
        lead = totals[0] + 0.8 * left - int(d["goal"] or 0) - 1.0
        return [1.0 / (1.0 + math.exp(-SHARPNESS * lead))]
    top = max(totals)
    weights = [math.exp(SHARPNESS * (t - top)) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]
