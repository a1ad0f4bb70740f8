"""The greedy bot: it values each Unit by its card (strength, production, abilities, cost), drafts
and deploys the best it can pay for, Front first, and constructs the Building worth most LP. It
reads only its seat's view and the static content."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tabletop.engine import Action
from tabletop.engine.bots import Bot

from . import content as C

AGE_LOVERS = frozenset({"militiaman", "salamander", "adventurer", "relic-of-wisdom", "colossus"})


@lru_cache(maxsize=256)
def unit_value(unit_id: str) -> float:
    """A rough worth of a Unit type, from its card alone."""
    u = C.game_content().units[unit_id]
    value = float(u.strength)
    for e in u.static:
        if isinstance(e, C.StrengthSet):
            value = max(value, 0.6 * e.value)
        elif isinstance(e, (C.StrengthAdd, C.Produce)):
            value += 1.5 * e.n
        elif isinstance(e, (C.FightsFromBack, C.GoldForResource, C.NoLandCost)):
            value += 0.5
    for t in u.triggers:
        if isinstance(t, C.GainLp):
            value += 1.5 * t.n
        elif isinstance(t, C.GainGold):
            value += 1.0 * t.n
        elif isinstance(t, C.UpgradeBuildings):
            value += 3.0
    return value - 0.8 * u.cost


def _unit(card: Any) -> str:
    return str(card).split(".")[0]


class GreedyBot(Bot):
    kind = "greedy"
    help = "drafts and deploys the strongest Units it can pay for, builds for the most LP"

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        kind = view["prompt"]["kind"]
        me = view["players"][self.seat]
        if kind in ("draft", "recruit"):
            return max(legal, key=lambda a: self._pick_score(a))
        if kind == "deploy":
            return self._deploy(view, me, legal)
        if kind == "age-one":
            n = int(view["pending"][0]["n"]) if view.get("pending") else 1
            return max(legal, key=lambda a: self._age_score(me, a, n))
        if kind == "save":
            return max(legal, key=lambda a: self._save_score(me, a))
        if kind == "construct":
            return max(legal, key=lambda a: self._build_score(view, me, a))
        return legal[0]

    def _pick_score(self, a: Action) -> float:
        """Keep the best card; with 2 players, discard the best left (the opponent's next)."""
        return unit_value(_unit(a["card"]))

    def _deploy(
        self, view: Mapping[str, Any], me: Mapping[str, Any], legal: list[Action]
    ) -> Action:
        plan = me.get("plan") or []
        # a strong Unit idle in the Back moves to an empty Front spot first
        for a in legal:
            if a.kind != "move":
                continue
            lo, hi = a["spot"], a["to"]
            back, front = (lo, hi) if hi == 4 else (hi, lo)
            if back not in (2, 3) or front not in (0, 1, 4):
                continue
            u = plan[back]
            if plan[front] is None and u is not None and u["strength"] >= 2:
                static = C.game_content().units[u["unit"]].static
                if not any(isinstance(e, C.FightsFromBack) for e in static):
                    return a
        places = [a for a in legal if a.kind == "place"]
        front = [a for a in places if a["spot"] in (0, 1, 4)]
        back = [a for a in places if a["spot"] in (2, 3)]

        def worth(a: Action) -> float:
            return unit_value(_unit(a["card"]))

        for group in (front, back):
            good = [a for a in group if worth(a) > 0.5]
            if good:
                pick: Action = max(good, key=lambda a: (worth(a), -int(a["spot"])))
                return pick
        # a full Kingdom: make room for a much better card by discarding the weakest old Unit
        budget = me["gold"] - me.get("plan_cost", 0)
        hand = [c for c in me.get("hand", []) if C.game_content().unit(c).cost <= budget]
        olds = [
            a
            for a in legal
            if a.kind == "discard" and plan[a["spot"]] is not None and not plan[a["spot"]]["new"]
        ]
        if hand and olds and not places:
            best = max(unit_value(_unit(c)) for c in hand)

            def kept(a: Action) -> float:
                u = plan[a["spot"]]
                # an aged Unit dies at this Aging anyway, but fights once more
                return unit_value(u["unit"]) - (0.5 if u["age"] else 0.0)

            worst = min(olds, key=kept)
            if best > kept(worst) + 1.5:
                return worst
        reveals = [a for a in legal if a.kind == "reveal"]
        return max(
            reveals,
            key=lambda a: -1.0 if a.get("keep") is None else unit_value(_unit(a["keep"])),
        )

    def _age_score(self, me: Mapping[str, Any], a: Action, n: int) -> float:
        spot = a.get("spot")
        u = me["kingdom"][spot] if spot is not None else None
        if u is None:
            return -99.0
        if n < 0:  # taking tokens off: spare the best Unit that would die
            lover = u["unit"] in AGE_LOVERS
            return (unit_value(u["unit"]) if u["age"] == 1 else 0.5) - (5.0 if lover else 0.0)
        if u["unit"] in AGE_LOVERS:
            return 10.0 + float(u["age"])
        if u["unit"] == "demon":
            return 8.0
        if u["age"] >= 1:
            return 5.0  # it dies at this Aging anyway
        return -unit_value(u["unit"])

    def _save_score(self, me: Mapping[str, Any], a: Action) -> float:
        spot = a.get("spot")
        if spot is None:
            return 0.0
        u = me["kingdom"][spot]
        return unit_value(u["unit"]) if u is not None else -1.0

    def _build_score(self, view: Mapping[str, Any], me: Mapping[str, Any], a: Action) -> float:
        b = a.get("building")
        if b is None:
            return 0.0
        level = int(a["level"])
        owned = me["buildings"].get(b)
        content = C.game_content().buildings[b]
        lp = content.level(level).lp - (content.level(owned).lp if owned else 0)
        side = content.level(level)
        produces = sum(1 for e in side.static if isinstance(e, C.Produce))
        later = 4 - int(view["turn"])
        gold = sum(c.gold for c in side.cost)  # a rough price, Gold alternatives included
        return lp + later * (1.0 * produces + 0.5 * len(side.triggers)) - 0.1 * gold + 0.5
