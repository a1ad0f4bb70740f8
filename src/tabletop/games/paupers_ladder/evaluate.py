"""A position estimate for search bots: how likely each seat is to win from here.

The engine's ISMCTS bot calls ``PLState.evaluate()`` on its determinizations (states its seat
cannot tell apart from the real one), so reading any part of the state here is fair. The estimate
is a race: each seat's Virtues learned plus its progress toward the Virtues it is closest to,
turned into win chances by a softmax over seats. In solo it is the share of the scenario's
objectives done, with the Lives and Time left.
"""

from __future__ import annotations

import math

from .rules import solo, virtues
from .state import PLState

# how sharply a lead in Virtue progress turns into a win chance
SHARPNESS = 3.0
# progress toward a Virtue not yet learned counts at most this much (learning it counts 1)
CAP = 0.9


def virtue_progress(state: PLState, seat: int) -> float:
    """Virtues learned, plus the progress toward the best of the others still needed."""
    content = state.content
    player = state.player(seat)
    learned = set(player["virtues"])
    need = content.number["virtues_to_win"] - len(learned)
    if need <= 0:
        return float(len(learned))
    known = sum(1 for r in player["recipes"] if r["learned"])
    gathered = sum(
        len(r["ingredients"]) / max(1, len(content.recipe[r["recipe"]].ingredients))
        for r in player["recipes"]
        if not r["learned"]
    )
    bravery = sum(content.region_card[c].strength for c in player["trophies"])
    dragon = any(content.region_card[c].type == "dragon" for c in player["trophies"])
    towards = {
        "generosity": player["gems"] / virtues.threshold(state, "generosity"),
        "bravery": bravery / virtues.threshold(state, "bravery"),
        "knowledge": (known + 0.5 * gathered) / content.number["recipe_limit"],
        "fellowship": len(player["journal"]) / content.number["fellowship_quests"],
        "magnificence": 1.0 if dragon else 0.0,
    }
    still = sorted((min(CAP, v) for k, v in towards.items() if k not in learned), reverse=True)
    return float(len(learned) + sum(still[:need]))


def solo_value(state: PLState) -> float:
    record = state.data["solo"]
    objectives = solo.objectives(state) if state.player(0)["pauper"] else []
    done = sum(1 for o in objectives if o["done"]) / max(1, len(objectives))
    if record["scenario"] == "garoliums-tournament":
        done = min(1.0, virtue_progress(state, 0) / 3)
    lives = state.player(0).get("lives") or {}
    most = max(1, int(record["max_lives"]))
    weakest = min(lives.values()) / most if lives else 1.0
    time_left = record["time"] / max(1, record["allowance"])
    return float(max(0.0, min(1.0, 0.7 * done + 0.15 * weakest + 0.15 * min(1.0, time_left))))


def evaluate(state: PLState) -> list[float]:
    """Per seat, an estimate in [0, 1] of its chance to win from this state."""
    if state.data.get("solo"):
        return [solo_value(state)]
    scores = [virtue_progress(state, s) for s in range(state.player_count())]
    top = max(scores)
    weights = [math.exp(SHARPNESS * (s - top)) for s in scores]
    whole = sum(weights)
    return [w / whole for w in weights]
