"""A position estimate for search bots: how likely each seat is to win from here.

The engine's ISMCTS bot calls ``PLState.evaluate()`` on its determinizations (states its seat
cannot tell apart from the real one), so reading any part of the state here is fair. The estimate
is a race: each seat's Virtues learned plus its progress toward the Virtues it is closest to,
turned into win chances by a softmax over seats. In solo it is a logistic model of the
scenario's objectives' progress, the Time and Lives left, Gems, Virtues and the rounds gone.
"""

from __future__ import annotations

import math
import re

from .rules import solo, virtues
from .state import PLState

# how sharply a lead in Virtue progress turns into a win chance
SHARPNESS = 3.0
# progress toward a Virtue not yet learned counts at most this much (learning it counts 1)
CAP = 0.9
_FRACTION = re.compile(r"(\d+)/(\d+)")
# the solo model's weights per scenario: the intercept, then one per solo_features entry, from
# ``scripts/fit_solo_evaluation.py --games 120`` (seeds 1-120 at each difficulty, about 26,000
# states a scenario); a zero is a resource the fit weighed below zero, left out
SOLO_WEIGHTS: dict[str, tuple[float, ...]] = {
    "fiery-siege": (-1.264, 0.283, 2.461, 0.000, 0.194, 0.000, -1.923),
    "garoliums-tournament": (0.222, 6.113, 3.498, 0.012, 0.000, 0.000, -7.353),
    "saltash-necromancer": (2.062, 0.000, 0.114, 0.000, 0.000, 0.000, -5.235),
}


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


def objective_progress(state: PLState) -> float:
    """The share of the scenario's objectives done, an objective under way counting for its
    progress ("2/3" counts 2/3 of one done)."""
    if state.data["solo"]["scenario"] == "garoliums-tournament":
        return min(1.0, virtue_progress(state, 0) / 3)
    objectives = solo.objectives(state) if state.player(0)["pauper"] else []
    if not objectives:
        return 0.0
    total = 0.0
    for o in objectives:
        if o["done"]:
            total += 1.0
            continue
        found = _FRACTION.fullmatch(str(o["progress"]))
        if found:
            total += int(found[1]) / max(1, int(found[2]))
    return total / len(objectives)


def solo_features(state: PLState) -> list[float]:
    """What the solo estimate weighs: the objectives' progress, the Time left (of the
    allowance), the weakest character's Lives (of the most), Gems (in tens), the Virtues
    learned, and the share of the round limit gone."""
    record = state.data["solo"]
    player = state.player(0)
    lives = player.get("lives") or {}
    most = max(1, int(record["max_lives"]))
    limit = max(1, int(state.content.number["round_limit"]))
    return [
        objective_progress(state),
        record["time"] / max(1, record["allowance"]),
        min(lives.values()) / most if lives else 1.0,
        min(3.0, player["gems"] / 10),
        float(len(player["virtues"])),
        min(1.0, int(state.data.get("round") or 0) / limit),
    ]


def solo_value(state: PLState) -> float:
    """The chance to win the scenario from here: a logistic model of :func:`solo_features`
    fitted, per scenario, to the outcomes of games the greedy bot played from the states it
    passed through (``scripts/fit_solo_evaluation.py``), so that it reads a state as the
    greedy play that follows a search's candidate will carry it on."""
    weights = SOLO_WEIGHTS[state.data["solo"]["scenario"]]
    x = solo_features(state)
    z = weights[0] + sum(w * v for w, v in zip(weights[1:], x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(state: PLState) -> list[float]:
    """Per seat, an estimate in [0, 1] of its chance to win from this state."""
    if state.data.get("solo"):
        return [solo_value(state)]
    scores = [virtue_progress(state, s) for s in range(state.player_count())]
    top = max(scores)
    weights = [math.exp(SHARPNESS * (s - top)) for s in scores]
    whole = sum(weights)
    return [w / whole for w in weights]
