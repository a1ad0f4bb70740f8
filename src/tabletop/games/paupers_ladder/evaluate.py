"""A position estimate for search bots: how likely each seat is to win from here.

The engine's ISMCTS bot calls ``PLState.evaluate()`` on its determinizations (states its seat
cannot tell apart from the real one), so reading any part of the state here is fair. The estimate
is a race: each seat's Virtues learned plus its progress toward the Virtues it is closest to,
turned into win chances by a softmax over seats. In solo it is the share of the scenario's
objectives done, with the Lives and Time left.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import PLState

# how sharply a lead in Virtue progress turns into a win chance
SHARPNESS = 3.0
# progress toward a Virtue not yet learned counts at most this much (learning it counts 1)
CAP = 0.9


def virtue_progress(state: PLState, seat: int) -> float:
    """Virtues learned, plus the progress toward the best of the others still needed."""
    C = state.C
    p = state.P(seat)
    learned = set(p["virtues"])
    need = int(C.numbers["virtues_to_win"]["value"]) - len(learned)
    if need <= 0:
        return float(len(learned))
    rec_limit = int(C.numbers["recipe_limit"]["value"])
    known = sum(1 for r in p["recipes"] if r["learned"])
    gathered = sum(
        len(r["ingredients"]) / max(1, len(C.recipe[r["recipe"]].ingredients))
        for r in p["recipes"]
        if not r["learned"]
    )
    bravery = sum(C.region_card[c].strength for c in p["trophies"])
    dragon = any(C.region_card[c].type == "dragon" for c in p["trophies"])
    towards = {
        "generosity": p["gems"] / state.threshold("generosity"),
        "bravery": bravery / state.threshold("bravery"),
        "knowledge": (known + 0.5 * gathered) / rec_limit,
        "fellowship": len(p["journal"]) / int(C.numbers["fellowship_quests"]["value"]),
        "magnificence": 1.0 if dragon else 0.0,
    }
    open_ = sorted((min(CAP, v) for k, v in towards.items() if k not in learned), reverse=True)
    return float(len(learned) + sum(open_[:need]))


def solo_value(state: PLState) -> float:
    d: Any = state.data
    objectives = state.objectives() if state.P(0)["pauper"] else []
    done = sum(1 for o in objectives if o["done"]) / max(1, len(objectives))
    if d["solo"]["scenario"] == "garoliums-tournament":
        done = min(1.0, virtue_progress(state, 0) / 3)
    lives = state.P(0).get("lives") or {}
    most = max(1, int(d["solo"]["max_lives"]))
    weakest = min(lives.values()) / most if lives else 1.0
    time_left = d["solo"]["time"] / max(1, d["solo"]["allowance"])
    return float(max(0.0, min(1.0, 0.7 * done + 0.15 * weakest + 0.15 * min(1.0, time_left))))


def evaluate(state: PLState) -> list[float]:
    """Per seat, an estimate in [0, 1] of its chance to win from this state."""
    if state.data.get("solo"):
        return [solo_value(state)]
    n = state.n()
    scores = [virtue_progress(state, s) for s in range(n)]
    top = max(scores)
    weights = [math.exp(SHARPNESS * (s - top)) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]
